"""Replies built from content topics: short answer, more depth, next steps, clarification.

Every function returns typed ``Reply`` values; the Rasa actions only send them. Button labels
come from the content files, payloads from ``payloads``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from lantern.content import ContentLibrary, SearchHit, Topic
from lantern.dialogue.payloads import (
    TELL_ME_MORE,
    WHAT_CAN_HELP,
    WHAT_CAN_YOU_DO,
    follow_up_payload,
    intent_payload,
    topic_payload,
)

INTRO = (
    "I'm Lantern, an automated guide: not a person, and no one reads this chat live. "
    "If you are in danger right now, call 999."
)
HELPLINE = (
    "If you'd like to talk to a person, the National Domestic Abuse Helpline is free and open "
    "24/7 on 0808 2000 247 (England); /resources lists others, wherever you are."
)
# Topics offered when the bot cannot tell what someone is asking about.
STARTER_TOPICS = ("why_cant_leave", "gaslighting", "trauma_bond", "breaking_free")


@dataclass(frozen=True)
class Button:
    """A button: the label the person sees and the payload sent back when pressed."""

    title: str
    payload: str


@dataclass(frozen=True)
class Reply:
    """One message from the bot."""

    text: str
    buttons: tuple[Button, ...] = ()


def _topic_button(topic: Topic) -> Button:
    return Button(topic.button, topic_payload(topic.id))


def _related_buttons(topic: Topic, library: ContentLibrary, limit: int = 2) -> list[Button]:
    related = (library.get(topic_id) for topic_id in topic.related)
    return [_topic_button(t) for t in related if t is not None][:limit]


def topic_answer(topic: Topic, library: ContentLibrary) -> Reply:
    """The short first answer, with 'tell me more', related topics and 'what can help'."""
    buttons = [Button("Tell me more", follow_up_payload(TELL_ME_MORE, topic.id))]
    buttons += _related_buttons(topic, library)
    buttons.append(Button("What can help?", follow_up_payload(WHAT_CAN_HELP, topic.id)))
    return Reply(topic.summary, tuple(buttons))


def pending_topic_answer(topic: Topic, library: ContentLibrary, lead: str) -> Reply:
    """The short answer to a question asked alongside a check-in, led in so it reads on."""
    answer = topic_answer(topic, library)
    return Reply(f"{lead}\n\n{answer.text}", answer.buttons)


def topic_more(topic: Topic, library: ContentLibrary) -> Reply:
    """The deeper 'tell me more' part, naming its source, then next steps and related topics."""
    text = "\n\n".join([*topic.more, topic.source_line])
    buttons = [Button("What can help?", follow_up_payload(WHAT_CAN_HELP, topic.id))]
    buttons += _related_buttons(topic, library)
    return Reply(text, tuple(buttons))


def topic_next_steps(topic: Topic, library: ContentLibrary) -> Reply:
    """Practical next steps for a topic, always with a way to reach a person."""
    if topic.next_steps:
        steps = "\n".join(f"• {step}" for step in topic.next_steps)
        text = f"Some things that can help:\n{steps}\n\n{HELPLINE}"
    else:
        text = HELPLINE
    return Reply(text, tuple(_related_buttons(topic, library, limit=3)))


def general_next_steps(library: ContentLibrary) -> Reply:
    """'What can help?' asked before any topic: ways forward that suit most people."""
    options = [library.get(t) for t in ("breaking_free", "peer_support", "therapy_options")]
    buttons = tuple(_topic_button(t) for t in options if t is not None)
    text = (
        "It can help to start small: understanding what has been happening to you, finding "
        "people who get it, and support that knows about this kind of relationship. "
        f"{HELPLINE}"
    )
    return Reply(text, buttons)


def which_topic_for_more(library: ContentLibrary) -> Reply:
    """'Tell me more' before any topic: ask what about."""
    return Reply(
        "Of course. What would you like to know more about?",
        tuple(_topic_button(t) for t in _starters(library)),
    )


def search_answer(hit: SearchHit, library: ContentLibrary) -> Reply:
    """Answer from a strong search match, saying which topic it comes from."""
    topic = library[hit.topic_id]
    text = f"This comes from what we have on “{topic.title}”:\n\n{hit.passage.text}"
    buttons = [Button("Tell me more", follow_up_payload(TELL_ME_MORE, topic.id))]
    buttons.append(Button("What can help?", follow_up_payload(WHAT_CAN_HELP, topic.id)))
    return Reply(text, tuple(buttons))


def clarify(candidates: Sequence[Topic]) -> Reply:
    """Low confidence: offer the likeliest topics as buttons instead of guessing."""
    buttons = [_topic_button(t) for t in candidates[:2]]
    buttons.append(Button("Something else", intent_payload(WHAT_CAN_YOU_DO)))
    return Reply(
        "I want to make sure I get this right. Is it closer to one of these?", tuple(buttons)
    )


def gentle_fallback(library: ContentLibrary) -> Reply:
    """When the bot still cannot tell: say kindly what it can help with."""
    return Reply(
        "I'm sorry, I didn't quite follow that, and that's on me, not you. I'm an automated guide "
        "and I can help with things like why it's so hard to leave, feeling like you're going "
        "crazy, feeling hooked on someone who hurts you, and what can help when you're ready. "
        "You can also type /resources at any time for helplines.",
        tuple(_topic_button(t) for t in _starters(library)),
    )


def _starters(library: ContentLibrary) -> Iterable[Topic]:
    return (t for t in (library.get(i) for i in STARTER_TOPICS) if t is not None)
