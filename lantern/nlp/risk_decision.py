"""Combine the detector's assessment, DIET's risk intents and the tier model: framework-free."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from lantern.safety import Category, RiskAssessment, Scene, Tier

# Where a message's risk record (RiskDecision.record) sits in its parse data.
RISK_KEY = "risk"

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
# DIET's intent for risky words used as a figure of speech ("my 4yo said she'd kill me dead if
# she didn't get a biscuit"): never a risk intent, but it may overrule the detector alone.
FIGURATIVE_INTENT = "risk_none_figurative"
CONCERN_INTENT = "risk_concern_other"
# The urgent words a figure of speech may overrule: someone else's words threatening the writer
# ("my sister says she'll murder me if I spoil the final"). Never an act, a means, a weapon or
# the writer's own risk: out of fold, both models read an act ("he's just poured lighter fluid
# through the letterbox") and an overdose as figures (fortieth session).
FIGURE_THREAT_PATTERNS = frozenset({"danger.threat_to_kill"})
# Someone saying how they feel (crying, numb, frightened, worn out) with no sign of risk. Not a
# risk intent and not a safe one: the signpost offers the helplines after its reply, and the tier
# model does not learn its examples (lantern/nlp/tier_examples.py).
DISTRESS_INTENT = "share_distress"
# The paths of a check-in or an urgent reply that the tier model alone raised.
_TIER_MODEL_ALONE = (("tier_model",), ("tier_model", "tier_model_urgent"))
# Someone saying only their age ("im 15"; data/rules/safety.yml): no sign of risk either way.
AGE_INTENT = "inform_age"
# Someone saying only that they are safe now ("im safe for now"; lantern/nlp/safe_answer.py).
SAFE_INTENT = "say_safe"
# Someone saying only that they do not know ("idk", "not sure tbh"; lantern/nlp/unsure_answer.py).
UNSURE_INTENT = "say_unsure"
# A check-in about these is urgent when the message places the person here and now ("he's in
# reception shouting my name"), or on a ledge or a rail ("he's on the windowsill saying he'll
# jump"): DIET's stalking and abuser intents can only check in on their own.
HERE_NOW_CATEGORIES = frozenset(
    {Category.STALKING, Category.IMMEDIATE_DANGER, Category.CHILD_AT_RISK,
     Category.ABUSER_SUICIDE_THREAT, Category.HONOUR_BASED_ABUSE, Category.GENERAL}
)  # fmt: skip
# The kinds of risk a pattern names that a context pattern's category replaces in the reply:
# danger, stalking, someone else. Never suicide, self-harm, overdose, a child or sexual
# violence found in the words, whose replies have their own helplines.
CONTEXT_NAMES = frozenset(
    {Category.IMMEDIATE_DANGER, Category.STALKING, Category.CONCERN_FOR_OTHER, Category.GENERAL}
)
# The writer's own harm: the detector's words for these are never overruled for want of a
# second opinion (``RiskDecision.unseconded``).
OWN_HARM_CATEGORIES = frozenset({Category.SUICIDE, Category.SELF_HARM, Category.OVERDOSE})
AT_HEIGHT_CATEGORIES = frozenset(
    {Category.SUICIDE, Category.ABUSER_SUICIDE_THREAT, Category.CONCERN_FOR_OTHER,
     Category.GENERAL}
)  # fmt: skip


# A share with distress set aside is taken of at least this much probability, so that a message
# all but sure to be distress does not turn a crumb of risk into a certainty.
_LEAST_REST = 0.1


@dataclass(frozen=True)
class RiskShare:
    """How much of the blended intent ranking's probability lies on risk intents.

    ``total`` counts every risk intent; ``urgent`` only those that may be urgent on their own.
    A message whose probability is spread over several risk intents ("what's the point",
    suicide 0.4, self-harm 0.2, overdose 0.1) is a risk message even though no single intent
    is sure of it.
    """

    total: float = 0.0
    urgent: float = 0.0
    likeliest: Category | None = None
    likeliest_urgent: Category | None = None

    @classmethod
    def of(cls, ranking: Sequence[Mapping[str, Any]], distress_weight: float = 0.0) -> RiskShare:
        """Sum the risk intents' confidences in a ranking (other intents are ignored).

        ``distress_weight`` sets that part of the distress intent's probability aside first:
        at 1 the share is the risk intents' part of what is not distress. Risk is often said
        in the words of distress, so distress should not dilute the risk that is there.
        """
        distress = sum(
            float(r.get("confidence") or 0.0) for r in ranking if r.get("name") == DISTRESS_INTENT
        )
        scale = 1.0 / max(1.0 - distress_weight * distress, _LEAST_REST)
        total = urgent = 0.0
        likeliest: Category | None = None
        likeliest_urgent: Category | None = None
        for ranked in sorted(ranking, key=lambda r: -float(r.get("confidence") or 0.0)):
            known = DIET_RISK_INTENTS.get(str(ranked.get("name")))
            if known is None:
                continue
            category, ceiling = known
            confidence = float(ranked.get("confidence") or 0.0)
            total += confidence
            likeliest = likeliest or category
            if ceiling is Tier.URGENT:
                urgent += confidence
                likeliest_urgent = likeliest_urgent or category
        return cls(min(total * scale, 1.0), min(urgent * scale, 1.0), likeliest, likeliest_urgent)

    def tier(self, check_in_min: float, urgent_min: float) -> tuple[Tier, Category | None]:
        """Urgent when the urgent-capable share is high enough, else a check-in, else none."""
        if self.urgent >= urgent_min:
            return Tier.URGENT, self.likeliest_urgent
        if self.total >= check_in_min:
            return Tier.CHECK_IN, self.likeliest
        return Tier.NONE, None


@dataclass(frozen=True)
class TierScores:
    """The tier model's probabilities that the whole message is urgent, or a check-in."""

    urgent: float = 0.0
    check_in: float = 0.0
    ranked: bool = False  # the tier model ranked the message (it may have failed)

    @classmethod
    def of(cls, ranking: Sequence[Mapping[str, Any]]) -> TierScores:
        """Read a ranking of the tiers (names ``urgent``, ``check_in``, ``none``)."""
        scores = {str(r.get("name")): float(r.get("confidence") or 0.0) for r in ranking}
        return cls(
            scores.get(Tier.URGENT.value, 0.0),
            scores.get(Tier.CHECK_IN.value, 0.0),
            ranked=bool(ranking),
        )

    @property
    def risk(self) -> float:
        """The probability of risk of either tier."""
        return self.urgent + self.check_in

    def tier(self, check_in_min: float, urgent_min: float) -> Tier:
        """Urgent when its probability is high enough; a check-in when risk of either tier is."""
        if self.urgent >= urgent_min:
            return Tier.URGENT
        if self.risk >= check_in_min:
            return Tier.CHECK_IN
        return Tier.NONE


