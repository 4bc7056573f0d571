"""Intent names and button payloads: the contract between Rasa's domain and the core.

Payloads stay under Telegram's 64-byte ``callback_data`` limit for every topic id.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

TOPIC_INTENT_PREFIX = "topic_"
TELL_ME_MORE = "tell_me_more"
WHAT_CAN_HELP = "what_can_help"
WHAT_CAN_YOU_DO = "what_can_you_do"
TOPIC_ENTITY = "topic"
MAX_PAYLOAD_BYTES = 64


def entity_value(parse: Mapping[str, Any], name: str) -> str | None:
    """The text value of the first ``name`` entity in a parsed message, or None."""
    for entity in parse.get("entities") or []:
        value = entity.get("value")
        if entity.get("entity") == name and isinstance(value, str):
            return value
    return None


def topic_intent(topic_id: str) -> str:
    """Return the intent that asks about ``topic_id``."""
    return f"{TOPIC_INTENT_PREFIX}{topic_id}"


def topic_from_intent(intent: str | None) -> str | None:
    """Return the topic id an intent asks about, or None for a non-topic intent."""
    if intent and intent.startswith(TOPIC_INTENT_PREFIX):
        return intent[len(TOPIC_INTENT_PREFIX) :] or None
    return None


def topic_payload(topic_id: str) -> str:
    """Payload of a button that opens a topic."""
    return _checked(f"/{topic_intent(topic_id)}")


def follow_up_payload(intent: str, topic_id: str) -> str:
    """Payload of a follow-up button ('tell me more', 'what can help') about one topic."""
    entities = json.dumps({TOPIC_ENTITY: topic_id}, separators=(",", ":"))
    return _checked(f"/{intent}{entities}")


def intent_payload(intent: str) -> str:
    """Payload of a button that triggers a plain intent."""
    return _checked(f"/{intent}")


def _checked(payload: str) -> str:
    if len(payload.encode("utf-8")) > MAX_PAYLOAD_BYTES:
        raise ValueError(f"button payload over {MAX_PAYLOAD_BYTES} bytes: {payload!r}")
    return payload
