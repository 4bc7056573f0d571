from pathlib import Path

import pytest
import yaml

from lantern.safety import Category, Modifier, Tier

CASES = yaml.safe_load(
    (Path(__file__).resolve().parents[1] / "data" / "risk_cases.yml").read_text()
)["cases"]


@pytest.mark.parametrize(
    ("text", "tier", "category"),
    [
        # explicit intent
        ("i want to kill myself", Tier.URGENT, Category.SUICIDE),
        # the rule: a negation never lowers a message with means
        ("I'm not suicidal but I've lined the tablets up", Tier.URGENT, Category.OVERDOSE),
        # negation with an unrelated question is no risk
        ("not suicidal, just want to know how a non-molestation order works", Tier.NONE, None),
        # long past is no risk
        ("I self-harmed at uni but that's long behind me", Tier.NONE, None),
        # past, but struggling again now: check in
        (
            "I overdosed years ago and I'm struggling again tonight",
            Tier.CHECK_IN,
            Category.OVERDOSE,
        ),
        # the partner's quoted cruelty: check in
        ("he said just die already", Tier.CHECK_IN, Category.SUICIDE),
        # reported speech telling them to: check in, not urgent
        ("he told me to kill myself", Tier.CHECK_IN, Category.SUICIDE),
        # slang
        ("kms", Tier.URGENT, Category.SUICIDE),
        ("been thinking about unaliving a lot", Tier.CHECK_IN, Category.SUICIDE),
        ("sewerslide tonight", Tier.URGENT, Category.SUICIDE),
        # misspellings
        ("i feel suicdal", Tier.URGENT, Category.SUICIDE),
        ("im going to kil myself", Tier.URGENT, Category.SUICIDE),
        # zero-width characters splitting a word
        ("i want to k\u200bill my\u200cself", Tier.URGENT, Category.SUICIDE),
        # emoji
        ("💊💊💊", Tier.CHECK_IN, Category.OVERDOSE),
        ("hes got a 🔪", Tier.URGENT, Category.IMMEDIATE_DANGER),
        # figurative uses
        ("my back is killing me", Tier.NONE, None),
        ("I'd kill for a lie-in", Tier.NONE, None),
        ("i could murder a cuppa", Tier.NONE, None),
        # third person: someone else at risk
        ("my friend said she wants to die", Tier.CHECK_IN, Category.CONCERN_FOR_OTHER),
        # the partner threatening suicide to stop them leaving
        ("he says hell kill himself if i leave", Tier.CHECK_IN, Category.ABUSER_SUICIDE_THREAT),
        # immediate danger of each kind
        ("he's strangling me", Tier.URGENT, Category.IMMEDIATE_DANGER),
        ("he put his hands round my neck", Tier.URGENT, Category.IMMEDIATE_DANGER),
        ("hes locked me in the bedroom", Tier.URGENT, Category.IMMEDIATE_DANGER),
        ("he wont let me leave the house", Tier.URGENT, Category.IMMEDIATE_DANGER),
        ("he keeps saying hell kill me", Tier.URGENT, Category.IMMEDIATE_DANGER),
        ("hes threatening to set the house on fire", Tier.URGENT, Category.IMMEDIATE_DANGER),
        # a child
        ("hes hitting my son right now", Tier.URGENT, Category.CHILD_AT_RISK),
        # stalking now, and ongoing
        ("hes following me right now", Tier.URGENT, Category.STALKING),
        ("he keeps turning up at my work", Tier.CHECK_IN, Category.STALKING),
        # sexual violence
        ("he raped me last night", Tier.URGENT, Category.SEXUAL_VIOLENCE),
        # forced marriage and honour-based abuse: a category of its own, leading a threat to
        # kill, whose reply also gives 999 and the Silent Solution
        (
            "theyre marrying me off next month and i dont want to",
            Tier.URGENT,
            Category.HONOUR_BASED_ABUSE,
        ),
        (
            "my family are forcing me to marry a man i have never met",
            Tier.CHECK_IN,
            Category.HONOUR_BASED_ABUSE,
        ),
        (
            "they said theyll kill me for bringing shame on the family",
            Tier.URGENT,
            Category.HONOUR_BASED_ABUSE,
        ),
        # a partner taking a passport to keep them from leaving is danger, not a marriage
        ("he took my passport so i cant leave", Tier.URGENT, Category.IMMEDIATE_DANGER),
        # Scots negatives and spellings read as English ones: "wouldnae" is "would not"
        ("he wouldnae let me leave the hoose", Tier.URGENT, Category.IMMEDIATE_DANGER),
        ("i dinnae want tae be here anymore", Tier.CHECK_IN, Category.SUICIDE),
        ("he didnae hit me, it was the mind games", Tier.NONE, None),
        # a book, not the writer
        ("just read a book where the main character overdoses", Tier.NONE, None),
        # an ordinary topic question
        ("why cant i leave him when i know its bad", Tier.NONE, None),
    ],
)
def test_detector_table(detector, text, tier, category):
    assessment = detector.assess(text)
    assert assessment.tier == tier, assessment.explain()
    assert assessment.primary == category


