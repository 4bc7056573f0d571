"""Building and serving the review app: `lantern review` and its command-line equivalents."""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path

from flask import Flask
from sqlalchemy.engine import Engine

from lantern._sqlite import create_engine
from lantern.secrets import append_secret, get_secret
from lantern.settings import get_settings
from lantern.telegram.ledger import ledger_url

log = logging.getLogger(__name__)
SECRET_NAME = "LANTERN_REVIEW_SECRET"


def store_engine(url: str | None = None) -> Engine:
    """The conversation store's database (LANTERN_TRACKER_STORE_URL, else lantern.db)."""
    return create_engine(url or ledger_url(), future=True)


def review_secret() -> str:
    """The key that signs review sessions, generated into the env file on first use."""
    value = get_secret(SECRET_NAME)
    if not value:
        value = secrets.token_urlsafe(48)
        append_secret(SECRET_NAME, value)
        os.environ[SECRET_NAME] = value
    return value


def domain_intents(domain: Path | None = None) -> list[str]:
    """The intents a reviewer can choose: the domain's own, not Rasa's built-in ones."""
    from rasa.shared.core.constants import DEFAULT_INTENTS
    from rasa.shared.core.domain import Domain

    loaded = Domain.load(str(domain or get_settings().root / "domain"))
    return sorted(set(loaded.intents) - set(DEFAULT_INTENTS))


def build_app(url: str | None = None, *, secure_cookies: bool = True) -> Flask:
    """The review app on the configured store."""
    from lantern.review.app import create_app

    return create_app(
        store_engine(url), review_secret(), intents=domain_intents(), secure_cookies=secure_cookies
    )


def serve(host: str, port: int, url: str | None = None) -> None:
    """Serve with waitress until interrupted."""
    from waitress import serve as waitress_serve

    app = build_app(url)
    log.info("review app on http://%s:%d", host, port)
    waitress_serve(app, host=host, port=port, threads=8, ident="lantern-review")
