"""Run the rasa_sdk action server with Lantern's logging (``python -m lantern.action_server``).

The same server as ``python -m rasa_sdk --actions actions``, but its logs go through
``lantern.logs`` (no message text, exceptions without their messages), and it listens on
loopback unless ``SANIC_HOST`` says otherwise (rasa_sdk's own default is every interface).
"""

from __future__ import annotations

import argparse
import logging
import os
from collections.abc import Sequence
from pathlib import Path

from lantern.logs import configure_logging


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the arguments and serve until stopped."""
    parser = argparse.ArgumentParser(prog="python -m lantern.action_server")
    parser.add_argument("--host", default=None, help="default: SANIC_HOST, else 127.0.0.1")
    parser.add_argument("--port", type=int, default=5055)
    parser.add_argument("--log-file", type=Path, default=None)
    args = parser.parse_args(argv)
    configure_logging(logging.WARNING, args.log_file)
    if args.host:
        os.environ["SANIC_HOST"] = args.host
    os.environ.setdefault("SANIC_HOST", "127.0.0.1")
    from rasa_sdk.endpoint import run

    run("actions", port=args.port, cors_origins=None)


if __name__ == "__main__":
    main()
