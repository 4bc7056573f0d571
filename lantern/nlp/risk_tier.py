"""Rasa graph component: how likely a message is urgent, a check-in or neither, as a whole.

A third risk path beside the detector's patterns and the intents' risk share. A TF-IDF linear
model (``lantern.nlp.text_classifier``) is fitted on tiers, not intents: every intent example
(its intent's tier) and thousands of labelled whole messages (``data/risk_tiers``), so it
learns how risk is *said* (scenes, arrangements, understatement) rather than which topic it
is near. Beside the n-grams it may read a pretrained sentence encoder's vector of the
message (``sentence_weight``; ``lantern.nlp.sentence_encoder``), which carries meaning across
words the examples never used; two small models that read only that vector (a neural network
and the nearest labelled examples) may be blended in. It only writes its ranking on the
message (``risk_tier_ranking``); the risk flagger decides (``lantern.nlp.risk_decision``). If
it fails, the other paths still decide.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from rasa.engine.graph import ExecutionContext, GraphComponent
from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.engine.storage.resource import Resource
from rasa.engine.storage.storage import ModelStorage
from rasa.shared.nlu.constants import INTENT, TEXT
from rasa.shared.nlu.training_data.message import Message
from rasa.shared.nlu.training_data.training_data import TrainingData

from lantern.nlp.text_classifier import Features, TextIntentModel
from lantern.nlp.tier_examples import tier_examples
from lantern.settings import PROJECT_ROOT

log = logging.getLogger(__name__)

TIER_RANKING_KEY = "risk_tier_ranking"
MODEL_FILE = "risk_tier_model.skops"


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.INTENT_CLASSIFIER], is_trainable=True)
class RiskTierClassifier(GraphComponent):
    """Ranks the tiers urgent, check_in and none for each message."""

    @staticmethod
    def get_default_config() -> dict[str, Any]:
        """The folder of labelled messages (relative to the project), the seed, the features.

        The features default to the intent model's (``Features``); config.yml sets the tier
        model's own and says why.
        """
        defaults = Features()
        return {
            "labelled_messages": "data/risk_tiers",
            "random_seed": 7,
            "word_ngrams": list(defaults.word_ngrams),
            "char_ngrams": list(defaults.char_ngrams),
            "char_analyzer": defaults.char_analyzer,
            "alpha": defaults.alpha,
            "sentence_weight": defaults.sentence_weight,
            "network_weight": defaults.network_weight,
            "neighbour_weight": defaults.neighbour_weight,
            "neighbours": defaults.neighbours,
        }

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
    ) -> RiskTierClassifier:
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
    ) -> RiskTierClassifier:
        """The trained tier model from the model archive (fails loudly if it is missing)."""
        with model_storage.read_from(resource) as directory:
            model = TextIntentModel.load(directory / MODEL_FILE)
        return cls(config, model_storage, resource, model)

    def train(self, training_data: TrainingData) -> Resource:
        """Fit on every intent example and the labelled messages; store it with the model."""
        folder = self._config.get("labelled_messages")
        texts, tiers = tier_examples(
            ((m.get(TEXT), m.get(INTENT)) for m in training_data.intent_examples
             if m.get(TEXT) and m.get(INTENT)),
            PROJECT_ROOT / folder if folder else None,
        )  # fmt: skip
        features = features_from(self._config)
        encoder = None
        if features.reads_vectors:  # a batch of ~28,000 texts: use every core
            from lantern.nlp.sentence_encoder import SentenceEncoder

            encoder = SentenceEncoder(threads=os.cpu_count() or 1)
        self._model = TextIntentModel(
            seed=int(self._config["random_seed"]), features=features, encoder=encoder
        ).fit(texts, tiers)
        with self._storage.write_to(self._resource) as directory:
            self._model.save(directory / MODEL_FILE)
        return self._resource

    def process_training_data(self, training_data: TrainingData) -> TrainingData:
        """Training data passes through unchanged."""
        return training_data

    def process(self, messages: list[Message]) -> list[Message]:
        """Rank the tiers of each message; on failure leave no ranking (other paths decide)."""
        for message in messages:
            if self._model is None or not message.get(TEXT):
                continue
            try:
                ranking = [
                    {"name": ranked.name, "confidence": ranked.confidence}
                    for ranked in self._model.rank(message.get(TEXT))
                ]
            except Exception as error:
                log.error("risk tier model failed (%s)", type(error).__name__)
                continue
            message.set(TIER_RANKING_KEY, ranking)
        return messages


def features_from(config: dict[str, Any]) -> Features:
    """The tier model's features from the component's configuration (validated)."""
    word_low, word_high = (int(n) for n in config["word_ngrams"])
    char_low, char_high = (int(n) for n in config["char_ngrams"])
    return Features(
        word_ngrams=(word_low, word_high),
        char_ngrams=(char_low, char_high),
        char_analyzer=str(config["char_analyzer"]),
        alpha=float(config["alpha"]),
        sentence_weight=float(config.get("sentence_weight", 0.0)),
        network_weight=float(config.get("network_weight", 0.0)),
        neighbour_weight=float(config.get("neighbour_weight", 0.0)),
        neighbours=int(config.get("neighbours", Features.neighbours)),
    )


__all__ = ["MODEL_FILE", "TIER_RANKING_KEY", "RiskTierClassifier", "features_from"]
