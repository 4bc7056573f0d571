"""Rasa graph component: the intent ``say_safe`` where a message says only that they are safe.

"im safe for now", "hes gone out, im ok", "im at my mums now" (``lantern/safety/safe_now.py``):
after a crisis reply the rules take it as "Yes, I'm safe for now", after a check-in as "no",
and anywhere else they answer it briefly (``data/rules/safety.yml``). With a "yeah" in front
it is ``affirm``: after a check-in a yes stays a yes. Read here, never learnt, so NLU's models
are unchanged; placed before the risk flagger, which still overrides the intent when it finds
risk.
"""

from __future__ import annotations

from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.shared.nlu.constants import INTENT, TEXT
from rasa.shared.nlu.training_data.message import Message

from lantern.nlp._extractor import StatelessComponent
from lantern.nlp.risk_decision import SAFE_INTENT
from lantern.safety.safe_now import safe_answer

AFFIRM_INTENT = "affirm"


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.INTENT_CLASSIFIER], is_trainable=False)
class SafeAnswerReader(StatelessComponent):
    """Sets ``say_safe`` (or ``affirm``) where all a message says is that they are safe now."""

    def process(self, messages: list[Message]) -> list[Message]:
        """Set the intent on each message that is only such an answer; leave the rest."""
        for message in messages:
            answer = safe_answer(message.get(TEXT) or "")
            if answer is not None:
                intent = AFFIRM_INTENT if answer.yes else SAFE_INTENT
                message.set(INTENT, {"name": intent, "confidence": 1.0}, add_to_output=True)
        return messages
