"""A question asked in a message that also got a safety reply: when to answer it.

Someone may ask a real question and, in the same message, say something that needs a check-in
("he's been following me for weeks, is that stalking?") or a crisis reply ("he punched the wall
by my head tonight, he's gone out now. is it abuse if he never hits me?"). Safety comes first,
but the question should not be lost. The risk flagger marks the topic the message asked about
with the ``pending_topic`` entity.

- A check-in about someone else or about danger from the partner: the answer follows the
  check-in in the same turn. The person asked, and the check-in has already put the question of
  danger first.
- A check-in that asks whether they are thinking of ending their life or hurting themselves:
  the answer waits for their "no". That question should stand alone.
- A crisis reply about danger from someone else: the answer waits for "Yes, I'm safe for now".
  Never after a crisis reply about their own life: being safe where they are is not saying
  they are safe from that (forty-fourth session).

Framework-free: reads tracker events as plain dicts.
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
URGENT_INTENT = TIER_INTENTS[Tier.URGENT]
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


@dataclass(frozen=True)
class _Asked:
    """A risk message's tier intent, its category and the topic it asked about."""

    intent: str
    category: str | None
    topic: str


def _asked(event: Mapping[str, Any]) -> _Asked | None:
    """What a message that got a safety reply asked about (None: no reply, or no topic)."""
    parse = event.get("parse_data") or {}
    intent = _intent(event)
    topic = entity_value(parse, PENDING_TOPIC_ENTITY)
    if intent not in (CHECK_IN_INTENT, URGENT_INTENT) or not topic:
        return None
    # The flagger's category entity fills the slot of the same name.
    return _Asked(intent, entity_value(parse, CATEGORY_SLOT), topic)


def answer_with_check_in(events: Sequence[Mapping[str, Any]]) -> PendingAnswer | None:
    """The topic to answer right after a check-in, in the same turn (None: nothing, or wait)."""
    users = _user_events(events)
    asked = _asked(users[-1]) if users else None
    if asked is None or asked.intent != CHECK_IN_INTENT or asked.category not in ANSWER_NOW:
        return None
    return PendingAnswer(asked.topic, NOW_LEAD)


def _intent(event: Mapping[str, Any]) -> str | None:
    return ((event.get("parse_data") or {}).get("intent") or {}).get("name")


def answer_after_reply(events: Sequence[Mapping[str, Any]]) -> PendingAnswer | None:
    """The topic that waited for the person's reply to a safety reply (None: nothing waited).

    Their "no" to a check-in about their own life, or their "safe for now" after a crisis
    reply about danger from someone else: the rules run this only after those. An age said in
    between brought the safety reply again; the question still waits on the message before it.
    """
    users = [event for event in _user_events(events)[:-1] if _intent(event) != AGE_INTENT]
    asked = _asked(users[-1]) if users else None
    if asked is None:
        return None
    about_their_life = asked.category not in ANSWER_NOW
    waited = about_their_life if asked.intent == CHECK_IN_INTENT else not about_their_life
    return PendingAnswer(asked.topic, LATER_LEAD) if waited else None
