"""Registering the webhook with Telegram: ``lantern telegram set-webhook URL``.

The secret Telegram will send in ``X-Telegram-Bot-Api-Secret-Token`` is generated here (or
the existing ``TELEGRAM_WEBHOOK_SECRET`` reused) and saved to the env file; it is never
printed. The commands are registered at the same time (setMyCommands).
"""

from __future__ import annotations

import os
import secrets
from urllib.parse import urlparse, urlunparse

from telegram import BotCommand

from lantern.secrets import append_secret, get_secret
from lantern.telegram.config import ALLOWED_UPDATES, TelegramConfig, make_bot
from lantern.telegram.texts import texts

WEBHOOK_PATH = "/webhooks/telegram/webhook"
SECRET_NAME = "TELEGRAM_WEBHOOK_SECRET"


def webhook_url(url: str) -> str:
    """The full webhook URL: the server's URL with the webhook path when none is given."""
    parts = urlparse(url)
    if parts.scheme not in ("https", "http") or not parts.netloc:
        raise ValueError("the webhook URL must be an https:// address")
    path = parts.path if parts.path not in ("", "/") else WEBHOOK_PATH
    return urlunparse(parts._replace(path=path))


def webhook_secret() -> str:
    """The webhook secret, generated into the env file on first use."""
    existing = get_secret(SECRET_NAME)
    if existing:
        return existing
    value = secrets.token_urlsafe(48)
    append_secret(SECRET_NAME, value)
    os.environ[SECRET_NAME] = value
    return value


async def set_webhook(config: TelegramConfig, url: str, *, drop_pending: bool = False) -> str:
    """Register the webhook and the commands; return the URL registered."""
    full = webhook_url(url)
    secret = webhook_secret()
    async with make_bot(config) as bot:
        await bot.set_webhook(
            url=full,
            secret_token=secret,
            allowed_updates=list(ALLOWED_UPDATES),
            drop_pending_updates=drop_pending,
            max_connections=40,
        )
        await bot.set_my_commands(
            [BotCommand(name, text) for name, text in texts().descriptions.items()]
        )
    return full


async def delete_webhook(config: TelegramConfig, *, drop_pending: bool = False) -> None:
    """Remove the webhook (polling works again)."""
    async with make_bot(config) as bot:
        await bot.delete_webhook(drop_pending_updates=drop_pending)
