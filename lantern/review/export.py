"""Labelled queue items as Rasa NLU YAML (to merge into data/) and as `lantern eval` cases."""

from __future__ import annotations

from collections.abc import Iterable

import yaml

from lantern.dialogue.payloads import TOPIC_INTENT_PREFIX

HEADER = "# Exported by lantern review. Texts are anonymised; check each before merging.\n"


def nlu_yaml(labelled: Iterable[tuple[str, str, str]]) -> str:
    """``nlu:`` with one block per intent; risk and out-of-scope labels go to their intents."""
    by_intent: dict[str, list[str]] = {}
    for kind, label, text in labelled:
        intent = {"intent": label, "out_of_scope": "out_of_scope"}.get(kind)
        if kind == "risk":
            intent = {"urgent": "risk_urgent", "check_in": "risk_check_in"}.get(label)
        if intent and text.strip():
            by_intent.setdefault(intent, [])
            if text not in by_intent[intent]:
                by_intent[intent].append(text)
    lines = ['version: "3.1"', "nlu:" + ("" if by_intent else " []")]
    for intent, texts in sorted(by_intent.items()):
        lines += [f"- intent: {intent}", "  examples: |"]
        lines += [f"    - {_one_line(text)}" for text in texts]
    return HEADER + "\n".join(lines) + "\n"


def cases_yaml(labelled: Iterable[tuple[str, str, str]]) -> str:
    """``cases:`` for `lantern eval`: topics expect the topic, risk labels expect the tier."""
    cases = []
    for kind, label, text in labelled:
        if kind == "intent" and label.startswith(TOPIC_INTENT_PREFIX):
            cases.append({"text": text, "expect": {"topic": label[len(TOPIC_INTENT_PREFIX) :]}})
        elif kind == "risk":
            cases.append({"text": text, "expect": {"risk": label}})
    body = yaml.safe_dump({"cases": cases}, sort_keys=False, allow_unicode=True)
    return HEADER + body


def _one_line(text: str) -> str:
    return " ".join(text.split())
