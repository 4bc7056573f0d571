"""SQLite engines for a bot answering many people at once.

SQLAlchemy 1.4 opens a new connection to a SQLite file for every session (``NullPool``), and
SQLite's default journal syncs the disk on every commit; under load both cost more than the
bot's own work (bench/load.py). Engines made here keep a small pool of connections (used from
the bot's one event-loop thread, and from the review app's worker threads) and use the
write-ahead log, synced at checkpoints: a stored turn does not wait for the disk (a power cut may
lose the last turns, never the file), and readers do not block the writer.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.pool import QueuePool


def _pragmas(connection: Any, _: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def is_sqlite(url: str | sa.engine.URL) -> bool:
    """True for a sqlite:// URL."""
    backend: str = sa.engine.make_url(url).get_backend_name()
    return backend == "sqlite"


def create_engine(url: str | sa.engine.URL, **kwargs: Any) -> sa.engine.Engine:
    """``sqlalchemy.create_engine``, tuned as above when the URL is a SQLite file."""
    parsed = sa.engine.make_url(url)
    if not is_sqlite(parsed) or parsed.database in (None, "", ":memory:"):
        return sa.create_engine(parsed, **kwargs)
    engine = sa.create_engine(
        parsed,
        poolclass=QueuePool,
        pool_size=4,
        max_overflow=8,
        connect_args={"check_same_thread": False},
        **kwargs,
    )
    sa.event.listen(engine, "connect", _pragmas)
    return engine
