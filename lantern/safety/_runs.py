"""Phrases found by their runs of fixed words: one PhraseMatcher call finds every run.

A phrase such as "hit|punch me ** face" is two runs ("hit me", "punch me"; "face") with up to
three words of anything between them. spaCy's PhraseMatcher finds every run of two or more words
of every phrase in one pass over the message; a run of one word (one of a set) is looked up in
the message's words, since one-word runs such as "i" or "me" would fill the PhraseMatcher's
answer. A phrase matches where its runs follow one another with no more than its gaps between
them. That gives the same spans as a spaCy Matcher given the phrase's token pattern
(``tests/safety/test_runs.py`` holds the two to each other), at a fraction of the cost of one
Matcher call per phrase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lantern.safety.patterns import Layout

if TYPE_CHECKING:
    from spacy.tokens import Doc
    from spacy.vocab import Vocab

Span = tuple[int, int]
Spellings = tuple[tuple[str, ...], ...]


class RunMatcher:
    """Every run of fixed words of the phrases added, found in one call."""

    def __init__(self, vocab: Vocab) -> None:
        from spacy.matcher import PhraseMatcher

        self._vocab = vocab
        self._matcher = PhraseMatcher(vocab, attr="ORTH")
        self._numbers: dict[Spellings, int] = {}  # a run's spellings -> its number
        self._number_of_match: dict[int, int] = {}  # the PhraseMatcher's match id -> number
        self._one_word: dict[int, frozenset[str]] = {}  # a one-word run's number -> its words
        self._phrases: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def __contains__(self, phrase_key: object) -> bool:
        return phrase_key in self._phrases

    def add(self, phrase_key: str, layout: Layout) -> None:
        """Add a phrase; runs that several phrases share are looked for once."""
        runs = tuple(self._run(spellings) for spellings in layout.runs)
        self._phrases[phrase_key] = (runs, layout.gaps)

    def find(self, doc: Doc, words: list[str]) -> Found:
        """Where each run of two or more words occurs in the Doc (whose words are ``words``).

        ``words`` may hold a message's own word where the Doc holds a placeholder: a phrase
        never names either.
        """
        runs: dict[int, list[Span]] = {}
        number_of = self._number_of_match
        for match_id, start, end in self._matcher(doc):
            runs.setdefault(number_of[match_id], []).append((start, end))
        return Found(runs, words)

    def spans(self, found: Found, phrase_key: str) -> list[Span]:
        """Where the phrase matches, given what `find` found: every span, in order."""
        runs, gaps = self._phrases[phrase_key]
        spans = self._occurrences(found, runs[0])
        if not spans:
            return []
        joined = set(spans)
        for run, gap in zip(runs[1:], gaps, strict=True):
            following = self._occurrences(found, run)
            if not following:
                return []
            joined = {
                (start, next_end)
                for start, end in joined
                for next_start, next_end in following
                if end <= next_start <= end + gap
            }
            if not joined:
                return []
        return sorted(joined)

    def _occurrences(self, found: Found, run: int) -> list[Span]:
        words = self._one_word.get(run)
        if words is None:
            return found.runs.get(run, [])
        return [(i, i + 1) for i, word in enumerate(found.words) if word in words]

    def _run(self, spellings: Spellings) -> int:
        number = self._numbers.get(spellings)
        if number is None:
            from spacy.tokens import Doc

            number = self._numbers[spellings] = len(self._numbers)
            if all(len(words) == 1 for words in spellings):
                self._one_word[number] = frozenset(words[0] for words in spellings)
            else:
                name = f"run {number}"
                docs = [Doc(self._vocab, words=list(words)) for words in spellings]
                self._matcher.add(name, docs)
                self._number_of_match[self._vocab.strings[name]] = number
        return number


@dataclass(frozen=True)
class Found:
    """What one look at a message found: where runs of several words are, and its words."""

    runs: dict[int, list[Span]]
    words: list[str]
