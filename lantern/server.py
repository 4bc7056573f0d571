"""``lantern serve``: the Rasa server with the channels in credentials.yml, over HTTP.

The action server runs as a child process on loopback; the tracker store is the one in
endpoints.yml (the anonymising store); Rasa's HTTP API is off (it would serve whole
conversations), so only the channels' webhooks are reachable, e.g. the REST channel at
``POST /webhooks/rest/webhook``. Logs go through ``lantern.logs`` to stderr and, if asked,
to a file.
"""

from __future__ import annotations

import logging
from pathlib import Path

from lantern.logs import configure_logging
from lantern.runtime import ActionServer
from lantern.settings import get_settings

log = logging.getLogger(__name__)


def serve(
    model: Path,
    *,
    host: str = "127.0.0.1",
    port: int = 5005,
    log_file: Path | None = None,
    credentials: Path | None = None,
    endpoints: Path | None = None,
) -> None:
    """Serve the bot until interrupted."""
    configure_logging(logging.INFO, log_file)
    from rasa.core.run import serve_application
    from rasa.core.utils import AvailableEndpoints
    from rasa.utils.endpoints import EndpointConfig

    root = get_settings().root
    available = AvailableEndpoints.read_endpoints(str(endpoints or root / "endpoints.yml"))
    with ActionServer(log_file=log_file) as actions:
        available.action = EndpointConfig(url=actions.url)
        log.info("serving on %s:%d", host, port)
        serve_application(
            model_path=str(model),
            interface=host,
            port=port,
            credentials=str(credentials or root / "credentials.yml"),
            endpoints=available,
            enable_api=False,
            log_file=None,
        )
