from lantern.dialogue.pending import LATER_LEAD, NOW_LEAD, answer_after_no, answer_with_check_in


def user(intent, **entities):
    return {
        "event": "user",
        "parse_data": {
            "intent": {"name": intent},
            "entities": [{"entity": k, "value": v} for k, v in entities.items()],
        },
    }


START = [{"event": "action", "name": "action_session_start"}, {"event": "session_started"}]
STALKING = user("risk_check_in", risk_category="stalking", pending_topic="no_contact")
SUICIDE = user("risk_check_in", risk_category="suicide", pending_topic="why_cant_leave")


def test_a_check_in_about_danger_now_answers_the_question_in_the_same_turn():
    pending = answer_with_check_in([*START, STALKING])
    assert pending is not None and (pending.topic, pending.lead) == ("no_contact", NOW_LEAD)
    assert answer_after_no([*START, STALKING, user("deny")]) is None  # answered already


def test_a_general_check_in_answers_the_question_in_the_same_turn():
    general = user("risk_check_in", risk_category="general", pending_topic="hoovering")
    pending = answer_with_check_in([*START, general])
    assert pending is not None and (pending.topic, pending.lead) == ("hoovering", NOW_LEAD)


def test_a_check_in_about_their_own_life_waits_for_no():
    assert answer_with_check_in([*START, SUICIDE]) is None
    pending = answer_after_no([*START, SUICIDE, user("deny")])
    assert pending is not None and (pending.topic, pending.lead) == ("why_cant_leave", LATER_LEAD)


def test_an_age_said_before_the_no_does_not_lose_the_question():
    age = user("inform_age", age_group="under_18")
    assert answer_with_check_in([*START, SUICIDE, age]) is None
    pending = answer_after_no([*START, SUICIDE, age, user("deny")])
    assert pending is not None and (pending.topic, pending.lead) == ("why_cant_leave", LATER_LEAD)
    assert answer_after_no([*START, STALKING, age, user("deny")]) is None  # answered already


def test_no_category_or_an_error_also_waits():
    for category in ("detector_error", None):
        entities = {"pending_topic": "shame"} | ({"risk_category": category} if category else {})
        event = user("risk_check_in", **entities)
        assert answer_with_check_in([*START, event]) is None
        assert answer_after_no([*START, event, user("deny")]) is not None


def test_nothing_pending_without_a_topic_or_a_check_in():
    assert answer_with_check_in([*START, user("risk_check_in", risk_category="stalking")]) is None
    assert answer_with_check_in([*START, user("topic_shame")]) is None
    assert answer_after_no([*START, user("topic_shame"), user("deny")]) is None
    assert answer_with_check_in([]) is None and answer_after_no([]) is None


def test_only_the_latest_turns_count_and_a_new_session_forgets():
    old = [*START, SUICIDE, user("deny"), user("greet")]
    assert answer_after_no([*old, user("deny")]) is None
    assert answer_after_no([*START, SUICIDE, *START, user("deny")]) is None
