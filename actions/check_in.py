"""Answering the question asked in a message that got a safety reply (lantern/dialogue/pending.py).

Both actions run after a domain response (utter_check_in, utter_check_in_no, utter_urgent_safe),
so the safety reply itself never waits on the action server; if the server is down, only the
answer is missing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions._shared import library, send
from lantern.dialogue import replies
from lantern.dialogue.payloads import TOPIC_ENTITY
from lantern.dialogue.pending import PendingAnswer, answer_after_reply, answer_with_check_in

DomainDict = dict[str, Any]
Finder = Callable[[Sequence[Mapping[str, Any]]], PendingAnswer | None]


def _answer(dispatcher: CollectingDispatcher, tracker: Tracker, find: Finder) -> list[Any]:
    pending = find(tracker.events)
    content = library()
    topic = content.get(pending.topic) if pending else None
    if pending is None or topic is None:
        return []
    send(dispatcher, tracker, replies.pending_topic_answer(topic, content, pending.lead))
    return [SlotSet(TOPIC_ENTITY, topic.id)]


class ActionCheckInTopic(Action):
    """After a check-in about danger now: answer the question the message also asked."""

    def name(self) -> str:
        """Name the action as the domain does."""
        return "action_check_in_topic"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[dict[str, Any]]:
        """Answer now, or say nothing when the question waits for their reply (or there is none)."""
        return _answer(dispatcher, tracker, answer_with_check_in)


class ActionResumeTopic(Action):
    """After "no" to a check-in, or "safe for now" after a crisis reply: the waiting question."""

    def name(self) -> str:
        """Name the action as the domain does."""
        return "action_resume_topic"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[dict[str, Any]]:
        """Answer the waiting question, if there was one."""
        return _answer(dispatcher, tracker, answer_after_reply)
