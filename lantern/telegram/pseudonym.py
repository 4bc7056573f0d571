"""Pseudonyms: the sender id Rasa sees is a keyed hash of the Telegram chat id."""

from __future__ import annotations

import hashlib
import hmac

PREFIX = "tg-"


def pseudonym(chat_id: int, key: bytes) -> str:
    """HMAC-SHA256 of the chat id under ``key``; the same chat always gets the same one."""
    digest = hmac.new(key, str(chat_id).encode("ascii"), hashlib.sha256).hexdigest()
    return f"{PREFIX}{digest}"
