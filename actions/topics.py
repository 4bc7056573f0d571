"""Actions that answer from the content library: the answer, 'tell me more', 'what can help'."""

from __future__ import annotations

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions._shared import library, requested_topic, send
from lantern.dialogue import replies, topic_from_intent
from lantern.dialogue.payloads import TOPIC_ENTITY

DomainDict = dict[str, Any]


class ActionAnswerTopic(Action):
    """Give the short answer for the topic the latest intent asks about."""

    def name(self) -> str:
        """Name the action as the domain does."""
        return "action_answer_topic"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[dict[str, Any]]:
        """Answer, or fall back gently when the intent names no known topic."""
        content = library()
        intent = (tracker.latest_message.get("intent") or {}).get("name")
        topic = content.get(topic_from_intent(intent))
        if topic is None:
            send(dispatcher, tracker, replies.gentle_fallback(content))
            return []
        send(dispatcher, tracker, replies.topic_answer(topic, content))
        return [SlotSet(TOPIC_ENTITY, topic.id)]


class ActionTellMeMore(Action):
    """Go deeper on the current topic, or ask which topic when there is none."""

    def name(self) -> str:
        """Name the action as the domain does."""
        return "action_tell_me_more"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[dict[str, Any]]:
        """Send the 'tell me more' part of the topic being talked about."""
        content = library()
        topic = content.get(requested_topic(tracker))
        if topic is None:
            send(dispatcher, tracker, replies.which_topic_for_more(content))
            return []
        send(dispatcher, tracker, replies.topic_more(topic, content))
        return [SlotSet(TOPIC_ENTITY, topic.id)]


class ActionWhatCanHelp(Action):
    """Offer next steps for the current topic, or general ones."""

    def name(self) -> str:
        """Name the action as the domain does."""
        return "action_what_can_help"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[dict[str, Any]]:
        """Send the next steps of the topic being talked about."""
        content = library()
        topic = content.get(requested_topic(tracker))
        if topic is None:
            send(dispatcher, tracker, replies.general_next_steps(content))
            return []
        send(dispatcher, tracker, replies.topic_next_steps(topic, content))
        return [SlotSet(TOPIC_ENTITY, topic.id)]
