"""Rasa graph components that read each message's text and keep no state."""

from __future__ import annotations

from typing import Any, ClassVar

from rasa.engine.graph import ExecutionContext, GraphComponent
from rasa.engine.storage.resource import Resource
from rasa.engine.storage.storage import ModelStorage
from rasa.shared.nlu.constants import TEXT
from rasa.shared.nlu.training_data.message import Message
from rasa.shared.nlu.training_data.training_data import TrainingData

from lantern.nlp._entities import set_entity


class StatelessComponent(GraphComponent):
    """A component that reads each message as it comes: nothing to train, load or keep."""

    @classmethod
    def create(
        cls,
        config: dict[str, Any],
        model_storage: ModelStorage,
        resource: Resource,
        execution_context: ExecutionContext,
    ) -> StatelessComponent:
        """No state: nothing to load."""
        return cls()

    def process_training_data(self, training_data: TrainingData) -> TrainingData:
        """Training data passes through unchanged."""
        return training_data


class TextEntityExtractor(StatelessComponent):
    """Adds ``ENTITY`` with the value ``find`` reads in the text, when it reads one."""

    ENTITY: ClassVar[str]

    def process(self, messages: list[Message]) -> list[Message]:
        """Add the entity where ``find`` reads a value in a message."""
        for message in messages:
            value = self.find(message.get(TEXT) or "")
            if value is not None:
                set_entity(message, self.ENTITY, value, type(self).__name__)
        return messages

    def find(self, text: str) -> str | None:
        """The entity's value in a message's text, or None."""
        raise NotImplementedError
