"""The risk detector: spaCy PhraseMatcher over token keys, then context rules, never raising."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from spacy.lang.en.lex_attrs import like_num

from lantern.safety import _context as ctx
from lantern.safety._model import (
    Category,
    Finding,
    Kind,
    Modifier,
    RiskAssessment,
    Scene,
    Tier,
)
from lantern.safety._runs import RunMatcher
from lantern.safety._text import Keyer, Lexicon, clean, load_pipeline, words
from lantern.safety.patterns import RiskPattern, compile_phrase, layout, load_patterns

if TYPE_CHECKING:
    from spacy.matcher import Matcher
    from spacy.tokens import Doc

log = logging.getLogger(__name__)

# The placeholder for a word that no phrase names.
_OTHER = "_"
# A phrase with a run of more spellings than this keeps a Matcher of its own.
_MOST_SPELLINGS = 2048

# Only someone else's words *telling* the person to do something are lowered by quotation;
# a reported act ("she says she's taken an overdose") or threat keeps its tier.
# (Tuples, not sets, of enum members here and in _model: a member is found by identity, while a
# set would hash it with Enum's own hash, in Python, several times a message.)
_QUOTABLE_KINDS = (Kind.STATEMENT, Kind.PASSIVE, Kind.CRUELTY)

# A passive or ambiguous statement with a time set ("sewerslide tonight") is urgent.
_TIMED_CATEGORIES = (
    Category.SUICIDE, Category.SELF_HARM, Category.OVERDOSE, Category.CONCERN_FOR_OTHER
)  # fmt: skip
# Harm that a named film, book or programme can be about (``ctx.is_in_story``).
_STORY_CATEGORIES = (Category.IMMEDIATE_DANGER, Category.CHILD_AT_RISK)

# What takes a context pattern's category away: its words are past, in a story, or resolved.
_CONTEXT_GONE = frozenset({Modifier.PAST, Modifier.FICTION, Modifier.RESOLVED})

# Kinds of harm to oneself that, quoted and made to hang on what the writer does, are a threat.
_OWN_HARM = (Category.SUICIDE, Category.SELF_HARM, Category.OVERDOSE)
_REFLEXIVE = frozenset({"himself", "herself", "themselves", "themself"})

_NOTHING_FOUND = RiskAssessment(Tier.NONE, ())
ERROR_ASSESSMENT = RiskAssessment(
    tier=Tier.CHECK_IN, categories=(Category.DETECTOR_ERROR,), findings=(), error=True
)


class RiskDetector:
    """Assess one message at a time; built once, then cheap per message."""

    def __init__(self, patterns: Sequence[RiskPattern] | None = None) -> None:
        from spacy.matcher import Matcher

        self.patterns = {p.id: p for p in (patterns or load_patterns())}
        self._nlp = load_pipeline()
        vocabulary = set().union(*(p.words for p in self.patterns.values()))
        self._keyer = Keyer(vocabulary, Lexicon(self._nlp))
        # Phrases are found by their runs of fixed words, all in one PhraseMatcher call, then
        # joined across their gaps (`_runs`). A phrase with a number keeps a Matcher of its
        # own, run only when the message holds every word the phrase requires.
        self._runs = RunMatcher(self._nlp.vocab)
        self._matchers: dict[str, Matcher] = {}
        self._phrase_patterns: dict[str, RiskPattern] = {}
        self._prefilter = _Prefilter()
        self._named: set[str] = set()  # every key a phrase names
        # Each phrase's own words as keys: a "not" inside a match that the phrase names
        # ("not want to die") is the phrase's, not a negation of it.
        self._own_keys: dict[str, frozenset[str]] = {}
        # Scenes: each slot's keys; every slot must be somewhere in the message. A phrase's
        # needs are slots the same way: the prefilter requires them as it requires the phrase's
        # own words.
        self._scenes: list[tuple[RiskPattern, tuple[frozenset[str], ...]]] = [
            (p, self._slots(p.scene)) for p in self.patterns.values() if p.scene
        ]
        for pattern in self.patterns.values():
            needs = self._slots(pattern.needs)
            for index, phrase in enumerate(pattern.phrases):
                specs = compile_phrase(phrase, self._keyer.pattern_key)
                key = f"{pattern.id}#{index}"
                self._phrase_patterns[key] = pattern
                self._own_keys[key] = frozenset(_named_keys(specs))
                runs = layout(specs, most_spellings=_MOST_SPELLINGS)
                if runs is not None:
                    self._runs.add(key, runs)
                else:
                    matcher = Matcher(self._nlp.vocab)
                    matcher.add(pattern.id, [specs])
                    self._matchers[key] = matcher
                self._prefilter.add(key, specs, needs)
                self._named |= _named_keys(specs)

    def assess(self, text: str) -> RiskAssessment:
        """Assess a message; if anything fails, the answer is check_in, never none."""
        try:
            return self._assess(text)
        except Exception as error:
            log.error("risk detection failed (%s); treating the message as check_in",
                      type(error).__name__)  # fmt: skip
            return ERROR_ASSESSMENT

    def scene(self, text: str) -> Scene:
        """Where and when the message places someone now (never an error).

        If it cannot tell, nobody is placed anywhere, but the message counts as timed: a time
        is what keeps the detector's urgent words from being overruled (``RiskDecision``).
        """
        try:
            tokens = words(clean(text))
            w = ctx.Words(tokens, tokens)
            return Scene(
                here_now=ctx.is_here_now(w),
                at_height=ctx.is_at_height(w),
                timed=ctx.has_now(w) or ctx.has_time(w),
            )
        except Exception as error:
            log.error("reading the scene failed (%s)", type(error).__name__)
            return Scene(timed=True)

    def _assess(self, text: str) -> RiskAssessment:
        if not isinstance(text, str):
            raise TypeError("a message must be text")
        cleaned = clean(text)
        tokens = words(cleaned)
        keys = list(map(self._keyer.key, tokens))
        candidates = self._prefilter.candidates(keys)
        scenes = self._scene_matches(keys)
        if not candidates and not scenes:
            return _assessment([])
        doc = self._doc(keys)
        w = ctx.Words(tokens, keys, cleaned)
        # A phrase's gaps never span the end of a sentence: "i cant take it. he will kill me"
        # is not the figure of speech "it ... kill me". (Checked after matching: a gap that
        # tested every token it skipped made a Matcher a third slower.)
        breaks = [i for i, key in enumerate(keys) if key in ctx.SENTENCE_BREAKS]
        raw: list[tuple[RiskPattern, int, int]] = []
        own: dict[tuple[str, int, int], frozenset[str]] = {}
        for phrase, pattern, spans in self._spans(doc, keys, candidates):
            for start, end in spans:
                if any(start < i < end for i in breaks):
                    continue
                raw.append((pattern, start, end))
                at = (pattern.id, start, end)
                own[at] = own.get(at, frozenset()) | self._own_keys[phrase]
        # A figure whose gap holds a man or several people saying or about to do something is
        # not the figure: "my mum says he's going to kill me", "he came back and said he'll kill
        # me" (no "back ... killing me") are threats (twenty-eighth session).
        raw = [
            (p, s, e)
            for p, s, e in raw
            if p.kind is not Kind.FIGURATIVE or not ctx.threat_inside(w, s, e, own[(p.id, s, e)])
        ]
        # A figure of speech silences the risk phrases it overlaps, except a wish written
        # around the figure itself: "wish id get hit by a bus" is not the idiom. A longer
        # figure around both still silences it ("id rather die than go back to him lol").
        figurative = [(s, e) for p, s, e in raw if p.kind is Kind.FIGURATIVE]
        matches = [
            (p, s, e)
            for p, s, e in raw
            if p.kind is not Kind.FIGURATIVE
            and all(_wraps_figure(p, s, e, fs, fe) for fs, fe in figurative if s < fe and fs < e)
        ]
        # A scene sits on one word and may lie inside a phrase's finding, and a context pattern
        # (tier none) must never hide a risk finding: both are kept beside the others.
        matches = (
            _drop_contained([m for m in matches if m[0].tier > Tier.NONE])
            + [m for m in matches if m[0].tier is Tier.NONE]
            + [(p, s, e) for p, s, e, _ in scenes]
        )
        own.update({(p.id, s, e): keys_ for p, s, e, keys_ in scenes})
        spent = {(p.id, s, e) for p, s, e in matches if _is_spent(w, p, s, e)}
        anchored = any(
            p.kind.is_anchor and p.tier > Tier.NONE and (p.id, s, e) not in spent
            for p, s, e in matches
        )
        timed = ctx.has_time(w)
        findings = [
            self._finding(w, p, s, e, anchored, timed, own[(p.id, s, e)], (p.id, s, e) in spent)
            for p, s, e in matches
        ]
        # Only a figure that explains the message shows it is safe; an aside ("my phone's
        # dying") cancels the words it covers and says nothing about the rest.
        explained = any(p.explains_message for p, _, _ in raw if p.kind is Kind.FIGURATIVE)
        # A context pattern (tier none) never raises anything; its category, unless the words
        # are past or in a story, can name the kind of risk some path finds (``context``). A
        # "no" does not take it away: "dad has a knife because i said no to the rishta".
        context = tuple(
            dict.fromkeys(
                f.category
                for f in findings
                if f.base_tier is Tier.NONE and _CONTEXT_GONE.isdisjoint(f.modifiers)
            )
        )
        findings = _child_leads(
            w, _threat_leads(w, [f for f in findings if f.base_tier is not Tier.NONE])
        )
        return _assessment(
            findings, figurative=explained, context=context, anchored=anchored or timed
        )

    def _slots(self, slots: Sequence[str]) -> tuple[frozenset[str], ...]:
        """Each slot's alternatives as keys."""
        return tuple(frozenset(map(self._keyer.pattern_key, slot.split("|"))) for slot in slots)

    def _scene_matches(self, keys: list[str]) -> list[tuple[RiskPattern, int, int, frozenset[str]]]:
        """Scenes whose every slot is in the message: each on its first slot's first word."""
        if not self._scenes:
            return []
        present = set(keys)
        found = []
        for pattern, slots in self._scenes:
            if all(not present.isdisjoint(slot) for slot in slots):
                first = next(i for i, key in enumerate(keys) if key in slots[0])
                found.append((pattern, first, first + 1, frozenset().union(*slots)))
        return found

    def _spans(
        self, doc: Doc, keys: list[str], candidates: set[str]
    ) -> Iterable[tuple[str, RiskPattern, Iterable[tuple[int, int]]]]:
        """Each candidate phrase, its pattern and where it matched, in key order."""
        found = self._runs.find(doc, keys)
        for key in sorted(candidates):
            if key in self._runs:
                spans = self._runs.spans(found, key)
            else:
                spans = [(start, end) for _, start, end in self._matchers[key](doc)]
            yield key, self._phrase_patterns[key], spans

    def _doc(self, keys: list[str]) -> Doc:
        """A spaCy Doc whose words are the message's keys: what the phrases match.

        A word no phrase names, and that is not a number, becomes a placeholder: it can only
        fill a gap, and the shared vocabulary neither grows with nor keeps people's words.
        """
        from spacy.tokens import Doc

        named = self._named
        return Doc(
            self._nlp.vocab,
            words=[key if key in named else _doc_word(key) for key in keys],
            spaces=[True] * len(keys),
        )

    def _finding(
        self,
        w: ctx.Words,
        p: RiskPattern,
        start: int,
        end: int,
        anchored: bool,
        timed: bool,
        own: frozenset[str],
        spent: bool = False,
    ) -> Finding:
        """The finding for one match; ``spent``: means in the past that are gone (``_is_spent``)."""
        assert p.category is not None
        tier, category, modifiers = p.tier, p.category, []
        third_person = ctx.is_third_person(w, start, end, own)
        negated = ctx.is_negated(w, start) or (
            # "he wouldn't hurt them": a threat's own words, denied. Not of the writer: "he'd
            # never hurt me" is how minimising sounds, and "grateful he didn't kill me ... half
            # of me wishes he had" is a wish to be dead.
            p.kind is Kind.THREAT
            and w.keys[end - 1] not in _WRITER
            and ctx.is_negated_inside(w, start, end, own)
        )
        if spent:
            modifiers.append(Modifier.PAST)
            tier = Tier.NONE
        elif (
            (
                category in _TIMED_CATEGORIES
                # fiftieth session (sets HQ and HO): a social worker's or police officer's
                # account of someone else's danger, which the message says is over for them
                # ("we have a mum who was threatened with a gun by her ex - he's in custody
                # now"); never danger whose words name the writer ("he said when i get home
                # im dead. my shift ends in 20 mins")
                or (
                    category is Category.IMMEDIATE_DANGER
                    and ctx.FIRST_PERSON.isdisjoint(w.text[start:end])
                    and ctx.is_safe_since(w)
                )
            )
            and (third_person or ctx.names_others(w, start, end))
            and ctx.is_at_work(w)
            and not ctx.is_happening_now(w)
            and not ctx.names_someone_close(w, start, end)
        ):
            # "A&E nurse here, had three overdoses in on my shift": someone else's risk, at work
            # (unless it is going on as they write: "a pupil just messaged, it's happening now").
            modifiers.append(Modifier.AT_WORK)
            tier = Tier.NONE
        elif third_person and category in _TIMED_CATEGORIES and ctx.is_fiction(w, start):
            modifiers.append(Modifier.FICTION)
            tier = Tier.NONE
        elif category in _STORY_CATEGORIES and ctx.is_in_story(w, start, end):
            # "watched a film where the wife burns his house down" (thirtieth session, set WB);
            # "a documentary about a teacher who molested kids" (forty-third session)
            modifiers.append(Modifier.FICTION)
            tier = Tier.NONE
        elif p.person == "first" and third_person:
            modifiers.append(Modifier.THIRD_PERSON)
            category = Category.CONCERN_FOR_OTHER
            if not p.kind.is_anchor and p.kind is not Kind.ACT:
                tier = min(tier, Tier.CHECK_IN)
        elif p.person == "other" and ctx.is_writer_before(w, start, end):
            # Someone else's danger in words the writer says of themselves: the tier stands,
            # the kind is not known (thirty-sixth session).
            modifiers.append(Modifier.WRITER)
            category = Category.GENERAL
        if spent or Modifier.FICTION in modifiers or Modifier.AT_WORK in modifiers:
            pass
        elif (
            timed
            and tier is Tier.CHECK_IN
            and p.kind in (Kind.STATEMENT, Kind.PASSIVE)
            and category in _TIMED_CATEGORIES
            and not negated
            # "i used to think about ending it, years ago ... grateful tonight": the time is
            # not the wish's.
            and not ctx.past_and_now(w, start, end)[0]
        ):
            modifiers.append(Modifier.TIMED)
            tier = Tier.URGENT
        elif not anchored:
            if p.negatable and negated:
                modifiers.append(Modifier.NEGATED)
                # "he hasn't hit me yet": the 'not' expects it, so a check-in, not safe.
                tier = min(tier, Tier.CHECK_IN) if ctx.is_not_yet(w, end) else Tier.NONE
            elif p.negatable and ctx.is_unsure(w, start):
                # "i'm not sure i want to be here": unsure is a reason to ask, never safe.
                modifiers.append(Modifier.UNSURE)
                tier = min(tier, Tier.CHECK_IN)
            elif p.negatable and ctx.is_general_question(w, start, end):
                # "is threatening suicide to stop a partner leaving classed as coercive
                # control?": a question about the law or about abusers, about no one.
                modifiers.append(Modifier.GENERAL_QUESTION)
                tier = Tier.NONE
            elif p.negatable and ctx.is_hypothetical(w, start, end):
                modifiers.append(Modifier.HYPOTHETICAL)
                # "he said if he ever saw me with someone he'd kill us": a threat made
                # conditional is still a threat, so a check-in. So is stalking asked about
                # in a question of law as something that keeps happening ("is it harassment
                # if he follows me every day?"): the question names what is happening to them.
                kept = p.kind is Kind.THREAT or (
                    category is Category.STALKING and ctx.is_habitual(w, start, end)
                )
                tier = min(tier, Tier.CHECK_IN) if kept else Tier.NONE
            else:
                past, now = ctx.past_and_now(w, start, end)
                if not past and p.kind is Kind.THREAT and ctx.is_said_then(w, start, end):
                    # "he said he'd kill me if i ever left. i left 4 years ago, he's in prison
                    # now and i'm safe" (thirtieth session: the 2 a.m. check, after set WB)
                    past, now = True, False
                if past and p.settles and (ctx.is_over(w) or (not now and ctx.is_settled(w))):
                    modifiers.append(Modifier.PAST)
                    tier = Tier.NONE
                elif p.past_floor is not None and past and now:
                    modifiers.append(Modifier.PAST_BUT_NOW)
                    tier = min(tier, Tier.CHECK_IN)
                elif p.past_floor is not None and past:
                    modifiers.append(Modifier.PAST)
                    tier = min(tier, p.past_floor)
            if (
                tier > Tier.NONE
                and category is Category.STALKING
                and p.kind not in (Kind.ACT, Kind.THREAT)
                and not ctx.has_now(w)
                and ctx.is_resolved(w)
            ):
                # "a car outside every night ... turns out it's the new neighbour's son"
                modifiers.append(Modifier.RESOLVED)
                tier = Tier.NONE
            if (
                tier > Tier.CHECK_IN
                and category is Category.STALKING
                and not ctx.has_now(w)
                and ctx.is_habitual(w, start, end)
            ):
                modifiers.append(Modifier.HABITUAL)
                tier = Tier.CHECK_IN
            if (
                tier > Tier.CHECK_IN
                and p.quotable
                and p.kind in _QUOTABLE_KINDS
                and ctx.is_reported(w, start)
            ):
                modifiers.append(Modifier.QUOTED)
                tier = Tier.CHECK_IN
        if (
            tier > Tier.NONE
            and ctx.is_coerced(w, start, end)
            and (
                Modifier.THIRD_PERSON in modifiers
                or (
                    p.category is Category.CONCERN_FOR_OTHER
                    and not _REFLEXIVE.isdisjoint(w.text[start:end])
                )
                or (category in _OWN_HARM and ctx.in_quotes(w, start))
            )
        ):
            # Someone else's suicide or self-harm made to hang on what the writer does, in the
            # writer's words or in quote marks ("he says he'll kill himself if i leave", "he
            # texts 'if you don't answer i'll end it'"): the partner's threat, whose reply says
            # it is not theirs to stop by staying. The tier is the one found above (thirty-sixth
            # session).
            modifiers.append(Modifier.COERCING)
            category = Category.ABUSER_SUICIDE_THREAT
        return Finding(
            pattern_id=p.id,
            category=category,
            kind=p.kind,
            base_tier=p.tier,
            tier=tier,
            start=start,
            end=end,
            words=" ".join(w.text[start:end]),
            explanation=p.explanation,
            modifiers=tuple(modifiers),
        )


