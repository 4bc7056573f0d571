"""What the connector must remember between requests, and nothing more.

- Updates already processed (``update_id`` and when), so a repeated delivery gets no second
  reply, across update_id jumps and restarts, for ``window`` (Telegram keeps undelivered
  updates for 24 hours, the default).
- The ids of messages in each chat, user's and bot's, for 48 hours, so that /forget can delete
  them on Telegram (the Bot API deletes messages up to 48 hours old). Keyed by the pseudonym:
  no chat id is stored; /forget's own update supplies it.

Tables live in the conversation store's database (``LANTERN_TRACKER_STORE_URL``, else the
project's SQLite file), so several server instances share them.
"""

from __future__ import annotations

import os
import time
from datetime import timedelta

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from lantern._sqlite import create_engine
from lantern.settings import get_settings

DELETABLE_FOR = timedelta(hours=48)
DEFAULT_WINDOW = timedelta(hours=24)
_PRUNE_EVERY = 500

metadata = sa.MetaData()
updates = sa.Table(
    "telegram_updates",
    metadata,
    sa.Column("update_id", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("seen_at", sa.Float, nullable=False, index=True),
)
messages = sa.Table(
    "telegram_messages",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("pseudonym", sa.String(80), nullable=False, index=True),
    sa.Column("message_id", sa.BigInteger, nullable=False),
    sa.Column("sent_at", sa.Float, nullable=False, index=True),
)


def ledger_url() -> str:
    """The conversation store's database."""
    return os.environ.get("LANTERN_TRACKER_STORE_URL") or (
        f"sqlite:///{get_settings().root / 'lantern.db'}"
    )


def _create_tables(engine: sa.engine.Engine, attempts: int = 3) -> None:
    """Create the tables; instances starting together may race to do it, and one wins."""
    for attempt in range(attempts):
        try:
            metadata.create_all(engine)
            return
        except (sa.exc.ProgrammingError, sa.exc.IntegrityError, sa.exc.OperationalError):
            if attempt == attempts - 1:
                raise
            time.sleep(0.5 * (attempt + 1))


class Ledger:
    """Processed updates and deletable message ids, in SQL."""

    def __init__(self, url: str | None = None, window: timedelta = DEFAULT_WINDOW) -> None:
        self.engine = create_engine(url or ledger_url(), future=True)
        self.window = window
        _create_tables(self.engine)
        self._claims = 0

    def claim_update(self, update_id: int, now: float | None = None) -> bool:
        """True the first time ``update_id`` is seen within the window; False for a repeat."""
        stamp = now if now is not None else time.time()
        self._claims += 1
        if self._claims % _PRUNE_EVERY == 0:
            self.prune(stamp)
        try:
            with self.engine.begin() as connection:
                connection.execute(updates.insert().values(update_id=update_id, seen_at=stamp))
        except IntegrityError:
            return False
        return True

    def remember_message(self, pseudonym: str, message_id: int, now: float | None = None) -> None:
        """Keep a message id that /forget may need to delete."""
        stamp = now if now is not None else time.time()
        with self.engine.begin() as connection:
            connection.execute(
                messages.insert().values(pseudonym=pseudonym, message_id=message_id, sent_at=stamp)
            )

    def deletable(self, pseudonym: str, now: float | None = None) -> list[int]:
        """Ids of this chat's messages young enough to delete on Telegram."""
        cutoff = (now if now is not None else time.time()) - DELETABLE_FOR.total_seconds()
        query = (
            sa.select(messages.c.message_id)
            .where(messages.c.pseudonym == pseudonym, messages.c.sent_at >= cutoff)
            .order_by(messages.c.message_id)
        )
        with self.engine.connect() as connection:
            return [int(row[0]) for row in connection.execute(query)]

    def forget(self, pseudonym: str) -> None:
        """Drop every message id kept for this chat."""
        with self.engine.begin() as connection:
            connection.execute(messages.delete().where(messages.c.pseudonym == pseudonym))

    def prune(self, now: float | None = None) -> None:
        """Drop updates older than the window and message ids older than 48 hours."""
        stamp = now if now is not None else time.time()
        with self.engine.begin() as connection:
            connection.execute(
                updates.delete().where(updates.c.seen_at < stamp - self.window.total_seconds())
            )
            connection.execute(
                messages.delete().where(messages.c.sent_at < stamp - DELETABLE_FOR.total_seconds())
            )
