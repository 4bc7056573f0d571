import pytest

from lantern.nlp.risk_decision import FIGURE_THREAT_PATTERNS, RiskDecision, RiskShare, decide
from lantern.safety import Category, Scene, Tier, load_patterns

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


SHARE = {**THRESHOLDS, "share_check_in_min": 0.5, "share_urgent_min": 0.6}


def ranked(*pairs):
    return [{"name": name, "confidence": confidence} for name, confidence in pairs]


def test_risk_share_sums_the_risk_intents_only():
    share = RiskShare.of(
        ranked(
            ("nlu_fallback", 0.3),
            ("risk_suicide", 0.3),
            ("topic_why_cant_leave", 0.2),
            ("risk_self_harm", 0.15),
            ("risk_stalking", 0.1),
        )
    )
    assert share.total == pytest.approx(0.55)
    assert share.urgent == pytest.approx(0.45)
    assert (share.likeliest, share.likeliest_urgent) == (Category.SUICIDE, Category.SUICIDE)


def test_distress_set_aside_does_not_dilute_the_risk_share():
    ranking = ranked(
        ("share_distress", 0.5), ("risk_suicide", 0.3), ("risk_stalking", 0.1), ("greet", 0.1)
    )
    assert RiskShare.of(ranking).total == pytest.approx(0.4)
    whole = RiskShare.of(ranking, distress_weight=1.0)
    assert (whole.total, whole.urgent) == (pytest.approx(0.8), pytest.approx(0.6))
    assert RiskShare.of(ranking, distress_weight=0.5).total == pytest.approx(0.4 / 0.75)


def test_a_crumb_of_risk_beside_sure_distress_stays_a_crumb():
    share = RiskShare.of(ranked(("share_distress", 0.99), ("risk_suicide", 0.01)), 1.0)
    assert share.total == pytest.approx(0.1)


def test_the_distress_weight_reaches_the_decision(detector):
    quiet = detector.assess("cant stop crying tonight")
    ranking = ranked(("share_distress", 0.5), ("risk_suicide", 0.35), ("greet", 0.15))
    intent = {"name": "share_distress", "confidence": 0.5}
    assert decide(quiet, intent, ranking, **SHARE).tier is Tier.NONE
    weighed = decide(quiet, intent, ranking, share_distress_weight=1.0, **SHARE)
    assert (weighed.tier, weighed.paths) == (Tier.URGENT, ("risk_share",))


@pytest.mark.parametrize(
    ("ranking", "tier", "category"),
    [
        # spread over several risk intents, none sure on its own: urgent by their share
        (
            ranked(("risk_suicide", 0.35), ("risk_overdose", 0.3), ("greet", 0.1)),
            Tier.URGENT,
            "suicide",
        ),
        # enough share for a check-in, not enough of it urgent-capable
        (
            ranked(("risk_stalking", 0.3), ("risk_danger", 0.25), ("greet", 0.2)),
            Tier.CHECK_IN,
            "stalking",
        ),
        # little share: nothing
        (ranked(("topic_why_cant_leave", 0.7), ("risk_suicide", 0.2)), Tier.NONE, None),
    ],
)
def test_the_blended_risk_share_escalates(detector, ranking, tier, category):
    decision = decide(
        detector.assess("ive sorted the dog out with my sister"),
        {"name": "greet", "confidence": 0.5},
        ranking,
        **SHARE,
    )
    assert (decision.tier, decision.category) == (tier, category)
    assert decision.paths == (("risk_share",) if tier is not Tier.NONE else ())
    assert decision.record()["risk_share"]["total"] == round(RiskShare.of(ranking).total, 3)


def test_the_risk_share_cannot_overrule_an_explained_safe_message(detector):
    decision = decide(
        detector.assess("im not suicidal, how do orders work"),
        {"name": "greet", "confidence": 0.5},
        ranked(("risk_suicide", 0.5), ("risk_self_harm", 0.4)),
        **SHARE,
    )
    assert decision.tier is Tier.NONE


def test_the_risk_share_is_off_by_default(detector):
    decision = decide(
        detector.assess("ive sorted the dog out with my sister"),
        {"name": "greet", "confidence": 0.5},
        ranked(("risk_suicide", 0.99)),
        **THRESHOLDS,
    )
    assert decision.tier is Tier.NONE


