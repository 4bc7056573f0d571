import pytest
from rasa.shared.nlu.training_data.message import Message

from lantern.nlp.age_extractor import AgeExtractor
from lantern.nlp.nation_extractor import NationExtractor
from lantern.nlp.risk_flagger import RiskFlagger
from lantern.nlp.safe_answer import SafeAnswerReader
from lantern.nlp.unsure_answer import UnsureAnswerReader
from lantern.safety import RiskDetector

CONFIG = RiskFlagger.get_default_config()


def message(text, intent="greet", confidence=0.9):
    msg = Message(data={"text": text})
    msg.set("intent", {"name": intent, "confidence": confidence})
    msg.set("intent_ranking", [{"name": intent, "confidence": confidence}])
    msg.set("entities", [])
    return msg


def ranked_message(text, *ranking):
    """A message NLU ranked as given: (intent, confidence) pairs, likeliest first."""
    msg = message(text, *ranking[0])
    msg.set("intent_ranking", [{"name": n, "confidence": c} for n, c in ranking])
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


def test_a_model_trained_before_a_setting_existed_still_flags(detector):
    older = {k: v for k, v in CONFIG.items() if k != "nlu_alone_urgent_min"}
    (msg,) = RiskFlagger(older, detector).process(
        [message("why do i feel so stupid", "topic_feeling_stupid")]
    )
    assert msg.get("risk")["tier"] == "none"
    assert msg.get("risk")["paths"] == []


