"""Logs never carry message text: exceptions without messages, Rasa's fields dropped."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
import structlog

from lantern.logs import configure_logging, scrub

SECRET = "i want to tell someone darren hurt me 07700 900461"


@pytest.fixture
def log_file(tmp_path: Path) -> Path:
    path = tmp_path / "lantern.log"
    configure_logging(logging.INFO, path)
    yield path
    configure_logging(logging.WARNING)


def flushed(path: Path) -> str:
    for handler in logging.getLogger().handlers:
        handler.flush()
    return path.read_text(encoding="utf-8")


def test_exception_messages_are_withheld(log_file: Path) -> None:
    try:
        raise ValueError(SECRET)
    except ValueError:
        logging.getLogger("lantern.test").exception("handling a message failed")
        logging.getLogger("rasa.core.processor").exception("Encountered an exception")
    text = flushed(log_file)
    assert "ValueError (message withheld)" in text and "handling a message failed" in text
    assert "darren" not in text and "900461" not in text


def test_third_party_quoted_text_is_withheld(log_file: Path) -> None:
    logging.getLogger("rasa.core.channels.rest").error(
        f"An exception occurred while handling user message '{SECRET}'."
    )
    text = flushed(log_file)
    assert "An exception occurred while handling user message" in text
    assert "darren" not in text


def test_rasa_structlog_events_keep_only_their_name(log_file: Path) -> None:
    structlog.get_logger("rasa.core.channels.rest").error(
        "rest.message.received.failure", text=SECRET
    )
    text = flushed(log_file)
    assert "rest.message.received.failure" in text and "darren" not in text


def test_frameworks_are_quiet_below_error(log_file: Path) -> None:
    logging.getLogger("rasa.core.processor").warning("Received user message %s", SECRET)
    logging.getLogger("sanic.access").info("POST /webhooks/rest/webhook")
    text = flushed(log_file)
    assert "Received user message" not in text and "POST" not in text


def test_scrub() -> None:
    assert scrub("message \"hello darren\" and 'bye'") == "message <withheld> and <withheld>"
