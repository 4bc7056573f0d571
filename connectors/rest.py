"""Lantern's REST channel for Rasa: Rasa's REST API, with admission control and quiet errors.

In ``credentials.yml``::

    connectors.rest.RestInput:

The routes and body are Rasa's own (``GET /webhooks/rest/``,
``POST /webhooks/rest/webhook`` with ``{"sender": ..., "message": ..., "metadata": ...}``,
answered with the list of bot messages), so clients of Rasa's channel work unchanged.
What differs:

- when more than ``LANTERN_MAX_IN_FLIGHT`` messages are being handled, a message with no sign
  of risk gets the busy reply at once (header ``X-Lantern-Busy: 1``); risky ones always go
  through (``lantern.serving.admission``);
- a failure is answered with status 500 and the "something went wrong, here is how to get
  help" reply, and logged without the message (Rasa's channel logs the text and answers 200
  with nothing);
- a malformed body is a 400, not a stack trace; streaming (``?stream=true``) is not offered.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from rasa.core.channels.channel import CollectingOutputChannel, UserMessage
from rasa.core.channels.rest import RestInput as RasaRestInput
from sanic import Blueprint, response
from sanic.request import Request
from sanic.response import HTTPResponse

from lantern.serving.admission import shared_admission
from lantern.telegram.texts import texts

log = logging.getLogger(__name__)

BUSY_HEADER = "X-Lantern-Busy"


def _fields(request: Request) -> tuple[str, str, dict[str, Any] | None] | None:
    """sender, text and metadata from the body, or None when it is not a message."""
    try:
        body = request.json
    except Exception:  # Sanic raises its own error class on malformed JSON
        return None
    if not isinstance(body, dict):
        return None
    sender, text, metadata = body.get("sender"), body.get("message"), body.get("metadata")
    if sender is None:
        sender = "default"
    if not isinstance(sender, (str, int)) or not isinstance(text, str):
        return None
    if metadata is not None and not isinstance(metadata, dict):
        return None
    return str(sender), text, metadata


class RestInput(RasaRestInput):
    """The REST channel (name "rest": its routes are under /webhooks/rest/)."""

    def blueprint(self, on_new_message: Callable[[UserMessage], Awaitable[Any]]) -> Blueprint:
        """The health and webhook routes."""
        hook = Blueprint("lantern_rest_webhook", __name__)

        @hook.route("/", methods=["GET"])  # type: ignore[untyped-decorator]
        async def health(_: Request) -> HTTPResponse:
            return response.json({"status": "ok"})

        @hook.route("/webhook", methods=["POST"])  # type: ignore[untyped-decorator]
        async def receive(request: Request) -> HTTPResponse:
            fields = _fields(request)
            if fields is None:
                return response.json({"error": "expected sender and message"}, status=400)
            sender, text, metadata = fields
            gate = shared_admission()
            if not gate.admit(text):
                busy = [{"recipient_id": sender, "text": texts().busy}]
                return response.json(busy, headers={BUSY_HEADER: "1"})
            collector = CollectingOutputChannel()
            try:
                with gate.slot():
                    await on_new_message(
                        UserMessage(
                            text,
                            collector,
                            sender,
                            input_channel=self.name(),
                            metadata=metadata,
                        )
                    )
            except Exception as error:
                log.error("rest: the bot failed on a message (%s)", type(error).__name__)
                failed = [{"recipient_id": sender, "text": texts().went_wrong}]
                return response.json(failed, status=500)
            return response.json(collector.messages)

        return hook
