"""The anonymising tracker store: Rasa's SQLTrackerStore, storing nothing identifying.

In ``endpoints.yml``::

    tracker_store:
      type: lantern.privacy.store.AnonymisingTrackerStore
      db: lantern.db          # SQLite (the default), or set LANTERN_TRACKER_STORE_URL

Differences from the stock store:

- each event passes ``lantern.privacy.events.anonymise_event`` before it is written (user and
  bot text anonymised, metadata and message ids dropped);
- the conversation key written to the database is ``HMAC-SHA256(LANTERN_PSEUDONYM_KEY,
  sender_id)``: the Telegram connector already passes a pseudonym, and a sender id given to
  the REST channel (which a client may set to anything, a phone number included) is never
  written as it came;
- ``erase(sender_id)`` deletes every event of one conversation (used by /forget), and
  ``purge(idle)`` deletes conversations idle for longer than ``idle`` (``lantern purge``).

Rasa still gets the tracker under the sender id it asked for, so replies are routed as usual.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from rasa.core.tracker_store import SQLTrackerStore
from rasa.shared.core.trackers import DialogueStateTracker
from sqlalchemy.engine import make_url

from lantern._sqlite import create_engine, is_sqlite
from lantern.privacy.events import anonymise_event
from lantern.privacy.redactor import default_redactor
from lantern.secrets import pseudonym_key
from lantern.settings import get_settings

log = logging.getLogger(__name__)

DEFAULT_DB = "lantern.db"
URL_VARIABLE = "LANTERN_TRACKER_STORE_URL"


@dataclass(frozen=True)
class PurgeReport:
    """What ``purge`` deleted."""

    conversations: int
    events: int


def conversation_key(sender_id: str, key: bytes | None = None) -> str:
    """The stored key for a conversation: a keyed hash of the sender id, as hex."""
    secret = key if key is not None else pseudonym_key()
    return hmac.new(secret, sender_id.encode("utf-8"), hashlib.sha256).hexdigest()


def _url_parts(url: str) -> dict[str, Any]:
    parsed = make_url(url)
    dialect = parsed.drivername
    return {
        "dialect": dialect,
        "host": parsed.host,
        "port": parsed.port,
        "db": parsed.database or DEFAULT_DB,
        "username": parsed.username,
        "password": parsed.password,
        "query": dict(parsed.query) or None,
    }


class AnonymisingTrackerStore(SQLTrackerStore):  # type: ignore[misc]
    """SQLTrackerStore that anonymises every event and keys conversations by a keyed hash."""

    def __init__(
        self,
        domain: Any = None,
        host: str | None = None,
        url: str | None = None,
        dialect: str = "sqlite",
        db: str = DEFAULT_DB,
        event_broker: Any = None,
        key: bytes | None = None,
        **kwargs: Any,
    ) -> None:
        import os

        target = url or os.environ.get(URL_VARIABLE) or (host if host and "://" in host else None)
        if target:
            parts = _url_parts(target)
            kwargs.update({k: v for k, v in parts.items() if v is not None})
        else:
            kwargs.update({"dialect": dialect, "db": db, "host": host})
        if kwargs.get("dialect") == "sqlite" and kwargs.get("db") not in (None, ":memory:"):
            # A relative SQLite file is the project's, wherever the command runs (cron).
            kwargs["db"] = str(get_settings().root / str(kwargs["db"]))
        self._key = key if key is not None else pseudonym_key()
        self._anonymise = default_redactor().redact_text
        # The bot's own words repeat (content, buttons): anonymised once each, then remembered.
        # Never used for what people type.
        self._anonymise_bot = lru_cache(maxsize=4096)(self._anonymise)
        super().__init__(domain=domain, event_broker=event_broker, **kwargs)
        rasa_engine: sa.engine.Engine = self.engine  # type: ignore[has-type]
        if is_sqlite(rasa_engine.url):
            # Rasa's engine opens a connection per session and syncs every commit.
            rasa_engine.dispose()
            self.engine = create_engine(rasa_engine.url)
            self.sessionmaker = sa.orm.sessionmaker(bind=self.engine)

    # -- what Rasa calls ---------------------------------------------------------------

    def _event_query(
        self, session: Any, sender_id: str, fetch_events_from_all_sessions: bool
    ) -> Any:
        """Rasa's query, on the stored key for ``sender_id``."""
        return super()._event_query(
            session, self.key_for(sender_id), fetch_events_from_all_sessions
        )

    async def save(self, tracker: DialogueStateTracker) -> None:
        """Store the events not yet stored, each anonymised first."""
        stored_key = self.key_for(tracker.sender_id)
        with self.session_scope() as session:
            for event in self._additional_events(session, tracker):
                raw = event.as_dict()
                anonymise = self._anonymise_bot if raw.get("event") == "bot" else self._anonymise
                data = anonymise_event(raw, anonymise)
                intent = (data.get("parse_data") or {}).get("intent", {}).get("name")
                session.add(
                    self.SQLEvent(
                        sender_id=stored_key,
                        type_name=event.type_name,
                        timestamp=data.get("timestamp"),
                        intent_name=intent,
                        action_name=data.get("name"),
                        data=json.dumps(data),
                    )
                )
            session.commit()

    async def keys(self) -> Iterable[str]:
        """The stored conversation keys (keyed hashes, not sender ids)."""
        return list(await super().keys())

    # -- erasure and retention -----------------------------------------------------------

    def key_for(self, sender_id: str) -> str:
        """The key a conversation is stored under."""
        return conversation_key(sender_id, self._key)

    def erase(self, sender_id: str) -> int:
        """Delete every event of ``sender_id``'s conversation; return how many."""
        return self.erase_key(self.key_for(sender_id))

    def erase_key(self, stored_key: str) -> int:
        """Delete every event stored under ``stored_key``; return how many."""
        with self.session_scope() as session:
            deleted = (
                session.query(self.SQLEvent)
                .filter(self.SQLEvent.sender_id == stored_key)
                .delete(synchronize_session=False)
            )
            session.commit()
        return int(deleted)

    def purge(self, idle: timedelta, now: float | None = None) -> PurgeReport:
        """Delete conversations whose latest event is older than ``idle``.

        Safe to run at any time and from cron: one transaction, and a conversation that
        receives a message while this runs keeps that message (its latest event is new).
        """
        cutoff = (now if now is not None else time.time()) - idle.total_seconds()
        event = self.SQLEvent
        stale = (
            sa.select(event.sender_id)
            .group_by(event.sender_id)
            .having(sa.func.max(event.timestamp) < cutoff)
        )
        with self.session_scope() as session:
            conversations = session.execute(
                sa.select(sa.func.count()).select_from(stale.subquery())
            ).scalar()
            # One statement: a conversation that gets a message meanwhile is no longer stale.
            deleted = (
                session.query(event)
                .filter(event.sender_id.in_(stale))
                .delete(synchronize_session=False)
            )
            session.commit()
        return PurgeReport(conversations=int(conversations or 0), events=int(deleted))

    def counts(self) -> tuple[int, int]:
        """(conversations, events) stored."""
        event = self.SQLEvent
        with self.session_scope() as session:
            conversations = session.query(sa.func.count(sa.distinct(event.sender_id))).scalar()
            events = session.query(sa.func.count(event.id)).scalar()
        return int(conversations or 0), int(events or 0)


def find_store(tracker_store: Any) -> AnonymisingTrackerStore | None:
    """The AnonymisingTrackerStore inside Rasa's wrappers (FailSafe, Awaitable), if any."""
    seen = 0
    while tracker_store is not None and seen < 5:
        if isinstance(tracker_store, AnonymisingTrackerStore):
            return tracker_store
        tracker_store = getattr(tracker_store, "_tracker_store", None)
        seen += 1
    return None


def erase_conversation(tracker_store: Any, sender_id: str) -> int:
    """Erase one conversation from whatever store Rasa has; return the events deleted.

    The anonymising store, or the in-memory one (used when nothing is kept).
    """
    store = find_store(tracker_store)
    if store is not None:
        return store.erase(sender_id)
    inner = tracker_store
    for _ in range(5):
        memory = getattr(inner, "store", None)
        if isinstance(memory, dict):
            return 1 if memory.pop(sender_id, None) is not None else 0
        inner = getattr(inner, "_tracker_store", None)
        if inner is None:
            break
    raise TypeError(f"cannot erase from a {type(tracker_store).__name__}")
