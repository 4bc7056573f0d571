from actions.topics import ActionAnswerTopic, ActionTellMeMore, ActionWhatCanHelp
from lantern.dialogue.replies import INTRO
from tests.actions.conftest import BOT_SAID_HELLO, make_tracker


async def test_answer_sends_the_summary_with_buttons_and_remembers_the_topic(library, dispatcher):
    tracker = make_tracker(
        "why do i feel hooked on him", "topic_trauma_bond", history=BOT_SAID_HELLO
    )
    events = await ActionAnswerTopic().run(dispatcher, tracker, {})
    (message,) = dispatcher.messages
    assert message["text"] == library["trauma_bond"].summary
    assert message["buttons"][0]["payload"] == '/tell_me_more{"topic":"trauma_bond"}'
    assert events == [{"event": "slot", "timestamp": None, "name": "topic", "value": "trauma_bond"}]


async def test_first_reply_of_a_conversation_says_what_the_bot_is(library, dispatcher):
    tracker = make_tracker("am i going mad", "topic_gaslighting")
    await ActionAnswerTopic().run(dispatcher, tracker, {})
    assert dispatcher.messages[0]["text"].startswith(INTRO)
    assert "not a person" in INTRO


async def test_answer_for_an_intent_that_is_no_topic_falls_back_gently(dispatcher):
    tracker = make_tracker("hello", "greet", history=BOT_SAID_HELLO)
    events = await ActionAnswerTopic().run(dispatcher, tracker, {})
    assert events == []
    assert "automated guide" in dispatcher.messages[0]["text"]


async def test_tell_me_more_uses_the_button_entity_first(library, dispatcher):
    tracker = make_tracker(
        '/tell_me_more{"topic":"shame"}',
        "tell_me_more",
        entities=[{"entity": "topic", "value": "shame"}],
        slots={"topic": "gaslighting"},
        history=BOT_SAID_HELLO,
    )
    await ActionTellMeMore().run(dispatcher, tracker, {})
    assert library["shame"].more[0] in dispatcher.messages[0]["text"]


async def test_tell_me_more_falls_back_to_the_conversation_topic(library, dispatcher):
    tracker = make_tracker("tell me more", "tell_me_more", slots={"topic": "hoovering"})
    await ActionTellMeMore().run(dispatcher, tracker, {})
    assert library["hoovering"].more[0] in dispatcher.messages[0]["text"]


async def test_tell_me_more_without_a_topic_asks_which(dispatcher):
    tracker = make_tracker("tell me more", "tell_me_more", history=BOT_SAID_HELLO)
    events = await ActionTellMeMore().run(dispatcher, tracker, {})
    assert events == []
    assert dispatcher.messages[0]["text"] == "Of course. What would you like to know more about?"
    assert len(dispatcher.messages[0]["buttons"]) == 4


async def test_what_can_help_gives_the_topics_next_steps(library, dispatcher):
    tracker = make_tracker("what can help", "what_can_help", slots={"topic": "money_help"})
    await ActionWhatCanHelp().run(dispatcher, tracker, {})
    for step in library["money_help"].next_steps:
        assert step in dispatcher.messages[0]["text"]


async def test_what_can_help_without_a_topic_offers_ways_forward(dispatcher):
    tracker = make_tracker("what can i do", "what_can_help", history=BOT_SAID_HELLO)
    await ActionWhatCanHelp().run(dispatcher, tracker, {})
    payloads = [b["payload"] for b in dispatcher.messages[0]["buttons"]]
    assert payloads == ["/topic_breaking_free", "/topic_peer_support", "/topic_therapy_options"]


async def test_tell_me_more_asks_whether_it_helped_without_the_introduction(library, dispatcher):
    tracker = make_tracker("tell me more", "tell_me_more", slots={"topic": "hoovering"})
    await ActionTellMeMore().run(dispatcher, tracker, {})
    asked = dispatcher.messages[-1]
    assert asked["text"] == "Did that help?"
    assert [b["payload"] for b in asked["buttons"]] == [
        '/feedback_helpful{"topic":"hoovering"}',
        '/feedback_unhelpful{"topic":"hoovering"}',
    ]