def _is_spent(w: ctx.Words, p: RiskPattern, start: int, end: int) -> bool:
    """Means in the past that are gone (handed in, or the past said to be over), nothing now.

    "Used to save up pills 'just in case' when I was with him. Handed them all in to my
    pharmacist last year", "i had pills saved up during the worst of it. handed them in at the
    pharmacy last year" (fiftieth session, sets HQ and HR). Means said now keep the message
    urgent whatever else it says ("i'm not suicidal but i've lined the tablets up").
    """
    if p.kind is not Kind.MEANS or not p.settles:
        return False
    past, now = ctx.past_and_now(w, start, end)
    return past and not now and (ctx.means_given_up(w) or ctx.is_over(w))


def _threat_leads(w: ctx.Words, findings: list[Finding]) -> list[Finding]:
    """Someone else at risk, in a message where the partner's threat hangs on the writer.

    "he's sat on the window ledge saying he'll jump if i leave", "he says if i leave tonight
    he'll hang himself. he's in the garage with a rope now": the one at risk is the one making
    the threat, so the reply is the partner's threat ("not yours to stop by staying"), not
    worry about someone else ("stay with them until help comes"), with each tier kept. A
    threat with nothing hung on the writer ("my sister is on the bridge saying she'll jump")
    changes nothing (thirty-seventh session).
    """
    coerced = any(
        f.category is Category.ABUSER_SUICIDE_THREAT
        and (Modifier.COERCING in f.modifiers or ctx.is_coerced(w, f.start, f.end))
        for f in findings
    )
    if not coerced:
        return findings
    return [
        replace(
            f,
            category=Category.ABUSER_SUICIDE_THREAT,
            modifiers=(*f.modifiers, Modifier.COERCING),
        )
        if f.category is Category.CONCERN_FOR_OTHER
        else f
        for f in findings
    ]