@pytest.mark.parametrize(
    ("share", "tier"),
    [
        # DIET sure of a risk intent, the blend not: a joke with a skull emoji stays a joke
        (0.3, Tier.NONE),
        # DIET sure and the blend agrees enough: DIET's own tier
        (0.45, Tier.URGENT),
    ],
)
def test_diets_own_path_needs_some_of_the_blended_share(detector, share, tier):
    decision = decide(
        detector.assess("ive sorted the dog out with my sister"),
        {"name": "risk_suicide", "confidence": 0.99},
        ranked(("risk_suicide", share), ("greet", 1 - share)),
        **THRESHOLDS,
        diet_share_min=0.4,
    )
    assert decision.tier is tier
    assert decision.paths == (("diet",) if tier is not Tier.NONE else ())


@pytest.mark.parametrize(
    ("text", "intent", "tier", "paths"),
    [
        # someone here and now: a stalking check-in is urgent
        ("my ex has turned up. hes in reception shouting my name", "risk_stalking",
         Tier.URGENT, ("diet", "here_now")),
        ("i can see him at the bus stop opposite my new flat", "risk_stalking",
         Tier.URGENT, ("diet", "here_now")),
        # ... but not when it keeps happening somewhere else
        ("he keeps turning up at my work", "risk_stalking", Tier.CHECK_IN,
         ("detector", "diet")),
        # a threat said from a ledge is urgent
        ("hes on the windowsill saying hell jump if i walk out", "risk_abuser_threat",
         Tier.URGENT, ("detector", "diet", "at_height")),
        ("sat on the edge of the balcony with my legs over", "risk_check_in",
         Tier.URGENT, ("diet", "at_height")),
        # "at the moment" is here and now, but a wish is not made urgent by it (a person near is)
        ("i feel like such a burden at the moment", "risk_check_in", Tier.CHECK_IN,
         ("detector", "diet")),
    ],
)  # fmt: skip
def test_where_the_message_places_someone_can_make_a_check_in_urgent(
    detector, text, intent, tier, paths
):
    decision = decide(detector.assess(text), {"name": intent, "confidence": 0.9}, **THRESHOLDS)
    assert decision.tier is Tier.CHECK_IN
    decision = decision.in_scene(detector.scene(text))
    assert (decision.tier, decision.paths) == (tier, paths)


def test_a_scene_never_raises_none_or_lowers_urgent(detector):
    scene = detector.scene("hes outside right now on the balcony")
    assert scene.here_now and scene.at_height
    none = decide(detector.assess("nice out"), {"name": "greet", "confidence": 0.9}, **THRESHOLDS)
    assert none.in_scene(scene).tier is Tier.NONE
    urgent = RiskDecision(Tier.URGENT, "suicide", None)
    assert urgent.in_scene(scene) is urgent


TIER_MODEL = {**THRESHOLDS, "tier_check_in_min": 0.8, "tier_urgent_min": 0.8}


def tiers(urgent, check_in):
    return [
        {"name": "urgent", "confidence": urgent},
        {"name": "check_in", "confidence": check_in},
        {"name": "none", "confidence": 1 - urgent - check_in},
    ]


@pytest.mark.parametrize(
    ("urgent", "check_in", "tier"),
    [
        (0.85, 0.1, Tier.URGENT),  # sure the whole message is urgent
        (0.5, 0.35, Tier.CHECK_IN),  # sure it is risk, not sure it is urgent: ask
        (0.1, 0.75, Tier.CHECK_IN),
        (0.4, 0.3, Tier.NONE),  # not sure enough of either
    ],
)
def test_the_tier_model_escalates(detector, urgent, check_in, tier):
    decision = decide(
        detector.assess("bathroom floor, dunno why im texting"),
        {"name": "greet", "confidence": 0.5},
        ranked(("greet", 0.5), ("risk_stalking", 0.1)),
        tier_ranking=tiers(urgent, check_in),
        **TIER_MODEL,
    )
    assert decision.tier is tier
    assert decision.paths == (("tier_model",) if tier is not Tier.NONE else ())
    assert decision.record()["tier_model"] == {"urgent": urgent, "check_in": check_in}
    if tier is not Tier.NONE:
        # it knows no kinds of risk, and a risk intent ranked too low to act on is no guide
        assert decision.category == "general"


