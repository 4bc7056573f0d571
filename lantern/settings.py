"""Configuration from the environment, read lazily (never at import) and cached.

Every setting has a default that works from a checkout of the project; the environment
variables below override them. Secrets are never read here: they are read where used.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Settings:
    """Where things live and how the bot is reached."""

    root: Path
    content_dir: Path
    models_dir: Path
    action_port: int
    tracker_store_url: str

    @property
    def action_endpoint(self) -> str:
        """The URL of the action server's webhook."""
        return f"http://127.0.0.1:{self.action_port}/webhook"


def _path(name: str, default: Path) -> Path:
    value = os.environ.get(name)
    return Path(value).resolve() if value else default


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Read the settings from the environment once."""
    root = _path("LANTERN_ROOT", PROJECT_ROOT)
    return Settings(
        root=root,
        content_dir=_path("LANTERN_CONTENT_DIR", root / "content"),
        models_dir=_path("LANTERN_MODELS_DIR", root / "models"),
        action_port=int(os.environ.get("LANTERN_ACTION_PORT", "5055")),
        tracker_store_url=os.environ.get("LANTERN_TRACKER_STORE_URL", "sqlite:///lantern.db"),
    )
