"""A question asked in a message that also got a check-in: when to answer it.

Someone may ask a real question and, in the same message, say something that needs a check-in
("he's been following me for weeks, is that stalking?"). Safety comes first, but the question
should not be lost. The risk flagger marks the topic the message asked about with the
``pending_topic`` entity. When the check-in is about someone else or about danger from the
partner, the answer follows the check-in in the same turn: the person asked, and the check-in
has already put the question of danger first. When the check-in asks whether they are thinking
of ending their life or hurting themselves, the answer waits for their "no": that question
should stand alone. Framework-free: reads tracker events as plain dicts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lantern.dialogue.payloads import entity_value
from lantern.nlp.risk_decision import AGE_INTENT, TIER_INTENTS
from lantern.safety import Category, Tier
from lantern.safety.crisis import CATEGORY_SLOT

PENDING_TOPIC_ENTITY = "pending_topic"
CHECK_IN_INTENT = TIER_INTENTS[Tier.CHECK_IN]
# Check-ins that ask only about danger now (from the partner, to a child, to someone else): the
# question is answered in the same turn. So is the general one, asked when only the tier model
# saw risk and no words named it: the evidence is weakest there, and the question they asked
# should not wait on it. Every other check-in (suicide, self-harm, overdose, a detector error,
# no category) asks about ending their life, and the answer waits for "no".
ANSWER_NOW = frozenset(
    category.value
    for category in (
        Category.IMMEDIATE_DANGER,
        Category.CHILD_AT_RISK,
        Category.STALKING,
        Category.SEXUAL_VIOLENCE,
        Category.CONCERN_FOR_OTHER,
        Category.ABUSER_SUICIDE_THREAT,
        Category.HONOUR_BASED_ABUSE,
        Category.GENERAL,
    )
)

NOW_LEAD = "And on what you asked:"
LATER_LEAD = "Here's something on what you asked before:"


@dataclass(frozen=True)
class PendingAnswer:
    """A topic to answer now, and the words that lead into it."""

    topic: str
    lead: str


def _user_events(events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The user's messages in the current session, oldest first."""
    found: list[Mapping[str, Any]] = []
    for event in events:
        if event.get("event") == "session_started":
            found = []
        elif event.get("event") == "user":
            found.append(event)
    return found


def _check_in_topic(event: Mapping[str, Any]) -> tuple[str, str | None] | None:
    """(topic, category) when the message got a check-in and asked about a topic."""
    parse = event.get("parse_data") or {}
    if _intent(event) != CHECK_IN_INTENT:
        return None
    topic = entity_value(parse, PENDING_TOPIC_ENTITY)
    # The flagger's category entity fills the slot of the same name.
    return (topic, entity_value(parse, CATEGORY_SLOT)) if topic else None


def answer_with_check_in(events: Sequence[Mapping[str, Any]]) -> PendingAnswer | None:
    """The topic to answer right after a check-in, in the same turn (None: nothing, or wait)."""
    users = _user_events(events)
    found = _check_in_topic(users[-1]) if users else None
    if found is None or found[1] not in ANSWER_NOW:
        return None
    return PendingAnswer(found[0], NOW_LEAD)


def _intent(event: Mapping[str, Any]) -> str | None:
    return ((event.get("parse_data") or {}).get("intent") or {}).get("name")


def answer_after_no(events: Sequence[Mapping[str, Any]]) -> PendingAnswer | None:
    """The topic that waited for the person's "no" to a check-in (None: nothing waited).

    An age said between the check-in and the "no" brought the check-in again; the question
    still waits on the message before it.
    """
    users = [event for event in _user_events(events)[:-1] if _intent(event) != AGE_INTENT]
    found = _check_in_topic(users[-1]) if users else None
    if found is None or found[1] in ANSWER_NOW:
        return None
    return PendingAnswer(found[0], LATER_LEAD)
