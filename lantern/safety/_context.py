"""Context around a match that can lower it: negation, past, quotation, another person."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc

CLAUSE_BREAKS = frozenset(
    {",", ".", "!", "?", ";", ":", "but", "though", "although", "however", "yet", "cos",
     "because", "-", "—", "\n", "and", "so"}
)  # fmt: skip
SENTENCE_BREAKS = frozenset({".", "!", "?", "\n", ";"})
NEGATORS = frozenset({"not", "never", "no", "nobody", "nothing"})
NEGATION_WINDOW = 4
# A negator right before these words does not deny what follows, it insists on it: "can't
# stop thinking about hurting myself", "wouldn't mind if i didn't wake up", "don't care if i die".
INSISTING = frozenset({"stop", "help", "mind", "care"})
# Nor does one before a verb of knowing or telling: the 'not' is about who knows, and what
# follows is a disclosure ("nobody knows i want to die", "i never told anyone i'm suicidal").
DISCLOSING = frozenset(
    {"knows", "knew", "told", "tell", "telling", "notice", "notices", "noticed", "realises",
     "realised", "realizes", "realized", "sees", "saw", "understands", "understood", "guessed",
     "suspects", "asked", "asks", "cares"}
)  # fmt: skip
# Words between a negator and its verb that change nothing: "no one knows", "nobody even knows".
_FILLERS = frozenset({"one", "1", "body", "even", "ever", "really"})
# ... and before these it says the writer is unsure, which is a reason to ask: "i'm not sure i
# want to be here", "i don't know if i want to live".
UNSURE = frozenset({"sure", "know", "certain"})

PAST_CUES = (
    ("used", "to"), ("years", "ago"), ("months", "ago"), ("year", "ago"), ("weeks", "ago"),
    ("ages", "ago"), ("long", "ago"), ("when", "i", "was"),
    ("as", "a", "teen"), ("as", "a", "teenager"), ("as", "a", "kid"), ("in", "the", "past"),
    ("back", "then"),
    ("long", "behind", "me"), ("last", "year"), ("in", "my", "teens"), ("in", "my", "twenties"),
    ("long", "time", "ago"), ("in", "a", "long", "time"), ("recovered",), ("years", "clean"),
    ("in", "my", "past"),
    ("back", "in", "the", "day"), ("90s",), ("80s",), ("2000s",), ("in", "years"),
    ("years", "of", "counselling"), ("years", "of", "therapy"),
    ("for", "a", "while"), ("when", "i", "left"), ("last", "time", "i", "was"),
)  # fmt: skip
# "At school" is the past ("I self-harmed at school") unless the sentence sets a time: "after I
# drop the kids at school tomorrow" is not.
PLACE_PAST_CUES = (("at", "uni"), ("at", "school"), ("at", "college"))
NOW_CUES = (
    ("again",), ("tonight",), ("today",), ("right", "now"), ("rn",), ("still",),
    ("struggling",), ("lately",), ("these", "days"), ("at", "the", "moment"), ("recently",),
    ("this", "week"), ("relapse",), ("relapsed",), ("creeping",), ("bad", "place"),
    ("going", "back", "there"), ("feel", "like", "that"), ("is", "back"), ("are", "back"),
    ("come", "back"), ("coming", "back"), ("flooding", "back"), ("back", "to", "that"),
    ("urges",), ("out", "of", "my", "head"), ("every", "night"), ("sliding",), ("slipping",),
    ("spiralling",), ("spiraling",), ("cant", "stop", "thinking"), ("keep", "hearing"),
    ("released",),
    ("being", "released"), ("gets", "out"), ("getting", "out"),
    ("out", "next"), ("parole",), ("out", "soon"),
)  # fmt: skip
# Words saying the past is over: they outweigh a 'now' cue ("im 42 now and doing well").
OVER_CUES = (
    ("doing", "well"), ("better", "place"), ("good", "place"), ("im", "fine"),
    ("much", "better"), ("im", "ok", "now"), ("im", "okay"), ("volunteer",), ("recovered",),
    ("long", "gone"), ("remarried",), ("im", "safe", "now"), ("moved", "on"), ("happy", "now"),
    ("feeling", "grateful"), ("so", "grateful"), ("finally", "free"),
)  # fmt: skip
# Weaker words that a past risk has settled: they count only when nothing says "now" ("he used
# to lock me in, i'm three years out", "we split in 2019 and we're fine now").
SETTLED_CUES = (
    ("fine", "now"), ("ok", "now"), ("okay", "now"), ("safe", "now"), ("doing", "really", "well"),
    ("doing", "great"), ("no", "contact"), ("years", "out"), ("my", "own", "place"),
    ("our", "own", "place"), ("my", "own", "flat"), ("in", "prison"), ("was", "convicted"),
    ("got", "convicted"),
    ("split", "in"), ("divorced", "in"), ("new", "partner"), ("happily",), ("behind", "me"),
    ("all", "over", "now"), ("its", "over", "now"), ("married", "now"), ("remarried",),
)  # fmt: skip
# Someone asking about risk rather than having it ("my therapist asked if i was suicidal").
HYPOTHETICAL_CUES = (
    ("asked", "if"), ("ask", "if"), ("asks", "if"), ("asking", "if"), ("asked", "me", "if"),
    ("if", "she", "ever"), ("if", "he", "ever"), ("if", "they", "ever"), ("if", "someone"),
    ("what", "if", "someone"), ("how", "to", "support"), ("how", "do", "i", "support"),
    ("deals", "with"), ("deal", "with"), ("dealing", "with"), ("difference", "between"),
    ("uk", "law"), ("the", "law"), ("legal", "definition"), ("what", "counts", "as"),
    ("how", "long", "do", "i", "have", "to", "report"),
)  # fmt: skip
# Lemmas of verbs that report someone else's words ("he told me to ...").
REPORTING = frozenset(
    {"say", "tell", "text", "message", "shout", "scream", "yell", "write", "call", "keep",
     "want", "post", "send"}
)  # fmt: skip
FIRST_PERSON = frozenset({"i", "me", "my", "myself", "im", "ive", "id", "ill", "mine", "meself"})
THIRD_PERSON = frozenset(
    {"he", "she", "they", "him", "her", "them", "his", "hers", "their", "himself", "herself",
     "hes", "shes", "hell", "shell", "hed", "shed", "theyre", "theyll", "theyd",
     "themselves", "friend", "mate", "sister", "brother", "mum", "mom", "dad", "son",
     "daughter", "partner", "husband", "wife", "boyfriend", "girlfriend", "bf", "gf", "ex",
     "cousin", "colleague", "someone", "somebody", "kid", "child", "teenager", "niece",
     "nephew", "aunt", "uncle", "flatmate", "fiance", "fiancee", "bestie", "neighbour",
     "character", "woman", "man", "people", "person", "lady", "bloke", "guy", "narcissists",
     "teenagers", "students", "patients", "clients"}
)  # fmt: skip
QUOTE_MARKS = frozenset({'"', "'"})


def clause_start(doc: Doc, start: int) -> int:
    """Index of the first token of the clause that the token at ``start`` is in."""
    i = start
    while i > 0 and doc[i - 1].lower_ not in CLAUSE_BREAKS:
        i -= 1
    return i


def sentence_bounds(doc: Doc, start: int, end: int) -> tuple[int, int]:
    """The token range of the sentence holding the span [start, end)."""
    left = start
    while left > 0 and doc[left - 1].lower_ not in SENTENCE_BREAKS:
        left -= 1
    right = end
    while right < len(doc) and doc[right].lower_ not in SENTENCE_BREAKS:
        right += 1
    return left, right


def is_negated(doc: Doc, start: int) -> bool:
    """A negator shortly before the match, in the same clause ("i'm not suicidal").

    Not one that insists ("can't stop thinking about ...") or says the writer is unsure.
    """
    return any(
        not _following(doc, i, INSISTING | DISCLOSING | UNSURE) for i in _negators(doc, start)
    )


def is_unsure(doc: Doc, start: int) -> bool:
    """A negator before the match says the writer is unsure ("not sure i want to live")."""
    return any(_following(doc, i, UNSURE) for i in _negators(doc, start))


def _negators(doc: Doc, start: int) -> list[int]:
    first = max(clause_start(doc, start), start - NEGATION_WINDOW)
    return [
        i
        for i in range(first, start)
        if doc[i].norm_ in NEGATORS and not _in_condition(doc, i, start)
    ]


def _following(doc: Doc, negator: int, wanted: frozenset[str]) -> bool:
    """The first word after the negator, past fillers ("no one even knows"), is wanted."""
    after = negator + 1
    while after < len(doc) and doc[after].lower_ in _FILLERS:
        after += 1
    return after < len(doc) and doc[after].lower_ in wanted


def is_not_yet(doc: Doc, end: int) -> bool:
    """'yet' just after a negated match: the writer expects it ("he hasn't hit me yet")."""
    return any(t.lower_ == "yet" for t in doc[end : end + 2])


CONDITIONS = frozenset({"if", "unless", "otherwise"})
SUBJECTS = frozenset(
    {"i", "im", "ill", "id", "he", "hes", "hell", "hed", "she", "shes", "shell", "shed", "they",
     "theyll", "theyre", "we", "well", "you", "youll"}
)  # fmt: skip


def _in_condition(doc: Doc, negator: int, start: int) -> bool:
    """The negator belongs to a condition, not to the match: "if i dont go [hell] kill me".

    Only when someone new is the subject between the two; "if im not suicidal" stays negated.
    """
    conditional = any(doc[i].lower_ in CONDITIONS for i in range(max(0, negator - 3), negator))
    return conditional and any(doc[i].lower_ in SUBJECTS for i in range(negator + 1, start + 1))


def _has_cue(words: list[str], cues: tuple[tuple[str, ...], ...]) -> bool:
    joined = f" {' '.join(words)} "
    return any(f" {' '.join(cue)} " in joined for cue in cues)


def is_hypothetical(doc: Doc, start: int) -> bool:
    """Earlier in the sentence, someone asks about risk ("she asked if i was suicidal")."""
    left, _ = sentence_bounds(doc, start, start)
    return _has_cue([t.lower_ for t in doc[left:start]], HYPOTHETICAL_CUES)


def is_over(doc: Doc) -> bool:
    """The message says the past is over ("im remarried", "hes long gone")."""
    return _has_cue([t.lower_ for t in doc], OVER_CUES)


def is_settled(doc: Doc) -> bool:
    """The message says, in weaker words, that the past is settled ("we're fine now")."""
    return _has_cue([t.lower_ for t in doc], SETTLED_CUES)


def past_and_now(doc: Doc, start: int, end: int) -> tuple[bool, bool]:
    """Whether the sentence places the match in the past, and whether it says 'now' too."""
    left, right = sentence_bounds(doc, start, end)
    words = [t.lower_ for t in doc[left:right]]
    whole = [t.lower_ for t in doc]
    past = (
        _has_cue(words, PAST_CUES)
        or (_has_cue(words, PLACE_PAST_CUES) and not _has_cue(words, TIME_CUES))
        or any(_is_past_year(w) for w in words)
    )
    now = _has_cue(whole, NOW_CUES) and not _has_cue(whole, OVER_CUES)
    return past, now


def _is_past_year(word: str) -> bool:
    return len(word) == 4 and word.isdigit() and 1950 <= int(word) <= 2025


def is_reported(doc: Doc, start: int) -> bool:
    """Someone else's words: 'he told me to ...', 'she keeps saying ...', or in quote marks."""
    left, _ = sentence_bounds(doc, start, start)
    quotes = sum(1 for t in doc[left:start] if t.lower_ in QUOTE_MARKS)
    if quotes % 2 == 1:
        return True
    for i in range(max(left, start - 8), start):
        if doc[i].norm_ in REPORTING:
            speaker = [t.lower_ for t in doc[max(left, i - 2) : i]]
            if (
                speaker
                and not FIRST_PERSON.intersection(speaker)
                and THIRD_PERSON.intersection(speaker)
            ):
                return True
    return False