@pytest.mark.parametrize(
    ("text", "context"),
    [
        ("my rishta is next month", (Category.HONOUR_BASED_ABUSE,)),
        ("i said no to the rishta", (Category.HONOUR_BASED_ABUSE,)),
        # not when the words are long past
        ("my rishta was years ago, im divorced and fine now", ()),
        ("i love my job", ()),
    ],
)
def test_a_context_pattern_names_a_kind_and_never_a_risk(detector, text, context):
    assessment = detector.assess(text)
    assert assessment.tier is Tier.NONE
    assert assessment.context == context
    # ... nor explains a message safe, which would stop NLU escalating it
    assert not assessment.explained_safe


def test_a_scene_finds_its_words_across_sentences(detector):
    assessment = detector.assess(
        "flight is tomorrow 6am. mum thinks i dont know its for my shaadi. im 17. im scared"
    )
    assert assessment.tier is Tier.URGENT
    assert assessment.primary is Category.HONOUR_BASED_ABUSE
    assert "honour.taken_abroad_to_marry" in {f.pattern_id for f in assessment.findings}
    # one slot missing (no force or fear): nothing
    assert detector.assess("flight is tomorrow 6am for my cousins shaadi, so excited").tier is (
        Tier.NONE
    )


@pytest.mark.parametrize(
    "text",
    [
        "the imam is coming round on friday to talk about my nikah. nobody asked me",
        "theres an engagement party for me in bangladesh this summer. i never agreed to anything",
    ],
)
def test_a_phrase_that_needs_words_counts_only_beside_them(detector, text):
    assessment = detector.assess(text)
    assert assessment.tier is Tier.CHECK_IN
    assert assessment.primary is Category.HONOUR_BASED_ABUSE
    assert "danger.marriage_not_chosen" in {f.pattern_id for f in assessment.findings}
    # the same words with no marriage to come: nothing
    assert detector.assess(text.split(".")[-1]).tier is Tier.NONE


def test_findings_say_which_pattern_fired_on_which_words(detector):
    assessment = detector.assess("honestly im fine, ive just got the pills out")
    (finding,) = [f for f in assessment.findings if f.category is Category.OVERDOSE]
    assert finding.pattern_id == "overdose.means"
    assert finding.words == "pills out"
    assert "Pills at hand" in finding.explanation
    assert "overdose.means" in assessment.explain()


def test_negated_statement_lowers_to_none_with_the_reason(detector):
    (finding,) = detector.assess("im not suicidal").findings
    assert finding.base_tier is Tier.URGENT
    assert finding.tier is Tier.NONE
    assert finding.modifiers == (Modifier.NEGATED,)


def test_a_threat_denied_inside_its_own_words_is_negated_but_not_of_the_writer(detector):
    # "he ** hurt them" matches across the "wouldnt"; the denial is in the gap.
    (finding,) = detector.assess("he wouldnt hurt them, he just shouts").findings
    assert finding.modifiers == (Modifier.NEGATED,)
    assert finding.tier is Tier.NONE
    # Said of the writer it is how minimising sounds: not lowered.
    assert detector.assess("hed never kill me, he just says it when hes drunk").tier is Tier.URGENT


