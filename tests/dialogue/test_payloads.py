import pytest

from lantern.dialogue.payloads import (
    MAX_PAYLOAD_BYTES,
    TELL_ME_MORE,
    WHAT_CAN_HELP,
    follow_up_payload,
    intent_payload,
    topic_from_intent,
    topic_intent,
    topic_payload,
)


def test_every_payload_fits_telegram_callback_data(library):
    for topic in library:
        for payload in (
            topic_payload(topic.id),
            follow_up_payload(TELL_ME_MORE, topic.id),
            follow_up_payload(WHAT_CAN_HELP, topic.id),
        ):
            assert len(payload.encode()) <= MAX_PAYLOAD_BYTES


def test_follow_up_payload_names_the_topic_as_an_entity():
    assert follow_up_payload(TELL_ME_MORE, "shame") == '/tell_me_more{"topic":"shame"}'


def test_overlong_payload_is_refused():
    with pytest.raises(ValueError, match="64 bytes"):
        intent_payload("x" * 70)


@pytest.mark.parametrize(
    ("intent", "topic"),
    [
        ("topic_trauma_bond", "trauma_bond"),  # a topic intent
        ("greet", None),  # a dialogue intent
        ("topic_", None),  # the bare prefix names nothing
        (None, None),  # no intent at all
    ],
)
def test_topic_from_intent(intent, topic):
    assert topic_from_intent(intent) == topic


def test_topic_intent_round_trips():
    assert topic_from_intent(topic_intent("no_contact")) == "no_contact"
