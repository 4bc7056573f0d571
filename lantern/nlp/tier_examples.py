"""What the risk tier model learns from: every intent example, and labelled risk messages.

Framework-free. An intent example's tier is its intent's: a risk intent's ceiling (urgent, or a
check-in for stalking and a partner's threat), none for topics, dialogue and figures of speech.
Examples of saying how one feels (``share_distress``) stand for no tier and are left out: they
are written to carry no sign of risk, but the words are those a passive wish is said in, and
learnt as none they cost risky messages their resources (out of fold, 52 of 17,545). Nor do
examples of saying one's age (``inform_age``).
The labelled messages (``data/risk_tiers/*.yml``, the evaluation-case format) are development
sets written by people who saw neither the bot nor its data, each labelled urgent, check_in or
none as a whole message; once a set had been measured and read it became training data here.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from lantern.evaluation.cases import load_cases
from lantern.nlp.risk_decision import AGE_INTENT, DIET_RISK_INTENTS, DISTRESS_INTENT
from lantern.safety import Tier

# Intents whose examples stand for no tier: the tier model does not learn from them. An age is
# no sign of being safe: learnt as none, "im 15" would pull "im 15 and ..." towards none.
UNTIERED_INTENTS = frozenset({DISTRESS_INTENT, AGE_INTENT})


def tier_of_intent(intent: str) -> Tier | None:
    """The tier an intent's examples stand for, or None when they stand for none."""
    if intent in UNTIERED_INTENTS:
        return None
    known = DIET_RISK_INTENTS.get(intent)
    return known[1] if known is not None else Tier.NONE


def labelled_by_file(folder: Path) -> list[tuple[str, str, Tier]]:
    """(file name, text, tier) for every risk-labelled message in the folder, in a stable order.

    Each file was written by one helper, so the file name groups a writer's messages.
    """
    return [
        (path.name, case.text, Tier(case.risk))
        for path in sorted(folder.glob("*.yml"))
        for case in load_cases(path)
        if case.risk
    ]


def labelled_messages(folder: Path) -> list[tuple[str, Tier]]:
    """Every risk-labelled message in the folder's case files, in a stable order."""
    return [(text, tier) for _, text, tier in labelled_by_file(folder)]


def tier_examples(
    intent_examples: Iterable[tuple[str, str]], folder: Path | None
) -> tuple[list[str], list[str]]:
    """Texts and tier names to fit on: intent examples with a tier, then the labelled messages."""
    pairs = [
        (text, tier)
        for text, intent in intent_examples
        if (tier := tier_of_intent(intent)) is not None
    ]
    if folder is not None:
        pairs += labelled_messages(folder)
    return [text for text, _ in pairs], [tier.value for _, tier in pairs]
