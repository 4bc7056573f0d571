"""Risk patterns as validated data, and their compact phrase syntax compiled for spaCy.

A pattern file (``patterns.yml`` beside this module) lists patterns like Presidio's recognisers:
each has an id, a category, a tier, a kind, an explanation for staff, and phrases. A phrase is a
space-separated sequence of token specs:

- ``kill|end``: any of these words (matched on lower case, spaCy's norm or lemma, and close
  misspellings of words at least five letters long);
- ``?my``: an optional word (alternatives allowed);
- ``*``: any one optional word; ``**``: up to three words of anything;
- ``#num``: a number ("800" in "800mg");
- ``@name``: every word of the file's word list ``name`` (``words:`` at the top of the file), as
  alternatives of one token: ``@joking_people|hubby``. One list of the people whose "she'll kill
  me" is a figure of speech serves every figure that names them.

A pattern has phrases or a ``scene``: a few slots of alternatives (``wedding|@marriage``), each of
which must be somewhere in the message, in any order and across sentences ("flight is tomorrow
6am. its for my shaadi. i cant go"). Its finding sits on the first slot's word. A pattern with
phrases may also have ``needs``: slots like a scene's, each of which must be somewhere in the
message for a phrase to count ("nobody asked me" is a forced marriage only beside a nikah).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Extra, Field, ValidationError, root_validator, validator
from pydantic.fields import ModelField

from lantern._yaml import YamlFileProblem, read_yaml
from lantern.safety._model import Category, Kind, Tier

PATTERNS_FILE = Path(__file__).with_name("patterns.yml")
# Gaps in the phrase syntax: the spaCy Matcher operator each becomes, and how many words of
# anything it allows.
_GAPS = {"*": ("?", 1), "**": ("{0,3}", 3)}
_WORD_LIST_NAME = re.compile(r"^[a-z_]+$")
_LIST_WORD = re.compile(r"^[^\s|?@#*'A-Z]+$")
TokenSpec = dict[str, Any]


class PatternError(ValueError):
    """The pattern file is invalid; the message names the file, the pattern and the field."""


class _PatternEntry(BaseModel):
    class Config:
        extra = Extra.forbid

    id: str = Field(regex=r"^[a-z_]+\.[a-z0-9_]+$")
    category: Category | None = None
    tier: Tier
    kind: Kind
    explanation: str = Field(min_length=1)
    phrases: list[str] = Field(default_factory=list)
    scene: list[str] = Field(default_factory=list)
    needs: list[str] = Field(default_factory=list)
    person: Literal["first", "other", "any"] = "any"
    negatable: bool = True
    quotable: bool = True
    past_floor: Tier | None = Tier.NONE
    settles: bool = True
    explains_message: bool = True
    holds_figures: bool = False

    @validator("phrases", each_item=True)
    def _phrase_compiles(cls, value: str) -> str:
        compile_phrase(value)
        return value

    @validator("scene", "needs", each_item=True)
    def _slot_is_one_word(cls, value: str, field: ModelField) -> str:
        words = value.split("|")
        if not all(_LIST_WORD.match(w) for w in words):
            raise ValueError(
                f"{field.name} slot '{value}': alternatives of single lower-case words only"
            )
        return value

    @root_validator(skip_on_failure=True)
    def _phrases_or_scene(cls, values: dict[str, Any]) -> dict[str, Any]:
        phrases, scene = values.get("phrases"), values.get("scene")
        if bool(phrases) == bool(scene):
            raise ValueError("phrases: a pattern has phrases or a scene, not both or neither")
        if scene and len(scene) < 2:
            raise ValueError("scene: at least two slots (one slot is a phrase)")
        if scene and values.get("kind") is Kind.FIGURATIVE:
            raise ValueError("scene: only a risk pattern can be a scene")
        if values.get("needs") and not phrases:
            raise ValueError("needs: only a pattern with phrases needs words beside them")
        return values

    @root_validator(skip_on_failure=True)
    def _category_unless_figurative(cls, values: dict[str, Any]) -> dict[str, Any]:
        figurative = values.get("kind") is Kind.FIGURATIVE
        if figurative and values.get("category") is not None:
            raise ValueError("category: a figurative pattern has no category")
        if not figurative and values.get("category") is None:
            raise ValueError("category: field required for a risk pattern")
        if not figurative and not values.get("explains_message", True):
            raise ValueError("explains_message: only a figurative pattern explains a message")
        if figurative and values.get("holds_figures"):
            raise ValueError("holds_figures: only a risk pattern can hold a figure of speech")
        return values


class _PatternFile(BaseModel):
    class Config:
        extra = Extra.forbid

    words: dict[str, list[str]] = Field(default_factory=dict)
    patterns: list[_PatternEntry] = Field(min_items=1)


def _check_word_lists(lists: object) -> dict[str, list[str]]:
    """The file's word lists: names of lower-case letters, each a list of single words."""
    if lists is None:
        return {}
    if not isinstance(lists, dict):
        raise ValueError("words: a mapping of list names to lists of words")
    for name, words in lists.items():
        if not isinstance(name, str) or not _WORD_LIST_NAME.match(name):
            raise ValueError(f"words: bad list name {name!r} (lower-case letters and _)")
        if not isinstance(words, list) or not words:
            raise ValueError(f"words.{name}: a non-empty list of words")
        bad = [w for w in words if not isinstance(w, str) or not _LIST_WORD.match(w)]
        if bad:
            raise ValueError(
                f"words.{name}: {bad[0]!r} is not one lower-case word (no spaces, '|', '?', "
                "'@', '#', '*' or apostrophes)"
            )
    return lists


