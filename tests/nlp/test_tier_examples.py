from lantern.nlp.tier_examples import labelled_messages, tier_examples, tier_of_intent
from lantern.safety import Tier

CASES = """cases:
  - text: "engine's running in the garage"
    expect: {risk: urgent}
  - text: "cba with life"
    expect: {risk: check_in}
  - text: "cut my own fringe, disaster"
    expect: {risk: none}
  - text: "what is gaslighting"
    expect: {topic: gaslighting}
"""


def test_an_intent_stands_for_its_ceiling():
    assert tier_of_intent("risk_suicide") is Tier.URGENT
    assert tier_of_intent("risk_stalking") is Tier.CHECK_IN
    assert tier_of_intent("risk_check_in") is Tier.CHECK_IN
    assert tier_of_intent("risk_none_figurative") is Tier.NONE
    assert tier_of_intent("topic_gaslighting") is Tier.NONE


def test_saying_how_one_feels_stands_for_no_tier():
    assert tier_of_intent("share_distress") is None
    texts, tiers = tier_examples(
        [("cant stop crying tonight", "share_distress"), ("hello", "greet")], None
    )
    assert (texts, tiers) == (["hello"], ["none"])


def test_saying_ones_age_stands_for_no_tier():
    # "im 15" learnt as none would pull "im 15 and ..." towards none
    assert tier_of_intent("inform_age") is None
    texts, _ = tier_examples([("im 15", "inform_age"), ("hello", "greet")], None)
    assert texts == ["hello"]


def test_labelled_messages_read_every_case_file_with_a_risk(tmp_path):
    (tmp_path / "b.yml").write_text(CASES)
    (tmp_path / "a.yml").write_text('cases:\n  - text: "hes outside"\n    expect: {risk: urgent}\n')
    assert labelled_messages(tmp_path) == [
        ("hes outside", Tier.URGENT),
        ("engine's running in the garage", Tier.URGENT),
        ("cba with life", Tier.CHECK_IN),
        ("cut my own fringe, disaster", Tier.NONE),
    ]


def test_tier_examples_join_intent_examples_and_labelled_messages(tmp_path):
    (tmp_path / "set.yml").write_text(CASES)
    texts, tiers = tier_examples([("hello", "greet"), ("i want to die", "risk_suicide")], tmp_path)
    assert texts[:3] == ["hello", "i want to die", "engine's running in the garage"]
    assert tiers == ["none", "urgent", "urgent", "check_in", "none"]
    assert tier_examples([("hello", "greet")], None) == (["hello"], ["none"])
