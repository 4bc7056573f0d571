"""Anonymising a message does not change what it is about: the stored text still shows staff
the right topic. Each held-out topic question, raw and anonymised, goes through the trained
NLU; the intents must agree."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from lantern.privacy import default_redactor

pytestmark = pytest.mark.bot


async def test_anonymised_text_classifies_like_the_raw_text(bot: object, root: Path) -> None:
    cases = yaml.safe_load((root / "tests" / "data" / "heldout_topics.yml").read_text())["cases"]
    redactor = default_redactor()
    changed = disagreements = 0
    for case in cases:
        raw = case["text"]
        safe = redactor.redact_text(raw)
        if safe == raw:
            continue
        changed += 1
        raw_intent = (await bot.parse_message(raw))["intent"]["name"]  # type: ignore[attr-defined]
        safe_intent = (await bot.parse_message(safe))["intent"]["name"]  # type: ignore[attr-defined]
        if raw_intent != safe_intent:
            disagreements += 1
    # Most questions hold no personal data and are unchanged; those that do must keep their
    # topic (one disagreement in the whole set is allowed for a borderline message).
    assert disagreements <= 1, f"{disagreements} of {changed} anonymised questions changed topic"


async def test_anonymised_names_do_not_change_the_topic(bot: object) -> None:
    redactor = default_redactor()
    checked = 0
    for raw in (
        "why cant i leave darren when i know its bad",
        "my ex kwame says im crazy and i believe him, am i going mad",
        "why do i feel addicted to marcus even after everything he did",
        "is it gaslighting when my partner priya tells me i imagined it",
    ):
        safe = redactor.redact_text(raw)
        assert "<PERSON>" in safe
        raw_intent = (await bot.parse_message(raw))["intent"]["name"]  # type: ignore[attr-defined]
        if not raw_intent.startswith("topic_"):
            continue  # unsure about the raw text too: nothing to compare
        checked += 1
        safe_intent = (await bot.parse_message(safe))["intent"]["name"]  # type: ignore[attr-defined]
        assert raw_intent == safe_intent, (raw, safe)
    assert checked >= 3