def expand_word_lists(phrase: str, lists: Mapping[str, Sequence[str]]) -> str:
    """Replace each ``@name`` alternative with the words of list ``name`` (order kept, once)."""
    tokens: list[str] = []
    for raw in phrase.split():
        if "@" not in raw:
            tokens.append(raw)
            continue
        optional = raw.startswith("?")
        words: list[str] = []
        for word in raw.removeprefix("?").split("|"):
            if not word.startswith("@"):
                words.append(word)
            elif word[1:] in lists:
                words.extend(lists[word[1:]])
            else:
                raise ValueError(f"unknown word list '{word}' in phrase '{phrase}'")
        tokens.append(("?" if optional else "") + "|".join(dict.fromkeys(words)))
    return " ".join(tokens)


@dataclass(frozen=True)
class RiskPattern:
    """One validated risk pattern."""

    id: str
    category: Category | None
    tier: Tier
    kind: Kind
    explanation: str
    phrases: tuple[str, ...]
    person: str = "any"
    negatable: bool = True
    quotable: bool = True
    past_floor: Tier | None = Tier.NONE
    # Whether words that the past is over or settled ("years ago", "he was convicted of",
    # "no contact now") can take it below past_floor. Not for someone who abused a child: the
    # danger is to children now, whenever it happened.
    settles: bool = True
    explains_message: bool = True
    # Its phrases hold a figure of speech and say more than it ("took 2 weeks" is a figure for
    # time; "took 2 weeks of my meds" is an overdose): a figure inside one does not cancel it.
    holds_figures: bool = False
    # Slots of alternatives that must all be in the message, anywhere (a pattern has phrases
    # or a scene).
    scene: tuple[str, ...] = ()
    # Slots of alternatives that must all be in the message, anywhere, for a phrase to count.
    needs: tuple[str, ...] = ()

    @property
    def words(self) -> set[str]:
        """Every literal word its phrases use: the vocabulary misspellings are mapped onto."""
        found: set[str] = {w for slot in self.scene + self.needs for w in slot.split("|")}
        for phrase in self.phrases:
            for raw in phrase.split():
                if raw in _GAPS or raw.startswith("#"):
                    continue
                found.update(w for w in raw.lstrip("?").split("|") if w)
        return found


