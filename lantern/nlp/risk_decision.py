"""Combine the detector's assessment with DIET's risk intents: framework-free and typed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from lantern.safety import Category, RiskAssessment, Tier

# DIET's risk intents, what they are about, and the highest tier DIET alone may give. Someone
# else at risk may be urgent: at high confidence these are a relative or friend in danger now
# (on the development sets, no look-alike reached that confidence).
DIET_RISK_INTENTS: Mapping[str, tuple[Category, Tier]] = {
    "risk_urgent": (Category.SUICIDE, Tier.URGENT),
    "risk_check_in": (Category.SUICIDE, Tier.CHECK_IN),
    "risk_suicide": (Category.SUICIDE, Tier.URGENT),
    "risk_self_harm": (Category.SELF_HARM, Tier.URGENT),
    "risk_overdose": (Category.OVERDOSE, Tier.URGENT),
    "risk_danger": (Category.IMMEDIATE_DANGER, Tier.URGENT),
    "risk_child": (Category.CHILD_AT_RISK, Tier.URGENT),
    "risk_sexual_violence": (Category.SEXUAL_VIOLENCE, Tier.URGENT),
    "risk_stalking": (Category.STALKING, Tier.CHECK_IN),
    "risk_concern_other": (Category.CONCERN_FOR_OTHER, Tier.URGENT),
    "risk_abuser_threat": (Category.ABUSER_SUICIDE_THREAT, Tier.CHECK_IN),
}
TIER_INTENTS = {Tier.URGENT: "risk_urgent", Tier.CHECK_IN: "risk_check_in"}


@dataclass(frozen=True)
class RiskDecision:
    """The tier, the intent to set (None: leave NLU's), the category, and why."""

    tier: Tier
    category: str | None
    assessment: RiskAssessment | None
    diet_intent: str | None = None
    diet_confidence: float = 0.0
    diet_tier: Tier = Tier.NONE
    paths: tuple[str, ...] = field(default=())

    @property
    def intent(self) -> str | None:
        """The intent risk overrides NLU's with, or None when there is no risk."""
        return TIER_INTENTS.get(self.tier)

    @classmethod
    def failed(cls) -> RiskDecision:
        """Flagging itself failed: a check-in, never 'safe'."""
        return cls(Tier.CHECK_IN, Category.DETECTOR_ERROR.value, None, paths=("error",))

    def record(self) -> dict[str, Any]:
        """What staff see of the decision: tier, category, which paths fired and why."""
        findings = self.assessment.findings if self.assessment else ()
        return {
            "tier": self.tier.value,
            "category": self.category,
            "paths": list(self.paths),
            "diet": {"intent": self.diet_intent, "confidence": round(self.diet_confidence, 3)},
            "findings": [
                {
                    "pattern": f.pattern_id,
                    "category": f.category.value,
                    "tier": f.tier.value,
                    "modifiers": [m.value for m in f.modifiers],
                    "why": f.explanation,
                }
                for f in findings
            ],
        }


def decide(
    assessment: RiskAssessment,
    intent: Mapping[str, Any],
    *,
    diet_check_in_min: float,
    diet_urgent_min: float,
) -> RiskDecision:
    """Either path escalating is enough; DIET cannot overrule the detector's 'explained safe'."""
    name = intent.get("name")
    confidence = float(intent.get("confidence") or 0.0)
    diet_tier = Tier.NONE
    diet_category: Category | None = None
    if isinstance(name, str) and name in DIET_RISK_INTENTS and not assessment.explained_safe:
        diet_category, ceiling = DIET_RISK_INTENTS[name]
        if confidence >= diet_urgent_min:
            diet_tier = ceiling
        elif confidence >= diet_check_in_min:
            diet_tier = Tier.CHECK_IN
    tier = max(assessment.tier, diet_tier)
    paths = tuple(
        path
        for path, fired in (
            ("detector", assessment.tier > Tier.NONE),
            ("diet", diet_tier > Tier.NONE),
            ("error", assessment.error),
        )
        if fired
    )
    category: str | None = None
    if tier > Tier.NONE:
        primary = assessment.primary if assessment.tier > Tier.NONE else None
        chosen = primary or diet_category or Category.SUICIDE
        category = chosen.value
    return RiskDecision(
        tier=tier,
        category=category,
        assessment=assessment,
        diet_intent=name if isinstance(name, str) else None,
        diet_confidence=confidence,
        diet_tier=diet_tier,
        paths=paths,
    )
