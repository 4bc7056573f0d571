"""Reading a message that only closes the conversation: "bye x", "thanks, night", "ok ta bye".

The tier model, which reads whole messages, has learnt from farewell notes, and a bare
"bye x" came out 0.56 on urgent (model 63c691b5): enough for the crisis reply. A message is a
sign-off only when every word in it is a word of leaving or thanks, or a small word beside them
("for now", "so much", "x"). A farewell says more: "thanks for everything. goodbye", "bye
everyone", "goodbye world", "bye x sorry" each hold a word that is not here, and are left to
the risk paths. Emoji are not read either. Framework-free.
"""

from __future__ import annotations

from lantern.safety._text import says_only

_LEAVING = frozenset(
    {"bye", "byee", "byeee", "byebye", "goodbye", "night", "nite", "nighty", "nightnight",
     "goodnight", "gnight", "gn", "cya", "laters", "later", "ttyl", "tara", "ra", "see", "ya",
     "speak", "talk", "soon"}
)  # fmt: skip
_THANKS = frozenset(
    {"thanks", "thank", "thankyou", "thanx", "thx", "ty", "tysm", "ta", "cheers"}
)  # fmt: skip
_SMALL = frozenset(
    {"you", "u", "ok", "okay", "k", "kk", "for", "now", "so", "much", "again", "then", "anyway",
     "anyways", "lol", "x"}
)  # fmt: skip
_CLOSING = frozenset((word,) for word in _LEAVING | _THANKS)
_MOST_WORDS = 8


def is_sign_off(text: str) -> bool:
    """Whether all the message says is goodbye or thanks (at least one word of either)."""
    return says_only(text, _CLOSING, _SMALL, _MOST_WORDS)
