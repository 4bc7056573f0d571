"""The /resources reply, built without a model, the action server or the database.

The same words as the bot's ``utter_resources`` (its UK-wide variant), built from content/ by
the code that builds the crisis replies.
"""

from __future__ import annotations

from functools import lru_cache

from lantern.safety.crisis import build_responses, load_words
from lantern.safety.resources import load_resources
from lantern.telegram.gateway import Resources


@lru_cache(maxsize=1)
def resources_reply() -> Resources:
    """The UK-wide resources reply and its buttons."""
    variants = build_responses(load_words(), load_resources())["utter_resources"]
    for variant in variants:
        conditions = variant.get("condition") or []
        if all(c.get("value") is None for c in conditions):
            return Resources(text=str(variant["text"]), buttons=tuple(variant.get("buttons") or ()))
    first = variants[0]
    return Resources(text=str(first["text"]), buttons=tuple(first.get("buttons") or ()))