def test_the_tier_model_alone_gets_the_general_reply_without_a_risk_intent(detector):
    decision = decide(
        detector.assess("bathroom floor, dunno why im texting"),
        {"name": "greet", "confidence": 0.5},
        ranked(("greet", 1.0)),
        tier_ranking=tiers(0.9, 0.05),
        **TIER_MODEL,
    )
    assert (decision.tier, decision.category) == (Tier.URGENT, "general")


def test_a_path_that_escalates_names_the_kind_beside_the_tier_model(detector):
    decision = decide(
        detector.assess("bathroom floor, dunno why im texting"),
        {"name": "risk_stalking", "confidence": 0.9},
        ranked(("risk_stalking", 0.9), ("greet", 0.1)),
        tier_ranking=tiers(0.9, 0.05),
        **TIER_MODEL,
    )
    assert (decision.tier, decision.category) == (Tier.URGENT, "stalking")
    assert decision.paths == ("diet", "tier_model")


@pytest.mark.parametrize(
    ("text", "intent", "category"),
    [
        # only the tier model saw it: the words of a forced marriage name the reply
        ("the nikah is on the 14th and they've taken my shoes", "greet", "honour_based_abuse"),
        # a danger the detector found, in a message about a rishta
        ("dad has a knife because i said no to the rishta", "greet", "honour_based_abuse"),
        # ... and beat a kind NLU guessed when the patterns named none
        (
            "the nikah is on the 14th and they've taken my shoes",
            "risk_suicide",
            "honour_based_abuse",
        ),
        # never instead of the kinds with their own helplines that the words name
        ("the rishta is fixed and i want to kill myself", "greet", "suicide"),
        ("the rishta is fixed and he raped me last night", "greet", "sexual_violence"),
    ],
)
def test_words_of_forced_marriage_name_the_kind_of_a_danger_found(detector, text, intent, category):
    decision = decide(
        detector.assess(text),
        {"name": intent, "confidence": 0.97},
        ranked((intent, 1.0)),
        tier_ranking=tiers(0.9, 0.05),
        **TIER_MODEL,
    )
    assert decision.tier is Tier.URGENT
    assert decision.category == category


def test_a_general_check_in_at_a_height_or_here_now_is_urgent():
    check_in = RiskDecision(Tier.CHECK_IN, "general", None, paths=("tier_model",))
    assert check_in.in_scene(Scene(at_height=True)).tier is Tier.URGENT
    assert check_in.in_scene(Scene(here_now=True)).tier is Tier.URGENT
    assert check_in.in_scene(Scene()).tier is Tier.CHECK_IN


def test_the_tier_model_cannot_overrule_an_explained_safe_message(detector):
    decision = decide(
        detector.assess("my back is killing me"),
        {"name": "greet", "confidence": 0.5},
        tier_ranking=tiers(0.95, 0.0),
        **TIER_MODEL,
    )
    assert decision.tier is Tier.NONE


@pytest.mark.parametrize(
    ("urgent", "check_in", "tier"),
    [
        (0.95, 0.0, Tier.CHECK_IN),  # all but sure: ask, never more than a check-in
        (0.6, 0.35, Tier.CHECK_IN),
        (0.85, 0.0, Tier.NONE),  # sure enough to escalate a message nothing explained, not this
    ],
)
def test_a_sure_tier_model_asks_about_an_explained_safe_message(detector, urgent, check_in, tier):
    assessment = detector.assess("my back is killing me")
    assert assessment.explained_safe
    decision = decide(
        assessment,
        {"name": "greet", "confidence": 0.5},
        tier_ranking=tiers(urgent, check_in),
        explained_tier_min=0.9,
        **TIER_MODEL,
    )
    assert decision.tier is tier
    assert decision.paths == (("tier_model",) if tier is not Tier.NONE else ())


def test_the_tier_model_is_off_by_default_and_without_a_ranking(detector):
    assessment = detector.assess("bathroom floor, dunno why im texting")
    greet = {"name": "greet", "confidence": 0.5}
    assert decide(assessment, greet, tier_ranking=tiers(0.99, 0.0), **THRESHOLDS).tier is Tier.NONE
    assert decide(assessment, greet, **TIER_MODEL).tier is Tier.NONE


