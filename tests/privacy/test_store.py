"""The anonymising tracker store against SQLite and PostgreSQL: what is written, erasure, purge."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from rasa.shared.core.domain import Domain
from rasa.shared.core.events import ActionExecuted, BotUttered, SessionStarted, UserUttered
from rasa.shared.core.trackers import DialogueStateTracker

from lantern.privacy.store import AnonymisingTrackerStore, conversation_key

KEY = b"test-pseudonym-key"
SENDER = "+447700900461"  # a REST client may send anything as the sender id
SEEDED = ("darren", "07700 900461", "900461", "daz88@gmail.com", "ls6 2ab", SENDER, "kez_xo")


@pytest.fixture(scope="module")
def domain(root: Path) -> Domain:
    return Domain.load(str(root / "domain"))


@pytest.fixture(params=["sqlite", "postgresql"])
def store(
    request: pytest.FixtureRequest, tmp_path: Path, domain: Domain
) -> Iterator[AnonymisingTrackerStore]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'store.db'}"
    else:
        url = request.getfixturevalue("postgres_url")
    store = AnonymisingTrackerStore(domain=domain, url=url, key=KEY)
    with store.session_scope() as session:
        session.query(store.SQLEvent).delete()
        session.commit()
    yield store
    store.engine.dispose()


def conversation(sender: str, domain: Domain, when: float | None = None) -> DialogueStateTracker:
    tracker = DialogueStateTracker(sender, domain.slots)
    stamp = when if when is not None else time.time()
    for event in (
        ActionExecuted("action_session_start", timestamp=stamp),
        SessionStarted(timestamp=stamp),
        UserUttered(
            "my ex darren rang me on 07700 900461, email daz88@gmail.com, im at ls6 2ab",
            intent={"name": "topic_why_cant_leave", "confidence": 0.91},
            parse_data={
                "intent": {"name": "topic_why_cant_leave", "confidence": 0.91},
                "entities": [],
            },
            metadata={"chat": {"id": 99, "username": "kez_xo"}},
            message_id="m-1",
            timestamp=stamp,
        ),
        BotUttered(
            "I'm sorry darren does that",
            {"buttons": [{"title": "More", "payload": "/more"}]},
            {"utter_action": "utter_x"},
            timestamp=stamp,
        ),
    ):
        tracker.update(event)
    return tracker


def raw_rows(store: AnonymisingTrackerStore) -> list[tuple[str, str]]:
    with store.engine.connect() as connection:
        return [
            (r[0], r[1]) for r in connection.execute(sa.text("select sender_id, data from events"))
        ]


async def test_nothing_identifying_is_written(
    store: AnonymisingTrackerStore, domain: Domain
) -> None:
    await store.save(conversation(SENDER, domain))
    rows = raw_rows(store)
    assert len(rows) == 4
    dump = json.dumps(rows).lower()
    for value in SEEDED:
        assert value.lower() not in dump, value
    assert {key for key, _ in rows} == {conversation_key(SENDER, KEY)}
    user = next(json.loads(data) for _, data in rows if json.loads(data)["event"] == "user")
    assert user["text"] == "my ex <PERSON> rang me on <PHONE>, email <EMAIL>, im at <POSTCODE>"
    assert user["parse_data"]["intent"]["name"] == "topic_why_cant_leave"


async def test_tracker_comes_back_under_the_sender_id_rasa_asked_for(
    store: AnonymisingTrackerStore, domain: Domain
) -> None:
    await store.save(conversation(SENDER, domain))
    tracker = await store.retrieve(SENDER)
    assert tracker is not None and tracker.sender_id == SENDER
    assert tracker.latest_message.intent["name"] == "topic_why_cant_leave"
    # Saving again stores only the new events.
    tracker.update(UserUttered("thanks", intent={"name": "thanks", "confidence": 1.0}))
    await store.save(tracker)
    assert len(raw_rows(store)) == 5


async def test_erase_deletes_one_conversation_only(
    store: AnonymisingTrackerStore, domain: Domain
) -> None:
    await store.save(conversation("a", domain))
    await store.save(conversation("b", domain))
    assert store.erase("a") == 4
    assert await store.retrieve("a") is None
    assert await store.retrieve("b") is not None
    assert store.erase("a") == 0


async def test_purge_deletes_idle_conversations(
    store: AnonymisingTrackerStore, domain: Domain
) -> None:
    now = time.time()
    await store.save(conversation("old", domain, when=now - 40 * 86400))
    await store.save(conversation("recent", domain, when=now - 2 * 86400))
    report = store.purge(timedelta(days=30), now=now)
    assert (report.conversations, report.events) == (1, 4)
    assert await store.retrieve("old") is None and await store.retrieve("recent") is not None
    again = store.purge(timedelta(days=30), now=now)
    assert (again.conversations, again.events) == (0, 0)


async def test_a_conversation_active_again_is_not_purged(
    store: AnonymisingTrackerStore, domain: Domain
) -> None:
    now = time.time()
    tracker = conversation("back", domain, when=now - 40 * 86400)
    await store.save(tracker)
    tracker.update(
        UserUttered("hello again", intent={"name": "greet", "confidence": 1.0}, timestamp=now)
    )
    await store.save(tracker)
    assert store.purge(timedelta(days=30), now=now).conversations == 0
    assert store.counts() == (1, 5)


def test_relative_sqlite_file_is_the_projects(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LANTERN_TRACKER_STORE_URL", raising=False)
    from lantern.settings import get_settings

    store = AnonymisingTrackerStore(db="lantern-test-store.db", key=KEY)
    try:
        assert Path(store.engine.url.database) == get_settings().root / "lantern-test-store.db"
    finally:
        store.engine.dispose()
        (get_settings().root / "lantern-test-store.db").unlink(missing_ok=True)
