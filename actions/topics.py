"""Actions that answer from the content library: the answer, 'tell me more', 'what can help'."""

from __future__ import annotations

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions._shared import library, requested_topic, send, send_signpost
from lantern.content import ContentLibrary, Topic
from lantern.dialogue import Reply, feedback, replies, topic_from_intent
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
            send_signpost(dispatcher, tracker)
            return []
        send(dispatcher, tracker, replies.topic_answer(topic, content))
        send_signpost(dispatcher, tracker)
        return [SlotSet(TOPIC_ENTITY, topic.id)]


class _TopicFollowUp:
    """A follow-up about the topic a button names or the conversation is on.

    A mixin, not an Action: rasa_sdk registers every Action subclass, and this one has no name.
    """

    def reply(self, topic: Topic, content: ContentLibrary) -> Reply:
        """The reply when the topic is known."""
        raise NotImplementedError

    def reply_without_topic(self, content: ContentLibrary) -> Reply:
        """The reply when no topic is known yet."""
        raise NotImplementedError

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[dict[str, Any]]:
        """Reply about the requested topic and remember it."""
        content = library()
        topic = content.get(requested_topic(tracker))
        if topic is None:
            send(dispatcher, tracker, self.reply_without_topic(content))
            return []
        send(dispatcher, tracker, self.reply(topic, content))
        self.after_reply(dispatcher, tracker, topic)
        return [SlotSet(TOPIC_ENTITY, topic.id)]

    def after_reply(self, dispatcher: CollectingDispatcher, tracker: Tracker, topic: Topic) -> None:
        """Anything to send after the reply (nothing by default)."""


class ActionTellMeMore(_TopicFollowUp, Action):
    """Go deeper on the current topic, or ask which topic when there is none."""

    def name(self) -> str:
        """Name the action as the domain does."""
        return "action_tell_me_more"

    def reply(self, topic: Topic, content: ContentLibrary) -> Reply:
        """The deeper part, naming its source."""
        return replies.topic_more(topic, content)

    def reply_without_topic(self, content: ContentLibrary) -> Reply:
        """Ask what they would like to know more about."""
        return replies.which_topic_for_more(content)

    def after_reply(self, dispatcher: CollectingDispatcher, tracker: Tracker, topic: Topic) -> None:
        """Ask, sparingly, whether the deeper answer helped."""
        if feedback.should_ask(tracker.events):
            asked = feedback.question(topic.id)  # never with the introduction: it follows a reply
            buttons = [{"title": b.title, "payload": b.payload} for b in asked.buttons]
            dispatcher.utter_message(text=asked.text, buttons=buttons)


class ActionWhatCanHelp(_TopicFollowUp, Action):
    """Offer next steps for the current topic, or general ones."""

    def name(self) -> str:
        """Name the action as the domain does."""
        return "action_what_can_help"

    def reply(self, topic: Topic, content: ContentLibrary) -> Reply:
        """The topic's next steps, with a helpline."""
        return replies.topic_next_steps(topic, content)

    def reply_without_topic(self, content: ContentLibrary) -> Reply:
        """Ways forward that suit most people."""
        return replies.general_next_steps(content)