def _child_leads(w: ctx.Words, findings: list[Finding]) -> list[Finding]:
    """Someone else at risk, in a message that names a child of the writer's: the child.

    "my son came back from his dads with a bruise on his arm", "he's got the kids in the car and
    says he's driving them off the cliff": the reply for a child at risk, with the NSPCC and
    Childline, not worry about someone else, whose helplines are the Samaritans and the
    domestic abuse line. Only a young child named before the risk, and no adult who may be the
    one at risk (``ctx.names_writers_child``); never a partner's threat (``_threat_leads`` runs
    first). Each tier is kept (forty-sixth session, set HW).
    """
    starts = [f.start for f in findings if f.category is Category.CONCERN_FOR_OTHER]
    if not starts or not ctx.names_writers_child(w, min(starts)):
        return findings
    return [
        replace(f, category=Category.CHILD_AT_RISK)
        if f.category is Category.CONCERN_FOR_OTHER
        else f
        for f in findings
    ]


# Words so common that a phrase should not be looked up by them.
_COMMON = frozenset(
    [
        "i",
        "me",
        "my",
        "he",
        "she",
        "it",
        "to",
        "the",
        "a",
        "and",
        "not",
        "be",
        "have",
        "do",
        "you",
        "in",
        "of",
        "on",
        "at",
        "with",
        "for",
        "is",
        "was",
        "get",
        "go",
    ]
)
NUMBER_KEY = "#num"


