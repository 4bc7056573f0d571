"""Phrases found by their runs of fixed words match exactly where spaCy's Matcher does."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from spacy.matcher import Matcher
from spacy.tokens import Doc

from lantern.safety._pieces import PieceMatcher
from lantern.safety._text import load_pipeline
from lantern.safety.patterns import Layout, compile_phrase, layout, load_patterns

MOST_SPELLINGS = 2048
FILLER = ["_", "and", ".", "the", "42"]


def test_a_phrase_is_runs_of_words_with_gaps_between():
    runs = layout(compile_phrase("hit|punch ?me ** face * * now"), MOST_SPELLINGS)
    assert runs is not None
    assert runs.pieces == (
        (("hit",), ("hit", "me"), ("punch",), ("punch", "me")),
        (("face",),),
        (("now",),),
    )
    assert runs.gaps == (3, 2)


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
    """Every phrase of patterns.yml with a layout, in a PieceMatcher and in its own Matcher."""
    vocab = load_pipeline().vocab
    pieces = PieceMatcher(vocab)
    matchers: dict[str, tuple[Matcher, list[str], Layout]] = {}
    for pattern in load_patterns():
        for index, phrase in enumerate(pattern.phrases):
            specs = compile_phrase(phrase)
            runs = layout(specs, MOST_SPELLINGS)
            if runs is None:
                continue
            key = f"{pattern.id}#{index}"
            pieces.add(key, runs)
            matcher = Matcher(vocab)
            matcher.add(key, [specs])
            words = sorted({w for run in runs.pieces for spelling in run for w in spelling})
            matchers[key] = (matcher, words, runs)
    return vocab, pieces, matchers


def test_most_phrases_are_read_by_runs(both):
    _, _, matchers = both
    assert len(matchers) > 1000


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_runs_and_gaps_match_where_the_matcher_does(both, data):
    vocab, pieces, matchers = both
    key = data.draw(st.sampled_from(sorted(matchers)))
    matcher, words, runs = matchers[key]
    if data.draw(st.booleans()):  # any of the phrase's words, in any order
        text = data.draw(st.lists(st.sampled_from(words + FILLER), min_size=1, max_size=14))
    else:  # its runs in order, with gaps of up to one word more than the phrase allows
        anything = st.lists(st.sampled_from(words + FILLER), max_size=2)
        text = data.draw(anything)
        for index, spellings in enumerate(runs.pieces):
            if index:
                gap = runs.gaps[index - 1] + 1
                text += data.draw(st.lists(st.sampled_from(words + FILLER), max_size=gap))
            text += list(data.draw(st.sampled_from(spellings)))
        text += data.draw(anything)
    doc = Doc(vocab, words=text)
    expected = sorted({(start, end) for _, start, end in matcher(doc)})
    assert pieces.spans(pieces.find(doc, text), key) == expected


def test_every_phrase_matches_its_own_words_where_the_matcher_does(both):
    vocab, pieces, matchers = both
    for key, (matcher, _, runs) in matchers.items():
        # each run's longest spelling, the widest gap filled, inside a sentence of filler
        text = ["and"]
        for index, spellings in enumerate(runs.pieces):
            if index:
                text += ["_"] * runs.gaps[index - 1]
            text += list(max(spellings, key=len))
        text += ["the"]
        doc = Doc(vocab, words=text)
        expected = sorted({(start, end) for _, start, end in matcher(doc)})
        assert (1, len(text) - 1) in expected, key
        assert pieces.spans(pieces.find(doc, text), key) == expected, key