@dataclass(frozen=True)
class RiskDecision:
    """The tier, the intent to set (None: leave NLU's), the category, and why."""

    tier: Tier
    category: str | None
    assessment: RiskAssessment | None
    diet_intent: str | None = None
    diet_confidence: float = 0.0
    diet_tier: Tier = Tier.NONE
    share: RiskShare = field(default_factory=RiskShare)
    tier_scores: TierScores = field(default_factory=TierScores)
    paths: tuple[str, ...] = field(default=())
    signpost: bool = False

    @property
    def intent(self) -> str | None:
        """The intent risk overrides NLU's with, or None when there is no risk."""
        return TIER_INTENTS.get(self.tier)

    def in_scene(self, scene: Scene) -> RiskDecision:
        """A check-in made urgent by where the message places someone now (see above)."""
        if self.tier is not Tier.CHECK_IN or self.category is None:
            return self
        category = Category(self.category)
        if scene.here_now and category in HERE_NOW_CATEGORIES:
            return replace(self, tier=Tier.URGENT, paths=(*self.paths, "here_now"))
        if scene.at_height and category in AT_HEIGHT_CATEGORIES:
            return replace(self, tier=Tier.URGENT, paths=(*self.paths, "at_height"))
        return self

    def confirmed(self, urgent_min: float, asked_topic: bool) -> RiskDecision:
        """A check-in made urgent because the tier model thinks urgent at least this likely.

        Not when the message also asked a question the bot will answer beside the check-in: a
        question written from a hard place ("is it normal to be this scared of him all the
        time") can read as urgent to a model of whole messages, and the check-in answers it.
        Nor when the detector's words set the check-in: it lowered urgent words to a check-in
        (said of the past, quoted, negated: "I overdosed years ago and I'm struggling again
        tonight") or explained them away, and the tier model may not overrule that.
        """
        if self.tier is not Tier.CHECK_IN or asked_topic:
            return self
        assessment = self.assessment
        if assessment is not None and (
            assessment.explained_safe or any(f.tier < f.base_tier for f in assessment.findings)
        ):
            return self
        if self.tier_scores.urgent < urgent_min:
            return self
        return replace(self, tier=Tier.URGENT, paths=(*self.paths, "tier_model_urgent"))

    def figure_of_speech(self, diet_min: float, tier_max: float) -> RiskDecision:
        """Risk on the detector's words alone that both models of meaning read as a figure.

        DIET's own likeliest intent is the figure of speech (``risk_none_figurative``), sure at
        ``diet_min``, and the tier model ranked the message and puts less than ``tier_max`` on
        risk: a check-in (a child's "I'll kill you" over a biscuit, a game, a workout), or
        urgent words that are only someone's threat (``FIGURE_THREAT_PATTERNS``: "my brother
        said he'll murder me if I touch his ps5"). The message is answered as usual and the
        line of helplines follows (``signpost``); the detector's findings stay in the record
        for staff. Only when nothing else raised it (no other path, no scene, no tier-model
        confirmation), and never when the detector found means, a plan or a time. Never other
        urgent words: out of fold, DIET and the tier model together read "he's just poured
        lighter fluid through the letterbox", asked beside a question about court orders, as a
        figure (fortieth session).
        """
        assessment = self._detector_words_alone()
        if assessment is None:
            return self
        if self.tier is Tier.URGENT and not _only_threats(assessment):
            return self
        if self.diet_intent != FIGURATIVE_INTENT or self.diet_confidence < diet_min:
            return self
        if self.tier_scores.risk >= tier_max:
            return self
        return self._answered("figure_overruled")

    def unseconded(self, tier_max: float, share_max: float, scene: Scene) -> RiskDecision:
        """Risk on the detector's words alone that neither model of meaning sees at all.

        DIET's own likeliest intent is not a risk intent (a topic, distress, a figure of
        speech), the risk intents' share of the blended ranking is under ``share_max`` and the
        tier model ranked the message and puts less than ``tier_max`` on risk of either tier:
        "is it normal to feel guilty for leaving even though he hit me", "she thinks it only
        counts if he hits me". The message is answered as usual and the line of helplines
        follows (``signpost``); the findings stay in the record for staff.

        Only when nothing else raised it (no other path, no scene, no tier-model
        confirmation); never when the detector found means, a plan or a time, nor for words
        of suicide, self-harm or overdose (out of fold, both models missed "had 16 of the
        hayfever ones. is that dangerous?", "thanks for listening, in case I don't talk to you
        again"); and urgent words only when the message says nothing is happening now and
        sets no time ("he's just poured lighter fluid through the letterbox", asked beside a
        question about court orders, was read as safe by both). See config.yml.
        """
        assessment = self._detector_words_alone()
        if assessment is None:
            return self
        if any(f.category in OWN_HARM_CATEGORIES for f in assessment.findings):
            return self
        if self.tier is Tier.URGENT and scene.timed:
            return self
        if self.diet_intent in DIET_RISK_INTENTS or self.share.total >= share_max:
            return self
        if self.tier_scores.risk >= tier_max:
            return self
        return self._answered("unseconded")

    def sign_off(self, urgent_max: float, path: str = "sign_off_overruled") -> RiskDecision:
        """A message that says nothing of risk, raised by the tier model alone, unsure.

        Called only for such a message: a goodbye or thanks (``lantern.safety.sign_off``: "bye
        x", "thanks, night") or an answer that only says the writer does not know
        (``lantern.safety.unsure``: "idk", "not sure tbh"; ``path`` says which). No other path
        escalated and the tier model puts less than ``urgent_max`` on urgent: "bye x" (0.56 on
        urgent, model 63c691b5) got the crisis reply, "idk" (0.61 of risk, model cd567bd0) a
        check-in. The message is answered (a goodbye, or the rules' reply to not knowing) and
        the line of helplines follows (``signpost``). A farewell that says more ("thanks for
        everything. goodbye", "bye everyone") or a doubt that says more ("idk anymore") is
        never such a message, and a tier model sure of urgent (``urgent_max``, set to its own
        urgent threshold) still decides.
        """
        if self.paths not in _TIER_MODEL_ALONE or self.tier_scores.urgent >= urgent_max:
            return self
        return self._answered(path)

    def _detector_words_alone(self) -> RiskAssessment | None:
        """The assessment, when only the detector's words raised the message and may be overruled.

        No other path, scene or tier-model confirmation raised it, the detector found no means,
        plan or time, and the tier model ranked the message (it did not fail).
        """
        assessment = self.assessment
        if self.paths != ("detector",) or assessment is None or assessment.anchored:
            return None
        return assessment if self.tier_scores.ranked else None

    def _answered(self, path: str) -> RiskDecision:
        """No safety reply: the message is answered and the line of helplines follows."""
        return replace(self, tier=Tier.NONE, category=None, paths=(path,), signpost=True)

    def signposted(self, tier_min: float) -> RiskDecision:
        """A message below every escalation threshold that the tier model still gives some risk.

        It gets no safety reply (the bot answers what was asked) but the answer is followed,
        once a conversation, by a short line of helplines (``utter_signpost``): most risky
        messages no path escalates are said sideways and sit just under the tier model's
        thresholds. See config.yml for how ``tier_min`` was set.
        """
        if self.tier is not Tier.NONE:
            return self
        return replace(self, signpost=self.signpost or self.tier_scores.risk >= tier_min)

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
            "signpost": self.signpost,
            "diet": {"intent": self.diet_intent, "confidence": round(self.diet_confidence, 3)},
            "risk_share": {
                "total": round(self.share.total, 3),
                "urgent": round(self.share.urgent, 3),
            },
            "tier_model": {
                "urgent": round(self.tier_scores.urgent, 3),
                "check_in": round(self.tier_scores.check_in, 3),
            },
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
    ranking: Sequence[Mapping[str, Any]] = (),
    *,
    diet_check_in_min: float,
    diet_urgent_min: float,
    share_check_in_min: float = 2.0,
    share_urgent_min: float = 2.0,
    diet_share_min: float = 0.0,
    tier_ranking: Sequence[Mapping[str, Any]] = (),
    tier_check_in_min: float = 2.0,
    tier_urgent_min: float = 2.0,
    nlu_alone_tier_min: float = 0.0,
    nlu_alone_urgent_min: float = 0.0,
    explained_tier_min: float = 2.0,
    share_distress_weight: float = 0.0,
) -> RiskDecision:
    """Any path escalating is enough; NLU overrules 'explained safe' only with the tier model.

    The paths: the detector; DIET's own likeliest intent when it is a risk intent and sure
    enough, and the blended ranking puts at least ``diet_share_min`` on risk intents (DIET
    alone can be sure of a joke written with a skull emoji that the linear model sees as a
    joke); the risk intents' share of the blended ranking (``ranking``). The share thresholds
    default to off (above any possible share), the DIET path's share minimum to none. The tier
    model's path (``tier_ranking``, lantern/nlp/risk_tier.py): its probability that the whole
    message is urgent, or risk of either tier; its thresholds default to off too. The intent
    ranking alone (DIET, the share or both; neither the detector nor the tier model escalating)
    also needs the tier model to put at least ``nlu_alone_tier_min`` on risk of either tier,
    when the tier model ranked the message, and is urgent only when the tier model puts at
    least ``nlu_alone_urgent_min`` on urgent (else a check-in). A message the detector
    explained safe is a check-in on the tier model's word alone only when it puts at least
    ``explained_tier_min`` on risk of either tier (default off). ``share_distress_weight``
    sets that part of the distress intent's probability aside before the share is taken.
    """
    name = intent.get("name")
    confidence = float(intent.get("confidence") or 0.0)
    diet_tier = Tier.NONE
    diet_category: Category | None = None
    share = RiskShare.of(ranking, share_distress_weight)
    share_tier, share_category = Tier.NONE, None
    scores = TierScores.of(tier_ranking)
    model_tier = scores.tier(tier_check_in_min, tier_urgent_min)
    if isinstance(name, str) and name in DIET_RISK_INTENTS and share.total >= diet_share_min:
        diet_category, ceiling = DIET_RISK_INTENTS[name]
        if confidence >= diet_urgent_min:
            diet_tier = ceiling
        elif confidence >= diet_check_in_min:
            diet_tier = Tier.CHECK_IN
    share_tier, share_category = share.tier(share_check_in_min, share_urgent_min)
    # Whether only the intent ranking could escalate: the tier model ranked the message, and
    # neither it nor the detector escalates.
    nlu_alone = bool(tier_ranking) and max(assessment.tier, model_tier) is Tier.NONE
    if nlu_alone and max(diet_tier, share_tier) > Tier.NONE and scores.risk < nlu_alone_tier_min:
        # The intent ranking alone, and the model of whole messages sees next to no risk: DIET
        # read a medicine question ("can i take lemsip with paracetamol") as an overdose, or a
        # question about a court order spread its ranking over the risk intents. See config.yml
        # for how the threshold was set.
        diet_tier = share_tier = Tier.NONE
    if (
        nlu_alone
        and max(diet_tier, share_tier) is Tier.URGENT
        and scores.urgent < nlu_alone_urgent_min
    ):
        # The intent ranking alone is sure of urgent risk, and the model of whole messages sees
        # next to no urgency: "cried myself to sleep again, 3rd night running" spread DIET's
        # ranking over self-harm and suicide. A check-in asks; it does not send the crisis reply.
        diet_tier, share_tier = (min(t, Tier.CHECK_IN) for t in (diet_tier, share_tier))
    if assessment.explained_safe:
        # The detector explained the risk words away (negated, long past, a figure of speech).
        # NLU alone cannot overrule that, but the tier model (whole messages) agreeing with the
        # intent ranking (DIET or its blend, which read the same ranking) can, as far as a
        # check-in: "200 days self harm free and tonight its all i can think about". On 9,321
        # labelled messages the six such cases were all risk. When both say urgent, urgent: "did
        # the thing again ... it wont stop ... cant leave the baby on her own", where a denied
        # worry for the baby explained the message (twenty-second session: in the out-of-fold
        # audit of data/risk_tiers, 4 urgent messages and no check-in or look-alike).
        if (
            model_tier is not Tier.NONE
            and max(diet_tier, share_tier) is Tier.NONE
            and scores.risk >= explained_tier_min
        ):
            # The model of whole messages is all but sure, and the figure explained words that
            # were not the risk: "at the hospice with him ... when he goes i'm going with him".
            model_tier = Tier.CHECK_IN
        elif model_tier is Tier.NONE or max(diet_tier, share_tier) is Tier.NONE:
            diet_tier = share_tier = model_tier = Tier.NONE
        elif model_tier is Tier.URGENT and max(diet_tier, share_tier) is Tier.URGENT:
            pass
        else:
            diet_tier, share_tier, model_tier = (
                min(t, Tier.CHECK_IN) for t in (diet_tier, share_tier, model_tier)
            )
    tier = max(assessment.tier, diet_tier, share_tier, model_tier)
    paths = tuple(
        path
        for path, fired in (
            ("detector", assessment.tier > Tier.NONE),
            ("diet", diet_tier > Tier.NONE),
            ("risk_share", share_tier > Tier.NONE),
            ("tier_model", model_tier > Tier.NONE),
            ("error", assessment.error),
        )
        if fired
    )
    category: str | None = None
    if tier > Tier.NONE:
        primary = assessment.primary if assessment.tier > Tier.NONE else None
        diet_named = diet_category if diet_tier > Tier.NONE else None
        share_named = share_category if share_tier > Tier.NONE else None
        nlu = diet_named if diet_tier >= share_tier else share_named
        # Someone else at risk is taken from NLU only when it is DIET's own likeliest intent,
        # sure or not. Found only as the blended ranking's likeliest risk intent, under DIET's
        # own guess of danger, a topic or distress, it was the writer's own danger as often as
        # not ("my ex's mate is at my door saying he's been sent to sort me out"), and the
        # reply for someone else ("it's good that you're looking out for them") misreads the
        # person. The general reply speaks to both (thirty-sixth session).
        if nlu is Category.CONCERN_FOR_OTHER and name != CONCERN_INTENT:
            nlu = None
        # The tier model knows no kinds of risk. When it alone escalates, the reply is the
        # general one (999, Samaritans and the domestic abuse helpline), not the kind of a
        # risk intent NLU ranked too low to act on: those guesses sent Rape Crisis to "dont
        # want to be anything" and the stalking helpline to "thinking of stepping into the road".
        chosen = primary or nlu or Category.GENERAL
        # Words of forced marriage or family "honour" name the kind of a danger found by any
        # path ("they've set the date and taken my phone, i'm locked in"): the honour-based
        # abuse reply holds 999 and the Silent Solution too, and adds the specialists. They
        # also beat a kind NLU guessed when the patterns named none: "my family keep pushing
        # the rishta and i dont want it" spread DIET's ranking over the risk intents, and the
        # likeliest was suicide.
        if assessment.context and (primary is None or primary in CONTEXT_NAMES):
            chosen = assessment.context[0]
        category = chosen.value
    return RiskDecision(
        tier=tier,
        category=category,
        assessment=assessment,
        diet_intent=name if isinstance(name, str) else None,
        diet_confidence=confidence,
        diet_tier=diet_tier,
        share=share,
        tier_scores=scores,
        paths=paths,
    )


def _only_threats(assessment: RiskAssessment) -> bool:
    """Every finding is someone's threat that a figure of speech may overrule."""
    findings = assessment.findings
    return bool(findings) and all(f.pattern_id in FIGURE_THREAT_PATTERNS for f in findings)
