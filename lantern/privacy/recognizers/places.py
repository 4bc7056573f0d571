"""Named places, schools and workplaces: the words that say where someone can be found.

- Places: UK towns, villages and districts from the gazetteer (up to four words, "milton
  keynes"); one that is also a common word ("bath", "reading") only after "in", "near", "moved
  to"; any proper-looking word after such a cue ("near Harehills"); and "<name> hospital".
- Schools: a name before school, primary, academy, college, nursery or uni ("st mary's
  primary", "oakfield academy"); not "the school", "his school" or "high school" alone.
- Workplaces: what follows "works at", "his job at", "shift at", "works for" ("he works at
  tesco on the high street" keeps "on the high street").
The four nations and the UK are never removed (see ``data/kept_places.txt``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from presidio_analyzer import RecognizerResult

from lantern.privacy.gazetteer import Gazetteer, load_gazetteer
from lantern.privacy.recognizers._base import Recognizer, WordRecognizer
from lantern.privacy.recognizers.people import FUNCTION_WORDS
from lantern.privacy.tokens import Token, joined, tokenize

PLACE_CUES = frozenset(
    """
    in near from to around outside into at towards nr live lives living moved moving stay
    stays staying based
    """.split()
)
# Cues that make even a lower-case unknown word a place: "she lives in kirkby".
STRONG_PLACE_CUES = frozenset({"near", "nr", "outside", "towards"})
INSTITUTIONS = frozenset(
    """
    hospital infirmary hospice surgery centre center clinic practice church mosque gurdwara
    temple synagogue chapel station house arms inn tavern
    """.split()
)
PLACE_KINDS = ("hospital", "infirmary", "hospice", "surgery", "health centre", "retail park")
SCHOOL_WORDS = frozenset(
    """
    school primary academy college nursery uni university infants juniors high grammar
    comprehensive preschool pre-school sixth
    """.split()
)
GENERIC_SCHOOL = frozenset(
    """
    the a an his her my their our your same new old local big little secondary primary high
    catholic private state boarding special nursery infant junior middle another different
    this that every his' at to from in of
    """.split()
)
SCHOOL_PREFIX = frozenset(
    {"st", "saint", "st.", "rc", "ce", "cofe", "c of e", "holy", "our", "lady"}
)
WORK_CUES = (
    ("works", "at"),
    ("work", "at"),
    ("working", "at"),
    ("job", "at"),
    ("shift", "at"),
    ("shifts", "at"),
    ("works", "for"),
    ("work", "for"),
    ("working", "for"),
    ("employed", "by"),
    ("job", "with"),
    ("manager", "at"),
    ("cleaner", "at"),
    ("driver", "for"),
    ("nurse", "at"),
    ("worked", "at"),
    ("worked", "for"),
    ("started", "at"),
    ("job", "in"),
)
WORK_STOP = FUNCTION_WORDS | frozenset(
    """
    on near by next opposite outside round down up every all most some part full night day
    morning evening weekend weekends today tonight now time shift shifts moment minute home
    least first last times work christmas same
    """.split()
)


class PlaceRecognizer(WordRecognizer):
    """UK places, hospitals and districts."""

    ENTITIES = ("PLACE",)

    def find(self, text: str) -> list[RecognizerResult]:
        """Places named in ``text``."""
        tokens = tokenize(text)
        g = self.gazetteer
        results: list[RecognizerResult] = []
        i = 0
        while i < len(tokens):
            found = self._gazetteer_place(text, tokens, i) or self._cued_place(text, tokens, i)
            if found is None:
                i += 1
                continue
            last, why = found
            last = _extend_kind(text, tokens, last)
            results.append(self.result("PLACE", tokens[i].start, tokens[last].base_end, 0.6, why))
            i = last + 1
        results.extend(self._named_institutions(text, tokens, g))
        results.extend(self._capitalised_after_the(text, tokens))
        results.extend(self._saints(text, tokens))
        return results

    def _capitalised_after_the(
        self, text: str, tokens: tuple[Token, ...]
    ) -> list[RecognizerResult]:
        """Find capitalised words after "at the": "at the Red Lion", "in the Trafford Centre"."""
        results = []
        for k in range(2, len(tokens)):
            if tokens[k - 1].lower != "the" or tokens[k - 2].lower not in PLACE_CUES:
                continue
            last = _run_end(text, tokens, k, limit=3, accept=lambda t: t.capitalised)
            if last >= k and not tokens[k].sentence_start:
                why = f"capitalised name after '{tokens[k - 2].lower} the'"
                results.append(self.result("PLACE", tokens[k].start, tokens[last].end, 0.55, why))
        return results

    def _saints(self, text: str, tokens: tuple[Token, ...]) -> list[RecognizerResult]:
        """Find places named after saints: "st james's", "St Luke's"."""
        results = []
        for k in range(len(tokens) - 1):
            if tokens[k].lower in ("st", "saint") and joined(text, tokens[k], tokens[k + 1]):
                nxt = tokens[k + 1]
                if nxt.is_word and (nxt.lower != nxt.base or nxt.capitalised):
                    why = "named after a saint"
                    results.append(self.result("PLACE", tokens[k].start, nxt.end, 0.55, why))
        return results

    def _gazetteer_place(
        self, text: str, tokens: tuple[Token, ...], i: int
    ) -> tuple[int, str] | None:
        g = self.gazetteer
        if tokens[i].base not in g.place_first_words:
            return None
        for last in range(min(len(tokens), i + 4) - 1, i - 1, -1):
            if any(not joined(text, tokens[k], tokens[k + 1]) for k in range(i, last)):
                continue
            words = " ".join(t.base if k == last else t.lower for k, t in
                             enumerate(tokens[i : last + 1], start=i))  # fmt: skip
            if not g.is_place(words):
                continue
            if last > i:
                if all(g.is_common_word(t.base) for t in tokens[i : last + 1]) and not (
                    _cued(tokens, i) or tokens[i].capitalised
                ):
                    continue  # "church end", "west end" in ordinary use
                return last, "UK place in the gazetteer"
            word = tokens[i].base
            if word in FUNCTION_WORDS:
                return None
            if g.is_name(word) and not _cued(tokens, i):
                return None  # "chelsea", "shirley": names, left to the name recogniser
            if not g.is_common_word(word):
                return last, "UK place in the gazetteer"
            if _cued(tokens, i) and (tokens[i].capitalised or not g.is_known_word(word) or
                                     _after_place_verb(tokens, i)):  # fmt: skip
                return last, f"UK place in the gazetteer, after '{tokens[i - 1].lower}'"
            if tokens[i].capitalised and not tokens[i].sentence_start:
                return last, "UK place in the gazetteer, capitalised mid-sentence"
            return None
        return None

    def _cued_place(self, text: str, tokens: tuple[Token, ...], i: int) -> tuple[int, str] | None:
        """An unknown proper-looking word after "near", or capitalised after "in"/"from"."""
        if not _cued(tokens, i) or not joined(text, tokens[i - 1], tokens[i]):
            return None
        g = self.gazetteer
        token = tokens[i]
        word = token.base
        if word in FUNCTION_WORDS or g.is_name(word) or word in g.not_names:
            return None
        if word in g.kept_places or " ".join(t.lower for t in tokens[i : i + 2]) in g.kept_places:
            return None
        strong = tokens[i - 1].lower in STRONG_PLACE_CUES or _after_place_verb(tokens, i)
        proper = g.looks_proper(word) and not g.is_common_word(word)
        if (token.capitalised and proper) or (strong and proper):
            last = _run_end(
                text, tokens, i, limit=4,
                accept=lambda t: t.capitalised and t.base not in FUNCTION_WORDS,
            )  # fmt: skip
            last = max(last, i)
            return last, f"looks like a place name, after '{tokens[i - 1].lower}'"
        return None

    def _named_institutions(
        self, text: str, tokens: tuple[Token, ...], g: Gazetteer
    ) -> list[RecognizerResult]:
        """Find named institutions: "<name> hospital", "the royal infirmary"."""
        results = []
        for k, token in enumerate(tokens):
            if token.base not in INSTITUTIONS:
                continue
            first = k
            while first > 0 and joined(text, tokens[first - 1], tokens[first]):
                word = tokens[first - 1].base
                if word in FUNCTION_WORDS or word in ("a", "the") or word.isdigit():
                    break
                if word in ("general", "district", "royal", "university", "children's",
                            "st", "saint", "memorial", "community", "county"):  # fmt: skip
                    first -= 1
                    continue
                if g.looks_proper(word) or g.is_place(word) or g.is_name(word) or \
                        tokens[first - 1].capitalised:  # fmt: skip
                    first -= 1
                    continue
                break
            if first < k:
                results.append(
                    self.result("PLACE", tokens[first].start, token.end, 0.6, "named hospital")
                )
        return results


def _cued(tokens: tuple[Token, ...], i: int) -> bool:
    return i > 0 and tokens[i - 1].lower in PLACE_CUES


def _after_place_verb(tokens: tuple[Token, ...], i: int) -> bool:
    """Say whether a verb of living or moving comes before the cue ("lives in", "moved to")."""
    return i >= 2 and tokens[i - 2].lower in {
        "live", "lives", "living", "lived", "moved", "moving", "move", "based", "stays",
        "staying", "from", "born", "grew",
    }  # fmt: skip


def _extend_kind(text: str, tokens: tuple[Token, ...], last: int) -> int:
    """Take in a following "hospital" or "retail park" so no half-name is left behind."""
    nxt = last + 1
    kinds = {kind.split()[0] for kind in PLACE_KINDS}
    if nxt < len(tokens) and joined(text, tokens[last], tokens[nxt]) and tokens[nxt].base in kinds:
        return nxt
    return last


def _run_end(
    text: str,
    tokens: tuple[Token, ...],
    first: int,
    *,
    limit: int,
    accept: Callable[[Token], bool],
) -> int:
    """Find the end of a run of accepted, space-joined tokens starting at ``first``.

    The run is at most ``limit`` long; the result is ``first - 1`` when even the first token
    is not accepted.
    """
    last = first - 1
    while last + 1 < len(tokens) and last + 1 - first < limit and accept(tokens[last + 1]):
        if last + 1 > first and not joined(text, tokens[last], tokens[last + 1]):
            break
        last += 1
    return last


def _workplace_word(token: Token, start: int) -> bool:
    """A word of an employer's name: the first after the cue, then capitalised or rare ones."""
    if token.base in WORK_STOP:
        return False
    return (
        token.start == start or token.capitalised or not load_gazetteer().is_common_word(token.base)
    )


