"""Asking "was this helpful?": sparingly, and never after a safety reply.

After a "tell me more" answer the bot may ask, with two buttons, whether it helped. It asks at
most once per conversation, and never in a conversation that has had a safety reply or a
risk signal (someone in crisis is not asked to rate anything). The answer is an ordinary user
event with the topic as an entity, so staff see it per topic on the review app's Topics page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from lantern.dialogue.payloads import follow_up_payload
from lantern.dialogue.replies import Button, Reply

HELPFUL = "feedback_helpful"
UNHELPFUL = "feedback_unhelpful"
QUESTION = "Did that help?"
_SAFETY_ACTIONS = ("utter_urgent", "utter_check_in")


def should_ask(events: Iterable[Mapping[str, Any]]) -> bool:
    """True unless this conversation was already asked, or had a risk signal or safety reply."""
    for event in events:
        kind = event.get("event")
        if kind == "bot":
            buttons = (event.get("data") or {}).get("buttons") or []
            if any(str(b.get("payload", "")).startswith(f"/{HELPFUL}") for b in buttons):
                return False
        elif kind == "user":
            intent = ((event.get("parse_data") or {}).get("intent") or {}).get("name") or ""
            if intent.startswith("risk_") and intent != "risk_none_figurative":
                return False
            if intent in (HELPFUL, UNHELPFUL):
                return False
        elif kind == "action" and str(event.get("name", "")).startswith(_SAFETY_ACTIONS):
            return False
    return True


def question(topic_id: str) -> Reply:
    """The question and its two buttons, carrying the topic."""
    return Reply(
        QUESTION,
        (
            Button("Yes, it helped", follow_up_payload(HELPFUL, topic_id)),
            Button("Not really", follow_up_payload(UNHELPFUL, topic_id)),
        ),
    )
