"""Rasa graph component: an ``age_group`` entity when the writer says they are under 18."""

from __future__ import annotations

from typing import Any

from rasa.engine.graph import ExecutionContext, GraphComponent
from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.engine.storage.resource import Resource
from rasa.engine.storage.storage import ModelStorage
from rasa.shared.nlu.constants import TEXT
from rasa.shared.nlu.training_data.message import Message
from rasa.shared.nlu.training_data.training_data import TrainingData

from lantern.nlp._entities import set_entity
from lantern.safety.ages import says_under_18
from lantern.safety.crisis import AGE_SLOT, UNDER_18

AGE_ENTITY = AGE_SLOT


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.ENTITY_EXTRACTOR], is_trainable=False)
class AgeExtractor(GraphComponent):
    """Adds ``age_group: under_18`` where the writer says they are under eighteen.

    Only the band is kept, never the age or the words. The slot it fills stays set for the
    rest of the conversation, so a later crisis reply still shows Childline.
    """

    @classmethod
    def create(
        cls,
        config: dict[str, Any],
        model_storage: ModelStorage,
        resource: Resource,
        execution_context: ExecutionContext,
    ) -> AgeExtractor:
        """No state: nothing to load."""
        return cls()

    def process_training_data(self, training_data: TrainingData) -> TrainingData:
        """Training data passes through unchanged."""
        return training_data

    def process(self, messages: list[Message]) -> list[Message]:
        """Add the entity where a message says its writer is under eighteen."""
        for message in messages:
            if says_under_18(message.get(TEXT) or ""):
                set_entity(message, AGE_ENTITY, UNDER_18, "AgeExtractor")
        return messages