class SchoolRecognizer(WordRecognizer):
    """Named schools, nurseries, colleges and universities."""

    ENTITIES = ("SCHOOL",)

    def find(self, text: str) -> list[RecognizerResult]:
        """Schools named in ``text``: name words before a school word."""
        g = self.gazetteer
        tokens = tokenize(text)
        results: list[RecognizerResult] = []
        k = 0
        while k < len(tokens):
            if tokens[k].base not in SCHOOL_WORDS:
                k += 1
                continue
            last = k
            while (last + 1 < len(tokens) and joined(text, tokens[last], tokens[last + 1])
                   and tokens[last + 1].base in SCHOOL_WORDS):  # fmt: skip
                last += 1
            named = self._named_after(text, tokens, last, g)
            if named is not None:
                results.append(named)
            first = k
            while first > 0 and joined(text, tokens[first - 1], tokens[first]):
                word = tokens[first - 1].base
                capital = tokens[first - 1].capitalised and not tokens[first - 1].sentence_start
                if (
                    word in GENERIC_SCHOOL
                    and word not in SCHOOL_PREFIX
                    and not (capital and word not in FUNCTION_WORDS)
                ):
                    break
                if word in FUNCTION_WORDS and word not in SCHOOL_PREFIX:
                    break
                if (word in SCHOOL_PREFIX or g.looks_proper(word) or g.is_place(word)
                        or g.is_name(word) or tokens[first - 1].capitalised
                        or not g.is_common_word(word)):  # fmt: skip
                    first -= 1
                    continue
                if first - 2 >= 0 and tokens[first - 2].base in SCHOOL_PREFIX:
                    first -= 1  # "st mary's": the saint's name may be a common word
                    continue
                break
            if first < k:
                results.append(
                    self.result(
                        "SCHOOL",
                        tokens[first].start,
                        tokens[last].end,
                        0.65,
                        f"name before '{tokens[k].lower}'",
                    )
                )
            k = last + 1
        return results

    def _named_after(
        self, text: str, tokens: tuple[Token, ...], last: int, g: Gazetteer
    ) -> RecognizerResult | None:
        """Find the name after a school word: "the nursery is Rosehill"."""
        k = last + 1
        if k < len(tokens) and tokens[k].lower in ("is", "called", "was"):
            k += 1
            if k < len(tokens) and tokens[k - 1].lower == "is" and tokens[k].lower == "called":
                k += 1
        if k == last + 1 or k >= len(tokens):
            return None
        first = k
        while (k < len(tokens) and k - first < 3 and tokens[k].is_word
               and tokens[k].base not in FUNCTION_WORDS
               and (tokens[k].capitalised or g.looks_proper(tokens[k].base))):  # fmt: skip
            k += 1
        if k == first:
            return None
        why = f"name after '{tokens[last].lower} {tokens[first - 1].lower}'"
        return self.result("SCHOOL", tokens[first].start, tokens[k - 1].end, 0.6, why)


class WorkplaceRecognizer(Recognizer):
    """Employers and workplaces after "works at", "job at", "shift at"."""

    ENTITIES = ("WORKPLACE",)

    def find(self, text: str) -> list[RecognizerResult]:
        """What follows a work cue, up to three words, stopping at function words."""
        tokens = tokenize(text)
        results: list[RecognizerResult] = []
        for k in range(len(tokens) - 2):
            pair = (tokens[k].lower, tokens[k + 1].lower)
            if pair not in WORK_CUES:
                continue
            first = k + 2
            if tokens[first].base in ("the", "a", "an") and first + 1 < len(tokens):
                first += 1
            start = tokens[first].start
            last = _run_end(
                text, tokens, first, limit=3, accept=functools.partial(_workplace_word, start=start)
            )
            if last >= first and tokens[first].is_word:
                why = f"after '{pair[0]} {pair[1]}'"
                results.append(
                    self.result("WORKPLACE", tokens[first].start, tokens[last].end, 0.6, why)
                )
        return results
