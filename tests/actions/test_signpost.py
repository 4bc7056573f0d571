"""The line of helplines after an answer or a rule's reply, when the risk flagger marked the
message."""

import pytest

from actions.fallback import ActionClarify
from actions.signpost import ActionSignpost
from actions.topics import ActionAnswerTopic
from lantern.dialogue.signpost import RESPONSE
from tests.actions.conftest import BOT_SAID_HELLO, make_tracker


def marked(tracker, signpost=True):
    tracker.latest_message["risk"] = {"tier": "none", "signpost": signpost}
    return tracker


async def test_a_marked_question_is_answered_then_signposted(library, dispatcher):
    tracker = marked(make_tracker("cant see a way forward, why do i miss him", "topic_withdrawal"))
    await ActionAnswerTopic().run(dispatcher, tracker, {})
    answer, signpost = dispatcher.messages
    assert library["withdrawal"].summary in answer["text"]
    assert signpost["response"] == RESPONSE


@pytest.mark.parametrize("signpost", [False, None])
async def test_an_unmarked_question_gets_the_answer_alone(dispatcher, signpost):
    tracker = make_tracker("why do i miss him", "topic_withdrawal", history=BOT_SAID_HELLO)
    if signpost is not None:
        marked(tracker, signpost)
    await ActionAnswerTopic().run(dispatcher, tracker, {})
    assert len(dispatcher.messages) == 1


async def test_an_unclear_marked_message_is_signposted_after_the_clarifying_question(dispatcher):
    ranking = [("nlu_fallback", 0.45), ("topic_shame", 0.3), ("topic_not_your_fault", 0.2)]
    tracker = marked(make_tracker("tired of all of it", "nlu_fallback", ranking=ranking))
    events = await ActionClarify().run(dispatcher, tracker, {})
    assert events == []
    assert [m.get("response") for m in dispatcher.messages] == [None, RESPONSE]


async def test_no_signpost_after_a_check_in_in_the_same_session(dispatcher):
    history = [
        {"event": "user", "text": "y", "parse_data": {}},
        {"event": "action", "name": "utter_check_in"},
        {"event": "bot", "text": "Are you in danger right now?"},
        {"event": "action", "name": "action_listen"},
    ]
    tracker = marked(make_tracker("why do i miss him", "topic_withdrawal", history=history))
    await ActionAnswerTopic().run(dispatcher, tracker, {})
    assert len(dispatcher.messages) == 1


async def test_after_a_rule_reply_a_marked_message_gets_the_line_alone(dispatcher):
    tracker = marked(make_tracker("thanks for everything. bye", "goodbye"))
    events = await ActionSignpost().run(dispatcher, tracker, {})
    assert events == []
    assert [m.get("response") for m in dispatcher.messages] == [RESPONSE]


@pytest.mark.parametrize("signpost", [False, None])
async def test_after_a_rule_reply_an_unmarked_message_gets_nothing(dispatcher, signpost):
    tracker = make_tracker("bye", "goodbye")
    if signpost is not None:
        marked(tracker, signpost)
    assert await ActionSignpost().run(dispatcher, tracker, {}) == []
    assert dispatcher.messages == []


async def test_after_a_rule_reply_no_second_line_in_a_session(dispatcher):
    history = [
        {"event": "action", "name": "action_signpost"},
        {"event": "bot", "text": "If things ever feel", "metadata": {"utter_action": RESPONSE}},
        {"event": "action", "name": "action_listen"},
    ]
    tracker = marked(make_tracker("thanks", "thanks", history=history))
    await ActionSignpost().run(dispatcher, tracker, {})
    assert dispatcher.messages == []