@pytest.mark.parametrize(
    ("text", "urgent", "check_in", "tier"),
    [
        # "self harm free" is a figure of speech: both models agreeing lift it to a check-in
        ("200 days self harm free and tonight its all i can think about", 0.3, 0.6, Tier.CHECK_IN),
        # a denied worry for the baby explained the message; both read it as urgent
        (
            "did the thing again and its worse this time, it wont stop. think i need to go in "
            "but i cant leave the baby on her own",
            0.95,
            0.0,
            Tier.URGENT,
        ),
    ],
)
def test_the_tier_model_and_the_ranking_agreeing_overrule_explained_safe(
    detector, text, urgent, check_in, tier
):
    assessment = detector.assess(text)
    assert assessment.explained_safe
    decision = decide(
        assessment,
        {"name": "greet", "confidence": 0.5},
        ranked(("risk_self_harm", 0.9)),
        tier_ranking=tiers(urgent, check_in),
        **{**SHARE, **TIER_MODEL},
    )
    assert decision.tier is tier
    assert decision.paths == ("risk_share", "tier_model")
    assert decision.category == "self_harm"


@pytest.mark.parametrize(
    ("urgent", "check_in", "tier"),
    [
        # the whole-message model sees next to no risk: DIET alone does not escalate
        (0.01, 0.01, Tier.NONE),
        # ... it sees some, though not enough to escalate itself: DIET's own tier stands
        (0.2, 0.1, Tier.URGENT),
    ],
)
def test_diet_alone_needs_the_tier_model_to_see_some_risk(detector, urgent, check_in, tier):
    decision = decide(
        detector.assess("can i take lemsip with my other tablets"),
        {"name": "risk_overdose", "confidence": 0.99},
        ranked(("risk_overdose", 0.99)),
        tier_ranking=tiers(urgent, check_in),
        **TIER_MODEL,
        nlu_alone_tier_min=0.15,
    )
    assert decision.tier is tier


@pytest.mark.parametrize(("urgent", "check_in", "tier"), [(0.02, 0.03, Tier.NONE),
                                                          (0.1, 0.1, Tier.CHECK_IN)])  # fmt: skip
def test_the_risk_share_alone_needs_the_tier_model_to_see_some_risk(
    detector, urgent, check_in, tier
):
    decision = decide(
        detector.assess("how long does a non molestation order last"),
        {"name": "topic_no_contact", "confidence": 0.3},
        ranked(("topic_no_contact", 0.3), ("risk_stalking", 0.4), ("risk_danger", 0.3)),
        tier_ranking=tiers(urgent, check_in),
        **{**SHARE, **TIER_MODEL},
        nlu_alone_tier_min=0.15,
    )
    assert decision.tier is tier


def test_the_nlu_alone_rule_leaves_a_decision_the_detector_shares(detector):
    decision = decide(
        detector.assess("i want to kill myself"),
        {"name": "risk_suicide", "confidence": 0.99},
        ranked(("risk_suicide", 0.99)),
        tier_ranking=tiers(0.01, 0.01),
        **TIER_MODEL,
        nlu_alone_tier_min=0.15,
    )
    assert decision.tier is Tier.URGENT
    assert decision.paths == ("detector", "diet")


@pytest.mark.parametrize(("urgent", "tier"), [(0.02, Tier.CHECK_IN), (0.3, Tier.URGENT)])
def test_the_intent_ranking_alone_is_urgent_only_when_the_tier_model_sees_urgency(
    detector, urgent, tier
):
    decision = decide(
        detector.assess("cried myself to sleep again, third night running"),
        {"name": "risk_self_harm", "confidence": 0.4},
        ranked(("risk_self_harm", 0.4), ("risk_suicide", 0.3), ("risk_check_in", 0.05)),
        tier_ranking=tiers(urgent, 0.4),
        **{**SHARE, **TIER_MODEL},
        nlu_alone_tier_min=0.3,
        nlu_alone_urgent_min=0.1,
    )
    assert decision.tier is tier
    assert decision.paths == ("risk_share",)


