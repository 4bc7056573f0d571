"""Word tokens with character offsets, shared by the word-based recognisers.

Chat text is tokenised with one regular expression (letters with inner apostrophes or hyphens,
or runs of digits), so that "o'brien", "mary-jane" and "darren's" are one word each. Each token
knows whether it starts a sentence and whether it is written with a capital, which is how a
capitalised "Will" in the middle of a sentence is told from "will" at its start.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_WORD = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*|\d+", re.UNICODE)
_SENTENCE_BREAK = re.compile(r"[.!?\n…]|\s-\s")
_POSSESSIVE = re.compile(r"['’]s$", re.IGNORECASE)


@dataclass(frozen=True)
class Token:
    """One word of a message and where it is."""

    text: str
    start: int
    end: int
    sentence_start: bool

    @property
    def lower(self) -> str:
        """The word in lower case."""
        return self.text.lower()

    @property
    def base(self) -> str:
        """The word in lower case without a possessive "'s" ("darren's" -> "darren")."""
        return _POSSESSIVE.sub("", self.lower)

    @property
    def base_end(self) -> int:
        """Where the word ends without its possessive "'s"."""
        match = _POSSESSIVE.search(self.text)
        return self.start + match.start() if match else self.end

    @property
    def capitalised(self) -> bool:
        """Written as "Darren" (not "darren", and not "DARREN", which says nothing)."""
        return self.text[:1].isupper() and not self.text.isupper()

    @property
    def is_word(self) -> bool:
        """A word of letters (not digits)."""
        return not self.text[:1].isdigit()


@lru_cache(maxsize=16)
def tokenize(text: str) -> tuple[Token, ...]:
    """The words of ``text`` with offsets; cached, since several recognisers ask in turn."""
    tokens: list[Token] = []
    previous_end = 0
    for match in _WORD.finditer(text):
        gap = text[previous_end : match.start()]
        starts = not tokens or bool(_SENTENCE_BREAK.search(gap))
        tokens.append(Token(match.group(), match.start(), match.end(), starts))
        previous_end = match.end()
    return tuple(tokens)


def joined(text: str, left: Token, right: Token) -> bool:
    """True when only spaces separate two tokens (no comma, full stop or line break)."""
    gap = text[left.end : right.start]
    return gap.isspace() and "\n" not in gap
