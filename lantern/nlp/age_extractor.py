"""Rasa graph component: an ``age_group`` entity when the writer says they are under 18.

When the message says that and nothing else ("im 15", "forgot to say im 14"), it also sets the
intent ``inform_age``, so the rules can bring a crisis reply just sent back with Childline. The
intent is read here, from the same words as the age, and never learnt: NLU's models are not
trained on it, and a message that says more ("im 15 and my dad hits me") keeps NLU's intent.
"""

from __future__ import annotations

from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.shared.nlu.constants import INTENT, TEXT
from rasa.shared.nlu.training_data.message import Message

from lantern.nlp._extractor import TextEntityExtractor
from lantern.nlp.risk_decision import AGE_INTENT
from lantern.safety.ages import says_only_young_age, says_under_18
from lantern.safety.crisis import AGE_SLOT, UNDER_18

AGE_ENTITY = AGE_SLOT


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.ENTITY_EXTRACTOR], is_trainable=False)
class AgeExtractor(TextEntityExtractor):
    """Adds ``age_group: under_18`` where the writer says they are under eighteen.

    Only the band is kept, never the age or the words. The slot it fills stays set for the
    rest of the conversation, so a later crisis reply still shows Childline. Placed before the
    risk flagger, which still overrides the intent when the words carry risk.
    """

    ENTITY = AGE_ENTITY

    def find(self, text: str) -> str | None:
        """``under_18`` when the writer says so."""
        return UNDER_18 if says_under_18(text) else None

    def process(self, messages: list[Message]) -> list[Message]:
        """The entity, and the intent ``inform_age`` where the age is all the message says."""
        for message in super().process(messages):
            if says_only_young_age(message.get(TEXT) or ""):
                message.set(INTENT, {"name": AGE_INTENT, "confidence": 1.0}, add_to_output=True)
        return messages
