"""Text clean-up, tokens, and the keys risk patterns match on (with misspelling tolerance).

Messages are cleaned (NFKC, invisible and control characters removed, lower case) and split
into words with apostrophes dropped, so "don't", "dont" and "don’t" are all "dont". Each word's
key is its lemma from spaCy's English lookup table (``spacy-lookups-data``); a word that is not
an English word but is one slip (a letter missing, extra, wrong or swapped) from a word the
patterns use is read as that word. Patterns are compiled to the same keys, so both sides meet
in lemma space.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.language import Language

_INVISIBLE = re.compile("[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\ufe0f]")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_QUOTES = str.maketrans({"‘": "'", "’": "'", "‛": "'", "`": "'", "“": '"', "”": '"', "„": '"'})
# Words (letters, digits, inner apostrophes and asterisks), or any other single visible symbol
# (punctuation, emoji), or a line break.
_TOKEN = re.compile(r"[^\W_](?:[\w'*]*[^\W_*'])?|\n|[^\w\s]", re.UNICODE)
_DIGITS_LETTERS = re.compile(r"^(\d+)([a-z]+)$")
_DIGITS_THEN_LETTERS = re.compile(r"\d[a-z]")
MAX_CHARS = 200_000
# Forms whose apostrophe carries the meaning ("sa'd" is not "sad", "od'd" is not "odd").
_REWRITES = (
    (re.compile(r"\bsa'e?d\b"), " sexually assaulted "),
    (re.compile(r"\bo\.?d'e?d\b|\bo\.d\.?(?=\s|$)"), " i overdosed "),
    (re.compile(r"\bo\.?d'?ing\b"), " overdosing "),
    (re.compile(r"\bsh'e?d\b"), " i selfharmed "),
    (re.compile(r"\bsh'?ing\b"), " selfharming "),
)
_REWRITABLE = re.compile("|".join(pattern.pattern for pattern, _ in _REWRITES))
# Slang that lemmatisation would blur into ordinary words ("kms" is not "km").
LITERAL = frozenset({"kms", "kys", "ctb", "sh", "shd", "od"})
# Negative contractions all read as "not" ("dont want to be here" = "not want to be here"),
# Scots ones too ("he wouldnae let me leave" = "he would not let me leave").
NEGATIONS = frozenset(
    {"not", "dont", "didnt", "doesnt", "cant", "cannot", "wont", "wouldnt", "couldnt",
     "shouldnt", "isnt", "arent", "wasnt", "werent", "havent", "hasnt", "hadnt", "aint", "nt",
     "didnae", "dinnae", "cannae", "wasnae", "isnae", "wouldnae", "couldnae", "hasnae",
     "havnae", "havenae", "doesnae", "willnae", "shouldnae", "wernae", "dinna", "canna",
     "wouldna", "couldna", "didna", "winna", "willna", "isna", "wasna", "disnae", "wisnae",
     "wullnae", "huvnae", "hudnae", "didny", "wouldny", "couldny", "isny", "wisny", "shouldny"}
)  # fmt: skip
# Scots spellings of small words the patterns are written with ("i dinnae want tae be here",
# "he'll kill masel"): each read as the English word. None of them is an English word.
DIALECT = {
    "tae": "to", "intae": "into", "ontae": "onto", "dae": "do", "masel": "myself",
    "masell": "myself", "hame": "home", "oot": "out", "naebody": "nobody", "naewhere": "nowhere",
    "awa": "away", "aboot": "about", "doon": "down",
}  # fmt: skip
# Entries of spaCy's lemma table that merge two different words: "as" is not "a" ("sexually
# abused as a child" is not "abused a child"), "number" is not "numb". Each keeps its own form.
MISREAD_LEMMAS = frozenset({"as", "number"})
FUZZY_MIN_LENGTH = 5
# How many words' keys a Keyer remembers before starting afresh.
KEYS_KEPT = 65536


def clean(text: str) -> str:
    """Normalise a message for matching: NFKC, no invisible or control characters, lower case."""
    text = text[:MAX_CHARS]
    if text.isascii():  # NFKC leaves ASCII as it is; no invisible mark or curly quote is ASCII
        text = _CONTROL.sub(" ", text).replace("`", "'").lower()
    else:
        text = _INVISIBLE.sub("", unicodedata.normalize("NFKC", text))
        text = _CONTROL.sub(" ", text).translate(_QUOTES).lower()
    if _REWRITABLE.search(text):
        for pattern, replacement in _REWRITES:
            text = pattern.sub(replacement, text)
    return text


_PUNCTUATION = re.compile(r"[.,!?;:~-]+")
_KISSES = re.compile(r"x+")


def says_only(
    text: str, phrases: frozenset[tuple[str, ...]], small: frozenset[str], most: int
) -> bool:
    """Whether a short reply is only ``phrases`` (at least one) and ``small`` words beside them.

    For the readers of replies that say one thing only (``sign_off``, ``unsure``). Punctuation
    is left out and kisses ("x", "xx") are read as "x". At each word the longest phrase that
    starts there is taken; a reply of more than ``most`` words is never such a reply.
    """
    found = [
        "x" if _KISSES.fullmatch(w) else w
        for w in words(clean(text))
        if not _PUNCTUATION.fullmatch(w)
    ]
    if not found or len(found) > most:
        return False
    lengths = sorted({len(p) for p in phrases}, reverse=True)
    said = False
    at = 0
    while at < len(found):
        length = next((n for n in lengths if tuple(found[at : at + n]) in phrases), 0)
        if length:
            said = True
            at += length
        elif found[at] in small:
            at += 1
        else:
            return False
    return said


def words(text: str) -> list[str]:
    """Split cleaned text into words and symbols; apostrophes are dropped.

    An apostrophe is either inside a word ("don't" -> "dont") or a symbol of its own, which is
    dropped, so removing them all first splits the text the same way.
    """
    text = text.replace("'", "")
    found = _TOKEN.findall(text)
    if not _DIGITS_THEN_LETTERS.search(text):
        return found
    split: list[str] = []
    for token in found:
        parts = _DIGITS_LETTERS.match(token) if token[:1].isdigit() else None
        if parts:  # "800mg" -> "800", "mg"
            split.extend(parts.groups())
        else:
            split.append(token)
    return split


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


class Lexicon:
    """Lemmas and known English word forms from spaCy's lookup tables."""

    def __init__(self, nlp: Language) -> None:
        lemmatizer = nlp.get_pipe("lemmatizer")
        self._table = lemmatizer.lookups.get_table("lemma_lookup")  # type: ignore[attr-defined]
        self._lemmas = frozenset(str(value).lower() for value in self._table.values())

    def lemma(self, word: str) -> str:
        """The word's lemma, or the word itself when the table has none (or misreads it)."""
        if word in MISREAD_LEMMAS:
            return word
        value = self._table.get(word)
        return str(value) if value is not None else word

    def is_known(self, word: str) -> bool:
        """A real English word form: never 'corrected' into a risk word."""
        return word in self._lemmas or word in self._table


