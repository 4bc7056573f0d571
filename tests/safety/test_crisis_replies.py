import re

import pytest

from lantern.safety.crisis import build_responses, load_words
from lantern.safety.resources import load_resources

RESPONSES = build_responses(load_words(), load_resources())
SAFETY_TEXTS = [
    (name, variation)
    for name in ("utter_urgent", "utter_check_in")
    for variation in RESPONSES[name]
]
# Never any method, quantity, place or height, even to discourage it.
METHOD_WORDS = re.compile(
    r"\b(paracetamol|ibuprofen|mg|rope|noose|hang|hanging|jump|bridge|cliff|height|railway|"
    r"train tracks|blade|razor|wrist|dose|overdose amount|how many)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize(("name", "variation"), SAFETY_TEXTS)
def test_safety_replies_follow_safe_messaging(name, variation):
    text = variation["text"]
    assert "not a person" in text and "no one is watching this chat live" in text
    assert "committed suicide" not in text.lower()
    assert not METHOD_WORDS.search(text), METHOD_WORDS.search(text)
    assert "secret" not in text.lower()
    assert text.count("• ") >= 2, "at least two resources shown"
    assert "?" in text, "asks directly"


@pytest.mark.parametrize(("name", "variation"), SAFETY_TEXTS)
def test_elsewhere_never_offers_uk_numbers(name, variation):
    nation = {c["name"]: c["value"] for c in variation.get("condition", [])}.get("nation")
    if nation == "elsewhere":
        assert "999" not in variation["text"]
        assert "116 123" not in variation["text"]


def test_urgent_reply_offers_something_to_do_now_besides_a_number():
    words = load_words()
    for category in (
        "suicide",
        "immediate_danger",
        "overdose",
        "self_harm",
        "honour_based_abuse",
        "abuser_suicide_threat",
    ):
        right_now = words.urgent(category).right_now
        action = re.sub(r"[^.]*\b(call|text|ring)\b[^.]*\.", "", right_now)
        assert len(action.strip()) >= 40, right_now


def test_what_to_do_now_comes_after_the_resources_and_says_so():
    # urgent_text puts the helplines between the opening and right_now: right_now can point up,
    # never down ("the helplines below" once followed them).
    words = load_words()
    for category in (*words.data.urgent, "general"):
        assert not re.search(r"\bbelow\b", words.urgent(category).right_now), category


def test_every_category_and_place_has_exactly_one_variation():
    seen = set()
    for variation in RESPONSES["utter_urgent"]:
        key = tuple((c["name"], c["value"]) for c in variation.get("condition", []))
        assert key not in seen
        seen.add(key)
    # (unset, ten kinds, general, detector_error) x (unset, five places) x (adult or unknown,
    # under 18), and a fallback
    assert len(seen) == 13 * 6 * 2 + 1


def _conditions(variation):
    return {c["name"]: c["value"] for c in variation.get("condition", [])}


@pytest.mark.parametrize("kind", ["overdose", "self_harm"])
def test_safe_for_now_after_an_overdose_or_an_injury_still_asks_for_medical_help(kind):
    variations = RESPONSES["utter_urgent_safe"]
    chosen = [v for v in variations if _conditions(v).get("risk_category") == kind]
    # one for each place (unset and five), never two whose conditions both hold
    assert sorted(str(_conditions(v)["nation"]) for v in chosen) == sorted(
        ["None", "england", "wales", "scotland", "northern_ireland", "elsewhere"]
    )
    for variation in chosen:
        text = variation["text"]
        assert "emergency department" in text or "A&E" in text
        assert not METHOD_WORDS.search(text), METHOD_WORDS.search(text)
        if _conditions(variation)["nation"] == "elsewhere":
            assert "999" not in text
    # every other kind of risk gets the one reply without conditions
    assert [v for v in variations if "condition" not in v] == [
        {"text": load_words().data.urgent_safe}
    ]


@pytest.mark.parametrize(
    "name", ["utter_urgent", "utter_check_in", "utter_signpost", "utter_resources"]
)
def test_a_young_writer_in_the_uk_is_always_shown_childline(name):
    young = [v for v in RESPONSES[name] if _conditions(v).get("age_group") == "under_18"]
    assert young
    for variation in young:
        abroad = _conditions(variation).get("nation") == "elsewhere"
        assert (
            "Childline (for anyone under 19): call 0800 1111" in variation["text"]
        ) is not abroad, variation


def test_only_the_child_replies_show_childline_to_anyone_else():
    for name in ("utter_urgent", "utter_check_in", "utter_signpost"):
        for variation in RESPONSES[name]:
            conditions = _conditions(variation)
            if conditions.get("age_group") is None and "Childline" in variation["text"]:
                assert conditions.get("risk_category") == "child_at_risk", variation


def test_the_list_of_every_helpline_always_has_childline_in_the_uk():
    # Telegram's /resources cannot know the age: Childline is in the list for everyone, last,
    # and second (after 999) for a writer who said they are under 18.
    for variation in RESPONSES["utter_resources"]:
        conditions = _conditions(variation)
        lines = [line for line in variation["text"].splitlines() if line.startswith("• ")]
        if conditions.get("nation") == "elsewhere":
            assert not any("Childline" in line for line in lines)
        elif conditions.get("age_group") == "under_18":
            assert "Childline" in lines[1], lines
        else:
            assert "Childline" in lines[-1], lines


def test_a_young_writer_about_a_child_is_spoken_to_not_told_to_look_after_the_child():
    words = load_words()
    young = words.urgent("child_at_risk", young=True)
    assert "stay with the child" not in young.right_now
    assert "adult you trust" in young.right_now
    # the words hold in every place: abroad there is no Childline to name
    assert "Childline" not in young.opening + young.right_now
    assert "you, or anyone with you" in words.check_in("child_at_risk", young=True)
    # every other kind of risk keeps its words
    assert words.urgent("suicide", young=True) == words.urgent("suicide")


def test_button_payloads_fit_telegram():
    for variations in RESPONSES.values():
        for variation in variations:
            for button in variation.get("buttons", []):
                assert len(button["payload"].encode()) <= 64


def test_the_signpost_names_people_to_talk_to_in_each_place_and_asks_nothing():
    variations = RESPONSES["utter_signpost"]
    by_nation = {
        next((c["value"] for c in v.get("condition", []) if c["name"] == "nation"), "fallback"): v
        for v in variations
    }
    assert set(by_nation) == {None, "england", "wales", "scotland", "northern_ireland",
                              "elsewhere", "fallback"}  # fmt: skip
    for nation, variation in by_nation.items():
        text = variation["text"]
        assert text.count("• ") >= (1 if nation == "elsewhere" else 2), nation
        assert "?" not in text and "buttons" not in variation, "a line, not a question"
        assert not METHOD_WORDS.search(text)
        assert "committed suicide" not in text.lower()
    assert "116 123" in by_nation["england"]["text"] and "999" in by_nation["england"]["text"]
    assert "Live Fear Free" in by_nation["wales"]["text"]
    assert "999" not in by_nation["elsewhere"]["text"]
    assert "116 123" not in by_nation["elsewhere"]["text"]


def test_child_reply_fits_a_child_hurt_or_poisoned_as_well_as_threatened():
    # "my toddler got into the dishwasher tablets" got "keep the child with you, somewhere you
    # can get out", written for violence only (thirty-seventh session's last look).
    right_now = load_words().urgent("child_at_risk").right_now
    assert "swallowed" in right_now and "hurt" in right_now and "threatening" in right_now
