"""Rasa graph component: the intent ``say_unsure`` where a message says only "not sure".

"idk", "not sure tbh", "dunno x" (``lantern/safety/unsure.py``): after a check-in the rules take
it as seriously as a yes, after a crisis reply as not yet safe, and anywhere else they answer
it gently (``data/rules/safety.yml``). Read here, never learnt, so NLU's models are unchanged;
placed before the risk flagger, which still overrides the intent when it finds risk.
"""

from __future__ import annotations

from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.shared.nlu.constants import INTENT, TEXT
from rasa.shared.nlu.training_data.message import Message

from lantern.nlp._extractor import StatelessComponent
from lantern.nlp.risk_decision import UNSURE_INTENT
from lantern.safety.unsure import is_unsure_answer


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.INTENT_CLASSIFIER], is_trainable=False)
class UnsureAnswerReader(StatelessComponent):
    """Sets ``say_unsure`` where all a message says is that the writer does not know."""

    def process(self, messages: list[Message]) -> list[Message]:
        """Set the intent on each message that is only such an answer; leave the rest."""
        for message in messages:
            if is_unsure_answer(message.get(TEXT) or ""):
                message.set(INTENT, {"name": UNSURE_INTENT, "confidence": 1.0}, add_to_output=True)
        return messages
