"""Whether the writer says they are under eighteen, so the crisis replies can add Childline.

Only the writer's own age now counts: "im 15", "i'm only 14", "im a 16 year old", "just
turned 16", "im turning 16 next month" (15 now), "im in year 10", "im a year 11 student",
"im underage". Not a child's ("my 15 year old"), not the past
("when i was 15", "at 15"), not a number with a unit ("im 16 weeks pregnant", "im 15 mins
away", "im 12 years clean"). A message that also gives an adult age of the writer ("im 34.
at 15 ...", "im 23 now") is not young.

Nothing here is a risk signal: it changes which helplines a reply shows, never whether
there is a reply. A wrong "young" adds a Childline line; a missed one leaves the reply as
it was for adults.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lantern.safety._text import clean

ADULT = 18
YOUNGEST = 8

_NUMBER_WORDS = {
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20,
}  # fmt: skip


def _number(name: str) -> str:
    return rf"(?P<{name}>\d{{1,2}}|" + "|".join(_NUMBER_WORDS) + r")"


# What after a number makes it something other than an age: a unit, a time, a score, a count.
_NOT_AN_AGE = (
    r"(?:\s*(?:%|/|-|:|\.\d|,\d|x\b|percent|weeks?|wks?|w\b|days?|months?|mo\b|hours?|hrs?"
    r"|h\b|minutes?|mins?|m\b(?!\s*\))|seconds?|secs?|stone|st\b|lbs?|pounds?|kgs?|kilos?"
    r"|quid|grand|k\b|p\b|pence|miles?|mi\b|km|feet|foot|ft\b|inch|inches|cm|times|floors?"
    r"|stops?|points?|pm\b|am\b|oclock|o\s*clock|th\b|nd\b|rd\b|people|of\b|out\b|steps?"
    r"|drinks?|pints?|cans?|units?|tablets?|pills?|texts?|messages?|calls?|missed|voicemails?"
    r"|pregnan|sober|clean|hundred|thousand|million|y(?:ea)?rs?\s+(?!old))"
    r")"
)
# Who says it: "im", "i am", a lone "am" opening a sentence, "me (15f)", or a message that
# opens with "(15f)".
_SUBJECT = r"(?:(?:^|[^\w])(?:im|i am|i m|iam)|(?:^|[.,!?;]\s*)am|(?:^|[^\w])me\s*\(|^\s*\()"
# Written onto the number: "15yo", "15yrs old", "15f", and "15m" only where it ends the words
# ("im 15m", not "im 15m away").
_STUCK_ON = r"(?:yo\b|y/o|yrs?\s+old\b|f\b|m(?=\s*(?:$|[),.!?;]|and\b)))?"
# The writer's age now: "im 15", "i am only 14", "im nearly 17", "im 15yo", "me (15f)".
_I_AM = re.compile(
    _SUBJECT + r"\s*(?:only\s+|just\s+|nearly\s+|almost\s+|barely\s+|still\s+|literally\s+"
    r"|like\s+)?"
    + _number("age")
    + _STUCK_ON
    + r"(?:\s*[fm](?=\s*\)))?(?!\w)(?!"
    + _NOT_AN_AGE
    + r")"
)
_YEARS_OLD = r"\s*-?\s*(?:y(?:ea)?rs?|years?)\s*-?\s*olds?\b|\s*yo\b|\s*y/o\b"
# "as a 15 year old", "im a 16yo", "15 year old here"
_YEAR_OLD = re.compile(
    r"(?:^|[^\w])(?:as|im|i am|being)\s+(?:only\s+|just\s+)?an?\s+"
    + _number("age")
    + r"(?:"
    + _YEARS_OLD
    + r")"
    r"|(?:^|[^\w])" + _number("age2") + r"(?:" + _YEARS_OLD + r")\s+(?:here|girl here|boy here)\b"
)
# "i just turned 16", "just turned 15 last week" (opening a sentence); not "when i turned 16",
# a story of the past, nor "my lad just turned 16".
_TURNED = re.compile(
    r"(?:^|[.,!?;]\s*)(?:just|only just)\s+turned\s+"
    + _number("age2")
    + r"(?!\w)(?!"
    + _NOT_AN_AGE
    + r")"
    r"|(?:^|(?<!when)(?<!after)(?<!since)(?<!before)(?<!until)(?<!till)(?<!once)[^\w])"
    r"(?:i|ive|i have|i only)\s+(?:just\s+)?turned\s+"
    + _number("age")
    + r"(?!\w)(?!"
    + _NOT_AN_AGE
    + r")"
)
# An age still to come, so one year less now: "im turning 16 next month", "ill be 16 in june",
# "im gonna be 18 on friday" (17 now). Not "ill be 16 weeks on friday" (a unit).
_TURNING = re.compile(
    r"(?:^|[^\w])(?:(?:im|i am|i m)\s+(?:turning|going to be|gonna be|about to turn|about to be)"
    r"|(?:ill|i will)\s+(?:only\s+)?be|i turn)\s+"
    + _number("age")
    + r"(?!\w)(?!"
    + _NOT_AN_AGE
    + r")(?=\s+(?:soon|next|in|on|this|tomorrow|today|at christmas)\b|\s*[,.!?]|\s*$)"
)
# A school year (England and Wales, Northern Ireland) named as the writer's own: "im in year 11",
# "im a year 11 student", "im year 9"; not "im a year 7 teacher".
_SCHOOL_YEAR = (
    r"(?:in\s+|a\s+)?(?:year|yr)\s*(?:[7-9]|1[0-3])\b"
    r"(?!\s*(?:olds?\b|teacher|tutor|ta\b|head|lead|mum|mom|dad|parent|coordinator))"
)
# School years and words that say it: "im in year 10", "im doing my gcses", "im underage".
_SAYS_YOUNG = re.compile(
    r"(?:^|[^\w])(?:im|i am|i m)\s+(?:only\s+|still\s+|just\s+)?(?:"
    + _SCHOOL_YEAR
    + r"|in\s+s[1-6]\b|in\s+(?:sixth form|secondary|high"
    r"\s+school|middle school|(?:primary|secondary)\s+school)|(?:doing|taking|sitting|revising"
    r"\s+for)\s+my\s+(?:gcses?|nat\s*5s?|nationals|highers|a\s*levels?|sats)|under\s*age\b"
    r"|a\s+minor\b|under\s*(?:18|16|eighteen|sixteen)\b|not\s+(?:18|eighteen)\s+yet"
    r"|(?:only|still|just)\s+a\s+(?:kid|child|teenager|teen)\b(?!\s+at heart))"
)
# The writer's own adult age, which outweighs a young one: "im 34", "i'm 19 and"
_ADULT_AGE = re.compile(
    r"(?:^|[^\w])(?:im|i am|i m|iam)\s+(?:now\s+)?(?P<age>1[89]|[2-9]\d)(?!\w)(?!"
    + _NOT_AN_AGE
    + r")(?:\s+(?:now|and|years|yrs|y/o|yo)\b|\s*[,.!?]|\s*$)"
)
_WORD_HINTS = re.compile(
    r"\d|year|yr|s[1-6]\b|sixth|school|gcse|nat|higher|level|sats|under|minor|kid|child|teen|"
    + "|".join(_NUMBER_WORDS)
)


@dataclass(frozen=True)
class YoungWriter:
    """The words that say the writer is under eighteen, and the age when they give one."""

    words: str
    age: int | None


def _age(value: str) -> int:
    return _NUMBER_WORDS[value] if value in _NUMBER_WORDS else int(value)


def _lowered(text: str) -> str:
    """The text the patterns read: cleaned, no apostrophes, single spaces."""
    return " ".join(clean(text).replace("'", "").split())


def young_writer(text: str) -> YoungWriter | None:
    """The writer's own words that they are under eighteen now, or None."""
    lowered = _lowered(text)
    if not _WORD_HINTS.search(lowered) or _ADULT_AGE.search(lowered):
        return None
    for pattern in (_I_AM, _YEAR_OLD, _TURNED):
        for match in pattern.finditer(lowered):
            age = _age(match.group("age") or match.groupdict().get("age2") or "0")
            if YOUNGEST <= age < ADULT:
                return YoungWriter(words=match.group(0).strip(" (,.!?;"), age=age)
    for match in _TURNING.finditer(lowered):
        age = _age(match.group("age")) - 1
        if YOUNGEST <= age < ADULT:
            return YoungWriter(words=match.group(0).strip(" (,.!?;"), age=age)
    said = _SAYS_YOUNG.search(lowered)
    if said:
        return YoungWriter(words=said.group(0).strip(" (,.!?;"), age=None)
    return None


def says_under_18(text: str) -> bool:
    """Whether the writer says they are under eighteen now."""
    return young_writer(text) is not None


# What may stand beside the age in a message that says nothing else: "forgot to say im 15",
# "im only 14 btw", "im 15 does that change anything", "sorry i should of said im 14".
_ONLY_AGE_FILLER = frozenset(
    "btw by the way fyi forgot to say mention mentioned i should have of said if that it this"
    " matters matter helps help does change anything is ok okay sorry just so you know also"
    " actually lol x xx tbh oh and yeah well um erm hi hey still only too here im am thats"
    " next week month soon".split()
)


def says_only_young_age(text: str) -> bool:
    """The message says the writer is under eighteen and nothing else.

    Said right after a crisis reply, it brings that reply again with Childline
    (``data/rules/safety.yml``); "im 15 and my dad hits me" says more and goes by what it says.
    """
    found = young_writer(text)
    if found is None:
        return False
    rest = _lowered(text).replace(found.words, " ", 1)
    return all(word in _ONLY_AGE_FILLER for word in re.findall(r"[a-z0-9]+", rest))
