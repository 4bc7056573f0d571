"""What of a Rasa event may be stored: an allow-list, with every free text anonymised.

Rasa serialises each event as a dict (``Event.as_dict()``). Before one is written anywhere,
``anonymise_event`` rebuilds it from the fields below only:

- user messages keep the anonymised text, the intent and its ranking, entity types with
  anonymised values (no character offsets into the raw text), the input channel's name, and
  the risk decision without the words that fired; ``message_id`` and ``metadata`` (where
  channels put names, usernames and chat ids) are dropped;
- bot messages keep anonymised text, buttons (titles anonymised, payloads are our own
  intents) and the response name; ``metadata`` is dropped apart from ``utter_action``;
- slot values that are text are anonymised (lists and dicts walked), and the slot Rasa fills
  with the channel's metadata at session start (``session_started_metadata``) is emptied;
- any other event keeps its own small, non-text fields; unknown text fields are anonymised.

Nothing here imports Rasa: it works on plain dicts, so it is tested without a model.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Anonymise = Callable[[str], str]

# Fields kept as they are: names from our own domain, numbers and flags.
_KEEP = frozenset(
    {
        "event", "timestamp", "name", "policy", "confidence", "action_name", "intent_name",
        "input_channel", "hide_rule_turn", "is_end_to_end", "trigger_message", "type_name",
        "use_text_for_featurization", "key", "active_loop", "kill",
    }
)  # fmt: skip
# Fields dropped from every event: where channels put who someone is.
_DROP = frozenset({"metadata", "message_id", "sender_id", "sender", "user", "chat", "from"})
# Rasa copies the message metadata (chat ids, usernames) into this slot at session start.
_METADATA_SLOTS = frozenset({"session_started_metadata"})
_ENTITY_KEEP = frozenset({"entity", "extractor", "confidence_entity", "role", "group"})
_RISK_FINDING_KEEP = frozenset({"pattern", "category", "tier", "modifiers", "why"})


def anonymise_event(event: Mapping[str, Any], anonymise: Anonymise) -> dict[str, Any]:
    """A copy of ``event`` safe to store: allow-listed fields, free text anonymised."""
    kind = event.get("event")
    if kind == "user":
        return _user(event, anonymise)
    if kind == "bot":
        return _bot(event, anonymise)
    if kind == "slot":
        out = _generic(event, anonymise)
        if event.get("name") in _METADATA_SLOTS:
            out["value"] = None  # the channel's metadata, copied into a slot by Rasa
        else:
            out["value"] = _walk(event.get("value"), anonymise)
        return out
    return _generic(event, anonymise)


def _generic(event: Mapping[str, Any], anonymise: Anonymise) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in event.items():
        if key in _DROP:
            continue
        if key in _KEEP and not isinstance(value, (dict, list)):
            out[key] = value
        else:
            out[key] = _walk(value, anonymise)
    return out


def _walk(value: Any, anonymise: Anonymise) -> Any:
    """Anonymise every string inside ``value``; drop identifying keys of nested dicts."""
    if isinstance(value, str):
        return anonymise(value)
    if isinstance(value, Mapping):
        return {k: _walk(v, anonymise) for k, v in value.items() if k not in _DROP}
    if isinstance(value, (list, tuple)):
        return [_walk(v, anonymise) for v in value]
    return value


def _user(event: Mapping[str, Any], anonymise: Anonymise) -> dict[str, Any]:
    text = event.get("text")
    safe_text = anonymise(text) if isinstance(text, str) else None
    parse = event.get("parse_data") or {}
    out: dict[str, Any] = {
        "event": "user",
        "timestamp": event.get("timestamp"),
        "text": safe_text,
        "input_channel": event.get("input_channel"),
        "parse_data": {
            "text": safe_text,
            "intent": _intent(parse.get("intent")),
            "intent_ranking": [_intent(r) for r in parse.get("intent_ranking") or []],
            "entities": [_entity(e, anonymise) for e in parse.get("entities") or []],
        },
    }
    if "risk" in parse:
        out["parse_data"]["risk"] = _risk(parse["risk"])
    for flag in ("use_text_for_featurization",):
        if flag in event:
            out[flag] = event[flag]
    return out


def _intent(intent: Any) -> dict[str, Any]:
    if not isinstance(intent, Mapping):
        return {}
    return {k: intent[k] for k in ("name", "confidence") if k in intent}


def _entity(entity: Any, anonymise: Anonymise) -> dict[str, Any]:
    if not isinstance(entity, Mapping):
        return {}
    out = {k: entity[k] for k in _ENTITY_KEEP if k in entity}
    if "value" in entity:
        out["value"] = _walk(entity["value"], anonymise)
    return out


def _risk(risk: Any) -> dict[str, Any]:
    """The risk decision without matched words: tier, category, paths, DIET's view, why."""
    if not isinstance(risk, Mapping):
        return {}
    out = {k: risk[k] for k in ("tier", "category", "paths") if k in risk}
    diet = risk.get("diet")
    if isinstance(diet, Mapping):
        out["diet"] = {k: diet[k] for k in ("intent", "confidence") if k in diet}
    out["findings"] = [
        {k: f[k] for k in _RISK_FINDING_KEEP if k in f}
        for f in risk.get("findings") or []
        if isinstance(f, Mapping)
    ]
    return out


def _bot(event: Mapping[str, Any], anonymise: Anonymise) -> dict[str, Any]:
    text = event.get("text")
    data = event.get("data") or {}
    metadata = event.get("metadata") or {}
    out: dict[str, Any] = {
        "event": "bot",
        "timestamp": event.get("timestamp"),
        "text": anonymise(text) if isinstance(text, str) else None,
        "data": {
            "buttons": [
                {"title": anonymise(str(b.get("title", ""))), "payload": str(b.get("payload", ""))}
                for b in data.get("buttons") or []
                if isinstance(b, Mapping)
            ]
            or None,
        },
        "metadata": {"utter_action": metadata["utter_action"]}
        if isinstance(metadata, Mapping) and "utter_action" in metadata
        else {},
    }
    return out
