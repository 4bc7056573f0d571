"""Rasa graph component: a ``nation`` entity when someone says where they are."""

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
from lantern.safety.places import find_nation

NATION_ENTITY = "nation"


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.ENTITY_EXTRACTOR], is_trainable=False)
class NationExtractor(GraphComponent):
    """Adds a ``nation`` entity (england, wales, scotland, northern_ireland, elsewhere)."""

    @classmethod
    def create(
        cls,
        config: dict[str, Any],
        model_storage: ModelStorage,
        resource: Resource,
        execution_context: ExecutionContext,
    ) -> NationExtractor:
        """No state: nothing to load."""
        return cls()

    def process_training_data(self, training_data: TrainingData) -> TrainingData:
        """Training data passes through unchanged."""
        return training_data

    def process(self, messages: list[Message]) -> list[Message]:
        """Add the entity where a message says where its writer is."""
        for message in messages:
            nation = find_nation(message.get(TEXT) or "")
            if nation is not None:
                set_entity(message, NATION_ENTITY, nation, "NationExtractor")
        return messages
