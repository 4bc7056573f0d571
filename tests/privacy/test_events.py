"""What of a Rasa event is stored: the allow-list, with free text anonymised."""

from __future__ import annotations

from lantern.privacy.events import anonymise_event


def upper(text: str) -> str:
    """A stand-in anonymiser that makes what it touched visible."""
    return f"<{text.upper()}>"


def test_user_event_keeps_intent_and_drops_identity() -> None:
    event = {
        "event": "user",
        "timestamp": 1.0,
        "text": "darren",
        "input_channel": "telegram",
        "message_id": "abc",
        "metadata": {"chat": {"id": 42, "username": "kez"}, "from": {"first_name": "Kerry"}},
        "parse_data": {
            "text": "darren",
            "intent": {"name": "greet", "confidence": 0.9, "id": 7},
            "intent_ranking": [{"name": "greet", "confidence": 0.9}],
            "entities": [
                {"entity": "nation", "value": "wales", "start": 0, "end": 5, "extractor": "X"}
            ],
            "risk": {
                "tier": "check_in",
                "category": "suicide",
                "paths": ["detector"],
                "diet": {"intent": "risk_check_in", "confidence": 0.5},
                "findings": [
                    {
                        "pattern": "p",
                        "category": "suicide",
                        "tier": "check_in",
                        "modifiers": [],
                        "why": "w",
                        "words": "want to die",
                    }
                ],
            },
            "message_id": "abc",
        },
    }
    out = anonymise_event(event, upper)
    assert out["text"] == "<DARREN>" and out["parse_data"]["text"] == "<DARREN>"
    assert "metadata" not in out and "message_id" not in out
    assert out["parse_data"]["intent"] == {"name": "greet", "confidence": 0.9}
    assert out["parse_data"]["entities"] == [
        {"entity": "nation", "value": "<WALES>", "extractor": "X"}
    ]
    assert "words" not in out["parse_data"]["risk"]["findings"][0]
    assert out["parse_data"]["risk"]["tier"] == "check_in"
    assert "42" not in str(out) and "kez" not in str(out) and "Kerry" not in str(out)


def test_bot_event_keeps_buttons_and_response_name_only() -> None:
    event = {
        "event": "bot",
        "timestamp": 2.0,
        "text": "hello darren",
        "data": {"buttons": [{"title": "More", "payload": "/tell_me_more"}], "custom": {"x": "y"}},
        "metadata": {"utter_action": "utter_greet", "chat_id": 42},
    }
    out = anonymise_event(event, upper)
    assert out["text"] == "<HELLO DARREN>"
    assert out["data"] == {"buttons": [{"title": "<MORE>", "payload": "/tell_me_more"}]}
    assert out["metadata"] == {"utter_action": "utter_greet"}


def test_slot_values_are_anonymised_deeply() -> None:
    event = {
        "event": "slot",
        "timestamp": 3.0,
        "name": "notes",
        "value": ["kez", {"who": "darren"}],
    }
    out = anonymise_event(event, upper)
    assert out == {
        "event": "slot",
        "timestamp": 3.0,
        "name": "notes",
        "value": ["<KEZ>", {"who": "<DARREN>"}],
    }


def test_other_events_keep_their_own_fields_and_lose_metadata() -> None:
    event = {
        "event": "action",
        "timestamp": 4.0,
        "name": "action_listen",
        "policy": "RulePolicy",
        "confidence": 1.0,
        "metadata": {"chat_id": 42},
        "action_text": None,
    }
    out = anonymise_event(event, upper)
    assert out == {
        "event": "action",
        "timestamp": 4.0,
        "name": "action_listen",
        "policy": "RulePolicy",
        "confidence": 1.0,
        "action_text": None,
    }


def test_session_metadata_slot_is_emptied() -> None:
    event = {
        "event": "slot",
        "timestamp": 5.0,
        "name": "session_started_metadata",
        "value": {"chat_id": "777", "username": "kez"},
    }
    assert anonymise_event(event, upper)["value"] is None