def test_the_urgent_rule_leaves_urgency_the_detector_found(detector):
    decision = decide(
        detector.assess("i want to kill myself"),
        {"name": "risk_suicide", "confidence": 0.99},
        ranked(("risk_suicide", 0.99)),
        tier_ranking=tiers(0.01, 0.01),
        **TIER_MODEL,
        nlu_alone_urgent_min=0.5,
    )
    assert decision.tier is Tier.URGENT


def test_diet_alone_stands_when_the_tier_model_gave_no_ranking(detector):
    decision = decide(
        detector.assess("can i take lemsip with my other tablets"),
        {"name": "risk_overdose", "confidence": 0.99},
        ranked(("risk_overdose", 0.99)),
        **TIER_MODEL,
        nlu_alone_tier_min=0.15,
    )
    assert decision.tier is Tier.URGENT


def check_in_from(detector, text, urgent):
    """A check-in DIET chose, with the tier model's urgent probability as given."""
    decision = decide(
        detector.assess(text),
        {"name": "risk_check_in", "confidence": 0.9},
        ranked(("risk_check_in", 0.9)),
        tier_ranking=tiers(urgent, 0.25),
        **TIER_MODEL,
    )
    assert decision.tier is Tier.CHECK_IN
    return decision


@pytest.mark.parametrize(("urgent", "tier"), [(0.55, Tier.URGENT), (0.45, Tier.CHECK_IN)])
def test_a_check_in_the_tier_model_thinks_urgent_gets_the_urgent_reply(detector, urgent, tier):
    decision = check_in_from(detector, "sorry mum. love u. its not ur fault", urgent)
    confirmed = decision.confirmed(0.5, asked_topic=False)
    assert confirmed.tier is tier
    if tier is Tier.URGENT:
        assert confirmed.paths == (*decision.paths, "tier_model_urgent")
        assert confirmed.category == decision.category


def test_a_check_in_that_asked_a_question_stays_a_check_in(detector):
    decision = check_in_from(detector, "is it normal to be this scared of him all the time", 0.7)
    assert decision.confirmed(0.5, asked_topic=True) is decision


def test_the_tier_model_does_not_undo_what_the_detector_lowered(detector):
    text = "i overdosed years ago and im struggling again tonight"
    assessment = detector.assess(text)
    assert assessment.tier is Tier.CHECK_IN
    assert any(f.tier < f.base_tier for f in assessment.findings)
    decision = decide(
        assessment,
        {"name": "greet", "confidence": 0.5},
        tier_ranking=tiers(0.7, 0.2),
        **TIER_MODEL,
    )
    assert decision.tier is Tier.CHECK_IN
    assert decision.confirmed(0.5, asked_topic=False) is decision


def test_only_a_check_in_is_confirmed():
    urgent = RiskDecision(Tier.URGENT, "suicide", None)
    none = RiskDecision(Tier.NONE, None, None)
    assert urgent.confirmed(0.0, asked_topic=False) is urgent
    assert none.confirmed(0.0, asked_topic=False) is none


@pytest.mark.parametrize(
    ("urgent", "check_in", "signpost"),
    [
        (0.2, 0.15, True),  # some risk, under every threshold: answered, then helplines
        (0.1, 0.1, False),  # too little
        (0.5, 0.35, False),  # a check-in: the safety reply shows resources itself
    ],
)
def test_a_message_under_the_thresholds_with_some_risk_is_signposted(
    detector, urgent, check_in, signpost
):
    decision = decide(
        detector.assess("dont see much ahead of me these days, how do i stop missing him"),
        {"name": "topic_withdrawal", "confidence": 0.8},
        ranked(("topic_withdrawal", 0.8)),
        tier_ranking=tiers(urgent, check_in),
        **TIER_MODEL,
    ).signposted(0.3)
    assert decision.signpost is signpost
    assert decision.record()["signpost"] is signpost
    assert (decision.tier is Tier.NONE) is (urgent + check_in < 0.8)


def test_a_failed_decision_is_never_just_signposted():
    failed = RiskDecision.failed().signposted(0.0)
    assert (failed.tier, failed.signpost) == (Tier.CHECK_IN, False)


