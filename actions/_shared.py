"""What every action needs: the content library and search index, loaded once, lazily."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher

from lantern.content import ContentLibrary, PassageIndex, load_library
from lantern.dialogue import Reply, signpost
from lantern.dialogue.payloads import TOPIC_ENTITY, entity_value
from lantern.dialogue.replies import INTRO


@lru_cache(maxsize=1)
def library() -> ContentLibrary:
    """The content library, loaded and validated on first use."""
    return load_library()


@lru_cache(maxsize=1)
def passage_index() -> PassageIndex:
    """The search index over the content library, built on first use."""
    return PassageIndex(library())


def send(dispatcher: CollectingDispatcher, tracker: Tracker, reply: Reply) -> None:
    """Send a reply; the first reply of a conversation says what the bot is."""
    text = f"{INTRO}\n\n{reply.text}" if is_first_reply(tracker) else reply.text
    buttons = [{"title": b.title, "payload": b.payload} for b in reply.buttons]
    dispatcher.utter_message(text=text, buttons=buttons)


def is_first_reply(tracker: Tracker) -> bool:
    """True when the bot has not said anything yet in this conversation session."""
    for event in reversed(tracker.events):
        if event.get("event") == "session_started":
            return True
        if event.get("event") == "bot":
            return False
    return True


def requested_topic(tracker: Tracker) -> str | None:
    """The topic a follow-up refers to: a button's entity first, then the conversation's slot."""
    value = entity_value(tracker.latest_message, TOPIC_ENTITY)
    if value is not None:
        return value
    slot: Any = tracker.get_slot(TOPIC_ENTITY)
    return slot if isinstance(slot, str) else None


def send_signpost(dispatcher: CollectingDispatcher, tracker: Tracker) -> None:
    """After an answer: the line of helplines, when the message was marked for one.

    A domain response, so its helplines follow the ``nation`` slot like the crisis replies.
    """
    if signpost.should_signpost(tracker.latest_message, tracker.events):
        dispatcher.utter_message(response=signpost.RESPONSE)