def test_diet_is_read_past_the_fallback_intent(detector):
    msg = ranked_message(
        "sorted the dog out, wont need the flat after friday",
        ("nlu_fallback", 0.45),
        ("risk_suicide", 0.99),
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


def test_age_extractor_keeps_only_the_band():
    young, adult, other = AgeExtractor().process(
        [message("im 15 and scared"), message("im 34 and scared"), message("my 15 year old")]
    )
    assert [(e["entity"], e["value"]) for e in young.get("entities")] == [("age_group", "under_18")]
    assert adult.get("entities") == [] and other.get("entities") == []


def test_age_extractor_sets_inform_age_only_where_the_age_is_all_the_message_says():
    only, more, adult = AgeExtractor().process(
        [message("forgot to say im 15"), message("im 15 and my dad hits me"), message("im 34")]
    )
    assert only.get("intent") == {"name": "inform_age", "confidence": 1.0}
    assert more.get("intent") != only.get("intent") and adult.get("intent") != only.get("intent")
    assert [(e["entity"], e["value"]) for e in more.get("entities")] == [("age_group", "under_18")]


def test_a_risk_intent_shown_safe_becomes_unclear_once_in_the_ranking(detector):
    msg = ranked_message(
        "im not suicidal, just angry", ("risk_suicide", 0.99), ("nlu_fallback", 0.3)
    )
    (msg,) = RiskFlagger(CONFIG, detector).process([msg])
    assert msg.get("intent") == {"name": "nlu_fallback", "confidence": 1.0}
    assert [r["name"] for r in msg.get("intent_ranking")] == ["nlu_fallback", "risk_suicide"]


def test_safe_answer_reader_sets_say_safe_and_a_yes_in_front_makes_it_affirm(detector):
    plain, yes, more, other = SafeAnswerReader().process(
        [message(t, "nlu_fallback") for t in
         ("im safe for now", "yeah im safe now, hes gone", "im ok but hes still outside", "hi")]
    )  # fmt: skip
    assert plain.get("intent") == {"name": "say_safe", "confidence": 1.0}
    assert yes.get("intent") == {"name": "affirm", "confidence": 1.0}
    assert more.get("intent")["name"] == other.get("intent")["name"] == "nlu_fallback"
    # the flagger after it keeps the intent where it finds no risk
    (plain,) = RiskFlagger(CONFIG, detector).process([plain])
    assert plain.get("intent")["name"] == "say_safe"


def pending_topics(msg):
    return [e["value"] for e in msg.get("entities") if e["entity"] == "pending_topic"]


def test_a_check_in_keeps_the_topic_the_message_asked_about(detector):
    msg = message(
        "he keeps turning up at my work, why cant i just leave him", "topic_why_cant_leave"
    )
    (msg,) = RiskFlagger(CONFIG, detector).process([msg])
    assert msg.get("intent")["name"] == "risk_check_in"
    assert pending_topics(msg) == ["why_cant_leave"]


def test_a_check_in_chosen_by_risk_intent_keeps_a_likely_topic(detector):
    msg = ranked_message(
        "hes been following me for weeks since i left",
        ("risk_stalking", 0.6),
        ("topic_no_contact", 0.35),
        ("topic_hoovering", 0.05),
    )
    (msg,) = RiskFlagger(CONFIG, detector).process([msg])
    assert pending_topics(msg) == ["no_contact"]
    msg.set("intent_ranking", [{"name": "risk_stalking", "confidence": 0.8},
                               {"name": "topic_no_contact", "confidence": 0.2}])  # fmt: skip
    msg.set("intent", {"name": "risk_stalking", "confidence": 0.8})
    (msg,) = RiskFlagger(CONFIG, detector).process([msg])
    assert pending_topics(msg) == []


def test_no_topic_is_kept_when_nlu_could_not_tell_or_there_is_no_risk(detector):
    unclear = message("hes been following me for weeks since i left", "nlu_fallback", 0.3)
    safe = message("why cant i leave him", "topic_why_cant_leave")
    for msg in RiskFlagger(CONFIG, detector).process([unclear, safe]):
        assert pending_topics(msg) == []


def test_an_urgent_message_keeps_its_topic_too(detector):
    # lantern/dialogue/pending.py decides when, if ever, it is answered
    msg = message("ive taken all my pills, why cant i leave him", "topic_why_cant_leave")
    (msg,) = RiskFlagger(CONFIG, detector).process([msg])
    assert msg.get("intent")["name"] == "risk_urgent"
    assert pending_topics(msg) == ["why_cant_leave"]


def test_a_risk_intent_close_to_the_topic_does_not_hold_the_answer_back(detector):
    msg = ranked_message(
        "my ex keeps saying hell kill himself if i dont go back, why cant i leave",
        ("nlu_fallback", 0.3),
        ("topic_why_cant_leave", 0.49),
        ("risk_abuser_threat", 0.48),
        ("topic_shame", 0.02),
    )
    (msg,) = RiskFlagger(CONFIG, detector).process([msg])
    assert pending_topics(msg) == ["why_cant_leave"]


def test_two_topics_too_close_to_tell_apart_are_not_guessed(detector):
    msg = ranked_message(
        "hes been following me for weeks since i left",
        ("nlu_fallback", 0.3),
        ("topic_no_contact", 0.4),
        ("topic_hoovering", 0.38),
    )
    (msg,) = RiskFlagger(CONFIG, detector).process([msg])
    assert pending_topics(msg) == []


def test_the_blended_rankings_risk_share_escalates(detector):
    msg = ranked_message(
        "sorted the dog out, wont need the flat after friday",
        ("nlu_fallback", 0.4),
        ("risk_suicide", 0.4),
        ("risk_overdose", 0.35),
        ("risk_danger", 0.25),
    )
    (msg,) = RiskFlagger(CONFIG, detector).process([msg])
    assert msg.get("intent")["name"] == "risk_urgent"
    assert msg.get("risk")["paths"] == ["risk_share"]


def test_a_stalking_check_in_is_urgent_when_he_is_here_now(detector):
    text = "my ex turned up at the refuge, hes in reception shouting my name"
    (msg,) = RiskFlagger(CONFIG, detector).process([message(text, "risk_stalking", 0.99)])
    assert msg.get("intent")["name"] == "risk_urgent"
    assert msg.get("risk")["paths"][-1] == "here_now"


def tier_ranked(msg, urgent, check_in):
    msg.set("risk_tier_ranking", [{"name": "urgent", "confidence": urgent},
                                  {"name": "check_in", "confidence": check_in},
                                  {"name": "none", "confidence": 1 - urgent - check_in}])  # fmt: skip
    return msg


CONFIRMING = {**CONFIG, "tier_check_in_min": 0.7, "tier_urgent_min": 0.8,
              "tier_confirm_urgent_min": 0.5}  # fmt: skip


def test_a_check_in_the_tier_model_thinks_urgent_gets_the_urgent_reply(detector):
    msg = tier_ranked(message("goodbye. please make sure someone feeds the cat"), 0.6, 0.3)
    (msg,) = RiskFlagger(CONFIRMING, detector).process([msg])
    assert msg.get("intent")["name"] == "risk_urgent"
    assert msg.get("risk")["paths"] == ["tier_model", "tier_model_urgent"]
    (off,) = RiskFlagger({**CONFIRMING, "tier_confirm_urgent_min": 2.0}, detector).process(
        [tier_ranked(message("goodbye. please make sure someone feeds the cat"), 0.6, 0.3)]
    )
    assert off.get("intent")["name"] == "risk_check_in"


def test_a_check_in_that_asked_a_topic_question_keeps_it_and_stays_a_check_in(detector):
    msg = tier_ranked(
        message("is it normal to be this scared of him all the time", "topic_hypervigilance", 0.9),
        0.6,
        0.3,
    )
    (msg,) = RiskFlagger(CONFIRMING, detector).process([msg])
    assert msg.get("intent")["name"] == "risk_check_in"
    assert pending_topics(msg) == ["hypervigilance"]


def test_deciding_reads_the_message_and_changes_nothing(detector):
    msg = message("ive taken all my pills", "thanks")
    before = dict(msg.data)
    decision = RiskFlagger(CONFIG, detector).decide(msg)
    assert decision.tier.value == "urgent"
    assert msg.data == before


def test_a_message_just_under_the_tier_models_threshold_is_marked_for_a_signpost(detector):
    config = {**CONFIRMING, "signpost_tier_min": 0.3}
    text = "bit flat tonight. why do i still miss him"
    (msg,) = RiskFlagger(config, detector).process(
        [tier_ranked(message(text, "topic_withdrawal"), 0.2, 0.2)]
    )
    assert msg.get("intent")["name"] == "topic_withdrawal"  # answered as asked
    assert msg.get("risk")["tier"] == "none" and msg.get("risk")["signpost"] is True
    (off,) = RiskFlagger(CONFIRMING, detector).process(
        [tier_ranked(message(text, "topic_withdrawal"), 0.2, 0.2)]
    )
    assert off.get("risk")["signpost"] is False  # off by default


SIGNING_OFF = {**CONFIRMING, "tier_check_in_min": 0.55, "tier_confirm_urgent_min": 0.45,
               "sign_off_urgent_max": 0.8, "signpost_tier_min": 0.3}  # fmt: skip


def test_a_bare_goodbye_the_tier_model_is_unsure_of_is_answered_with_the_helplines(detector):
    (msg,) = RiskFlagger(SIGNING_OFF, detector).process(
        [tier_ranked(message("bye x", "goodbye", 0.5), 0.56, 0.0)]
    )
    assert msg.get("intent")["name"] == "goodbye"
    assert (msg.get("risk")["tier"], msg.get("risk")["signpost"]) == ("none", True)
    assert msg.get("risk")["paths"] == ["sign_off_overruled"]


@pytest.mark.parametrize(
    ("text", "urgent"),
    [
        ("thanks for everything. goodbye", 0.56),  # says more than goodbye
        ("bye x", 0.85),  # the tier model sure of urgent
    ],
)
def test_a_farewell_or_a_goodbye_the_tier_model_is_sure_of_keeps_the_crisis_reply(
    detector, text, urgent
):
    (msg,) = RiskFlagger(SIGNING_OFF, detector).process(
        [tier_ranked(message(text, "goodbye", 0.5), urgent, 0.0)]
    )
    assert msg.get("intent")["name"] == "risk_urgent"


def test_unsure_answer_reader_sets_say_unsure_only_on_not_knowing():
    plain, more, other = UnsureAnswerReader().process(
        [message(t, "nlu_fallback") for t in ("idk maybe", "idk anymore", "hi")]
    )
    assert plain.get("intent") == {"name": "say_unsure", "confidence": 1.0}
    assert more.get("intent")["name"] == other.get("intent")["name"] == "nlu_fallback"


def test_not_knowing_the_tier_model_alone_checks_in_on_is_answered_with_the_helplines(detector):
    (msg,) = UnsureAnswerReader().process([tier_ranked(message("idk", "nlu_fallback"), 0.01, 0.6)])
    (msg,) = RiskFlagger(SIGNING_OFF, detector).process([msg])
    assert msg.get("intent")["name"] == "say_unsure"  # the rules answer it after a check-in
    assert (msg.get("risk")["tier"], msg.get("risk")["signpost"]) == ("none", True)
    assert msg.get("risk")["paths"] == ["unsure_overruled"]


@pytest.mark.parametrize(
    ("text", "urgent", "check_in", "tier"),
    [
        ("idk anymore", 0.01, 0.6, "check_in"),  # says more than not knowing
        ("idk", 0.85, 0.0, "urgent"),  # the tier model sure of urgent
    ],
)
def test_a_doubt_that_says_more_or_the_tier_model_is_sure_of_keeps_its_reply(
    detector, text, urgent, check_in, tier
):
    (msg,) = RiskFlagger(SIGNING_OFF, detector).process(
        [tier_ranked(message(text, "nlu_fallback"), urgent, check_in)]
    )
    assert msg.get("risk")["tier"] == tier


UNSECONDING = {**CONFIRMING, "unseconded_tier_max": 0.1, "unseconded_share_max": 0.5}


@pytest.mark.parametrize(
    "text",
    [
        "is it normal to feel guilty for leaving even though he hit me",
        "how do i explain coercive control to my mum, she thinks it only counts if he hits me",
    ],
)
def test_words_of_danger_neither_model_sees_are_answered_with_the_helplines(detector, text):
    def flagged(config):
        (msg,) = RiskFlagger(config, detector).process(
            [tier_ranked(message(text, "topic_coercive_control", 0.7), 0.0, 0.02)]
        )
        return msg

    msg = flagged(UNSECONDING)
    assert msg.get("intent")["name"] == "topic_coercive_control"  # answered as asked
    assert msg.get("risk")["paths"] == ["unseconded"] and msg.get("risk")["signpost"] is True
    assert msg.get("risk")["findings"]  # what the detector found stays for staff
    assert flagged(CONFIRMING).get("intent")["name"] == "risk_urgent"  # off by default


@pytest.mark.parametrize(
    "text",
    [
        # said now, or of the writer's own harm: the detector's words stand
        "whats an occupation order? hes just poured lighter fluid through the letterbox",
        "had 16 of the hayfever ones. is that dangerous? heart feels wrong",
        "is it normal to feel guilty for leaving even though he hit me tonight",
    ],
)
def test_the_detector_stands_when_the_words_are_timed_or_of_own_harm(detector, text):
    (msg,) = RiskFlagger(UNSECONDING, detector).process(
        [tier_ranked(message(text, "topic_coercive_control", 0.7), 0.0, 0.02)]
    )
    assert msg.get("intent")["name"] == "risk_urgent"