def test_a_figure_with_him_saying_or_about_to_act_inside_it_is_not_the_figure(detector):
    # "@joking_people ** going to kill me" and "back ... kill me" once swallowed these threats.
    assert detector.assess("my mum says hes going to kill me if i go back").tier is Tier.URGENT
    assert detector.assess("he came back and said hell kill me").tier is Tier.URGENT
    # The figures themselves still hold.
    assert detector.assess("my mate says shes gonna kill me for spoiling the film").tier is (
        Tier.NONE
    )
    assert detector.assess("my back is killing me").tier is Tier.NONE


def _tier_at_least(got, want):
    return got >= want if want is not Tier.NONE else got is Tier.NONE


def test_labelled_cases_reach_their_tier(detector):
    # The project's own labelled cases (tests/data/risk_cases.yml; tuning set, not held out).
    misses = {"urgent": [], "check_in": [], "none": []}
    counts = {"urgent": 0, "check_in": 0, "none": 0}
    for case in CASES:
        counts[case["tier"]] += 1
        got = detector.assess(case["text"]).tier
        if not _tier_at_least(got, Tier(case["tier"])):
            misses[case["tier"]].append(case["text"])
    assert len(CASES) >= 250
    assert misses["urgent"] == []
    assert len(misses["check_in"]) <= 0.05 * counts["check_in"], misses["check_in"]
    assert len(misses["none"]) <= 0.05 * counts["none"], misses["none"]


def test_labelled_cases_get_their_kind(detector):
    # The reply a kind leads with (the primary category) is among the case's labels for all
    # but a few of the risky cases: 16 of 758 were off after the thirty-seventh session, most
    # of them where two kinds are both fair ("my son punched me and he's got my daughter by
    # the throat"). A floor against regressions, not a target.
    labelled = [c for c in CASES if c["tier"] != "none" and c.get("categories")]
    off = []
    for case in labelled:
        assessment = detector.assess(case["text"])
        if assessment.tier is Tier.NONE:
            continue
        primary = assessment.primary.value if assessment.primary else None
        if primary not in case["categories"]:
            off.append((case["text"], primary))
    assert len(off) <= 0.025 * len(labelled), off


@pytest.mark.parametrize(
    "text",
    [
        "",  # empty
        " \n\t ",  # whitespace
        "x" * 100_000,  # very long
        "kill " * 20_000,  # very long and all risk words
        "\x00\x01\x02 control \x7f",  # control characters
        "Привет мир 你好 مرحبا 🙂",  # mixed scripts
        "\u200b\u200c\u200d\ufeff",  # only invisible characters
        "'" * 50 + '"' * 50,  # only quotes
    ],
)
def test_detector_never_raises_on_odd_text(detector, text):
    assert detector.assess(text).tier in (Tier.NONE, Tier.CHECK_IN, Tier.URGENT)


def test_a_failure_inside_detection_is_a_check_in_not_none(detector, caplog):
    assessment = detector.assess(None)  # type: ignore[arg-type]
    assert assessment.tier is Tier.CHECK_IN
    assert assessment.error
    assert assessment.categories == (Category.DETECTOR_ERROR,)
    assert "treating the message as check_in" in caplog.text


def test_words_of_a_message_are_not_kept_in_the_shared_vocabulary(detector):
    from lantern.safety._text import load_pipeline

    strings = load_pipeline().vocab.strings
    assessment = detector.assess(
        "zorblax quentworth says hes going to kill himself tonight, 40 pills"
    )
    assert assessment.tier is Tier.URGENT
    assert "zorblax" not in strings and "quentworth" not in strings
    # Numbers stay: a phrase can ask for one ("#num").
    assert "40" in strings


def test_words_the_lemma_table_merges_keep_their_own_key():
    from lantern.safety._text import Lexicon, load_pipeline

    lexicon = Lexicon(load_pipeline())
    # spaCy's lookup table gives "as" the lemma "a" and "number" the lemma "numb"
    assert (lexicon.lemma("as"), lexicon.lemma("number")) == ("as", "number")
    assert (lexicon.lemma("was"), lexicon.lemma("numbers")) == ("be", "number")


def test_a_child_after_as_is_a_memory_and_after_a_verb_is_a_child_at_risk(detector):
    memory = detector.assess("i was sexually abused as a child")
    assert Category.CHILD_AT_RISK not in memory.categories
    assert memory.tier is Tier.CHECK_IN
    assert detector.assess("he sexually abused a child").categories == (Category.CHILD_AT_RISK,)


