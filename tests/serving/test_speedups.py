"""The cached action-result validator accepts and rejects exactly what Rasa's check does."""

from __future__ import annotations

import pytest
from jsonschema import ValidationError, validate
from rasa.core.actions.action import RemoteAction

from lantern.serving.speedups import install, validate_action_result

GOOD = [
    {"events": [], "responses": []},
    {"events": [{"event": "slot", "name": "topic", "value": "gaslighting"}],
     "responses": [{"text": "hello", "buttons": [{"title": "more", "payload": "/x"}]}]},
    {},
]  # fmt: skip
BAD = [
    {"events": "not a list"},
    {"events": [{"no_event_key": 1}]},
    {"responses": "nope"},
]


@pytest.mark.parametrize("result", GOOD)
def test_valid_results_pass_both(result: dict) -> None:
    validate(result, RemoteAction.action_response_format_spec())
    assert validate_action_result(result)


@pytest.mark.parametrize("result", BAD)
def test_invalid_results_fail_both(result: dict) -> None:
    with pytest.raises(ValidationError):
        validate(result, RemoteAction.action_response_format_spec())
    with pytest.raises(ValidationError, match="Action server response"):
        validate_action_result(result)


def test_install_replaces_rasas_check_once() -> None:
    install()
    install()
    action = RemoteAction.__new__(RemoteAction)
    assert action._validate_action_result({"events": []})
    with pytest.raises(ValidationError):
        action._validate_action_result({"events": "x"})
