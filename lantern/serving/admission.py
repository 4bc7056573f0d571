"""Admission control: how many messages one Rasa instance works on at once.

Beyond ``limit`` messages in flight, a message with no sign of risk gets a fast "busy" reply
(with helplines) instead of waiting in a queue that only grows; a message with any sign of
risk (urgent, check-in, or a detector that failed) is always taken, however busy the instance
is. Crisis replies are never shed. Framework-free: the channels call ``admit`` and hold a
``slot`` while Rasa handles the message.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache

from lantern.safety._model import RiskAssessment, Tier

log = logging.getLogger(__name__)

DEFAULT_LIMIT = 64
LIMIT_VARIABLE = "LANTERN_MAX_IN_FLIGHT"


class Admission:
    """Counts messages in flight in one process (one asyncio loop: no lock needed)."""

    def __init__(self, limit: int, assess: Callable[[str], RiskAssessment]) -> None:
        if limit < 1:
            raise ValueError("the in-flight limit must be at least 1")
        self.limit = limit
        self._assess = assess
        self.in_flight = 0
        self.turned_away = 0

    def admit(self, text: str) -> bool:
        """True to handle the message now; False to send the busy reply instead."""
        if self.in_flight < self.limit:
            return True
        if self._risky(text):
            return True
        self.turned_away += 1
        if self.turned_away == 1 or self.turned_away % 100 == 0:
            log.warning("busy: %d messages in flight; %d turned away so far",
                        self.in_flight, self.turned_away)  # fmt: skip
        return False

    def _risky(self, text: str) -> bool:
        try:
            return self._assess(text).tier is not Tier.NONE
        except Exception as error:  # a failed check is a check-in, never "safe"
            log.error("risk check at admission failed (%s)", type(error).__name__)
            return True

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Held while the message is handled."""
        self.in_flight += 1
        try:
            yield
        finally:
            self.in_flight -= 1


def limit_from_environment() -> int:
    """``LANTERN_MAX_IN_FLIGHT`` (default 64), at least 1."""
    raw = os.environ.get(LIMIT_VARIABLE, "").strip()
    if not raw:
        return DEFAULT_LIMIT
    try:
        value = int(raw)
    except ValueError as error:
        raise ValueError(f"{LIMIT_VARIABLE} must be a whole number") from error
    if value < 1:
        raise ValueError(f"{LIMIT_VARIABLE} must be at least 1")
    return value


@lru_cache(maxsize=1)
def shared_admission() -> Admission:
    """The process's one gate, shared by every channel, with its own risk detector."""
    from lantern.safety.detector import RiskDetector

    detector = RiskDetector()
    detector.assess("warm up")
    return Admission(limit_from_environment(), detector.assess)
