from actions.check_in import ActionCheckInTopic, ActionResumeTopic
from lantern.dialogue.pending import LATER_LEAD, NOW_LEAD
from tests.actions.conftest import make_tracker

CHECK_IN_SAID = [
    {"event": "action", "name": "utter_check_in"},
    {"event": "bot", "text": "Are you in danger right now?"},
]


def check_in_parse(category, topic):
    return {
        "intent": {"name": "risk_check_in"},
        "entities": [
            {"entity": "risk_category", "value": category},
            {"entity": "pending_topic", "value": topic},
        ],
    }


async def test_the_question_is_answered_after_a_check_in_about_danger_now(dispatcher, library):
    tracker = make_tracker("hes been following me since i left", "risk_check_in",
                           entities=check_in_parse("stalking", "no_contact")["entities"],
                           history=[])  # fmt: skip
    tracker.events.extend(CHECK_IN_SAID)
    events = await ActionCheckInTopic().run(dispatcher, tracker, {})
    (message,) = dispatcher.messages
    assert message["text"] == f"{NOW_LEAD}\n\n{library['no_contact'].summary}"
    assert message["buttons"][0]["title"] == "Tell me more"
    assert events == [{"event": "slot", "name": "topic", "value": "no_contact", "timestamp": None}]


async def test_a_question_asked_with_a_suicide_check_in_waits_for_no(dispatcher, library):
    entities = check_in_parse("suicide", "why_cant_leave")["entities"]
    asked = make_tracker("i wish i could disappear, why cant i leave", "risk_check_in",
                         entities=entities)  # fmt: skip
    assert await ActionCheckInTopic().run(dispatcher, asked, {}) == []
    assert dispatcher.messages == []
    history = [
        {"event": "user", "parse_data": check_in_parse("suicide", "why_cant_leave")},
        *CHECK_IN_SAID,
        {"event": "action", "name": "action_check_in_topic"},
        {"event": "action", "name": "action_listen"},
    ]
    no = make_tracker("no", "deny", history=history)
    await ActionResumeTopic().run(dispatcher, no, {})
    (message,) = dispatcher.messages
    assert message["text"] == f"{LATER_LEAD}\n\n{library['why_cant_leave'].summary}"


async def test_nothing_is_said_when_nothing_waits(dispatcher):
    assert await ActionResumeTopic().run(dispatcher, make_tracker("no", "deny"), {}) == []
    assert dispatcher.messages == []