class _Prefilter:
    """Which phrases could match a message: every word the phrase requires is present."""

    def __init__(self) -> None:
        # anchor word -> (phrase key, words it must have, groups it must have one word of)
        self._index: dict[str, list[tuple[str, frozenset[str], tuple[frozenset[str], ...]]]] = {}

    def add(
        self,
        phrase_key: str,
        specs: list[dict[str, Any]],
        needs: Sequence[frozenset[str]] = (),
    ) -> None:
        """Index a compiled phrase by the least common of its required tokens.

        ``needs``: slots its pattern requires anywhere in the message, one word of each.
        """
        required: list[frozenset[str]] = list(needs)
        for spec in specs:
            if spec.get("OP") is not None:
                continue
            if "LIKE_NUM" in spec:
                required.append(frozenset({NUMBER_KEY}))
            elif "ORTH" in spec:
                required.append(_spec_words(spec))
        anchor = max(required, key=lambda words: (not (words & _COMMON), min(map(len, words))))
        single = frozenset().union(*(words for words in required if len(words) == 1))
        groups = tuple(frozenset(words) for words in required if len(words) > 1)
        for word in anchor:
            self._index.setdefault(word, []).append((phrase_key, single, groups))

    def candidates(self, keys: list[str]) -> set[str]:
        """Keys of the phrases whose required words are all in ``keys``."""
        present = set(keys)
        if any(map(str.isdigit, present)):
            present.add(NUMBER_KEY)
        found: set[str] = set()
        index = self._index
        for key in present:
            entries = index.get(key)
            if entries:
                for phrase_key, single, groups in entries:
                    if single <= present and (
                        not groups or not any(map(present.isdisjoint, groups))
                    ):
                        found.add(phrase_key)
        return found