def test_someone_elses_risk_at_work_is_not_the_writers(detector):
    at_work = detector.assess("paramedic here, a patient took an overdose tonight")
    assert at_work.tier is Tier.NONE
    assert at_work.findings
    assert all(Modifier.AT_WORK in f.modifiers for f in at_work.findings)
    # the writer's own risk stays, wherever they are
    own = detector.assess("paramedic here, had a horrible shift and i want to die tonight")
    assert own.tier is Tier.URGENT
    # someone else's risk at work that is going on as they write is still urgent
    live = detector.assess(
        "teacher here, a pupil just messaged that her dad is hitting her mum, its happening now"
    )
    assert live.tier is Tier.URGENT
    assert not any(Modifier.AT_WORK in f.modifiers for f in live.findings)


def test_an_aside_cancels_the_words_it_covers_but_does_not_explain_the_message(detector):
    aside = detector.assess("phones dying, kids are in here with me")
    assert (aside.tier, aside.findings, aside.explained_safe) == (Tier.NONE, (), False)
    figure = detector.assess("my back is killing me")
    assert figure.explained_safe


def test_a_general_question_about_no_one_is_none_with_the_reason(detector):
    general = detector.assess("is threatening suicide to stop a partner leaving classed as abuse?")
    assert general.tier is Tier.NONE
    assert any(Modifier.GENERAL_QUESTION in f.modifiers for f in general.findings)
    # the same question about the writer's own partner is not general
    own = detector.assess("is it classed as abuse if he threatens suicide when i try to leave?")
    assert own.tier is Tier.CHECK_IN
    # nor is one that places someone here now
    here = detector.assess("is it classed as stalking if someone keeps turning up? hes outside now")
    assert here.tier is Tier.URGENT


def test_a_pattern_that_holds_a_figure_is_not_cancelled_by_it(detector):
    # "took 2 weeks" alone is a figure for time
    assert detector.assess("took 2 weeks to get a gp appointment").tier is Tier.NONE
    held = detector.assess("took 2 weeks of my meds at once")
    assert held.tier is Tier.URGENT
    assert [f.pattern_id for f in held.findings] == ["overdose.taken_supply"]


def test_a_wish_around_a_figure_is_silenced_by_a_longer_figure_around_both(detector):
    assert detector.assess("id rather die than go back to him").tier is Tier.CHECK_IN
    assert detector.assess("id rather die than go back to him lol").tier is Tier.NONE


@pytest.mark.parametrize(
    "text",
    [
        "I overdosed 3 years ago and im not doing well",
        "tried to end it in 2019. not in a good place",
        "I took an overdose 3 years ago. Today's the anniversary and I'm not doing great",
    ],
)
def test_a_past_risk_with_wellbeing_denied_is_a_check_in_not_settled(detector, text):
    # "doing well" and "a good place" say the past is over; after "not" they say the opposite.
    assessment = detector.assess(text)
    assert assessment.tier is Tier.CHECK_IN
    assert not assessment.explained_safe


def test_a_past_risk_settled_in_plain_words_stays_none(detector):
    assert detector.assess("i overdosed years ago, im doing well now").tier is Tier.NONE


def test_finally_not_being_a_burden_is_a_wish_that_keeps_the_message_risky(detector):
    # Read as a denial ("not a burden"), it explained the whole message safe, and the tier
    # model's 0.87 on "pills are in my work bag, doing it ... tomorrow" could not escalate.
    assessment = detector.assess(
        "finally won't be a burden lol. pills are in my work bag, doing it after I drop the "
        "kids at school tomorrow"
    )
    assert assessment.tier > Tier.NONE
    assert not assessment.explained_safe


def test_a_kitchen_burn_is_a_figure_but_one_on_purpose_is_self_harm(detector):
    assert detector.assess("burnt my arm on the oven shelf, cold water then what?").tier is (
        Tier.NONE
    )
    held = detector.assess("burnt my arm on the hob on purpose, its blistered now")
    assert held.tier is Tier.URGENT
    assert [f.pattern_id for f in held.findings] == ["self_harm.on_purpose"]


