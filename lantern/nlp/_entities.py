"""Setting an entity that one of our components owns on a Rasa message."""

from __future__ import annotations

from rasa.shared.nlu.constants import ENTITIES
from rasa.shared.nlu.training_data.message import Message


def set_entity(message: Message, name: str, value: str | None, extractor: str) -> None:
    """Replace any ``name`` entity with ``value`` (none when value is None), for slot mapping."""
    entities = [e for e in (message.get(ENTITIES) or []) if e.get("entity") != name]
    if value is not None:
        entities.append(
            {"entity": name, "value": value, "start": 0, "end": 0,
             "confidence_entity": 1.0, "extractor": extractor}
        )  # fmt: skip
    message.set(ENTITIES, entities, add_to_output=True)