def is_third_person(doc: Doc, start: int) -> bool:
    """The nearest person before the match, in its clause, is someone other than the writer."""
    for i in range(start - 1, clause_start(doc, start) - 1, -1):
        word = doc[i].lower_
        if word in THIRD_PERSON:
            return True
        if word in FIRST_PERSON:
            return False
    return False


MEDIA = frozenset(
    {"book", "film", "movie", "show", "episode", "storyline", "documentary", "article",
     "podcast", "news", "series", "drama", "soap", "character", "novel", "programme",
     "eastenders", "corrie", "telly", "tv"}
)  # fmt: skip
TIME_CUES = (
    ("tonight",), ("today",), ("right", "now"), ("rn",), ("this", "weekend"), ("tomorrow",),
    ("by", "the", "morning"), ("falls", "asleep"), ("kids", "are", "asleep"), ("just", "now"),
    ("through", "the", "night"), ("thru", "the", "night"), ("this", "time", "tomorrow"),
    ("this", "night"), ("tonite",), ("2nite",), ("now", "bye"),
    ("happening", "now"), ("as", "we", "speak"), ("not", "replying"), ("not", "answering"),
    ("not", "picking", "up"),
)  # fmt: skip


def is_fiction(doc: Doc, start: int) -> bool:
    """Earlier in the sentence, a book, a film or the news is named: it is about that."""
    left, _ = sentence_bounds(doc, start, start)
    return any(t.lower_ in MEDIA for t in doc[left:start])


