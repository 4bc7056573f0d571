"""Staff accounts: argon2 password hashes in the store's database, and login rate limits.

``lantern staff add NAME`` reads the password from a prompt or standard input (never the
command line). Login failures are limited per name and per client address: after
``MAX_FAILURES`` within ``WINDOW`` seconds, further attempts are refused until the window
passes, whether or not the password is right.
"""

from __future__ import annotations

import re
import threading
import time
from collections import deque

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy.engine import Engine

from lantern.review.data import metadata

staff = sa.Table(
    "staff",
    metadata,
    sa.Column("name", sa.String(80), primary_key=True),
    sa.Column("password_hash", sa.String(255), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)
NAME = re.compile(r"^[A-Za-z0-9_.\-]{2,40}$")
MIN_PASSWORD = 12
MAX_FAILURES = 5
WINDOW = 15 * 60
_hasher = PasswordHasher()
# Verified against when the name is unknown, so both cases take the same time.
_DUMMY = _hasher.hash("not a real password, used for timing only")


class StaffError(ValueError):
    """A staff name or password that cannot be accepted (the message says why)."""


class StaffAccounts:
    """Add, remove and check staff accounts."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        metadata.create_all(engine, tables=[staff])

    def add(self, name: str, password: str) -> None:
        """Add or replace an account."""
        if not NAME.match(name):
            raise StaffError("a name is 2 to 40 letters, digits, dots, dashes or underscores")
        if len(password) < MIN_PASSWORD:
            raise StaffError(f"a password needs at least {MIN_PASSWORD} characters")
        hashed = _hasher.hash(password)
        with self.engine.begin() as connection:
            connection.execute(staff.delete().where(staff.c.name == name))
            connection.execute(
                staff.insert().values(name=name, password_hash=hashed, created_at=time.time())
            )

    def remove(self, name: str) -> bool:
        """Remove an account; False if there was none."""
        with self.engine.begin() as connection:
            return bool(connection.execute(staff.delete().where(staff.c.name == name)).rowcount)

    def names(self) -> list[str]:
        """Every account name."""
        with self.engine.connect() as connection:
            return [
                r[0] for r in connection.execute(sa.select(staff.c.name).order_by(staff.c.name))
            ]

    def exists(self, name: str) -> bool:
        """Whether the account still exists (sessions end when it is removed)."""
        with self.engine.connect() as connection:
            return (
                connection.execute(sa.select(staff.c.name).where(staff.c.name == name)).first()
                is not None
            )

    def verify(self, name: str, password: str) -> bool:
        """Whether the name and password match an account (same cost either way)."""
        with self.engine.connect() as connection:
            row = connection.execute(
                sa.select(staff.c.password_hash).where(staff.c.name == name)
            ).first()
        try:
            return bool(_hasher.verify(row[0] if row else _DUMMY, password)) and row is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False


class LoginLimiter:
    """Failed logins per key (name, client address) in a sliding window, in memory."""

    def __init__(self, max_failures: int = MAX_FAILURES, window: float = WINDOW) -> None:
        self.max_failures = max_failures
        self.window = window
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def blocked(self, *keys: str) -> bool:
        """Whether any of the keys has used up its attempts."""
        now = time.monotonic()
        with self._lock:
            return any(len(self._recent(key, now)) >= self.max_failures for key in keys)

    def failed(self, *keys: str) -> None:
        """Count a failure against each key."""
        now = time.monotonic()
        with self._lock:
            for key in keys:
                self._recent(key, now).append(now)

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._failures.setdefault(key, deque())
        while times and now - times[0] > self.window:
            times.popleft()
        return times
