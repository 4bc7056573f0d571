"""Lantern's Telegram channel for Rasa, on python-telegram-bot 22.

In ``credentials.yml``::

    connectors.telegram.TelegramInput: {}

The webhook is ``POST /webhooks/telegram/webhook``. The token and the webhook secret come from
the environment (``TELEGRAM_BOT_TOKEN``, ``TELEGRAM_WEBHOOK_SECRET``), never from this file.
The route:

- answers 403 when the ``X-Telegram-Bot-Api-Secret-Token`` header is missing or wrong
  (compared in constant time, never logged), before reading the body;
- refuses bodies over 1 MB (413) without parsing them, answers 400 to malformed JSON;
- answers 200 to anything valid at once, and handles the update in the background
  (``lantern.telegram.gateway``: dedup, commands, buttons, pseudonyms, replies).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from rasa.core.channels.channel import InputChannel, OutputChannel, UserMessage
from sanic import Blueprint, response
from sanic.request import Request
from sanic.response import HTTPResponse

from lantern.privacy.store import erase_conversation
from lantern.serving.admission import shared_admission
from lantern.telegram.config import TelegramConfig, build_gateway
from lantern.telegram.gateway import Reply, TelegramGateway, button_intents
from lantern.telegram.texts import texts

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MAX_BODY_BYTES = 1_000_000


class TelegramOutput(OutputChannel):
    """Sends Rasa's replies to the one chat of the update being handled."""

    @classmethod
    def name(cls) -> str:
        """The channel's name in Rasa."""
        return "telegram"

    def __init__(self, reply: Reply) -> None:
        self._reply = reply

    async def send_text_message(self, recipient_id: str, text: str, **kwargs: Any) -> None:
        """Plain text (split if long)."""
        await self._reply(text, ())

    async def send_text_with_buttons(
        self, recipient_id: str, text: str, buttons: list[dict[str, Any]], **kwargs: Any
    ) -> None:
        """Text with an inline keyboard."""
        await self._reply(text, buttons)

    async def send_quick_replies(
        self, recipient_id: str, text: str, quick_replies: list[dict[str, Any]], **kwargs: Any
    ) -> None:
        """Quick replies are shown as buttons."""
        await self._reply(text, quick_replies)

    async def send_image_url(self, recipient_id: str, image: str, **kwargs: Any) -> None:
        """Lantern sends no images; a link is sent as text if a response ever has one."""
        await self._reply(image, ())

    async def send_attachment(self, recipient_id: str, attachment: str, **kwargs: Any) -> None:
        """Attachments are sent as text."""
        await self._reply(attachment, ())

    async def send_custom_json(
        self, recipient_id: str, json_message: dict[str, Any], **kwargs: Any
    ) -> None:
        """Custom payloads are not for Telegram: dropped."""
        log.warning("telegram: a custom JSON reply was dropped")


def _secret_ok(request: Request, secret: str) -> bool:
    given = request.headers.get(SECRET_HEADER)
    if not given:
        return False
    return hmac.compare_digest(given.encode("utf-8"), secret.encode("utf-8"))


async def _read_body(request: Request, limit: int) -> bytes | None:
    """The body, or None once it is longer than ``limit`` (reading stops there)."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        return None
    chunks: list[bytes] = []
    size = 0
    stream = request.stream
    if stream is None:
        return request.body if len(request.body) <= limit else None
    while True:
        chunk = await stream.read()
        if chunk is None:
            break
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


class TelegramInput(InputChannel):
    """The Telegram webhook as a Rasa input channel."""

    @classmethod
    def name(cls) -> str:
        """The channel's name: its routes are under /webhooks/telegram/."""
        return "telegram"

    @classmethod
    def from_credentials(cls, credentials: dict[str, Any] | None) -> TelegramInput:
        """Settings come from the environment; credentials.yml holds no secret."""
        return cls(TelegramConfig.from_environment(need_webhook_secret=True))

    def __init__(self, config: TelegramConfig) -> None:
        self.config = config
        self._gateway: TelegramGateway | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def blueprint(self, on_new_message: Callable[[UserMessage], Awaitable[Any]]) -> Blueprint:
        """The health and webhook routes."""
        hook = Blueprint("telegram_webhook", __name__)

        @hook.route("/", methods=["GET"])  # type: ignore[untyped-decorator]
        async def health(_: Request) -> HTTPResponse:
            return response.json({"status": "ok"})

        @hook.route("/webhook", methods=["POST"], stream=True)  # type: ignore[untyped-decorator]
        async def receive(request: Request) -> HTTPResponse:
            if not _secret_ok(request, self.config.webhook_secret or ""):
                return response.text("forbidden", status=403)
            body = await _read_body(request, MAX_BODY_BYTES)
            if body is None:
                return response.text("too large", status=413)
            try:
                data = json.loads(body)
            except ValueError:
                return response.text("malformed JSON", status=400)
            if not isinstance(data, dict) or not isinstance(data.get("update_id"), int):
                return response.text("not an update", status=400)
            gateway = self.gateway(request.app.ctx.agent, on_new_message)
            task = asyncio.create_task(gateway.process(data))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            return response.text("ok")

        return hook

    def gateway(
        self, agent: Any, on_new_message: Callable[[UserMessage], Awaitable[Any]]
    ) -> TelegramGateway:
        """The gateway, built on the first update (the agent is loaded by then)."""
        if self._gateway is None:
            self._gateway = build_gateway(
                self.config,
                handle=rasa_handler(on_new_message),
                known_intents=lambda: button_intents(agent.domain.intents),
                erase=lambda who: erase_conversation(agent.tracker_store, who),
            )
        return self._gateway


def rasa_handler(
    on_new_message: Callable[[UserMessage], Awaitable[Any]],
) -> Callable[[str, str, Reply], Awaitable[None]]:
    """A gateway ``handle`` that passes the pseudonym and text to Rasa, nothing else.

    Past the in-flight limit, a message with no sign of risk gets the busy reply instead
    (``lantern.serving.admission``); one with any sign of risk always goes to Rasa.
    """

    async def handle(who: str, text: str, reply: Reply) -> None:
        gate = shared_admission()
        if not gate.admit(text):
            await reply(texts().busy, ())
            return
        with gate.slot():
            await on_new_message(
                UserMessage(
                    text,
                    TelegramOutput(reply),
                    who,
                    input_channel=TelegramOutput.name(),
                    metadata=None,
                )
            )

    return handle
