"""One Telegram update in, at most one conversation turn out: shared by webhook and polling.

What happens to an update:

1. It is parsed with python-telegram-bot (``Update.de_json``) and claimed in the ledger: a
   repeated ``update_id`` is dropped, so a redelivery never gets a second reply.
2. Edited messages, channel posts, group chats and unknown update types are acknowledged and
   ignored (an edit is not a new question).
3. A button press is answered at once (the spinner stops); its payload goes to Rasa only if
   it is one of ours (a button's data can be forged by a modified client).
4. Our commands are handled here, without the language model: /start, /help, /privacy,
   /resources (the crisis resources, built from content/, needing nothing that can fail) and
   /forget. Any other text goes to Rasa with leading slashes removed, so "/restart" or
   ``/greet{"x":1}`` is read as words, never as Rasa's intent syntax, and still checked for
   risk.
5. Stickers, photos, voice notes, documents, locations and contacts get a short note; nothing
   of them is passed on or kept.
6. Rasa sees only the pseudonym (a keyed hash of the chat id) and the text: no chat or user
   id, username or name. Replies are routed with the chat id held in this call only.
7. If Rasa fails, the person still gets a short "something went wrong, here is how to get
   help now" reply, never silence.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from telegram import Bot, Update

from lantern.telegram.delivery import Sender
from lantern.telegram.ledger import Ledger
from lantern.telegram.pseudonym import pseudonym
from lantern.telegram.texts import COMMANDS, TelegramTexts

log = logging.getLogger(__name__)

Reply = Callable[[str, Sequence[dict[str, Any]]], Awaitable[None]]
# handle(pseudonym, text, reply): run one conversation turn; replies go through ``reply``.
Handle = Callable[[str, str, Reply], Awaitable[None]]

_COMMAND = re.compile(r"^/([A-Za-z0-9_]{1,32})(?:@[A-Za-z0-9_]{3,64})?(?:\s|$)")
_PAYLOAD = re.compile(r"^/([a-z0-9_]{1,60})(\{[^{}]*\})?$")
NOT_TEXT_KINDS = (
    "sticker", "photo", "voice", "video", "video_note", "audio", "document", "location",
    "venue", "contact", "animation", "poll", "dice", "game", "story",
)  # fmt: skip


@dataclass(frozen=True)
class Resources:
    """The crisis resources reply, ready to send."""

    text: str
    buttons: Sequence[dict[str, Any]]


def command_of(text: str) -> str | None:
    """Our command at the start of ``text`` ("/start", "/forget@LanternBot"), else None."""
    match = _COMMAND.match(text.strip())
    if match and match.group(1).lower() in COMMANDS:
        return match.group(1).lower()
    return None


def button_intents(domain_intents: Iterable[str]) -> set[str]:
    """Return the intents a button may trigger: the domain's own, not Rasa's built-ins.

    ``restart``, ``session_start``, ``back`` and the rest are sent by no button of ours.
    """
    from rasa.shared.core.constants import DEFAULT_INTENTS

    return set(domain_intents) - set(DEFAULT_INTENTS)


def plain_text(text: str) -> str:
    """The text Rasa gets: leading slashes and spaces removed, so it is never intent syntax."""
    return text.strip().lstrip("/").strip()


class TelegramGateway:
    """Turns updates into conversation turns and Telegram replies."""

    def __init__(
        self,
        bot: Bot,
        sender: Sender,
        ledger: Ledger,
        key: bytes,
        texts: TelegramTexts,
        *,
        handle: Handle,
        resources: Callable[[], Resources],
        known_intents: Callable[[], set[str]],
        erase: Callable[[str], int],
    ) -> None:
        self.bot = bot
        self.sender = sender
        self.ledger = ledger
        self._key = key
        self.texts = texts
        self._handle = handle
        self._resources = resources
        self._known_intents = known_intents
        self._erase = erase
        self._chat_locks: dict[int, asyncio.Lock] = {}

    async def process(self, data: dict[str, Any]) -> None:
        """Handle one update (already authenticated). Never raises."""
        try:
            update = Update.de_json(data, self.bot)
        except Exception as error:
            log.warning("telegram: an update could not be read (%s)", type(error).__name__)
            return
        if update is None or not self.ledger.claim_update(update.update_id):
            return
        try:
            await self._dispatch(update)
        except Exception as error:
            log.error("telegram: handling an update failed (%s)", type(error).__name__)

    async def _dispatch(self, update: Update) -> None:
        if update.callback_query is not None:
            await self._button(update)
            return
        message = update.message
        if message is None or message.chat.type != "private":
            return  # edits, channel posts, groups, unknown kinds: acknowledged, ignored
        chat_id = message.chat.id
        who = pseudonym(chat_id, self._key)
        async with self._lock(chat_id):
            self.ledger.remember_message(who, message.message_id)
            if message.text is None:
                if any(getattr(message, kind, None) for kind in NOT_TEXT_KINDS) or message.caption:
                    await self._send(chat_id, who, self.texts.not_text)
                return
            command = command_of(message.text)
            if command is not None:
                await self._command(command, chat_id, who)
                return
            text = plain_text(message.text)
            if text:
                await self._turn(chat_id, who, text)

    async def _button(self, update: Update) -> None:
        query = update.callback_query
        assert query is not None
        await self.sender.answer_callback(query.id)
        message = query.message
        chat = getattr(message, "chat", None)
        if chat is None or chat.type != "private" or not query.data:
            return
        if not self._is_our_payload(query.data):
            log.warning("telegram: a button press with unknown data was ignored")
            return
        who = pseudonym(chat.id, self._key)
        async with self._lock(chat.id):
            await self._turn(chat.id, who, query.data)

    def _is_our_payload(self, data: str) -> bool:
        match = _PAYLOAD.match(data)
        return bool(match) and match.group(1) in self._known_intents()  # type: ignore[union-attr]

    async def _turn(self, chat_id: int, who: str, text: str) -> None:
        typing: asyncio.Task[None] | None = None
        if self.sender.policy.typing_after <= 0:
            await self.sender.typing(chat_id)  # "typing…" first, on every turn
        else:
            typing = asyncio.create_task(self._typing_later(chat_id))

        def stop_typing() -> None:
            if typing is not None:
                typing.cancel()

        async def reply(body: str, buttons: Sequence[dict[str, Any]] = ()) -> None:
            stop_typing()
            await self._send(chat_id, who, body, buttons)

        try:
            await self._handle(who, text, reply)
        except Exception as error:
            log.error("telegram: the bot failed on a message (%s)", type(error).__name__)
            stop_typing()
            await self._send(chat_id, who, self.texts.went_wrong)
        finally:
            stop_typing()

    async def _typing_later(self, chat_id: int) -> None:
        """Show "typing…" if the answer is not out within the policy's delay."""
        await asyncio.sleep(self.sender.policy.typing_after)
        await self.sender.typing(chat_id)

    async def _command(self, command: str, chat_id: int, who: str) -> None:
        if command == "resources":
            resources = self._resources()
            await self._send(chat_id, who, resources.text, resources.buttons)
        elif command == "forget":
            await self._forget(chat_id, who)
        else:
            await self._send(chat_id, who, self.texts.replies[command] or "")

    async def _forget(self, chat_id: int, who: str) -> None:
        await self.sender.delete(chat_id, self.ledger.deletable(who))
        self.ledger.forget(who)
        try:
            self._erase(who)
        except Exception as error:
            log.error("telegram: erasing a conversation failed (%s)", type(error).__name__)
            await self.sender.send_text(chat_id, self.texts.went_wrong)
            return
        await self.sender.send_text(chat_id, self.texts.replies["forget"] or "")

    async def _send(
        self, chat_id: int, who: str, text: str, buttons: Sequence[dict[str, Any]] = ()
    ) -> None:
        for message_id in await self.sender.send_text(chat_id, text, buttons):
            self.ledger.remember_message(who, message_id)

    def _lock(self, chat_id: int) -> asyncio.Lock:
        """Serialise turns per chat in arrival order (asyncio locks are FIFO)."""
        if len(self._chat_locks) > 10_000:
            for key in [k for k, lock in self._chat_locks.items() if not lock.locked()]:
                del self._chat_locks[key]
        return self._chat_locks.setdefault(chat_id, asyncio.Lock())
