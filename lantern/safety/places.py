"""Where someone says they are, so that the helplines shown fit.

England, Wales, Scotland, Northern Ireland, or elsewhere.
"""

from __future__ import annotations

import re

_PLACES: dict[str, tuple[str, ...]] = {
    "northern_ireland": (
        "northern ireland", "belfast", "derry", "londonderry", "newry", "lisburn", "armagh",
        "omagh", "enniskillen", "ni",
    ),
    "scotland": (
        "scotland", "scottish", "glasgow", "edinburgh", "aberdeen", "dundee", "inverness",
        "stirling", "paisley", "fife", "highlands",
    ),
    "wales": (
        "wales", "welsh", "cardiff", "swansea", "newport", "wrexham", "aberystwyth",
        "carmarthen", "caerphilly", "merthyr",
    ),
    "england": (
        "england", "english", "london", "manchester", "birmingham", "leeds", "liverpool",
        "bristol", "sheffield", "newcastle", "nottingham", "leicester", "yorkshire", "kent",
        "essex", "cornwall", "devon", "coventry", "brighton", "norwich", "hull", "plymouth",
    ),
    "elsewhere": (
        "not in the uk", "outside the uk", "abroad", "usa", "the us", "america",
        "united states", "canada", "australia", "new zealand", "ireland", "dublin", "cork",
        "france", "spain", "germany", "india", "pakistan", "nigeria", "south africa",
    ),
}  # fmt: skip
_ORDER = ("northern_ireland", "elsewhere", "scotland", "wales", "england")
_PATTERNS = {
    nation: re.compile(r"\b(?:" + "|".join(re.escape(p) for p in _PLACES[nation]) + r")\b")
    for nation in _ORDER
}
_SAYS_WHERE = re.compile(
    r"\b(?:i'?m|i am|i live|living|based|here|moved|we'?re|we live)\s+(?:in|from|to)\b"
)
SHORT_MESSAGE_WORDS = 6


def find_nation(text: str) -> str | None:
    """The place a message says the writer is in, or None.

    Only a short message ("wales", "im in belfast") or one that says where the writer is
    ("i live in cardiff now") counts: "my ex is from glasgow" does not move the helplines.
    """
    lowered = " ".join(text.lower().replace("’", "'").split())
    if not lowered or lowered.startswith("/"):
        return None
    if len(lowered.split()) > SHORT_MESSAGE_WORDS and not _SAYS_WHERE.search(lowered):
        return None
    for nation in _ORDER:
        if _PATTERNS[nation].search(lowered):
            return nation
    return None
