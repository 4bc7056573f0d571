"""Rasa graph component: blend DIET's intent ranking with a TF-IDF linear model's.

Placed right after DIETClassifier and before the FallbackClassifier in config.yml, so the
fallback's threshold and ambiguity checks see the blended confidences. DIET's own ranking is
kept on the message (``diet_intent_ranking``) for the risk flagger, whose thresholds were set
on DIET's confidences: the blend chooses topics, it never weakens a risk path.
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

from lantern.nlp.text_classifier import TextIntentModel

log = logging.getLogger(__name__)

DIET_RANKING_KEY = "diet_intent_ranking"
MODEL_FILE = "text_intent_model.skops"


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.INTENT_CLASSIFIER], is_trainable=True)
class IntentEnsemble(GraphComponent):
    """Intent = weight x the linear model's probability + (1 - weight) x DIET's."""

    @staticmethod
    def get_default_config() -> dict[str, Any]:
        """The linear model's share of the blend, how many intents to rank, the seed."""
        return {"weight": 0.8, "ranking_length": 10, "random_seed": 7}

    def __init__(
        self,
        config: dict[str, Any],
        model_storage: ModelStorage,
        resource: Resource,
        model: TextIntentModel | None = None,
    ) -> None:
        self._config = config
        self._storage = model_storage
        self._resource = resource
        self._model = model

    @classmethod
    def create(
        cls,
        config: dict[str, Any],
        model_storage: ModelStorage,
        resource: Resource,
        execution_context: ExecutionContext,
    ) -> IntentEnsemble:
        """An untrained component, for training."""
        return cls(config, model_storage, resource)

    @classmethod
    def load(
        cls,
        config: dict[str, Any],
        model_storage: ModelStorage,
        resource: Resource,
        execution_context: ExecutionContext,
        **kwargs: Any,
    ) -> IntentEnsemble:
        """The trained linear model from the model archive (fails loudly if it is missing)."""
        with model_storage.read_from(resource) as directory:
            model = TextIntentModel.load(directory / MODEL_FILE)
        return cls(config, model_storage, resource, model)

    def train(self, training_data: TrainingData) -> Resource:
        """Fit the linear model on every intent example and store it with the model."""
        examples = [
            (m.get(TEXT), m.get(INTENT))
            for m in training_data.intent_examples
            if m.get(TEXT) and m.get(INTENT)
        ]
        texts, intents = zip(*examples, strict=True) if examples else ((), ())
        self._model = TextIntentModel(seed=int(self._config["random_seed"])).fit(texts, intents)
        with self._storage.write_to(self._resource) as directory:
            self._model.save(directory / MODEL_FILE)
        return self._resource

    def process(self, messages: list[Message]) -> list[Message]:
        """Blend the two rankings; if the linear model fails, DIET's ranking stands."""
        for message in messages:
            diet = list(message.get(INTENT_RANKING_KEY) or [])
            message.set(DIET_RANKING_KEY, diet)
            if self._model is None or not message.get(TEXT):
                continue
            try:
                ranking = self._blend(message.get(TEXT), diet)
            except Exception as error:
                log.error("intent blend failed (%s); keeping DIET's ranking", type(error).__name__)
                continue
            message.set(INTENT, ranking[0], add_to_output=True)
            message.set(INTENT_RANKING_KEY, ranking, add_to_output=True)
        return messages

    def _blend(self, text: str, diet: list[dict[str, Any]]) -> list[dict[str, Any]]:
        assert self._model is not None
        weight = float(self._config["weight"])
        diet_confidence = {str(r.get("name")): float(r.get("confidence") or 0.0) for r in diet}
        blended = {
            ranked.name: weight * ranked.confidence
            + (1 - weight) * diet_confidence.pop(ranked.name, 0.0)
            for ranked in self._model.rank(text)
        }
        for name, confidence in diet_confidence.items():  # intents only DIET knows
            blended[name] = (1 - weight) * confidence
        ordered = sorted(blended.items(), key=lambda item: -item[1])
        length = int(self._config["ranking_length"])
        return [{"name": name, "confidence": confidence} for name, confidence in ordered[:length]]
