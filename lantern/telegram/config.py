"""Telegram settings from the environment (or the env file), and building the bot from them.

- ``TELEGRAM_BOT_TOKEN``: required for Telegram; never printed, not even inside an error
  from python-telegram-bot (``safe_error`` replaces it).
- ``TELEGRAM_WEBHOOK_SECRET``: webhook mode; ``lantern telegram set-webhook`` generates it.
- ``TELEGRAM_API_BASE_URL``: the Bot API server, ``https://api.telegram.org`` by default (an
  organisation's own Bot API server, or the tests' fake one).
- ``TELEGRAM_DEDUP_HOURS``: how long a processed update id is remembered (default 24).
- Tuning, rarely needed: ``TELEGRAM_READ_TIMEOUT`` (seconds, 15), ``TELEGRAM_SEND_ATTEMPTS``
  (5), ``TELEGRAM_FIRST_BACKOFF`` (seconds, 0.5, doubling), ``TELEGRAM_CHAT_INTERVAL``
  (seconds between messages to one chat after a burst of 3, 1.0), ``TELEGRAM_TYPING_AFTER``
  (seconds before "typing…" is shown for a slow answer, 0.8).
- ``LANTERN_PSEUDONYM_KEY``: the key for pseudonyms (see ``lantern.secrets``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta

from telegram import Bot
from telegram.request import HTTPXRequest

from lantern.secrets import get_secret, pseudonym_key
from lantern.telegram.delivery import DeliveryPolicy, Sender
from lantern.telegram.gateway import Handle, TelegramGateway
from lantern.telegram.ledger import Ledger
from lantern.telegram.resources import resources_reply
from lantern.telegram.texts import texts

DEFAULT_API = "https://api.telegram.org"
ALLOWED_UPDATES = ("message", "edited_message", "callback_query")


@dataclass(frozen=True)
class TelegramConfig:
    """What the connector needs to reach Telegram."""

    token: str
    webhook_secret: str | None
    api_base_url: str
    dedup_window: timedelta
    read_timeout: float = 15.0
    policy: DeliveryPolicy = field(default_factory=DeliveryPolicy)

    @classmethod
    def from_environment(cls, *, need_webhook_secret: bool = False) -> TelegramConfig:
        """Read the settings; a missing token (or secret, when needed) is a clear error."""
        token = get_secret("TELEGRAM_BOT_TOKEN", required=True)
        secret = get_secret("TELEGRAM_WEBHOOK_SECRET", required=need_webhook_secret)
        base = os.environ.get("TELEGRAM_API_BASE_URL") or get_secret("TELEGRAM_API_BASE_URL")
        hours = float(os.environ.get("TELEGRAM_DEDUP_HOURS") or 24)
        assert token is not None
        return cls(
            token=token,
            webhook_secret=secret,
            api_base_url=(base or DEFAULT_API).rstrip("/"),
            dedup_window=timedelta(hours=hours),
            read_timeout=_number("TELEGRAM_READ_TIMEOUT", 15.0),
            policy=DeliveryPolicy(
                attempts=int(_number("TELEGRAM_SEND_ATTEMPTS", 5)),
                first_backoff=_number("TELEGRAM_FIRST_BACKOFF", 0.5),
                per_chat_interval=_number("TELEGRAM_CHAT_INTERVAL", 1.0),
                typing_after=_number("TELEGRAM_TYPING_AFTER", 0.8),
            ),
        )


def _number(name: str, default: float) -> float:
    value = os.environ.get(name)
    return float(value) if value else default


def make_bot(config: TelegramConfig) -> Bot:
    """Make a python-telegram-bot ``Bot`` on the configured API server.

    Its connection pool is large enough for many chats at once.
    """
    return Bot(
        token=config.token,
        base_url=f"{config.api_base_url}/bot",
        request=HTTPXRequest(
            connection_pool_size=64,
            connect_timeout=5,
            read_timeout=config.read_timeout,
            write_timeout=config.read_timeout,
        ),
        get_updates_request=HTTPXRequest(connection_pool_size=2, read_timeout=40),
    )


def safe_error(error: BaseException, token: str | None) -> str:
    """An error's type and message with the token taken out (InvalidToken quotes it)."""
    message = str(error)
    if token:
        message = message.replace(token, "<token>")
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def build_gateway(
    config: TelegramConfig,
    *,
    handle: Handle,
    known_intents: Callable[[], set[str]],
    erase: Callable[[str], int],
    bot: Bot | None = None,
    policy: DeliveryPolicy | None = None,
    ledger: Ledger | None = None,
) -> TelegramGateway:
    """The gateway with the project's texts, resources, ledger and pseudonym key."""
    the_bot = bot or make_bot(config)
    return TelegramGateway(
        the_bot,
        Sender(the_bot, policy or config.policy),
        ledger or Ledger(window=config.dedup_window),
        pseudonym_key(),
        texts(),
        handle=handle,
        resources=resources_reply,
        known_intents=known_intents,
        erase=erase,
    )
