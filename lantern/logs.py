"""Logging set-up: our logs to stderr, and Rasa, TensorFlow and Sanic kept quiet.

Rasa logs message text in its debug events (structlog) and TensorFlow is chatty; neither may
reach the terminal or a log file above WARNING. Message text is never logged by Lantern above
DEBUG.
"""

from __future__ import annotations

import logging
import os

NOISY = ("rasa", "rasa_sdk", "tensorflow", "absl", "sanic", "asyncio", "urllib3", "apscheduler")


def quiet_frameworks(level: int = logging.WARNING) -> None:
    """Send logs to stderr at ``level``; frameworks only at ERROR, structlog filtered too."""
    os.environ.setdefault("RASA_TELEMETRY_ENABLED", "false")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    for name in NOISY:
        logging.getLogger(name).setLevel(logging.ERROR)
    from rasa.utils.log_utils import configure_structlog

    configure_structlog(logging.ERROR)
