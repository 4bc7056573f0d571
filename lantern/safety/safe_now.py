"""Reading a message that says only that the writer is safe now ("im safe", "hes gone out, im ok").

The crisis reply asks "Are you somewhere safe right now?" and the check-in "are you in danger
right now?". Its buttons answer both, but at 2 a.m. people type: "yeah im safe now, hes gone",
"im safe for now", "im ok thanks". NLU read most of these as nothing it knew (the fallback's
"I didn't quite follow that") and "im ok thanks" as a "no thanks", which after a crisis reply
is "no, I'm not safe" and got "Please call 999 now" (forty-fourth session).

A message is read only when all of it is such an answer: a state of being safe, or the danger
gone ("hes asleep", "he's gone out", "im at my mums"), with only small words beside it ("now",
"for now", "thanks", "x"). Anything else, a "not", a "but", a "still", a fear, leaves the
message to NLU and the risk flagger: "im ok but hes still outside" is not read. Framework-free.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lantern.safety._text import clean

# A yes before the answer ("yeah im safe now"): after a check-in a yes is a yes, so the message
# is read as one (``SafeAnswer.yes``) and escalates there, as a plain "yes" does.
_YES = r"(?:yes|yeah|yea|yep|yup|yh|ya|ye|aye|mhm)"
_ME = r"(?:im|i am|i m|were|we are|we re|me and the kids are|the kids and me are|kids are)"
_SAFE_WORD = r"(?:safe|ok|okay|k|fine|alright|all right|good|better)"
_STATE = (
    rf"(?:{_ME} (?:somewhere |now )?{_SAFE_WORD}(?: where i am)?"
    rf"|{_ME} in a safe place|(?:i )?feel(?:ing)? (?:safe|ok|okay|alright|better)"
    r"|safe|all good|im good)"
)
_HE = r"(?:hes|he is|he s|shes|she is|she s|theyre|they are|they re)"
_GONE = (
    r"(?:gone(?: out| home| to bed| to sleep| to work| to the pub| to his mates| to his mums)?"
    r"|asleep|sleeping|out|in bed|passed out|not here|not home|away|at work)"
)
_AWAY = (
    r"(?:my (?:mums|mams|moms|sisters|brothers|dads|nans|friends|mates|aunties)|a friends"
    r"|the refuge)"
)
_SITUATION = (
    rf"(?:{_HE} {_GONE}|(?:he|she|they) (?:left|went (?:out|home|to bed|to sleep|to work)"
    rf"|has gone|have gone)|i got out|ive left|i left|im away from (?:him|her|them)"
    rf"|(?:im|i am) (?:at|staying at) {_AWAY})"
)
_SMALL = (
    r"(?:now|for now|right now|at the moment|atm|for tonight|tonight|for the moment|at least"
    r"|honestly|really|i think|i promise|thanks|thank you|thankyou|thanx|thx|ty|ta|cheers|x+"
    r"|so much|very much|lots"
    r"|and|so|again|yes|yeah|luckily|thankfully|thank god)"
)
_UNIT = re.compile(rf"(?:{_STATE}|{_SITUATION}|{_SMALL})(?= |$)")
_SAYS_SAFE = re.compile(rf"(?:{_STATE}|{_SITUATION})(?= |$)")
_LEADING_YES = re.compile(rf"^{_YES}(?= |$) ?")
# Never read around these: a denial, a turn, or fear ("im safe but scared", "not ok").
_NEVER = frozenset(
    {"not", "no", "nt", "dont", "cant", "never", "isnt", "arent", "wont", "wasnt", "but",
     "though", "tho", "still", "if", "scared", "afraid", "terrified", "frightened", "help"}
)  # fmt: skip
_MOST_WORDS = 16


@dataclass(frozen=True)
class SafeAnswer:
    """A message that says only that the writer is safe now; ``yes`` when it opens with one."""

    yes: bool


def safe_answer(text: str) -> SafeAnswer | None:
    """The answer the message gives, if all it says is that they are safe now."""
    words = re.findall(r"[a-z0-9]+", clean(text).replace("'", ""))
    if not words or len(words) > _MOST_WORDS or not _NEVER.isdisjoint(words):
        return None
    joined = " ".join(words)
    rest = _LEADING_YES.sub("", joined)
    yes = rest != joined
    if _SAYS_SAFE.search(rest) is None:
        return None
    position = 0
    while position < len(rest):
        found = _UNIT.match(rest, position)
        if found is None:
            return None
        position = found.end() + 1
    return SafeAnswer(yes=yes)
