"""Seed a conversation store with realistic anonymised events, as the anonymising store
writes them (for the review tests and bench/review_pages.py)."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from lantern.review.data import events, metadata

TOPICS = [
    "why_cant_leave",
    "gaslighting",
    "trauma_bond",
    "am_i_the_abuser",
    "hoovering",
    "no_contact",
]
QUESTIONS = {
    "why_cant_leave": "why cant i leave <PERSON> when i know its bad",
    "gaslighting": "he says i imagine things, am i going crazy",
    "trauma_bond": "why do i feel addicted to him",
    "am_i_the_abuser": "he says im the abuser, am i",
    "hoovering": "he keeps messaging me on <PHONE> saying hes changed",
    "no_contact": "how do i go no contact when we have kids",
}


def _user(text: str, intent: str, confidence: float, when: float, risk: dict[str, Any] | None = None,
          entities: list[dict[str, Any]] | None = None) -> dict[str, Any]:  # fmt: skip
    parse = {"text": text, "intent": {"name": intent, "confidence": confidence},
             "intent_ranking": [], "entities": entities or []}  # fmt: skip
    if risk:
        parse["risk"] = risk
    return {
        "event": "user",
        "timestamp": when,
        "text": text,
        "input_channel": "telegram",
        "parse_data": parse,
    }


def conversation(
    index: int, start: float, rng: random.Random
) -> list[tuple[str, str | None, str | None, dict[str, Any]]]:
    """(type_name, intent_name, action_name, data) rows of one conversation (about 10)."""
    t = start
    rows: list[tuple[str, str | None, str | None, dict[str, Any]]] = [
        (
            "action",
            None,
            "action_session_start",
            {"event": "action", "timestamp": t, "name": "action_session_start"},
        ),
        ("session_started", None, None, {"event": "session_started", "timestamp": t}),
    ]
    topic = TOPICS[index % len(TOPICS)]
    kind = index % 10
    if index % 2 == 0:  # half say hello first
        rows.append(("user", "greet", None, _user("hi", "greet", 0.99, t)))
        rows.append(
            (
                "action",
                None,
                "utter_greet",
                {"event": "action", "timestamp": t, "name": "utter_greet"},
            )
        )
        rows.append(
            (
                "bot",
                None,
                None,
                {
                    "event": "bot",
                    "timestamp": t,
                    "text": "Hello. I'm an automated guide.",
                    "data": {},
                    "metadata": {},
                },
            )
        )
        rows.append(
            (
                "action",
                None,
                "action_listen",
                {"event": "action", "timestamp": t, "name": "action_listen"},
            )
        )
    if kind == 7:  # a risk message
        risk = {
            "tier": "urgent",
            "category": "suicide",
            "paths": ["detector"],
            "findings": [
                {
                    "pattern": "suicide_intent",
                    "category": "suicide",
                    "tier": "urgent",
                    "modifiers": [],
                    "why": "says they want to end their life",
                }
            ],
        }
        rows.append(
            (
                "user",
                "risk_urgent",
                None,
                _user("i want to end it all tonight", "risk_urgent", 1.0, t + 1, risk),
            )
        )
        rows.append(
            (
                "action",
                None,
                "utter_urgent",
                {"event": "action", "timestamp": t + 1, "name": "utter_urgent"},
            )
        )
        rows.append(
            (
                "bot",
                None,
                None,
                {
                    "event": "bot",
                    "timestamp": t + 1,
                    "text": "Thank you for telling me. Samaritans 116 123.",
                    "data": {},
                    "metadata": {},
                },
            )
        )
        return rows
    if kind == 8:  # a fallback
        rows.append(
            (
                "user",
                "nlu_fallback",
                None,
                _user(
                    "what about the <PLACE> thing <script>alert(1)</script>",
                    "nlu_fallback",
                    0.2,
                    t + 1,
                ),
            )
        )
        rows.append(
            (
                "action",
                None,
                "action_clarify",
                {"event": "action", "timestamp": t + 1, "name": "action_clarify"},
            )
        )
        rows.append(
            (
                "bot",
                None,
                None,
                {
                    "event": "bot",
                    "timestamp": t + 1,
                    "text": "I'm not sure I understood.",
                    "data": {},
                    "metadata": {},
                },
            )
        )
    confidence = 0.45 if kind == 9 else round(rng.uniform(0.7, 0.99), 3)
    rows.append(
        (
            "user",
            f"topic_{topic}",
            None,
            _user(QUESTIONS[topic], f"topic_{topic}", confidence, t + 2),
        )
    )
    rows.append(
        (
            "action",
            None,
            "action_answer_topic",
            {"event": "action", "timestamp": t + 2, "name": "action_answer_topic"},
        )
    )
    rows.append(
        (
            "bot",
            None,
            None,
            {
                "event": "bot",
                "timestamp": t + 2,
                "text": f"An answer about {topic}.",
                "data": {},
                "metadata": {},
            },
        )
    )
    if kind < 5:
        rows.append(("user", "tell_me_more", None, _user(f'/tell_me_more{{"topic":"{topic}"}}', "tell_me_more", 1.0, t + 30,
                                                         entities=[{"entity": "topic", "value": topic}])))  # fmt: skip
        rows.append(
            (
                "action",
                None,
                "action_tell_me_more",
                {"event": "action", "timestamp": t + 30, "name": "action_tell_me_more"},
            )
        )
        rows.append(
            (
                "bot",
                None,
                None,
                {
                    "event": "bot",
                    "timestamp": t + 30,
                    "text": "More about it.",
                    "data": {},
                    "metadata": {},
                },
            )
        )
        rows.append(
            (
                "action",
                None,
                "action_listen",
                {"event": "action", "timestamp": t + 30, "name": "action_listen"},
            )
        )
        if kind in (1, 2):  # said whether it helped
            intent = "feedback_helpful" if kind == 1 else "feedback_unhelpful"
            rows.append(("user", intent, None, _user(f'/{intent}{{"topic":"{topic}"}}', intent, 1.0, t + 40,
                                                     entities=[{"entity": "topic", "value": topic}])))  # fmt: skip
    return rows


def seed(
    engine: Engine, conversations: int, start: float, spread_days: float = 30, seed_value: int = 5
) -> int:
    """Write ``conversations`` conversations spread over ``spread_days``; return events written."""
    metadata.create_all(engine, tables=[events])
    rng = random.Random(seed_value)
    written = 0
    batch: list[dict[str, Any]] = []
    with engine.begin() as connection:
        for index in range(conversations):
            key = hashlib.sha256(f"seed-{seed_value}-{index}".encode()).hexdigest()
            when = start + rng.uniform(0, spread_days * 86400)
            for type_name, intent, action, data in conversation(index, when, rng):
                batch.append({"sender_id": key, "type_name": type_name, "timestamp": data["timestamp"],
                              "intent_name": intent, "action_name": action, "data": json.dumps(data)})  # fmt: skip
            if len(batch) >= 5000:
                connection.execute(sa.insert(events), batch)
                written += len(batch)
                batch = []
        if batch:
            connection.execute(sa.insert(events), batch)
            written += len(batch)
    return written
