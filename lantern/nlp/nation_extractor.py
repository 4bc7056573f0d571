"""Rasa graph component: a ``nation`` entity when someone says where they are."""

from __future__ import annotations

from rasa.engine.recipes.default_recipe import DefaultV1Recipe

from lantern.nlp._extractor import TextEntityExtractor
from lantern.safety.places import find_nation

NATION_ENTITY = "nation"


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.ENTITY_EXTRACTOR], is_trainable=False)
class NationExtractor(TextEntityExtractor):
    """Adds a ``nation`` entity (england, wales, scotland, northern_ireland, elsewhere)."""

    ENTITY = NATION_ENTITY

    def find(self, text: str) -> str | None:
        """The place the writer says they are in."""
        return find_nation(text)