def test_leaving_him_is_a_way_out_but_leaving_this_world_is_not(detector):
    assert detector.assess("cant go on like this with him so im leaving on friday").tier is (
        Tier.NONE
    )
    assert detector.assess("cant go on like this with him so im leaving this world").tier is (
        Tier.URGENT
    )


def test_a_watcher_who_turned_out_harmless_is_none_but_not_when_it_was_him(detector):
    resolved = detector.assess(
        "been a car outside every night, turns out its the new neighbours son home from uni"
    )
    assert resolved.tier is Tier.NONE
    assert Modifier.RESOLVED in resolved.findings[0].modifiers
    assert (
        detector.assess("been a car outside every night, turns out it was him").tier
        is Tier.CHECK_IN
    )
    assert (
        detector.assess(
            "someones been watching the house all night, turns out the neighbour saw him at 3am"
        ).tier
        is Tier.CHECK_IN
    )


def test_fine_for_years_but_struggling_now_is_not_over(detector):
    # "been fine for years" says the past is over, unless a "but" takes it back soon after.
    assessment = detector.assess(
        "tried to end it when i was 19, been fine for years, but since leaving him the "
        "thoughts are creeping back"
    )
    assert assessment.tier is Tier.CHECK_IN
    assert not assessment.explained_safe


def test_stalking_that_keeps_happening_asked_about_in_law_is_a_check_in(detector):
    # A question of law names what is happening to the writer when it keeps happening.
    asked = detector.assess("question about the law: is it harassment if he follows me every day?")
    assert asked.tier is Tier.CHECK_IN
    assert any(Modifier.HYPOTHETICAL in f.modifiers for f in asked.findings)
    # someone else asking about it, once, is still not a disclosure
    assert (
        detector.assess("my friend asked if anyone was following me and i said no").tier
        is Tier.NONE
    )


def test_years_clean_is_the_past_but_a_relapse_now_is_not_over(detector):
    assert detector.assess("5 years clean from self harm and i still have the scars").tier is (
        Tier.NONE
    )
    assert detector.assess("relapsed tonight after 3 years clean from cutting").tier > Tier.NONE


def test_a_kitchen_cut_that_bled_is_a_figure_but_one_on_purpose_is_not(detector):
    assert detector.assess("cut my finger chopping carrots and it bled everywhere").tier is (
        Tier.NONE
    )
    assert detector.assess("cut my finger on purpose and it bled everywhere").tier is Tier.URGENT


def test_danger_in_a_named_story_is_none_but_not_when_the_writer_is_in_the_sentence(detector):
    story = detector.assess("saw a series last night where the boyfriend pulls a knife on her")
    assert story.tier is Tier.NONE
    assert Modifier.FICTION in story.findings[0].modifiers
    # no link from the programme to what happens: not a story ("we watched a film and ...")
    assert detector.assess("we watched a film and then he pulled a knife on her").tier is (
        Tier.URGENT
    )
    # the writer in the sentence, or here and now
    assert detector.assess("a film where he pulls a knife, like he did to me tonight").tier is (
        Tier.URGENT
    )
    assert detector.assess("the news about him: hes got a knife and hes outside").tier is (
        Tier.URGENT
    )
    # a word that is also something else
    assert detector.assess("his dad said hed show the kids where, hes holding a knife").tier is (
        Tier.URGENT
    )


def test_a_threat_said_then_is_none_only_when_the_message_says_that_time_is_over(detector):
    over = detector.assess(
        "he said he would kill me if i left. i left 5 years ago, hes in prison and im ok now"
    )
    assert over.tier is Tier.NONE
    assert Modifier.PAST in over.findings[0].modifiers
    # said, but no word that it is over; or over with a time set now
    assert detector.assess("he said he would kill me if i left").tier is Tier.URGENT
    assert (
        detector.assess("he said he would kill me. hes been in prison 5 years, out tomorrow").tier
        > Tier.NONE
    )


