import pytest

from lantern.nlp.risk_decision import RiskDecision, decide
from lantern.safety import Tier

THRESHOLDS = {"diet_check_in_min": 0.8, "diet_urgent_min": 0.95}


@pytest.mark.parametrize(
    ("text", "intent", "confidence", "tier", "category", "paths"),
    [
        # the detector alone escalates
        ("i want to kill myself", "greet", 0.9, Tier.URGENT, "suicide", ("detector",)),
        # DIET alone escalates a paraphrase the patterns miss, by its confidence
        (
            "ive sorted the dog out with my sister",
            "risk_suicide",
            0.97,
            Tier.URGENT,
            "suicide",
            ("diet",),
        ),
        (
            "ive sorted the dog out with my sister",
            "risk_suicide",
            0.85,
            Tier.CHECK_IN,
            "suicide",
            ("diet",),
        ),
        ("ive sorted the dog out with my sister", "risk_suicide", 0.3, Tier.NONE, None, ()),
        # DIET's stalking intent can only check in
        ("he always seems to know", "risk_stalking", 0.99, Tier.CHECK_IN, "stalking", ("diet",)),
        # DIET cannot overrule the detector's 'negated'
        ("im not suicidal, how do orders work", "risk_suicide", 0.99, Tier.NONE, None, ()),
        # nor a figure of speech
        ("my back is killing me", "risk_danger", 0.99, Tier.NONE, None, ()),
        # both paths
        (
            "hes got a knife",
            "risk_danger",
            0.99,
            Tier.URGENT,
            "immediate_danger",
            ("detector", "diet"),
        ),
        # a topic intent never escalates
        ("why cant i leave", "topic_why_cant_leave", 0.99, Tier.NONE, None, ()),
    ],
)
def test_either_path_escalates(detector, text, intent, confidence, tier, category, paths):
    decision = decide(
        detector.assess(text), {"name": intent, "confidence": confidence}, **THRESHOLDS
    )
    assert (decision.tier, decision.category, decision.paths) == (tier, category, paths)


def test_decision_sets_the_tier_intent():
    assert RiskDecision(Tier.URGENT, "suicide", None).intent == "risk_urgent"
    assert RiskDecision(Tier.CHECK_IN, "stalking", None).intent == "risk_check_in"
    assert RiskDecision(Tier.NONE, None, None).intent is None


def test_failed_flagging_is_a_check_in():
    decision = RiskDecision.failed()
    assert decision.tier is Tier.CHECK_IN
    assert decision.record()["paths"] == ["error"]
