"""Phrases found by their runs of fixed words match exactly where spaCy's Matcher does."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from spacy.matcher import Matcher
from spacy.tokens import Doc

from lantern.safety._runs import RunMatcher
from lantern.safety._text import load_pipeline
from lantern.safety.patterns import Layout, compile_phrase, layout, load_patterns

MOST_SPELLINGS = 2048
FILLER = ["_", "and", ".", "the", "42"]


def test_a_phrase_is_runs_of_words_with_gaps_between():
    shape = layout(compile_phrase("hit|punch ?me ** face * * now"), MOST_SPELLINGS)
    assert shape is not None
    assert shape.runs == (
        (("hit",), ("hit", "me"), ("punch",), ("punch", "me")),
        (("face",),),
        (("now",),),
    )
    assert shape.gaps == (3, 2)


@pytest.mark.parametrize(
    "phrase",
    [
        "* kill me",  # a gap before the first word
        "kill me **",  # ... or after the last
        "took #num tablets",  # a number
        "want ** ?really ** die",  # a run that can be empty
    ],
)
def test_phrases_a_matcher_must_read_itself_have_no_layout(phrase):
    assert layout(compile_phrase(phrase), MOST_SPELLINGS) is None


def test_a_run_with_too_many_spellings_has_no_layout():
    phrase = " ".join("a|b|c|d" for _ in range(6))  # 4**6 = 4096 spellings
    assert layout(compile_phrase(phrase), MOST_SPELLINGS) is None


@pytest.fixture(scope="module")
def both():
    """Every phrase of patterns.yml with a layout, in a RunMatcher and in its own Matcher."""
    vocab = load_pipeline().vocab
    run_matcher = RunMatcher(vocab)
    matchers: dict[str, tuple[Matcher, list[str], Layout]] = {}
    for pattern in load_patterns():
        for index, phrase in enumerate(pattern.phrases):
            specs = compile_phrase(phrase)
            shape = layout(specs, MOST_SPELLINGS)
            if shape is None:
                continue
            key = f"{pattern.id}#{index}"
            run_matcher.add(key, shape)
            matcher = Matcher(vocab)
            matcher.add(key, [specs])
            words = sorted({w for run in shape.runs for spelling in run for w in spelling})
            matchers[key] = (matcher, words, shape)
    return vocab, run_matcher, matchers


def test_most_phrases_are_read_by_runs(both):
    _, _, matchers = both
    assert len(matchers) > 1000


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_runs_and_gaps_match_where_the_matcher_does(both, data):
    vocab, run_matcher, matchers = both
    key = data.draw(st.sampled_from(sorted(matchers)))
    matcher, words, shape = matchers[key]
    if data.draw(st.booleans()):  # any of the phrase's words, in any order
        text = data.draw(st.lists(st.sampled_from(words + FILLER), min_size=1, max_size=14))
    else:  # its runs in order, with gaps of up to one word more than the phrase allows
        anything = st.lists(st.sampled_from(words + FILLER), max_size=2)
        text = data.draw(anything)
        for index, spellings in enumerate(shape.runs):
            if index:
                gap = shape.gaps[index - 1] + 1
                text += data.draw(st.lists(st.sampled_from(words + FILLER), max_size=gap))
            text += list(data.draw(st.sampled_from(spellings)))
        text += data.draw(anything)
    doc = Doc(vocab, words=text)
    expected = sorted({(start, end) for _, start, end in matcher(doc)})
    assert run_matcher.spans(run_matcher.find(doc, text), key) == expected


def test_every_phrase_matches_its_own_words_where_the_matcher_does(both):
    vocab, run_matcher, matchers = both
    for key, (matcher, _, shape) in matchers.items():
        # each run's longest spelling, the widest gap filled, inside a sentence of filler
        text = ["and"]
        for index, spellings in enumerate(shape.runs):
            if index:
                text += ["_"] * shape.gaps[index - 1]
            text += list(max(spellings, key=len))
        text += ["the"]
        doc = Doc(vocab, words=text)
        expected = sorted({(start, end) for _, start, end in matcher(doc)})
        assert (1, len(text) - 1) in expected, key
        assert run_matcher.spans(run_matcher.find(doc, text), key) == expected, key
