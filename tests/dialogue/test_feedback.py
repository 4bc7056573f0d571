"""When the bot may ask "did that help?"."""

from lantern.dialogue import feedback
from lantern.dialogue.payloads import MAX_PAYLOAD_BYTES


def user(intent):
    return {"event": "user", "parse_data": {"intent": {"name": intent}}}


def test_asked_in_an_ordinary_conversation():
    assert feedback.should_ask([user("greet"), user("topic_gaslighting"), user("tell_me_more")])


def test_not_asked_twice():
    asked = {
        "event": "bot",
        "data": {"buttons": [{"payload": '/feedback_helpful{"topic":"shame"}'}]},
    }
    assert not feedback.should_ask([user("topic_shame"), asked, user("tell_me_more")])
    assert not feedback.should_ask([user("feedback_unhelpful")])


def test_never_after_a_risk_signal_or_a_safety_reply():
    assert not feedback.should_ask([user("risk_check_in"), user("topic_shame")])
    assert not feedback.should_ask(
        [{"event": "action", "name": "utter_urgent"}, user("topic_shame")]
    )
    assert feedback.should_ask([user("risk_none_figurative")])  # "my back is killing me"


def test_buttons_fit_telegram_for_every_topic(library):
    for topic_id in library.topics:
        for button in feedback.question(topic_id).buttons:
            assert len(button.payload.encode()) <= MAX_PAYLOAD_BYTES
