"""Sending to Telegram dependably: retries, flood control, pacing, typing, deletion.

- Network errors, timeouts and 5xx answers are retried with exponential backoff, then given
  up with a log line naming the method and the error type, never the text or the chat.
- A 429 (``RetryAfter``) is honoured: wait as long as Telegram says, then send again.
- Messages to one chat are paced (a short burst, then about one a second: Telegram's limit
  per chat); different chats do not wait for each other.
- Text is sent as plain text (no ``parse_mode``), so nothing a person typed can become markup;
  long text is split on paragraph boundaries; buttons become an inline keyboard.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ChatAction
from telegram.error import BadRequest, Forbidden, InvalidToken, NetworkError, RetryAfter

from lantern.dialogue.payloads import MAX_PAYLOAD_BYTES
from lantern.telegram.split import split_text

log = logging.getLogger(__name__)
T = TypeVar("T")
MAX_RETRY_AFTER = 120.0
DELETE_BATCH = 100


@dataclass
class DeliveryPolicy:
    """How hard to try, and how fast one chat may be sent to."""

    attempts: int = 5
    first_backoff: float = 0.5
    max_backoff: float = 8.0
    per_chat_interval: float = 1.0
    per_chat_burst: int = 3
    # "typing…" is shown only when an answer takes longer than this (most take well under a
    # second): one Bot API call per turn saved, which matters under load.
    typing_after: float = 0.8


@dataclass
class _Bucket:
    tokens: float
    updated: float


@dataclass
class Pacer:
    """A token bucket per chat: ``burst`` messages at once, then one per ``interval``."""

    interval: float
    burst: int
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[int, _Bucket] = field(default_factory=dict)
    _locks: dict[int, asyncio.Lock] = field(default_factory=dict)

    async def wait(self, chat_id: int) -> None:
        """Return when a message may be sent to ``chat_id``."""
        if self.interval <= 0:
            return
        lock = self._locks.setdefault(chat_id, asyncio.Lock())
        async with lock:
            now = self.clock()
            bucket = self._buckets.get(chat_id) or _Bucket(float(self.burst), now)
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.updated) / self.interval)
            bucket.updated = now
            if bucket.tokens < 1:
                delay = (1 - bucket.tokens) * self.interval
                await asyncio.sleep(delay)
                bucket.tokens = 1.0
                bucket.updated = self.clock()
            bucket.tokens -= 1
            self._buckets[chat_id] = bucket
        self._forget_idle(now)

    def _forget_idle(self, now: float) -> None:
        idle = self.interval * self.burst * 10
        if len(self._buckets) > 1000:
            for chat_id in [c for c, b in self._buckets.items() if now - b.updated > idle]:
                self._buckets.pop(chat_id, None)
                self._locks.pop(chat_id, None)


def keyboard(buttons: Sequence[dict[str, Any]]) -> InlineKeyboardMarkup | None:
    """Rasa buttons as an inline keyboard, one per row; a payload over 64 bytes is left out."""
    rows = [
        [InlineKeyboardButton(str(b["title"]), callback_data=str(b["payload"]))]
        for b in buttons
        if b.get("title") and len(str(b.get("payload", "")).encode("utf-8")) <= MAX_PAYLOAD_BYTES
    ]
    return InlineKeyboardMarkup(rows) if rows else None


class Sender:
    """Telegram calls with retries, flood control and pacing."""

    def __init__(
        self,
        bot: Bot,
        policy: DeliveryPolicy | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.bot = bot
        self.policy = policy or DeliveryPolicy()
        self.pacer = Pacer(self.policy.per_chat_interval, self.policy.per_chat_burst)
        self._sleep = sleep

    async def send_text(
        self, chat_id: int, text: str, buttons: Sequence[dict[str, Any]] = ()
    ) -> list[int]:
        """Send ``text`` (split if long; buttons on the last part); return the message ids."""
        parts = split_text(text) or ([""] if buttons else [])
        markup = keyboard(buttons)
        sent: list[int] = []
        for index, part in enumerate(parts):
            last = index == len(parts) - 1
            await self.pacer.wait(chat_id)
            message = await self.call(
                "sendMessage",
                functools.partial(
                    self.bot.send_message,
                    chat_id=chat_id,
                    text=part or "\u2063",
                    reply_markup=markup if last else None,
                    parse_mode=None,
                    disable_web_page_preview=True,
                ),
            )
            if message is None:
                break  # given up: later parts would read out of order
            sent.append(int(message.message_id))
        return sent

    async def typing(self, chat_id: int) -> None:
        """Show "typing…" while the bot works (best effort, one try)."""
        await self.call(
            "sendChatAction",
            lambda: self.bot.send_chat_action(chat_id=chat_id, action=ChatAction.TYPING),
            attempts=1,
        )

    async def answer_callback(self, callback_query_id: str) -> None:
        """Stop the button's spinner."""
        await self.call(
            "answerCallbackQuery",
            lambda: self.bot.answer_callback_query(callback_query_id=callback_query_id),
        )

    async def delete(self, chat_id: int, message_ids: Sequence[int]) -> int:
        """Delete messages in a private chat (up to 48 hours old).

        Returns how many batches Telegram accepted.
        """
        done = 0
        ids = list(message_ids)
        for start in range(0, len(ids), DELETE_BATCH):
            batch = ids[start : start + DELETE_BATCH]
            result = await self.call(
                "deleteMessages",
                functools.partial(self.bot.delete_messages, chat_id=chat_id, message_ids=batch),
            )
            done += 1 if result else 0
        return done

    async def call(
        self, method: str, make: Callable[[], Awaitable[T]], attempts: int | None = None
    ) -> T | None:
        """Run one Bot API call with retries; None when it is given up."""
        tries = attempts or self.policy.attempts
        backoff = self.policy.first_backoff
        flood_waits = 0
        attempt = 0
        while attempt < tries:
            attempt += 1
            try:
                return await make()
            except RetryAfter as error:
                flood_waits += 1
                if flood_waits > tries:
                    log.error("telegram: gave up on %s after %d flood waits", method, flood_waits)
                    return None
                attempt -= 1  # a flood wait is not a failed attempt
                await self._sleep(min(seconds(error.retry_after), MAX_RETRY_AFTER))
            except (Forbidden, InvalidToken, BadRequest) as error:
                log.error("telegram: %s refused (%s); not retried", method, type(error).__name__)
                return None
            except NetworkError as error:  # includes TimedOut and 5xx answers
                if attempt >= tries:
                    log.error(
                        "telegram: gave up on %s after %d attempts (%s)",
                        method,
                        attempt,
                        type(error).__name__,
                    )
                    return None
                await self._sleep(backoff)
                backoff = min(backoff * 2, self.policy.max_backoff)
        return None


def seconds(value: Any) -> float:
    """RetryAfter.retry_after is an int or a timedelta, by python-telegram-bot's settings."""
    total = getattr(value, "total_seconds", None)
    return float(total()) if callable(total) else float(value)
