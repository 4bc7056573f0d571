"""Reading a message that only says the writer is not sure: "idk", "not sure tbh", "dunno x".

A reply like that says nothing either way. After the check-in ("are you thinking about ending
your life?") it is not a "no", and the bot takes it as seriously as a yes; after a crisis reply
("are you somewhere safe?") it is not a "yes, I'm safe". Anywhere else it only needs a gentle
reply (data/rules/safety.yml).

The tier model, which reads whole messages, has learnt many sad short messages, and on its own
it checked in on a bare "idk" (0.61 of risk, model cd567bd0) and "idk maybe" (0.62), while
"dunno" or "not sure" stayed under its threshold: the same answer got a check-in or not by
chance of spelling. A message is an unsure answer only when every word in it belongs to a
phrase of not knowing ("idk", "not sure", "no idea", "kind of", "i guess") or is a small word
beside one ("really", "tbh", "um", "x"). Anything that says more is left to the risk paths:
"idk anymore", "not sure i can do this", "dunno why im still here", "maybe its better if im
gone" each hold a word that is not here. So is a direction ("maybe yeah", "probably not"),
which NLU reads as a yes or a no. Emoji are not read, but a shrug is a small word. Framework-
free.
"""

from __future__ import annotations

from lantern.safety._text import says_only

# Words that say "I don't know" on their own.
_UNSURE_WORDS = frozenset(
    {"idk", "idek", "idrk", "dunno", "dno", "unsure", "maybe", "mayb", "perhaps", "possibly",
     "kinda", "sorta"}
)  # fmt: skip
# Phrases that say it together; "not" and "no" count only inside one of these.
_UNSURE_PHRASES = frozenset(
    {
        ("i", "dont", "really", "know"),
        ("i", "dont", "know"),
        ("dont", "really", "know"),
        ("dont", "know"),
        ("do", "not", "know"),
        ("not", "really", "sure"),
        ("not", "too", "sure"),
        ("not", "that", "sure"),
        ("not", "sure"),
        ("no", "idea"),
        ("kind", "of"),
        ("sort", "of"),
        ("i", "guess"),
        ("guess", "so"),
        ("i", "suppose"),
        ("suppose", "so"),
        ("hard", "to", "say"),
        ("who", "knows"),
        ("not", "certain"),
    }
)
# Small words beside them. Never "anymore", "now", "tonight", "why", "if", "what": those
# begin to say something ("idk anymore", "not sure tonight").
_SMALL = frozenset(
    {"i", "im", "really", "tbh", "tbf", "honestly", "just", "um", "umm", "erm", "er", "uh",
     "hmm", "hm", "hmmm", "mm", "ah", "oh", "well", "so", "lol", "to", "be", "honest", "🤷",
     "♀", "♂", "x"}
)  # fmt: skip
_UNSURE = _UNSURE_PHRASES | {(word,) for word in _UNSURE_WORDS}
_MOST_WORDS = 8


def is_unsure_answer(text: str) -> bool:
    """Whether all the message says is that the writer does not know (at least one phrase)."""
    return says_only(text, _UNSURE, _SMALL, _MOST_WORDS)