# A contraction, the word it starts with, and the word it stands in for. "id|i would" is one
# token of alternatives ("id" or "i") and then "would": it never matches "id" alone, the mistake
# of reading an alternative as a run of words. Found nine times in one file; refused since.
_CONTRACTIONS = {
    "id": ("i", "would"), "im": ("i", "am"), "ive": ("i", "have"), "ill": ("i", "will"),
    "itll": ("it", "will"), "shouldve": ("should", "have"), "wouldve": ("would", "have"),
    "couldve": ("could", "have"), "wouldnt": ("would", "not"), "couldnt": ("could", "not"),
    "shouldnt": ("should", "not"), "youll": ("you", "will"), "youre": ("you", "are"),
    "hell": ("he", "will"), "shell": ("she", "will"), "hed": ("he", "would"),
    "shed": ("she", "would"), "theyre": ("they", "are"), "theyll": ("they", "will"),
    "dont": ("do", "not"), "doesnt": ("does", "not"), "didnt": ("did", "not"),
    "cant": ("can", "not"), "wont": ("will", "not"), "isnt": ("is", "not"),
}  # fmt: skip


def _check_run_read_as_alternative(phrase: str) -> None:
    """Refuse 'im|i am': a contraction and its first word as alternatives, then the rest."""
    tokens = phrase.split()
    for token, following in pairwise(tokens):
        if following.startswith("?") or following in _GAPS:
            continue
        words, after = set(token.removeprefix("?").split("|")), set(following.split("|"))
        for contraction, (first, rest) in _CONTRACTIONS.items():
            if contraction in words and first in words and rest in after:
                raise ValueError(
                    f"phrase '{phrase}': '{token} {following}' reads as one word of "
                    f"'{token}' and then '{following}', so '{contraction}' alone never "
                    f"matches; write '{contraction}' and '{first} {rest}' as two phrases"
                )


def compile_phrase(phrase: str, key: Callable[[str], str] = str) -> list[TokenSpec]:
    """Turn a phrase of the compact syntax into a spaCy Matcher pattern over ORTH.

    The detector matches a Doc whose words are the message's keys (lemmas, corrected slips);
    ``key`` maps a word written in a phrase into the same key space.
    """
    _check_run_read_as_alternative(phrase)
    specs: list[TokenSpec] = []
    for raw in phrase.split():
        if raw in _GAPS:
            specs.append({"OP": _GAPS[raw][0]})
        elif raw == "#num":
            specs.append({"LIKE_NUM": True})
        elif raw.startswith("#"):
            raise ValueError(f"unknown special token '{raw}' in phrase '{phrase}'")
        elif raw.lstrip("?") in _GAPS:
            # "?*" would be an optional word '*', matching nothing: a gap is optional already
            raise ValueError(f"bad token '{raw}' in phrase '{phrase}': a gap is already optional")
        else:
            optional = raw.startswith("?")
            words = [w for w in raw.removeprefix("?").split("|") if w]
            if any(w.startswith("?") for w in words):
                raise ValueError(
                    f"bad token '{raw}' in phrase '{phrase}': one '?' before the first "
                    "alternative makes the whole token optional (?a|b, not ?a|?b)"
                )
            if any(w.startswith("@") for w in words):
                raise ValueError(f"word list in '{raw}' not expanded (see load_patterns)")
            if not words or any(w != w.lower() or "'" in w for w in words):
                raise ValueError(
                    f"bad token '{raw}' in phrase '{phrase}' (lower case, no apostrophes)"
                )
            keys = sorted({key(w) for w in words})
            # One word is compared in spaCy's own code; a set is a Python predicate per token.
            spec: TokenSpec = {"ORTH": keys[0] if len(keys) == 1 else {"IN": keys}}
            if optional:
                spec["OP"] = "?"
            specs.append(spec)
    if not any("ORTH" in s or "LIKE_NUM" in s for s in specs if "OP" not in s):
        raise ValueError(f"phrase '{phrase}' has no required word")
    return specs


@dataclass(frozen=True)
class Layout:
    """A phrase as runs of fixed words with gaps between them: "hit|punch me ** face".

    ``runs`` holds, for each run, every word sequence it can be (alternatives and optional
    words spelled out); ``gaps`` holds, for each run after the first, how many words of anything
    may come before it.
    """

    runs: tuple[tuple[tuple[str, ...], ...], ...]
    gaps: tuple[int, ...]


# How many words of anything each gap's Matcher operator allows.
_GAP_WIDTHS = dict(_GAPS.values())


