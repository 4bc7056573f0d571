"""Rasa graph component: run the risk detector on every message and let risk override intent.

Placed after DIET and the FallbackClassifier in config.yml. Four paths can escalate: the
detector's patterns; DIET's own risk intents (learned from examples, so paraphrases the
patterns miss are caught); the share of the blended intent ranking that lies on risk
intents (a message can be plainly about risk while no single risk intent is sure of it); and
the tier model's probability that the whole message is urgent or a check-in
(lantern/nlp/risk_tier.py).
Any one is enough, except that NLU cannot overrule the detector
when the detector found risky words and showed they are not risk (negated, long past,
figurative, about a book or film), and the intent ranking alone needs the tier model to see
some risk. A check-in is made urgent by where the message places someone now, or by the tier
model thinking urgent more likely than not (``RiskDecision.confirmed``). A check-in on the
detector's words alone that DIET and the tier model both read as a figure of speech is
answered, with the line of helplines after it (``RiskDecision.figure_of_speech``). A risky
message gets the intent ``risk_urgent`` or ``risk_check_in``, a ``risk_category`` entity
(which picks the crisis reply's variation) and a ``risk`` record of what fired and why. If
anything here fails, the message is a check-in.

A risky message that also asked about a topic keeps that topic in a ``pending_topic`` entity,
so the question can still be answered (lantern/dialogue/pending.py).
"""

from __future__ import annotations

import logging
from typing import Any

from rasa.engine.graph import ExecutionContext, GraphComponent
from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.engine.storage.resource import Resource
from rasa.engine.storage.storage import ModelStorage
from rasa.shared.nlu.constants import INTENT, INTENT_RANKING_KEY, TEXT
from rasa.shared.nlu.training_data.message import Message
from rasa.shared.nlu.training_data.training_data import TrainingData

from lantern.dialogue.payloads import topic_from_intent
from lantern.dialogue.pending import PENDING_TOPIC_ENTITY
from lantern.nlp._entities import set_entity
from lantern.nlp.intent_ensemble import DIET_RANKING_KEY
from lantern.nlp.risk_decision import (
    DIET_RISK_INTENTS,
    FIGURATIVE_INTENT,
    RISK_KEY,
    RiskDecision,
    decide,
)
from lantern.nlp.risk_tier import TIER_RANKING_KEY
from lantern.safety import RiskDetector, Scene, Tier
from lantern.safety.sign_off import is_sign_off
from lantern.safety.unsure import is_unsure_answer

log = logging.getLogger(__name__)

