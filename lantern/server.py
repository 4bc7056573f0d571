"""``lantern serve``: the Rasa server with the channels in credentials.yml, over HTTP.

The action server runs as a child process on loopback, unless ``LANTERN_ACTION_SERVER_URL``
points at shared ones; the tracker store is the one in endpoints.yml (the anonymising store);
``LANTERN_LOCK_STORE_URL`` adds Rasa's Redis lock store when several instances share the
conversations (``lantern.serving.deployment``); Rasa's HTTP API is off (it would serve whole
conversations), so only the channels' webhooks are reachable: the REST channel at
``POST /webhooks/rest/webhook`` and, when ``TELEGRAM_BOT_TOKEN`` and
``TELEGRAM_WEBHOOK_SECRET`` are set, Telegram at ``POST /webhooks/telegram/webhook``. Logs go
through ``lantern.logs`` to stderr and, if asked, to a file.
"""

from __future__ import annotations

import gc
import logging
from contextlib import ExitStack
from pathlib import Path

import yaml

from lantern.logs import configure_logging
from lantern.runtime import ActionServer
from lantern.secrets import get_secret
from lantern.serving.deployment import deployment_from_environment
from lantern.serving.speedups import install as install_speedups
from lantern.settings import get_settings

log = logging.getLogger(__name__)
TELEGRAM_CHANNEL = "connectors.telegram.TelegramInput"
LOCK_STORE_CLASS = "lantern.serving.locks.LanternRedisLockStore"


def active_credentials(path: Path) -> Path:
    """credentials.yml, less the Telegram channel when its token or secret is not set."""
    channels = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if TELEGRAM_CHANNEL not in channels:
        return path
    if get_secret("TELEGRAM_BOT_TOKEN") and get_secret("TELEGRAM_WEBHOOK_SECRET"):
        log.info("Telegram webhook at /webhooks/telegram/webhook")
        return path
    log.info("Telegram webhook off: TELEGRAM_BOT_TOKEN and TELEGRAM_WEBHOOK_SECRET not both set")
    channels.pop(TELEGRAM_CHANNEL)
    target = get_settings().root / "build" / "credentials.active.yml"
    target.parent.mkdir(parents=True, exist_ok=True)
    remaining = channels or {"connectors.rest.RestInput": None}
    target.write_text(yaml.safe_dump(remaining), encoding="utf-8")
    return target


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

    install_speedups()
    root = get_settings().root
    deployment = deployment_from_environment()
    available = AvailableEndpoints.read_endpoints(str(endpoints or root / "endpoints.yml"))
    if deployment.lock_store is not None:
        redis = deployment.lock_store
        available.lock_store = EndpointConfig(
            url=redis.host, type=LOCK_STORE_CLASS, **redis.lock_store_kwargs()
        )
        log.info("lock store: Redis at %s:%d/%d", redis.host, redis.port, redis.db)
    channels = active_credentials(credentials or root / "credentials.yml")
    with ExitStack() as stack:
        if deployment.action_server_url is not None:
            action_url = deployment.action_server_url
        else:
            action_url = stack.enter_context(ActionServer(log_file=log_file)).url
        available.action = EndpointConfig(url=action_url)
        log.info("serving on %s:%d", host, port)
        serve_application(
            model_path=str(model),
            interface=host,
            port=port,
            credentials=str(channels),
            endpoints=available,
            enable_api=False,
            log_file=None,
            server_listeners=[(_freeze_loaded_objects, "after_server_start")],
        )


async def _freeze_loaded_objects(app: object, loop: object) -> None:
    """Hide everything loaded so far (the model: millions of objects) from the collector.

    Full collections then scan only what conversations allocate, instead of pausing replies
    behind a scan of the whole model (the p99 under load in bench/load.py).
    """
    gc.collect()
    gc.freeze()
    log.info("model loaded; %d objects frozen for the garbage collector", gc.get_freeze_count())