def test_someone_else_at_risk_is_taken_from_nlu_only_as_diets_own_likeliest_intent(detector):
    ranking = ranked(("risk_concern_other", 0.4), ("risk_danger", 0.3), ("greet", 0.1))
    text = "my exs mate is at my door saying hes been sent to sort me out"
    # the blended ranking's likeliest risk intent alone, under DIET's own guess of danger: the
    # general reply, which speaks to the writer too
    alone = decide(
        detector.assess(text), {"name": "risk_danger", "confidence": 0.6}, ranking, **SHARE
    )
    assert (alone.tier, alone.category) == (Tier.URGENT, "general")
    # DIET's own likeliest intent, even when not sure enough to escalate on its own
    for confidence in (0.6, 0.97):
        named = decide(
            detector.assess("my sisters just texted help and then nothing"),
            {"name": "risk_concern_other", "confidence": confidence},
            ranking,
            **SHARE,
        )
        assert (named.tier, named.category) == (Tier.URGENT, "concern_for_other")


FIGURE = (0.5, 0.05)
# A pet's scare that the detector, reading words, takes for a check-in about someone else
GAME = "my cat ate a lily and i thought she was going to die, vet says shes fine now"
# Someone's threat over nothing, which the detector reads as urgent words
THREAT = "my brother said hell murder me if i touch his ps5 again lmao"


def figure_decision(detector, text, intent, confidence, urgent, check_in, ranking=True):
    return decide(
        detector.assess(text),
        {"name": intent, "confidence": confidence},
        ranked((intent, confidence)),
        tier_ranking=tiers(urgent, check_in) if ranking else (),
        **TIER_MODEL,
    )


def test_diet_and_the_tier_model_together_overrule_a_check_in_on_the_detectors_words(detector):
    # DIET's own likeliest intent is the figure of speech and the tier model sees next to no
    # risk: answered, with the helplines after the answer; the finding is kept for staff.
    before = figure_decision(detector, GAME, "risk_none_figurative", 0.92, 0.01, 0.02)
    assert (before.tier, before.paths) == (Tier.CHECK_IN, ("detector",))
    decision = before.figure_of_speech(*FIGURE).signposted(0.3)
    assert (decision.tier, decision.category, decision.paths) == (
        Tier.NONE, None, ("figure_overruled",)
    )  # fmt: skip
    assert decision.intent is None
    assert decision.signpost is True
    record = decision.record()
    assert record["paths"] == ["figure_overruled"]
    assert record["findings"][0]["tier"] == "check_in"


@pytest.mark.parametrize(
    ("text", "intent", "confidence", "urgent", "check_in", "ranking"),
    [
        # DIET not sure enough of the figure
        (GAME, "risk_none_figurative", 0.45, 0.01, 0.02, True),
        # DIET's likeliest intent is something else
        (GAME, "topic_child_contact", 0.92, 0.01, 0.02, True),
        # the tier model sees some risk, or did not rank the message (it failed)
        (GAME, "risk_none_figurative", 0.92, 0.03, 0.03, True),
        (GAME, "risk_none_figurative", 0.99, 0.0, 0.0, False),
        # the urgent reply: never for an act (words of danger asked beside a practical question)
        ("whats an occupation order? hes just poured lighter fluid through the letterbox",
         "risk_none_figurative", 1.0, 0.0, 0.0, True),
        # nor for a threat beside a weapon, nor a threat the tier model gives some risk
        ("my brother said hell murder me with a knife for touching his ps5",
         "risk_none_figurative", 1.0, 0.0, 0.0, True),
        (THREAT, "risk_none_figurative", 0.99, 0.03, 0.03, True),
        (THREAT, "topic_child_contact", 0.99, 0.0, 0.0, True),
        # a time: nothing lowers it
        ("my cat ate a lily tonight and i thought she was going to die",
         "risk_none_figurative", 0.99, 0.0, 0.0, True),
        ("watched a drama about an honour killing tonight, any good books on it",
         "risk_none_figurative", 0.99, 0.0, 0.0, True),
    ],
)  # fmt: skip
def test_the_detector_stands_unless_both_models_read_a_figure_of_a_check_in(
    detector, text, intent, confidence, urgent, check_in, ranking
):
    before = figure_decision(detector, text, intent, confidence, urgent, check_in, ranking)
    assert before.tier > Tier.NONE
    assert before.figure_of_speech(*FIGURE) == before


