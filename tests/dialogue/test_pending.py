from lantern.dialogue.pending import LATER_LEAD, NOW_LEAD, answer_after_reply, answer_with_check_in


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
    assert answer_after_reply([*START, STALKING, user("deny")]) is None  # answered already


def test_a_general_check_in_answers_the_question_in_the_same_turn():
    general = user("risk_check_in", risk_category="general", pending_topic="hoovering")
    pending = answer_with_check_in([*START, general])
    assert pending is not None and (pending.topic, pending.lead) == ("hoovering", NOW_LEAD)


def test_a_check_in_about_their_own_life_waits_for_no():
    assert answer_with_check_in([*START, SUICIDE]) is None
    pending = answer_after_reply([*START, SUICIDE, user("deny")])
    assert pending is not None and (pending.topic, pending.lead) == ("why_cant_leave", LATER_LEAD)


def test_an_age_said_before_the_no_does_not_lose_the_question():
    age = user("inform_age", age_group="under_18")
    assert answer_with_check_in([*START, SUICIDE, age]) is None
    pending = answer_after_reply([*START, SUICIDE, age, user("deny")])
    assert pending is not None and (pending.topic, pending.lead) == ("why_cant_leave", LATER_LEAD)
    assert answer_after_reply([*START, STALKING, age, user("deny")]) is None  # answered already


def test_no_category_or_an_error_also_waits():
    for category in ("detector_error", None):
        entities = {"pending_topic": "shame"} | ({"risk_category": category} if category else {})
        event = user("risk_check_in", **entities)
        assert answer_with_check_in([*START, event]) is None
        assert answer_after_reply([*START, event, user("deny")]) is not None


def test_nothing_pending_without_a_topic_or_a_check_in():
    assert answer_with_check_in([*START, user("risk_check_in", risk_category="stalking")]) is None
    assert answer_with_check_in([*START, user("topic_shame")]) is None
    assert answer_after_reply([*START, user("topic_shame"), user("deny")]) is None
    assert answer_with_check_in([]) is None and answer_after_reply([]) is None


DANGER = user("risk_urgent", risk_category="immediate_danger", pending_topic="coercive_control")
OVERDOSE = user("risk_urgent", risk_category="overdose", pending_topic="why_cant_leave")


def test_a_crisis_reply_about_danger_answers_the_question_once_they_are_safe_for_now():
    assert answer_with_check_in([*START, DANGER]) is None  # the crisis reply stands alone
    pending = answer_after_reply([*START, DANGER, user("affirm")])
    assert pending is not None and (pending.topic, pending.lead) == ("coercive_control", LATER_LEAD)
    age = user("inform_age", age_group="under_18")
    assert answer_after_reply([*START, DANGER, age, user("affirm")]) == pending
    # typed rather than pressed ("im safe for now": lantern/nlp/safe_answer.py)
    assert answer_after_reply([*START, DANGER, user("say_safe")]) == pending


def test_a_crisis_reply_about_their_own_life_never_moves_on_to_the_question():
    assert answer_with_check_in([*START, OVERDOSE]) is None
    assert answer_after_reply([*START, OVERDOSE, user("affirm")]) is None
    # a "yes" to a check-in brings the crisis reply: "safe for now" after it answers nothing
    assert answer_after_reply([*START, SUICIDE, user("affirm"), user("affirm")]) is None


def test_only_the_latest_turns_count_and_a_new_session_forgets():
    old = [*START, SUICIDE, user("deny"), user("greet")]
    assert answer_after_reply([*old, user("deny")]) is None
    assert answer_after_reply([*START, SUICIDE, *START, user("deny")]) is None
