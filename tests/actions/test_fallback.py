from actions.fallback import ActionClarify, previous_action
from tests.actions.conftest import BOT_SAID_HELLO, make_tracker

ASKED_TO_CLARIFY = [
    {"event": "user", "text": "hmm", "parse_data": {}},
    {"event": "action", "name": "action_clarify"},
    {"event": "bot", "text": "Is it closer to one of these?"},
    {"event": "action", "name": "action_listen"},
]


def test_previous_action_skips_listening():
    tracker = make_tracker("again", "nlu_fallback", history=ASKED_TO_CLARIFY)
    assert previous_action(tracker) == "action_clarify"


def test_previous_action_of_a_first_message_is_the_session_start():
    assert previous_action(make_tracker("hi", "greet")) == "action_session_start"


async def test_unsure_message_offers_two_topics(dispatcher):
    ranking = [("nlu_fallback", 0.45), ("topic_shame", 0.3), ("topic_not_your_fault", 0.2)]
    tracker = make_tracker("i feel bad", "nlu_fallback", ranking=ranking, history=BOT_SAID_HELLO)
    events = await ActionClarify().run(dispatcher, tracker, {})
    payloads = [b["payload"] for b in dispatcher.messages[0]["buttons"]]
    assert events == []
    assert payloads == ["/topic_shame", "/topic_not_your_fault", "/what_can_you_do"]


async def test_unsure_twice_says_what_the_bot_can_help_with(dispatcher):
    ranking = [("nlu_fallback", 0.45), ("topic_shame", 0.3), ("topic_not_your_fault", 0.2)]
    tracker = make_tracker("i feel bad", "nlu_fallback", ranking=ranking, history=ASKED_TO_CLARIFY)
    await ActionClarify().run(dispatcher, tracker, {})
    assert "I can help with things like" in dispatcher.messages[0]["text"]


async def test_strong_search_match_answers_and_sets_the_topic(library, dispatcher):
    text = library["therapy_options"].more[0]
    tracker = make_tracker(text, "nlu_fallback", ranking=[("nlu_fallback", 0.4)])
    events = await ActionClarify().run(dispatcher, tracker, {})
    assert events[0]["value"] == "therapy_options"
    assert library["therapy_options"].title in dispatcher.messages[0]["text"]