@pytest.mark.parametrize(
    ("text", "category"),
    [
        # the writer is the subject inside the words, though someone else is named before them
        ("lying awake next to him wishing i just wouldnt wake up tomorrow", Category.SUICIDE),
        (
            "i keep thinking the kids would be fine with my sister if i wasnt around",
            Category.SUICIDE,
        ),
        ("he said nobody would even notice if i was gone. hes right isnt he", Category.SUICIDE),
        ("when hes asleep at 3 im finishing it. alarms set", Category.SUICIDE),
        # someone else's own words, in quote marks, single or double
        ("my ex texts 'ill end it' every time i dont reply", Category.CONCERN_FOR_OTHER),
        # (made to hang on what the writer does, the partner's threat: the test below)
        ('he said last night "if you leave ill end it"', Category.ABUSER_SUICIDE_THREAT),
        ("my brother said ‘it’d be easier if i just wasn’t around’", Category.CONCERN_FOR_OTHER),
        # a subject after "if" is the condition's, and a threat frames the whole sentence
        (
            "hes threatening to jump off the balcony if i leave tonight",
            Category.ABUSER_SUICIDE_THREAT,
        ),
        # someone else making sure the writer never wakes is a threat to kill
        ("he says if i go to sleep hell make sure i dont wake up", Category.IMMEDIATE_DANGER),
        ("she said shes going to make sure i never wake up", Category.IMMEDIATE_DANGER),
        ("ill make sure i dont wake up this time", Category.SUICIDE),
        # the writer as the one the words themselves name: their own wish, or cruelty aimed
        # at them, never worry about someone else
        ("they would all be better off without me tbh", Category.SUICIDE),
        (
            "he says the kids would be better off without me and im starting to agree",
            Category.SUICIDE,
        ),
        ("my wife says nobody would miss me. starting to believe her", Category.SUICIDE),
        # ... but not the writer as where it happened
        ("my friend just swallowed a load of pills in front of me", Category.CONCERN_FOR_OTHER),
        ("my son said everyone would be better off without him", Category.CONCERN_FOR_OTHER),
    ],
)
def test_the_writer_as_the_subject_inside_the_words_is_the_writer(detector, text, category):
    assessment = detector.assess(text)
    assert assessment.primary is category, assessment.explain()
    assert assessment.tier > Tier.NONE


@pytest.mark.parametrize(
    ("text", "tier", "category"),
    [
        # someone else's own harm made to hang on what the writer does: the partner's threat
        ("he says if i leave hell kill himself and itll be my fault", Tier.CHECK_IN,
         Category.ABUSER_SUICIDE_THREAT),
        ("every weekend he texts 'if you dont answer ill end it'", Tier.CHECK_IN,
         Category.ABUSER_SUICIDE_THREAT),
        ("he keeps texting “i’ll kill myself if you go to court”", Tier.CHECK_IN,
         Category.ABUSER_SUICIDE_THREAT),
        # the tier found before is kept: a time set is still urgent
        ("my boyfriend just said hes going to hang himself in the garage if i walk out tonight",
         Tier.URGENT, Category.ABUSER_SUICIDE_THREAT),
        # not the writer's own words, in reported speech or said to the bot
        ("my bf says if i dont go round hes posting the pics. going to the bridge tonight and "
         "thats that", Tier.URGENT, Category.SUICIDE),
        ("ill kill myself if you dont help me", Tier.URGENT, Category.SUICIDE),
        # nor someone else's risk without a condition on the writer
        ("my client just told me shes going to hang herself tonight", Tier.URGENT,
         Category.CONCERN_FOR_OTHER),
        # the one at risk in a message with the partner's threat is the one making it
        ("shes stood on the balcony rail saying shell jump if i go out tonight", Tier.URGENT,
         Category.ABUSER_SUICIDE_THREAT),
        ("he texted saying hell kill himself if i dont come home. hes in the garage with a rope "
         "now", Tier.URGENT, Category.ABUSER_SUICIDE_THREAT),
        # ... and a threat hung on no one leaves someone else's danger as it was
        ("my brother is on the bridge saying hell jump, ive got him on the phone", Tier.URGENT,
         Category.CONCERN_FOR_OTHER),
    ],
)  # fmt: skip
def test_someone_elses_harm_made_to_hang_on_the_writer_is_the_partners_threat(
    detector, text, tier, category
):
    assessment = detector.assess(text)
    assert (assessment.tier, assessment.primary) == (tier, category), assessment.explain()
