"""Where a Rasa instance finds the services it shares with other instances, from the environment.

One instance on one machine needs none of this: the action server runs as its child on
loopback, conversations go to the SQLite file and locks stay in memory. Several instances
behind a load balancer share:

- ``LANTERN_TRACKER_STORE_URL``: the tracker store, PostgreSQL
  (``postgresql://user:password@host:5432/lantern``), read by the anonymising store itself;
- ``LANTERN_LOCK_STORE_URL``: Rasa's Redis lock store (``redis://[:password@]host:6379/1``,
  ``rediss://`` for TLS), so that one conversation's messages are handled one at a time
  whichever instance receives them;
- ``LANTERN_ACTION_SERVER_URL``: the action servers' webhook, usually a load balancer in front
  of several (``http://10.0.0.5:5055/webhook``); no child action server is started;
- ``LANTERN_PSEUDONYM_KEY``: the key that turns sender ids into conversation keys. Every
  instance must have the same one, so it must be set explicitly (environment or env file)
  when locks are shared.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from lantern.secrets import get_secret

LOCK_STORE_VARIABLE = "LANTERN_LOCK_STORE_URL"
ACTION_SERVER_VARIABLE = "LANTERN_ACTION_SERVER_URL"
KEY_VARIABLE = "LANTERN_PSEUDONYM_KEY"
LOCK_KEY_PREFIX = "lantern"


class DeploymentError(ValueError):
    """The environment describes a deployment that cannot work; the message says why."""


@dataclass(frozen=True)
class RedisSettings:
    """Rasa's RedisLockStore arguments (the password is never printed)."""

    host: str
    port: int
    db: int
    username: str | None
    password: str | None
    use_ssl: bool

    def lock_store_kwargs(self) -> dict[str, object]:
        """Keyword arguments for an ``EndpointConfig(type="redis")``."""
        return {
            "port": self.port,
            "db": self.db,
            "username": self.username,
            "password": self.password,
            "use_ssl": self.use_ssl,
            "key_prefix": LOCK_KEY_PREFIX,
        }

    def __repr__(self) -> str:
        return f"RedisSettings(host={self.host!r}, port={self.port}, db={self.db})"


def parse_redis_url(url: str) -> RedisSettings:
    """``redis://[[user]:password@]host[:port][/db]`` (``rediss://`` for TLS)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("redis", "rediss"):
        raise DeploymentError(f"{LOCK_STORE_VARIABLE} must start with redis:// or rediss://")
    if not parts.hostname:
        raise DeploymentError(f"{LOCK_STORE_VARIABLE} has no host")
    path = parts.path.strip("/")
    try:
        port = parts.port or 6379
        db = int(path) if path else 1
    except ValueError as error:
        raise DeploymentError(f"{LOCK_STORE_VARIABLE}: the port and database must be numbers") \
            from error  # fmt: skip
    return RedisSettings(
        host=parts.hostname,
        port=port,
        db=db,
        username=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
        use_ssl=parts.scheme == "rediss",
    )


@dataclass(frozen=True)
class Deployment:
    """What this instance shares with others (None: not shared, run it locally)."""

    lock_store: RedisSettings | None
    action_server_url: str | None

    @property
    def shared(self) -> bool:
        """True when other instances may handle the same conversations."""
        return self.lock_store is not None


def deployment_from_environment() -> Deployment:
    """Read and check the variables above."""
    lock_url = os.environ.get(LOCK_STORE_VARIABLE, "").strip()
    actions = os.environ.get(ACTION_SERVER_VARIABLE, "").strip() or None
    if actions is not None and urlsplit(actions).scheme not in ("http", "https"):
        raise DeploymentError(f"{ACTION_SERVER_VARIABLE} must be an http(s) URL")
    deployment = Deployment(
        lock_store=parse_redis_url(lock_url) if lock_url else None,
        action_server_url=actions,
    )
    if deployment.shared and not get_secret(KEY_VARIABLE):
        raise DeploymentError(
            f"{LOCK_STORE_VARIABLE} is set, so other instances share these conversations: set "
            f"{KEY_VARIABLE} to the same secret on every instance (a key generated here "
            "would differ from theirs)"
        )
    if deployment.shared and not os.environ.get("LANTERN_TRACKER_STORE_URL"):
        raise DeploymentError(
            f"{LOCK_STORE_VARIABLE} is set but LANTERN_TRACKER_STORE_URL is not: instances "
            "sharing conversations must share one tracker store (PostgreSQL)"
        )
    return deployment