class Keyer:
    """Gives each word the key patterns match on."""

    def __init__(self, vocabulary: Iterable[str], lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.surface = frozenset(vocabulary)
        self.keys = frozenset(lexicon.lemma(w) for w in self.surface)
        self._near: dict[str, set[str]] = {}
        self._cache: dict[str, str] = {}  # word -> key, for the words seen most recently
        for word in self.surface:
            if len(word) >= FUZZY_MIN_LENGTH:
                for variant in _deletions(word) | {word}:
                    self._near.setdefault(variant, set()).add(word)

    def pattern_key(self, word: str) -> str:
        """The key a word written in a pattern stands for."""
        if word in NEGATIONS:
            return "not"
        word = DIALECT.get(word, word)
        return word if word in LITERAL else self.lexicon.lemma(word)

    def key(self, word: str) -> str:
        """The key of one word of a message."""
        key = self._cache.get(word)
        if key is None:
            if len(self._cache) >= KEYS_KEPT:
                self._cache.clear()
            key = self._cache[word] = self._key(word)
        return key

    def _key(self, word: str) -> str:
        if word in NEGATIONS:
            return "not"
        word = DIALECT.get(word, word)
        if word in LITERAL:
            return word
        lemma = self.lexicon.lemma(word)
        if lemma in self.keys or word in self.surface:
            return lemma
        if len(word) >= FUZZY_MIN_LENGTH and word.isalpha() and not self.lexicon.is_known(word):
            fixed = self._fuzzy(word)
            if fixed is not None:
                return self.lexicon.lemma(fixed)
        return lemma

    def _fuzzy(self, word: str) -> str | None:
        variants = _deletions(word)
        # A letter missing from the word, or an extra letter in it: the closest slips.
        closest = {w for w in self._near.get(word, ()) if len(w) == len(word) + 1}
        closest |= variants & self.surface
        if len(closest) == 1:
            return closest.pop()
        if closest:
            return None
        # A wrong or swapped letter.
        candidates: set[str] = set()
        for variant in variants:
            candidates |= {w for w in self._near.get(variant, ()) if len(w) == len(word)}
        return candidates.pop() if len(candidates) == 1 else None


@lru_cache(maxsize=1)
def load_pipeline() -> Language:
    """The blank English pipeline with lookup lemmas (from build/, else built in memory)."""
    import spacy

    from lantern.nlp.blank_pipeline import PIPELINE_DIR, is_current

    if is_current(PIPELINE_DIR):
        return spacy.load(PIPELINE_DIR)
    nlp = spacy.blank("en")
    nlp.add_pipe("lemmatizer", config={"mode": "lookup"})
    nlp.initialize()
    return nlp
