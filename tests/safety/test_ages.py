"""Whether the writer says they are under eighteen (lantern/safety/ages.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lantern.safety.ages import says_only_young_age, says_under_18, young_writer


@pytest.mark.parametrize(
    ("text", "words", "age"),
    [
        ("im 15 and my stepdad comes into my room at night", "im 15", 15),
        ("I'm only 14, what do I do", "im only 14", 14),
        ("i’m 16 and my boyfriend checks my phone", "im 16", 16),
        ("my mums boyfriend is hitting her right now im 12", "im 12", 12),
        ("Im fifteen and scared", "im fifteen", 15),
        ("am 16. am upstairs wi ma wee brother", "am 16", 16),
        ("me (15f) and my bf (24m)", "me (15f", 15),
        ("(15f) my bf hits me", "15f", 15),
        ("im 15yo and hes 22", "im 15yo", 15),
        ("im 14yrs old", "im 14yrs old", 14),
        ("im 15m and scared", "im 15m", 15),
        ("im a 16 year old girl", "im a 16 year old", 16),
        ("as a 15yo is this normal", "as a 15yo", 15),
        ("14 year old here, my dad shouts all the time", "14 year old here", 14),
        ("i just turned 16 and hes 25", "i just turned 16", 16),
        ("just turned 15 last week. he says its our secret", "just turned 15", 15),
        ("im 14 today and he didnt let me go out", "im 14", 14),
        ("hes 19 and im 16", "im 16", 16),
        ("im 17 and pregnant", "im 17", 17),
        ("im in year 10 and my bf hits me", "im in year 10", None),
        ("im in s3", "im in s3", None),
        ("im doing my gcses and i cant cope at home", "im doing my gcses", None),
        ("im underage", "im underage", None),
        ("im a minor btw", "im a minor", None),
        ("im still a kid", "im still a kid", None),
        ("im not 18 yet", "im not 18 yet", None),
        # an age still to come: one year less now
        ("im turning 16 next month", "im turning 16", 15),
        ("ill be 16 in june and hes 30", "ill be 16", 15),
        ("i'll be 18 soon so he says i can move in", "ill be 18", 17),
        ("i turn 17 next week", "i turn 17", 16),
        ("im a year 11 student", "im a year 11", None),
        ("im year 9", "im year 9", None),
    ],
)
def test_the_writers_own_age_under_18_is_read(text, words, age):
    found = young_writer(text)
    assert found is not None, text
    assert (found.words, found.age) == (words, age)


@pytest.mark.parametrize(
    "text",
    [
        # a unit, a time or a count, not an age
        "im 16 weeks pregnant and he shoved me",
        "im 9 months pregnant",
        "im 15 mins away",
        "im 15m away",
        "im 15yrs clean",
        "im 13 stone",
        "im 12 years clean",
        "im 15 years into this marriage",
        "im 10 out of 10 sure",
        "im 8/10 sure",
        "im 15th in the queue",
        "give me 10",
        # someone else's age
        "my 15 year old son wont talk to me",
        "shes 15 and he's 30",
        "judo mum here. my lad just turned 16, he's buzzing",
        # the past, or an adult now
        "when i was 15 he groomed me",
        "when i turned 16 he started",
        "im 34. at 15 my stepdad hurt me",
        "i was with him since i was 16, im 31 now",
        "im 18 now",
        "im 30 and hes 17",
        # an age to come that is adult, or someone else's; a unit; a teacher
        "ill be 40 in june",
        "im turning 30 and still with him",
        "my son is turning 16 next week",
        "ill be 16 weeks on friday",
        "ill be 15 minutes",
        "im a year 7 teacher",
        # a figure of speech
        "im still a kid at heart lol",
        "",
        "im",
    ],
)
def test_other_numbers_and_other_peoples_ages_are_not(text):
    assert young_writer(text) is None, young_writer(text)


def test_an_adult_age_in_the_same_message_wins():
    assert not says_under_18("im 23. when i was 15 i tried. im 15 years older than him")


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_never_raises_on_arbitrary_text(text):
    assert says_under_18(text) in (True, False)


def test_long_text_is_quick():
    assert says_under_18("im 15 " + "and he " * 20_000)


@pytest.mark.parametrize(
    "text",
    ["im 15", "im only 14 btw", "forgot to say im 15", "sorry i should of said im 14",
     "im 15 does that change anything", "im in year 10", "me (15f)", "Im fifteen.",
     "im turning 16 next month"],
)  # fmt: skip
def test_a_message_that_says_only_a_young_age(text):
    assert says_only_young_age(text)


@pytest.mark.parametrize(
    "text", ["im 15 and scared", "im 15 and my dad hits me", "im 34", "im 16 can i ring them", ""]
)
def test_a_message_that_says_more_or_no_young_age(text):
    assert not says_only_young_age(text)
