"""The action for unsure NLU and out-of-scope messages: search, clarify, or say what can help."""

from __future__ import annotations

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions._shared import library, passage_index, send, send_signpost
from lantern.dialogue import replies
from lantern.dialogue.fallback import FallbackKind, decide
from lantern.dialogue.payloads import TOPIC_ENTITY

DomainDict = dict[str, Any]


class ActionClarify(Action):
    """Never guess: answer only from strong evidence, otherwise offer the likeliest topics."""

    def name(self) -> str:
        """Name the action as the domain does."""
        return "action_clarify"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[dict[str, Any]]:
        """Decide from the message, NLU's ranking and content search, then reply.

        The line of helplines follows when the message was marked for one (actions/_shared.py).
        """
        events = self._reply(dispatcher, tracker)
        send_signpost(dispatcher, tracker)
        return events

    def _reply(self, dispatcher: CollectingDispatcher, tracker: Tracker) -> list[dict[str, Any]]:
        content = library()
        message = tracker.latest_message
        ranking = [
            (str(item.get("name")), float(item.get("confidence") or 0.0))
            for item in message.get("intent_ranking", [])
        ]
        decision = decide(
            message.get("text") or "",
            ranking,
            passage_index(),
            content,
            repeated=previous_action(tracker) == self.name(),
        )
        if decision.kind is FallbackKind.SEARCH_ANSWER and decision.hit is not None:
            send(dispatcher, tracker, replies.search_answer(decision.hit, content))
            return [SlotSet(TOPIC_ENTITY, decision.hit.topic_id)]
        if decision.kind is FallbackKind.ANSWER_TOPIC and decision.topic_id is not None:
            send(dispatcher, tracker, replies.topic_answer(content[decision.topic_id], content))
            return [SlotSet(TOPIC_ENTITY, decision.topic_id)]
        if decision.kind is FallbackKind.CLARIFY:
            candidates = [content[topic_id] for topic_id in decision.candidates]
            send(dispatcher, tracker, replies.clarify(candidates))
            return []
        send(dispatcher, tracker, replies.gentle_fallback(content))
        return []


def previous_action(tracker: Tracker) -> str | None:
    """The bot's last action before the latest user message (action_listen skipped)."""
    seen_user = False
    for event in reversed(tracker.events):
        kind = event.get("event")
        if kind == "user":
            if seen_user:
                return None
            seen_user = True
        elif seen_user and kind == "action" and event.get("name") != "action_listen":
            name = event.get("name")
            return name if isinstance(name, str) else None
    return None
