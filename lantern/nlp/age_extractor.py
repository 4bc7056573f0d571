"""Rasa graph component: an ``age_group`` entity when the writer says they are under 18."""

from __future__ import annotations

from rasa.engine.recipes.default_recipe import DefaultV1Recipe

from lantern.nlp._extractor import TextEntityExtractor
from lantern.safety.ages import says_under_18
from lantern.safety.crisis import AGE_SLOT, UNDER_18

AGE_ENTITY = AGE_SLOT


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.ENTITY_EXTRACTOR], is_trainable=False)
class AgeExtractor(TextEntityExtractor):
    """Adds ``age_group: under_18`` where the writer says they are under eighteen.

    Only the band is kept, never the age or the words. The slot it fills stays set for the
    rest of the conversation, so a later crisis reply still shows Childline.
    """

    ENTITY = AGE_ENTITY

    def find(self, text: str) -> str | None:
        """``under_18`` when the writer says so."""
        return UNDER_18 if says_under_18(text) else None