@lru_cache(maxsize=4096)
def _doc_word(key: str) -> str:
    """A key no phrase names: kept only if it is a number ("#num" matches it)."""
    return key if like_num(key) else _OTHER  # type: ignore[no-untyped-call]


def _spec_words(spec: dict[str, Any]) -> frozenset[str]:
    """The keys one compiled token spec names: one word, an IN set, or none (a gap)."""
    value = spec.get("ORTH")
    if value is None:
        return frozenset()
    return frozenset([value] if isinstance(value, str) else value["IN"])


def _named_keys(specs: list[dict[str, Any]]) -> set[str]:
    return set().union(*map(_spec_words, specs))


def _wraps_figure(pattern: RiskPattern, start: int, end: int, fig_start: int, fig_end: int) -> bool:
    """A risk phrase that holds a whole figure of speech and says more than it.

    A passive wish that starts before the figure ("wish id get hit by a bus"), or a pattern
    written to hold one, that starts before it or runs on past it ("took 2 weeks of my meds",
    "she keeps forgetting my meds").
    """
    if pattern.holds_figures:
        return start <= fig_start and fig_end <= end and end - start > fig_end - fig_start
    return pattern.kind is Kind.PASSIVE and start < fig_start and fig_end <= end


_WRITER = frozenset({"me", "us", "myself", "ourselves"})


