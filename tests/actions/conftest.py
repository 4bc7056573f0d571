from typing import Any

import pytest
from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher


def make_tracker(
    text: str = "",
    intent: str | None = None,
    entities: list[dict[str, Any]] | None = None,
    slots: dict[str, Any] | None = None,
    ranking: list[tuple[str, float]] | None = None,
    history: list[dict[str, Any]] | None = None,
) -> Tracker:
    """A tracker as the action server receives it: past events, then the latest message."""
    latest = {
        "text": text,
        "intent": {"name": intent, "confidence": 0.9},
        "entities": entities or [],
        "intent_ranking": [{"name": n, "confidence": c} for n, c in (ranking or [])],
    }
    events = [
        {"event": "action", "name": "action_session_start"},
        {"event": "session_started"},
        {"event": "action", "name": "action_listen"},
        *(history or []),
        {"event": "user", "text": text, "parse_data": latest},
    ]
    return Tracker(
        sender_id="test-conversation",
        slots={"topic": None, **(slots or {})},
        latest_message=latest,
        events=events,
        paused=False,
        followup_action=None,
        active_loop={},
        latest_action_name="action_listen",
    )


@pytest.fixture
def dispatcher() -> CollectingDispatcher:
    return CollectingDispatcher()


BOT_SAID_HELLO = [
    {"event": "action", "name": "utter_greet"},
    {"event": "bot", "text": "Hi, I'm Lantern."},
    {"event": "action", "name": "action_listen"},
]
