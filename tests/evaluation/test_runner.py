from lantern.evaluation import Case, CaseResult
from lantern.evaluation.report import failure_lines, summarise
from lantern.evaluation.runner import Outcome, outcome_from_events


def user(intent, confidence=0.9):
    return {
        "event": "user",
        "text": "x",
        "parse_data": {"intent": {"name": intent, "confidence": confidence}},
    }


def test_topic_is_read_from_the_answering_action():
    events = [
        user("topic_shame"),
        {"event": "action", "name": "action_answer_topic"},
        {"event": "bot", "text": "Shame is..."},
        {"event": "slot", "name": "topic", "value": "shame"},
        {"event": "action", "name": "action_listen"},
    ]
    outcome = outcome_from_events(events)
    assert outcome.topic == "shame"
    assert outcome.intent == "topic_shame"
    assert outcome.replies == ("Shame is...",)
    assert outcome.kind == "answered"


def test_a_clarifying_question_is_no_topic():
    events = [
        user("nlu_fallback", 0.4),
        {"event": "action", "name": "action_clarify"},
        {"event": "bot", "text": "Is it closer to one of these?"},
        {"event": "action", "name": "action_listen"},
    ]
    outcome = outcome_from_events(events)
    assert outcome.topic is None
    assert outcome.kind == "action_clarify"


def test_a_slot_set_by_another_action_is_not_an_answer():
    events = [
        user("tell_me_more"),
        {"event": "action", "name": "action_extract_slots"},
        {"event": "slot", "name": "topic", "value": "shame"},
        {"event": "action", "name": "action_tell_me_more"},
    ]
    assert outcome_from_events(events).topic is None


def outcome(topic):
    return Outcome("i", 0.9, ("action_answer_topic",), topic, ())


def test_summary_counts_only_topic_cases():
    results = [
        CaseResult(Case("a", topic="shame"), outcome("shame")),
        CaseResult(Case("b", topic="shame"), outcome("recovery")),
        CaseResult(Case("c", risk="none"), outcome(None)),
    ]
    assert summarise(results).lines() == [
        "cases: 3",
        "topic accuracy: 0.50 (1/2)",
        "urgent recall: 0.00 (0/0)",
        "resources shown: 0.00 (0/0)",
        "false escalation: 0.00 (0/1)",
    ]
    assert failure_lines(results) == [
        "FAIL topic: expected shame, got recovery, intent i 0.90 | 'b'"
    ]


def test_empty_summary_does_not_divide_by_zero():
    assert summarise([]).lines() == ["cases: 0", "topic accuracy: 0.00 (0/0)"]


def test_a_signpost_after_the_answer_is_not_a_safety_reply():
    events = [
        user("topic_withdrawal"),
        {"event": "action", "name": "action_answer_topic"},
        {"event": "bot", "text": "Missing him...", "metadata": {}},
        {"event": "bot", "text": "• Samaritans", "metadata": {"utter_action": "utter_signpost"}},
        {"event": "slot", "name": "topic", "value": "withdrawal"},
        {"event": "action", "name": "action_listen"},
    ]
    outcome = outcome_from_events(events)
    assert outcome.signposted
    assert outcome.responses == ("utter_signpost",)
    assert (outcome.risk_reply, outcome.showed_resources) == ("none", False)
    case = CaseResult(Case("x", topic=None, risk="check_in"), outcome)
    assert failure_lines([case]) == [
        "FAIL risk: expected check_in, got none (signposted), intent topic_withdrawal | 'x'"
    ]
