"""Retention settings and opening the configured store for ``lantern purge`` and ``forget``."""

from __future__ import annotations

import os
import re
from datetime import timedelta
from pathlib import Path

from lantern.privacy.store import AnonymisingTrackerStore
from lantern.settings import get_settings

DEFAULT_RETENTION_DAYS = 30
_PERIOD = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([dhm]?)\s*$", re.IGNORECASE)
_UNITS = {"d": "days", "h": "hours", "m": "minutes", "": "days"}


def parse_period(text: str) -> timedelta:
    """Parse a period: "30d", "12h", "90m" or a number of days."""
    match = _PERIOD.match(text)
    if not match:
        raise ValueError(f"not a period: {text!r} (use e.g. 30d, 12h or 90m)")
    amount, unit = float(match.group(1)), match.group(2).lower()
    return timedelta(**{_UNITS[unit]: amount})


def retention_period() -> timedelta:
    """How long an idle conversation is kept: LANTERN_RETENTION_DAYS, default 30."""
    value = os.environ.get("LANTERN_RETENTION_DAYS")
    return timedelta(days=float(value)) if value else timedelta(days=DEFAULT_RETENTION_DAYS)


def open_store(url: str | None = None, endpoints: Path | None = None) -> AnonymisingTrackerStore:
    """The anonymising store at ``url``, else as endpoints.yml configures it."""
    if url:
        return AnonymisingTrackerStore(url=url)
    from rasa.core.utils import read_endpoints_from_path

    path = endpoints or get_settings().root / "endpoints.yml"
    config = read_endpoints_from_path(path).tracker_store
    kwargs = dict(config.kwargs) if config else {}
    return AnonymisingTrackerStore(host=config.url if config else None, **kwargs)