def has_now(doc: Doc) -> bool:
    """The message says it is happening right now."""
    return _has_cue(
        [t.lower_ for t in doc], (("right", "now"), ("rn",), ("now",), ("just",), ("tonight",))
    )


# "I'm safe right now": the time is the safety's, not a time set for harm.
_SAFE_WORDS = frozenset({"safe", "ok", "okay", "fine", "alright"})
_NOW_AFTER_SAFE = frozenset({"right", "now", "rn", "just", "for"})


def has_time(doc: Doc) -> bool:
    """The message sets a time: tonight, right now, this weekend ...

    Not "right now" or "for now" straight after "safe" or "ok" ("im safe right now but ...").
    """
    words = [t.lower_ for t in doc]
    kept: list[str] = []
    for word in words:
        if word in _NOW_AFTER_SAFE and kept and (kept[-1] in _SAFE_WORDS or kept[-1] == ""):
            kept.append("")
            continue
        kept.append(word)
    return _has_cue(kept, TIME_CUES)


HABITUAL = frozenset(
    {"keep", "keeps", "always", "every", "constantly", "often", "regularly", "again"}
)


def is_habitual(doc: Doc, start: int, end: int) -> bool:
    """Something that keeps happening rather than happening now ("he keeps turning up")."""
    right = end
    while right < len(doc) and doc[right].lower_ not in CLAUSE_BREAKS:
        right += 1
    span = doc[clause_start(doc, start) : right]
    return any(t.norm_ in HABITUAL or t.lower_ in HABITUAL for t in span)