def test_both_models_overrule_urgent_words_that_are_only_someones_threat(detector):
    # "he'll murder me" is urgent to the detector; DIET reads a figure and the tier model next
    # to no risk: answered, with the helplines after (config.yml, figure_tier_max).
    before = figure_decision(detector, THREAT, "risk_none_figurative", 0.9, 0.01, 0.02)
    assert (before.tier, before.paths) == (Tier.URGENT, ("detector",))
    assert [f.pattern_id for f in before.assessment.findings] == ["danger.threat_to_kill"]
    decision = before.figure_of_speech(*FIGURE).signposted(0.3)
    assert (decision.tier, decision.paths, decision.signpost) == (
        Tier.NONE, ("figure_overruled",), True
    )  # fmt: skip
    # an urgent threat is also a check-in's threat: said of the past, the same
    said_then = "when we were kids my brother used to say hed murder me if i touched his ps5"
    past = figure_decision(detector, said_then, "risk_none_figurative", 0.9, 0.01, 0.02)
    assert past.tier is Tier.CHECK_IN
    assert past.figure_of_speech(*FIGURE).tier is Tier.NONE


def test_the_threats_a_figure_may_overrule_are_urgent_threat_patterns():
    patterns = {p.id: p for p in load_patterns()}
    for pattern_id in FIGURE_THREAT_PATTERNS:
        assert patterns[pattern_id].tier is Tier.URGENT
        assert patterns[pattern_id].kind.value == "threat"


def test_a_check_in_another_path_raised_is_never_overruled(detector):
    # the risk share asks too: not the detector's words alone
    shared = decide(
        detector.assess(GAME),
        {"name": "risk_none_figurative", "confidence": 0.6},
        ranked(("risk_concern_other", 0.55), ("risk_none_figurative", 0.3)),
        tier_ranking=tiers(0.01, 0.01),
        **{**SHARE, **TIER_MODEL},
    )
    assert shared.paths == ("detector", "risk_share")
    assert shared.figure_of_speech(*FIGURE) == shared
    # a scene made it urgent (someone else on a ledge)
    alone = figure_decision(detector, GAME, "risk_none_figurative", 0.99, 0.01, 0.01)
    raised = alone.in_scene(Scene(at_height=True))
    assert raised.tier is Tier.URGENT
    assert raised.figure_of_speech(*FIGURE) == raised


UNSECONDED = (0.1, 0.5)
# A question about leaving that the detector reads as violence now ("he hit me")
GUILT = "is it normal to feel guilty for leaving even though he hit me"


def test_risk_neither_model_sees_is_answered_with_the_helplines_after(detector):
    # The detector's words alone; DIET's likeliest intent is no risk intent, the risk share is
    # small and the tier model puts next to nothing on risk: answered, helplines after.
    before = figure_decision(detector, GUILT, "share_distress", 0.55, 0.0, 0.01)
    assert (before.tier, before.paths) == (Tier.URGENT, ("detector",))
    decision = before.unseconded(*UNSECONDED, Scene()).signposted(0.3)
    assert (decision.tier, decision.category, decision.paths, decision.signpost) == (
        Tier.NONE, None, ("unseconded",), True
    )  # fmt: skip
    assert decision.record()["findings"][0]["pattern"] == "danger.violence_now"


@pytest.mark.parametrize(
    ("text", "intent", "confidence", "urgent", "check_in", "ranking"),
    [
        # DIET's likeliest intent is a risk intent, however unsure
        (GUILT, "risk_danger", 0.3, 0.0, 0.01, True),
        # the tier model sees some risk, or did not rank the message (it failed)
        (GUILT, "share_distress", 0.55, 0.06, 0.05, True),
        (GUILT, "share_distress", 0.55, 0.0, 0.0, False),
        # means, a plan or a time: nothing lowers it
        ("is it normal to feel this calm, ive got the tablets lined up for tonight",
         "share_distress", 0.9, 0.0, 0.0, True),
        # words of the writer's own harm, even where both models see none
        ("had 16 of the hayfever ones. is that dangerous? heart feels wrong",
         "risk_none_figurative", 1.0, 0.04, 0.01, True),
        ("thanks for listening, in case i dont talk to you again", "thanks", 0.9, 0.0, 0.0,
         True),
        ("whats the difference between a non mol and an occupation order? i have 300 "
         "screenshots of him telling me to kill myself", "topic_legal", 0.9, 0.0, 0.0, True),
    ],
)  # fmt: skip
def test_the_detector_stands_when_either_model_sees_risk(
    detector, text, intent, confidence, urgent, check_in, ranking
):
    before = figure_decision(detector, text, intent, confidence, urgent, check_in, ranking)
    assert before.tier > Tier.NONE
    assert before.unseconded(*UNSECONDED, Scene()) == before


