"""Shared fixtures: the project's content, and the whole trained bot started once per session."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from lantern.content import ContentLibrary, load_library
from lantern.settings import PROJECT_ROOT

os.environ.setdefault("RASA_TELEMETRY_ENABLED", "false")
SHARED = PROJECT_ROOT.parent / "shared"


@pytest.fixture(scope="session")
def root() -> Path:
    return PROJECT_ROOT


@pytest.fixture(scope="session")
def library() -> ContentLibrary:
    return load_library()


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not (SHARED / "topics.md").is_file():
        pytest.fail(f"the project's shared folder is missing: expected {SHARED}")
    return SHARED


@pytest.fixture(scope="session")
def trained_model() -> Path:
    from lantern.training import ensure_model

    return ensure_model()


@pytest.fixture(scope="session")
def bot(trained_model: Path) -> Iterator[object]:
    """The whole bot: the action server as a child process and Rasa's Agent in-process."""
    from lantern.logs import quiet_frameworks
    from lantern.runtime import running_bot

    quiet_frameworks()
    with running_bot(trained_model) as agent:
        yield agent
