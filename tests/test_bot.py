"""The whole trained bot: NLU, rules and custom actions, through Rasa's Agent."""

import pytest

from lantern.dialogue.replies import INTRO
from lantern.evaluation.runner import run_case
from tests.chat_helpers import new_sender, say

pytestmark = pytest.mark.bot


async def test_greeting_says_what_the_bot_is(bot):
    (message,) = await say(bot, new_sender(), "hi")
    assert "automated guide, not a person" in message["text"]
    assert "no one reads this chat live" in message["text"]


async def test_are_you_a_real_person_is_answered_honestly(bot):
    (message,) = await say(bot, new_sender(), "am i talking to a real person")
    assert "not a person" in message["text"]
    assert "No one watches this chat live" in message["text"]


async def test_question_gets_answer_then_more_then_what_can_help(bot, library):
    sender = new_sender()
    (answer,) = await say(bot, sender, "why cant i leave him when i know its bad")
    topic = library["why_cant_leave"]
    assert answer["text"] == f"{INTRO}\n\n{topic.summary}"
    assert answer["buttons"][0]["title"] == "Tell me more"

    more, asked = await say(bot, sender, answer["buttons"][0]["payload"])
    assert topic.more[0] in more["text"]
    assert topic.source_line in more["text"]
    assert asked["text"] == "Did that help?"  # asked once, after the deeper answer

    (steps,) = await say(bot, sender, "what can help")
    assert topic.next_steps[0] in steps["text"]


async def test_yes_after_an_answer_means_tell_me_more(bot, library):
    sender = new_sender()
    await say(bot, sender, "what is a trauma bond")
    more, *_ = await say(bot, sender, "yes")
    assert library["trauma_bond"].more[0] in more["text"]


async def test_was_this_helpful_is_asked_once_and_its_answer_thanked(bot, library):
    sender = new_sender()
    await say(bot, sender, "why do i feel addicted to him")
    _more, asked = await say(bot, sender, "tell me more")
    helped = next(b for b in asked["buttons"] if b["title"].startswith("Yes"))
    assert helped["payload"] == '/feedback_helpful{"topic":"trauma_bond"}'
    (thanks,) = await say(bot, sender, helped["payload"])
    assert "Thank you for telling me" in thanks["text"]
    await say(bot, sender, "what is gaslighting")
    again = await say(bot, sender, "tell me more")
    assert all(m.get("text") != "Did that help?" for m in again)  # at most once a conversation


async def test_was_this_helpful_is_never_asked_after_a_safety_reply(bot, library):
    sender = new_sender()
    await say(bot, sender, "i want to kill myself")
    await say(bot, sender, "why do i feel addicted to him")
    replies = await say(bot, sender, "tell me more")
    assert all(m.get("text") != "Did that help?" for m in replies)


async def test_related_topic_button_opens_that_topic(bot, library):
    sender = new_sender()
    (answer,) = await say(bot, sender, "am i going crazy he says it never happened")
    related = answer["buttons"][1]
    (next_answer,) = await say(bot, sender, related["payload"])
    assert next_answer["text"] in {library[t].summary for t in library["gaslighting"].related}


async def test_gibberish_is_clarified_then_met_with_a_gentle_fallback(bot):
    sender = new_sender()
    first = await say(bot, sender, "blorp wibble fnarg")
    second = await say(bot, sender, "zzzq plonk")
    assert "I can help with things like" in (first + second)[-1]["text"]


async def test_out_of_scope_is_not_answered_as_a_topic(bot):
    outcome = await run_case(bot, "whats the weather like in manchester tomorrow")
    assert outcome.topic is None
    assert outcome.actions[-2] == "action_clarify"


@pytest.mark.parametrize(
    "text",
    [
        "",  # empty
        "   \n\t  ",  # whitespace only
        "why cant i leave " * 300,  # about 5,000 characters
        "😢😢😢",  # emoji only
        "¿Por qué no puedo dejarlo?",  # not English
        "<script>alert(1)</script> **bold** [link](http://x)",  # markup
        "\x00\x07 control characters",  # control characters
    ],
)
async def test_odd_messages_get_a_calm_reply_never_a_crash(bot, text):
    messages = await say(bot, new_sender(), text)
    assert messages, "the bot said nothing"
    assert all("Traceback" not in (m.get("text") or "") for m in messages)


async def test_each_first_message_of_a_conversation_gets_the_intro_once(bot):
    sender = new_sender()
    (first,) = await say(bot, sender, "what is hoovering")
    (second,) = await say(bot, sender, "what is love bombing")
    assert first["text"].startswith(INTRO)
    assert not second["text"].startswith(INTRO)