def _drop_contained(
    matches: list[tuple[RiskPattern, int, int]],
) -> list[tuple[RiskPattern, int, int]]:
    """Keep the longest finding where findings overlap.

    One finding per pattern per place, and none whose words lie inside a longer finding.
    """
    matches = sorted(matches, key=lambda m: (m[1], -(m[2] - m[1])))
    kept: list[tuple[RiskPattern, int, int]] = []
    for pattern, start, end in matches:
        inside = any(
            (s <= start and end <= e and (e - s) > (end - start))
            or (s, e, p.id) == (start, end, pattern.id)
            for p, s, e in kept
        )
        same_pattern_overlap = any(p.id == pattern.id and start < e and s < end for p, s, e in kept)
        if not inside and not same_pattern_overlap:
            kept.append((pattern, start, end))
    return kept


def _combined(findings: list[Finding]) -> list[Finding]:
    """A wish to die with preparation, means or a time is urgent, even if each alone is not."""
    preparation = any(f.kind.is_anchor and f.tier > Tier.NONE for f in findings)
    if not preparation:
        return findings
    return [
        replace(f, tier=Tier.URGENT, modifiers=(*f.modifiers, Modifier.WITH_PLAN))
        if f.tier is Tier.CHECK_IN
        and f.category in _TIMED_CATEGORIES
        and f.kind in (Kind.STATEMENT, Kind.PASSIVE, Kind.PLAN)
        else f
        for f in findings
    ]


def _assessment(
    findings: list[Finding],
    figurative: bool = False,
    context: tuple[Category, ...] = (),
    anchored: bool = False,
) -> RiskAssessment:
    if not findings and not figurative and not context:
        return _NOTHING_FOUND
    findings = _combined(findings)
    tier = max((f.tier for f in findings), default=Tier.NONE)
    if tier is Tier.NONE:
        return RiskAssessment(
            Tier.NONE, (), tuple(findings), figurative=figurative, context=context,
            anchored=anchored,
        )  # fmt: skip
    categories: list[Category] = []
    for finding in sorted(findings, key=lambda f: -f.tier.rank):
        if finding.tier >= Tier.CHECK_IN and finding.category not in categories:
            categories.append(finding.category)
    return RiskAssessment(
        tier, tuple(categories), tuple(findings), figurative=figurative, context=context,
        anchored=anchored,
    )  # fmt: skip
