"""The REST channel (connectors/rest.py) through a real `lantern serve` (tests/served.py)."""

from __future__ import annotations

import json

import pytest

from tests.served import Served

pytestmark = pytest.mark.bot


def test_a_message_gets_the_bots_replies(served: Served) -> None:
    replies = served.rest("rest-channel-1", "why cant i leave him")
    assert replies and all(r["recipient_id"] == "rest-channel-1" for r in replies)
    assert any("text" in r for r in replies)


def test_rasas_body_format_is_accepted_unchanged(served: Served) -> None:
    body = {"sender": 12345, "message": "am i going crazy", "metadata": {"client": "web"}}
    status, data = served.post("/webhooks/rest/webhook", json.dumps(body).encode())
    assert status == 200
    assert json.loads(data)[0]["recipient_id"] == "12345"


@pytest.mark.parametrize(
    "body",
    [b"{not json", b"[1, 2]", b'{"sender": "x"}', b'{"sender": "x", "message": 5}',
     b'{"sender": {"a": 1}, "message": "hi"}', b'{"sender": "x", "message": "hi", "metadata": 3}'],
)  # fmt: skip
def test_a_malformed_body_is_a_400_without_a_stack_trace(served: Served, body: bytes) -> None:
    status, data = served.post("/webhooks/rest/webhook", body)
    assert status == 400
    assert b"Traceback" not in data


def test_the_health_route_answers(served: Served) -> None:
    import urllib.request

    with urllib.request.urlopen(served.base + "/webhooks/rest/", timeout=10) as response:
        assert json.loads(response.read()) == {"status": "ok"}