def test_urgent_words_stand_when_the_message_says_now_or_sets_a_time(detector):
    # Both models read violence asked beside a question of law as safe (out of fold, fortieth
    # session); "just" says it is happening now.
    text = "whats an occupation order? hes just poured lighter fluid through the letterbox"
    before = figure_decision(detector, text, "topic_legal", 0.9, 0.0, 0.0)
    assert (before.tier, before.paths) == (Tier.URGENT, ("detector",))
    assert detector.scene(text).timed
    assert before.unseconded(*UNSECONDED, detector.scene(text)) == before
    # "even though he hit me" says no now and sets no time; said of tonight, it stands
    assert not detector.scene(GUILT).timed
    tonight = GUILT + " tonight"
    assert detector.scene(tonight).timed
    timed = figure_decision(detector, tonight, "share_distress", 0.55, 0.0, 0.01)
    assert timed.unseconded(*UNSECONDED, detector.scene(tonight)) == timed


def test_the_risk_share_keeps_the_detectors_words(detector):
    # the blended ranking leans to risk intents, under the share's own threshold
    shared = decide(
        detector.assess(GUILT),
        {"name": "share_distress", "confidence": 0.45},
        ranked(("share_distress", 0.45), ("risk_danger", 0.3), ("risk_suicide", 0.25)),
        tier_ranking=tiers(0.0, 0.01),
        **{**SHARE, **TIER_MODEL, "share_check_in_min": 0.6, "share_urgent_min": 0.6},
    )
    assert (shared.tier, shared.paths) == (Tier.URGENT, ("detector",))
    assert shared.unseconded(*UNSECONDED, Scene()) == shared
    # and another path, or a scene, raising it is never overruled
    alone = figure_decision(detector, GAME, "share_distress", 0.9, 0.0, 0.0)
    raised = alone.in_scene(Scene(at_height=True))
    assert raised.tier is Tier.URGENT
    assert raised.unseconded(*UNSECONDED, Scene()) == raised


def sign_off_decision(detector, text, urgent):
    """The decision for a goodbye DIET read as one, with the tier model's urgent as given."""
    decision = decide(
        detector.assess(text),
        {"name": "goodbye", "confidence": 0.5},
        ranked(("goodbye", 0.5)),
        tier_ranking=tiers(urgent, 0.0),
        **{**THRESHOLDS, "tier_check_in_min": 0.55, "tier_urgent_min": 0.8},
    )
    return decision.confirmed(0.45, asked_topic=False)


def test_a_goodbye_only_the_unsure_tier_model_raised_is_answered_with_the_helplines(detector):
    before = sign_off_decision(detector, "bye x", 0.56)
    assert (before.tier, before.paths) == (Tier.URGENT, ("tier_model", "tier_model_urgent"))
    decision = before.sign_off(0.8).signposted(0.3)
    assert (decision.tier, decision.category, decision.paths) == (
        Tier.NONE, None, ("sign_off_overruled",)
    )  # fmt: skip
    assert decision.signpost is True
    assert decision.record()["tier_model"]["urgent"] == pytest.approx(0.56)


@pytest.mark.parametrize(
    ("text", "urgent"),
    [
        ("bye x", 0.85),  # the tier model sure of urgent
        ("bye everyone. im sorry", 0.56),  # the detector's words
    ],
)
def test_a_goodbye_the_tier_model_is_sure_of_or_with_risk_words_keeps_its_reply(
    detector, text, urgent
):
    before = sign_off_decision(detector, text, urgent)
    assert before.tier is Tier.URGENT
    assert before.sign_off(0.8) == before
