from rasa.shared.nlu.training_data.message import Message

from lantern.nlp.nation_extractor import NationExtractor
from lantern.nlp.risk_flagger import RiskFlagger
from lantern.safety import RiskDetector

CONFIG = RiskFlagger.get_default_config()


def message(text, intent="greet", confidence=0.9):
    msg = Message(data={"text": text})
    msg.set("intent", {"name": intent, "confidence": confidence})
    msg.set("intent_ranking", [{"name": intent, "confidence": confidence}])
    msg.set("entities", [])
    return msg


def test_risk_overrides_the_intent_and_attaches_findings(detector):
    (msg,) = RiskFlagger(CONFIG, detector).process([message("ive taken all my pills", "thanks")])
    assert msg.get("intent") == {"name": "risk_urgent", "confidence": 1.0}
    assert msg.get("intent_ranking")[1]["name"] == "thanks"
    assert [e["value"] for e in msg.get("entities") if e["entity"] == "risk_category"] == [
        "overdose"
    ]
    record = msg.get("risk")
    assert record["tier"] == "urgent"
    assert record["findings"][0]["pattern"] == "overdose.taken"


def test_no_risk_leaves_the_intent_alone(detector):
    (msg,) = RiskFlagger(CONFIG, detector).process(
        [message("why do i feel so stupid", "topic_feeling_stupid")]
    )
    assert msg.get("intent")["name"] == "topic_feeling_stupid"
    assert msg.get("risk")["tier"] == "none"


def test_diet_is_read_past_the_fallback_intent(detector):
    msg = message("sorted the dog out, wont need the flat after friday", "nlu_fallback", 0.45)
    msg.set(
        "intent_ranking",
        [
            {"name": "nlu_fallback", "confidence": 0.45},
            {"name": "risk_suicide", "confidence": 0.99},
        ],
    )
    (msg,) = RiskFlagger(CONFIG, detector).process([msg])
    assert msg.get("intent")["name"] == "risk_urgent"


class BrokenDetector(RiskDetector):
    def __init__(self):
        pass

    def assess(self, text):
        raise RuntimeError("boom")


def test_a_failure_while_flagging_is_a_check_in(caplog):
    (msg,) = RiskFlagger(CONFIG, BrokenDetector()).process([message("anything at all")])
    assert msg.get("intent")["name"] == "risk_check_in"
    assert msg.get("risk")["paths"] == ["error"]
    assert "anything at all" not in caplog.text


def test_nation_extractor_adds_the_entity():
    (msg,) = NationExtractor().process([message("im in cardiff")])
    assert [(e["entity"], e["value"]) for e in msg.get("entities")] == [("nation", "wales")]


def test_a_risk_intent_shown_safe_becomes_unclear_once_in_the_ranking(detector):
    msg = message("im not suicidal, just angry", "risk_suicide", 0.99)
    msg.set(
        "intent_ranking",
        [{"name": "risk_suicide", "confidence": 0.99}, {"name": "nlu_fallback", "confidence": 0.3}],
    )
    (msg,) = RiskFlagger(CONFIG, detector).process([msg])
    assert msg.get("intent") == {"name": "nlu_fallback", "confidence": 1.0}
    assert [r["name"] for r in msg.get("intent_ranking")] == ["nlu_fallback", "risk_suicide"]
