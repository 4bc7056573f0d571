"""The canary: a conversation full of seeded personal data through the real bot (the REST
channel of `lantern serve`), then every byte the bot wrote is searched for each seeded value.

Searched: the tracker store's database file (and its journal), every log file (the server's
log file, and its captured stdout and stderr), the models folder and Rasa's cache. Zero hits.
The server (tests/served.py) is shared with the Telegram tests, so the same search also covers
what the Telegram connector wrote.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.served import Served

pytestmark = pytest.mark.bot

SENDER = "+447700900123"  # a REST client can send any sender id, a phone number included
SEEDED = [
    "Darren Whitcombe",
    "Whitcombe",
    "07700 900123",
    "07700900123",
    "+447700900123",
    "kez.w_1987@gmail.com",
    "LS6 2AB",
    "14 Elm Grove",
    "AB 12 34 56 C",
    "AB123456C",
    "943 476 5919",
    "9434765919",
    "4539 1488 0343 6467",
    "4539148803436467",
    "14/03/1987",
    "KX19 LMN",
    "@kez_w87",
    "Oakfield Academy",
    "Greggs",
    "Harehills",
    "31669330",
    "20-45-77",
    "canary-chat-777",
    "88800011",
    "kez_private",
    "Kerry",
]
TELEGRAM_CHAT = 88800011  # its messages carry Telegram's metadata: names, username, chat id
TELEGRAM_CONVERSATION = [
    "my ex Darren Whitcombe has my number 07700 900123",
    "why cant i leave him",
]
CONVERSATION = [
    "hi",
    "my ex Darren Whitcombe keeps ringing me on 07700 900123 and 07700900123",
    "he found my new email kez.w_1987@gmail.com and my new address 14 Elm Grove, LS6 2AB",
    "why cant i leave him, he knows my NI AB 12 34 56 C and my nhs number 943 476 5919",
    "/tell_me_more",
    "he used my card 4539 1488 0343 6467, i was born 14/03/1987",
    "his car is KX19 LMN and he parks outside Oakfield Academy, he works at Greggs",
    "his insta is @kez_w87, we live near Harehills, account 31669330 sort code 20-45-77",
    "i want to kill myself",
    "yes",
    "thank you",
]


def post(served: Served, text: str) -> list[dict[str, object]]:
    return served.rest(SENDER, text, metadata={"chat_id": "canary-chat-777"})


@pytest.fixture(scope="module")
def canary_run(served: Served) -> dict[str, object]:
    from tests.fake_telegram import text_update

    replies = [post(served, text) for text in CONVERSATION]
    for text in TELEGRAM_CONVERSATION:
        before = len(served.fake.sent(TELEGRAM_CHAT))
        assert served.telegram(text_update(served.fake, TELEGRAM_CHAT, text)) == 200
        assert served.fake.wait_for(
            lambda before=before: len(served.fake.sent(TELEGRAM_CHAT)) > before
        )
    return {"db": served.db, "logs": served.logs, "replies": replies, "workdir": served.workdir}


def hits(paths: list[Path]) -> list[tuple[str, str]]:
    found = []
    for path in paths:
        data = path.read_bytes()
        for value in SEEDED:
            for form in {value, value.lower(), value.upper()}:
                if form.encode("utf-8") in data:
                    found.append((str(path), value))
    return found


def files_under(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file()] if folder.exists() else []


def test_the_bot_answered_every_message(canary_run: dict[str, object]) -> None:
    replies = canary_run["replies"]
    assert all(replies), "a message went unanswered"
    crisis = " ".join(
        str(m.get("text", "")) for m in replies[CONVERSATION.index("i want to kill myself")]
    )  # type: ignore[index,union-attr]
    assert "116 123" in crisis  # the crisis reply, with Samaritans


def test_the_database_holds_no_seeded_value(canary_run: dict[str, object]) -> None:
    db = canary_run["db"]
    assert db.stat().st_size > 0  # type: ignore[union-attr]
    candidates = [p for p in canary_run["workdir"].iterdir() if p.name.startswith("served.db")]  # type: ignore[union-attr]
    assert hits(candidates) == []


def test_the_database_holds_the_anonymised_conversation(canary_run: dict[str, object]) -> None:
    import sqlite3

    from lantern.privacy.store import conversation_key

    key = conversation_key(SENDER, b"served-test-key")
    rows = (
        sqlite3.connect(str(canary_run["db"]))
        .execute(
            "select sender_id, data from events where type_name = 'user' and sender_id = ?", (key,)
        )
        .fetchall()
    )
    assert len(rows) == len(CONVERSATION)
    texts = [json.loads(data)["text"] for _, data in rows]
    assert "<PERSON>" in texts[1] and "<PHONE>" in texts[1] and "<EMAIL>" in texts[2]
    assert {sender for sender, _ in rows} != {SENDER}


def test_no_log_file_holds_a_seeded_value(canary_run: dict[str, object]) -> None:
    logs = [p for p in canary_run["logs"] if p.exists()]  # type: ignore[union-attr]
    assert logs
    assert hits(logs) == []


def test_models_and_caches_hold_no_conversation_data(
    canary_run: dict[str, object], root: Path
) -> None:
    # The word lists in build/privacy are built from packages before any conversation and
    # hold ordinary words (a shop's name among them), so they are not searched.
    paths = files_under(root / "models") + files_under(root / ".rasa")
    assert paths
    assert hits(paths) == []