CATEGORY_ENTITY = "risk_category"
FALLBACK_INTENT = "nlu_fallback"
RISK_INTENTS = frozenset({*DIET_RISK_INTENTS, FIGURATIVE_INTENT})


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.INTENT_CLASSIFIER], is_trainable=False)
class RiskFlagger(GraphComponent):
    """Flags risk on every message; risk overrides whatever intent NLU chose."""

    @staticmethod
    def get_default_config() -> dict[str, Any]:
        """Thresholds: DIET's own escalation, the risk share, answering a topic after a check-in.

        The risk share is the blended ranking's probability on risk intents; DIET's own path
        also needs ``diet_share_min`` of it. The topic's minimum confidence and lead over the
        next intent are the fallback's own.
        """
        return {
            "diet_check_in_min": 0.95,
            "diet_urgent_min": 0.98,
            "share_check_in_min": 0.9,
            "share_urgent_min": 0.95,
            "diet_share_min": 0.0,
            "tier_check_in_min": 2.0,
            "tier_urgent_min": 2.0,
            "nlu_alone_tier_min": 0.0,
            "nlu_alone_urgent_min": 0.0,
            "explained_tier_min": 2.0,
            "share_distress_weight": 0.0,
            "figure_diet_min": 2.0,
            "figure_tier_max": 0.0,
            "unseconded_tier_max": 0.0,
            "unseconded_share_max": 0.0,
            "tier_confirm_urgent_min": 2.0,
            "signpost_tier_min": 2.0,
            "sign_off_urgent_max": 0.0,
            "pending_topic_min": 0.3,
            "pending_topic_margin": 0.05,
        }

    def __init__(self, config: dict[str, Any], detector: RiskDetector | None = None) -> None:
        # A model trained before a setting existed loads with that setting's default (off),
        # rather than failing every message to a check-in.
        self._config = {**self.get_default_config(), **config}
        self._detector = detector or RiskDetector()

    @classmethod
    def create(
        cls,
        config: dict[str, Any],
        model_storage: ModelStorage,
        resource: Resource,
        execution_context: ExecutionContext,
    ) -> RiskFlagger:
        """Build the detector once, when the model loads (fails loudly if it cannot)."""
        return cls(config)

    def process_training_data(self, training_data: TrainingData) -> TrainingData:
        """Training data passes through unchanged."""
        return training_data

    def process(self, messages: list[Message]) -> list[Message]:
        """Assess each message; a failure here is treated as a check-in, never as safe."""
        for message in messages:
            try:
                decision = self.decide(message)
            except Exception as error:
                log.error("risk flagging failed (%s); treating as check_in", type(error).__name__)
                decision = RiskDecision.failed()
            pending = self._asked_topic(message) if decision.tier > Tier.NONE else None
            _apply(message, decision)
            set_entity(message, PENDING_TOPIC_ENTITY, pending, "RiskFlagger")
        return messages

    def decide(self, message: Message) -> RiskDecision:
        """The decision for a message as NLU left it (raises on failure; ``process`` catches).

        Reads the message and changes nothing, so a benchmark can decide again with another
        tier ranking or other thresholds (bench/tier_cv.py).
        """
        text = message.get(TEXT) or ""
        decision = decide(
            self._detector.assess(text),
            _nlu_top_intent(message),
            message.get(INTENT_RANKING_KEY) or [],
            diet_check_in_min=float(self._config["diet_check_in_min"]),
            diet_urgent_min=float(self._config["diet_urgent_min"]),
            share_check_in_min=float(self._config["share_check_in_min"]),
            share_urgent_min=float(self._config["share_urgent_min"]),
            diet_share_min=float(self._config["diet_share_min"]),
            tier_ranking=message.get(TIER_RANKING_KEY) or [],
            tier_check_in_min=float(self._config["tier_check_in_min"]),
            tier_urgent_min=float(self._config["tier_urgent_min"]),
            nlu_alone_tier_min=float(self._config["nlu_alone_tier_min"]),
            nlu_alone_urgent_min=float(self._config["nlu_alone_urgent_min"]),
            explained_tier_min=float(self._config["explained_tier_min"]),
            share_distress_weight=float(self._config["share_distress_weight"]),
        )
        scene = self._detector.scene(text) if decision.tier > Tier.NONE else Scene()
        if decision.tier is Tier.CHECK_IN:
            decision = decision.in_scene(scene)
        if decision.tier is Tier.CHECK_IN:
            decision = decision.confirmed(
                float(self._config["tier_confirm_urgent_min"]),
                asked_topic=self._asked_topic(message) is not None,
            )
        if is_sign_off(text):
            decision = decision.sign_off(float(self._config["sign_off_urgent_max"]))
        elif is_unsure_answer(text):
            decision = decision.sign_off(
                float(self._config["sign_off_urgent_max"]), path="unsure_overruled"
            )
        decision = decision.figure_of_speech(
            float(self._config["figure_diet_min"]), float(self._config["figure_tier_max"])
        ).unseconded(
            float(self._config["unseconded_tier_max"]),
            float(self._config["unseconded_share_max"]),
            scene,
        )
        return decision.signposted(float(self._config["signpost_tier_min"]))

    def _asked_topic(self, message: Message) -> str | None:
        """The topic a check-in will answer beside it, with this flagger's thresholds."""
        return _asked_topic(
            message,
            float(self._config["pending_topic_min"]),
            float(self._config["pending_topic_margin"]),
        )


def _nlu_top_intent(message: Message) -> dict[str, Any]:
    """DIET's best intent: its own ranking if the intent blend kept it, else the final one.

    Looks past the FallbackClassifier's nlu_fallback.
    """
    for ranked in message.get(DIET_RANKING_KEY) or message.get(INTENT_RANKING_KEY) or []:
        if ranked.get("name") != "nlu_fallback":
            return dict(ranked)
    return dict(message.get(INTENT) or {})


def _asked_topic(message: Message, minimum: float, margin: float) -> str | None:
    """The topic NLU thinks the message asked about, leaving the risk intents aside.

    Among the other intents, the likeliest must be a topic, at least ``minimum`` and ahead of
    the next by ``margin`` (the fallback's own thresholds): the bot never guesses. A risk intent
    close to the topic is no reason to hold the answer back; the check-in covers the risk.
    """
    ranking = [
        (str(ranked.get("name")), float(ranked.get("confidence") or 0.0))
        for ranked in message.get(INTENT_RANKING_KEY) or []
        if ranked.get("name") not in RISK_INTENTS and ranked.get("name") != FALLBACK_INTENT
    ]
    if not ranking:
        return None
    (best, confidence), runner_up = ranking[0], (ranking[1][1] if len(ranking) > 1 else 0.0)
    topic = topic_from_intent(best)
    if topic is None or confidence < minimum or confidence - runner_up < margin:
        return None
    return topic


def _apply(message: Message, decision: RiskDecision) -> None:
    message.set(RISK_KEY, decision.record(), add_to_output=True)
    intent = decision.intent
    if intent is None:
        current = (message.get(INTENT) or {}).get("name")
        if current not in RISK_INTENTS:
            return
        # NLU said risk but neither path escalated (too unsure, or the detector showed the
        # words are not risk): the message is treated as unclear, not as a risk.
        intent = FALLBACK_INTENT
    override = {"name": intent, "confidence": 1.0}
    ranking = [r for r in (message.get(INTENT_RANKING_KEY) or []) if r.get("name") != intent]
    message.set(INTENT, override, add_to_output=True)
    message.set(INTENT_RANKING_KEY, [override, *ranking], add_to_output=True)
    set_entity(message, CATEGORY_ENTITY, decision.category, "RiskFlagger")
