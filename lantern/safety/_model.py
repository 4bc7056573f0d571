"""Typed results of the risk detector: tiers, categories, findings and the assessment."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import total_ordering


@total_ordering
class Tier(Enum):
    """How urgently a message needs a safety reply; ordered none < check_in < urgent."""

    NONE = "none"
    CHECK_IN = "check_in"
    URGENT = "urgent"

    _rank: int  # the tier's place in the order, set on each member below

    @property
    def rank(self) -> int:
        """The tier's place in the order."""
        return self._rank

    def __lt__(self, other: object) -> bool:
        if other.__class__ is not Tier:
            return NotImplemented
        return self._rank < other._rank


# A plain attribute on each member: tiers are compared several times a message, and looking the
# rank up through the members' hash (Enum's, in Python) was a visible share of the detector's time.
for _place, _tier in enumerate(Tier):
    _tier._rank = _place
del _place, _tier


class Category(Enum):
    """What kind of risk a finding is about."""

    SUICIDE = "suicide"
    SELF_HARM = "self_harm"
    OVERDOSE = "overdose"
    IMMEDIATE_DANGER = "immediate_danger"
    CHILD_AT_RISK = "child_at_risk"
    STALKING = "stalking"
    SEXUAL_VIOLENCE = "sexual_violence"
    CONCERN_FOR_OTHER = "concern_for_other"
    ABUSER_SUICIDE_THREAT = "abuser_suicide_threat"
    # Forced marriage and so-called honour-based abuse: being married off, taken or kept abroad
    # to be married, threatened for "shaming" the family. The reply adds Karma Nirvana and the
    # Forced Marriage Unit to 999 and the Silent Solution.
    HONOUR_BASED_ABUSE = "honour_based_abuse"
    # Risk of a kind no path could name: only the tier model, which knows no kinds, saw it.
    GENERAL = "general"
    DETECTOR_ERROR = "detector_error"


class Kind(Enum):
    """What a pattern recognises; anchors (means, a plan, a time) are never lowered."""

    STATEMENT = "statement"  # a direct statement of risk ("i want to kill myself")
    PASSIVE = "passive"  # a passive wish or hopelessness ("i wish i wasn't here")
    MEANS = "means"  # means at hand ("i've lined the tablets up")
    PLAN = "plan"  # a plan or preparation ("i've written the letters")
    TIME = "time"  # a time set ("tonight's the night")
    ACT = "act"  # something already done ("i've taken all my pills")
    THREAT = "threat"  # someone threatening the person ("he said he'd kill me")
    CRUELTY = "cruelty"  # the partner's cruel words ("just die already")
    FIGURATIVE = "figurative"  # a figure of speech that cancels what it overlaps

    @property
    def is_anchor(self) -> bool:
        """Means, a plan or a time: nothing lowers a message that has one."""
        return self in _ANCHORS


_ANCHORS = (Kind.MEANS, Kind.PLAN, Kind.TIME)


class Modifier(Enum):
    """Context that can lower a finding's tier."""

    NEGATED = "negated"
    UNSURE = "unsure"
    HYPOTHETICAL = "asked_about_not_disclosed"
    GENERAL_QUESTION = "general_question_about_no_one"
    PAST = "past"
    PAST_BUT_NOW = "past_but_struggling_now"
    QUOTED = "quoted"
    THIRD_PERSON = "third_person"
    FICTION = "about_a_book_film_or_news"
    AT_WORK = "about_their_work"
    TIMED = "time_set"
    HABITUAL = "keeps_happening_not_now"
    WITH_PLAN = "with_a_plan_or_means"
    RESOLVED = "turned_out_harmless"
    # Words about someone else at risk said of the writer ("i keep writing goodbye messages",
    # "im getting hit every night"): the risk stands, its kind is not known (general).
    WRITER = "about_the_writer"
    # Someone's own harm made to hang on what the writer does ("if you leave i'll end it").
    COERCING = "made_to_hang_on_them"


@dataclass(frozen=True)
class Finding:
    """One pattern that fired: where, on which words, why, and how context changed it."""

    pattern_id: str
    category: Category
    kind: Kind
    base_tier: Tier
    tier: Tier
    start: int
    end: int
    words: str
    explanation: str
    modifiers: tuple[Modifier, ...] = ()

    def describe(self) -> str:
        """One line for staff: tier, category, pattern, words and any modifiers."""
        mods = f" [{', '.join(m.value for m in self.modifiers)}]" if self.modifiers else ""
        lowered = f" (from {self.base_tier.value})" if self.tier != self.base_tier else ""
        return (
            f"{self.tier.value}{lowered} {self.category.value} via {self.pattern_id} "
            f"on '{self.words}'{mods}: {self.explanation}"
        )


@dataclass(frozen=True)
class RiskAssessment:
    """The detector's verdict on one message."""

    tier: Tier
    categories: tuple[Category, ...]
    findings: tuple[Finding, ...] = field(default=())
    error: bool = False
    figurative: bool = False  # a figure of speech that explains the message matched
    # Kinds of risk the message's words place it in without saying there is any (forced
    # marriage, family "honour"): they name the reply when some path finds risk.
    context: tuple[Category, ...] = ()
    # The message names means, a plan or a time: nothing may lower its risk words, here or in
    # the risk decision (lantern/nlp/risk_decision.py).
    anchored: bool = False

    @property
    def explained_safe(self) -> bool:
        """Risky words were found, but context shows they are not risk.

        Negated, long past, figurative or fiction: a second opinion should not overrule that.
        """
        return self.tier is Tier.NONE and (bool(self.findings) or self.figurative)

    @property
    def primary(self) -> Category | None:
        """The category a reply should lead with, by priority."""
        return next((c for c in CATEGORY_PRIORITY if c in self.categories), None)

    def explain(self) -> str:
        """A few lines for staff saying why the detector decided what it did."""
        if self.error:
            return "detection failed: treated as check_in"
        context = (
            [f"context: {', '.join(c.value for c in self.context)} (names the reply if risk "
             "is found)"]
            if self.context
            else []
        )  # fmt: skip
        if not self.findings:
            found = ("a figure of speech matched: not risk" if self.figurative
                     else "no risk pattern matched")  # fmt: skip
            return "\n".join([found, *context])
        return "\n".join([*(f.describe() for f in self.findings), *context])


@dataclass(frozen=True)
class Scene:
    """Where the message places someone, now: what can make a check-in urgent."""

    here_now: bool = False  # at the door, outside, in the next room, "right now"
    at_height: bool = False  # on a ledge, a rail, a windowsill or a bridge
    timed: bool = False  # says it is happening now ("just", "rn") or sets a time ("tonight")


# When several categories fire, the reply leads with the most time-critical. Honour-based abuse
# leads danger: its reply gives 999 and the Silent Solution too, and adds the services that can
# stop a wedding or a flight, so a threat to kill over a marriage loses nothing by it.
CATEGORY_PRIORITY = (
    Category.HONOUR_BASED_ABUSE,
    Category.IMMEDIATE_DANGER,
    Category.OVERDOSE,
    Category.SUICIDE,
    Category.CHILD_AT_RISK,
    Category.SELF_HARM,
    Category.SEXUAL_VIOLENCE,
    Category.STALKING,
    Category.CONCERN_FOR_OTHER,
    Category.ABUSER_SUICIDE_THREAT,
    Category.GENERAL,
    Category.DETECTOR_ERROR,
)
# The kinds of risk with words and resources of their own, in the files staff edit.
REPLY_CATEGORIES: tuple[str, ...] = tuple(
    c.value for c in Category if c not in (Category.GENERAL, Category.DETECTOR_ERROR)
)