def layout(specs: list[TokenSpec], most_spellings: int) -> Layout | None:
    """The phrase's runs and gaps; None for a phrase a Matcher must read itself.

    That is a phrase with a number, a gap at either end, a run that can be empty, or a run
    with more than ``most_spellings`` spellings.
    """
    runs: list[list[TokenSpec]] = [[]]
    gaps: list[int] = []
    for spec in specs:
        if "ORTH" in spec:
            runs[-1].append(spec)
        elif "LIKE_NUM" in spec or spec.get("OP") not in _GAP_WIDTHS:
            return None
        elif runs[-1]:
            runs.append([])
            gaps.append(_GAP_WIDTHS[spec["OP"]])
        elif gaps:  # a gap straight after a gap: "* **"
            gaps[-1] += _GAP_WIDTHS[spec["OP"]]
        else:  # a gap before the first word
            return None
    if not runs[-1]:  # a gap after the last word
        return None
    spelled = []
    for run in runs:
        spellings = _spellings(run, most_spellings)
        if not spellings:
            return None
        spelled.append(spellings)
    return Layout(tuple(spelled), tuple(gaps))


def _spellings(run: list[TokenSpec], most: int) -> tuple[tuple[str, ...], ...]:
    """Every word sequence a run of words matches (none if it can be empty or has too many)."""
    choices: list[list[str | None]] = []
    for spec in run:
        value = spec["ORTH"]
        options: list[str | None] = [value] if isinstance(value, str) else list(value["IN"])
        if spec.get("OP") == "?":
            options.append(None)
        choices.append(options)
    if math.prod(map(len, choices)) > most:
        return ()
    spellings = {
        tuple(word for word in chosen if word is not None) for chosen in itertools.product(*choices)
    }
    if () in spellings:
        return ()
    return tuple(sorted(spellings))


def load_patterns(path: Path = PATTERNS_FILE) -> list[RiskPattern]:
    """Read and validate the pattern file; raise PatternError naming file, pattern and field."""
    try:
        raw = read_yaml(path)
    except YamlFileProblem as problem:
        raise PatternError(f"{path}: {problem}") from None
    try:
        raw = _expanded(raw)
    except ValueError as error:
        raise PatternError(f"{path}: {error}") from None
    try:
        parsed = _PatternFile.parse_obj(raw)
    except ValidationError as error:
        first = error.errors()[0]
        loc = list(first["loc"])
        where = ".".join(str(p) for p in loc)
        if len(loc) >= 2 and loc[0] == "patterns" and isinstance(loc[1], int):
            entries = raw.get("patterns") if isinstance(raw, dict) else None
            if isinstance(entries, list) and loc[1] < len(entries):
                entry = entries[loc[1]]
                name = entry.get("id", "?") if isinstance(entry, dict) else "?"
                where = f"pattern '{name}' field '{'.'.join(str(p) for p in loc[2:])}'"
        raise PatternError(f"{path}: {where}: {first['msg']}") from None
    ids = [p.id for p in parsed.patterns]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise PatternError(f"{path}: duplicate pattern ids: {', '.join(duplicates)}")
    return [
        RiskPattern(
            id=p.id,
            category=p.category,
            tier=p.tier,
            kind=p.kind,
            explanation=p.explanation,
            phrases=tuple(p.phrases),
            person=p.person,
            negatable=p.negatable,
            quotable=p.quotable,
            past_floor=p.past_floor,
            settles=p.settles,
            explains_message=p.explains_message,
            holds_figures=p.holds_figures,
            scene=tuple(p.scene),
            needs=tuple(p.needs),
        )
        for p in parsed.patterns
    ]


def _expanded(raw: object) -> object:
    """The file with every phrase's word lists written out (anything malformed left to pydantic)."""
    if not isinstance(raw, dict):
        return raw
    lists = _check_word_lists(raw.get("words"))
    entries = raw.get("patterns")
    if not isinstance(entries, list):
        return raw
    expanded = []
    for entry in entries:
        for field in ("phrases", "scene", "needs"):
            phrases = entry.get(field) if isinstance(entry, dict) else None
            if isinstance(phrases, list):
                try:
                    phrases = [
                        expand_word_lists(p, lists) if isinstance(p, str) else p for p in phrases
                    ]
                except ValueError as error:
                    name = entry.get("id", "?")
                    raise ValueError(f"pattern '{name}' field '{field}': {error}") from None
                entry = {**entry, field: phrases}
        expanded.append(entry)
    return {**raw, "patterns": expanded}
