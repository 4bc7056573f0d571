"""Shared fixtures: the project's content, and the whole trained bot started once per session."""

from __future__ import annotations

import os
import shutil
import tempfile
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


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL server for the session (see tests/services.py)."""
    from tests.services import postgres_available, postgres_server

    if not postgres_available():
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed: scripts/test installs it under CI")
        pytest.skip("PostgreSQL is not installed (scripts/test installs it when run as root)")
    # Not under pytest's temporary folder: its parents are closed to the postgres user.
    workdir = Path(tempfile.mkdtemp(prefix="lantern-pg-"))
    try:
        with postgres_server(workdir) as url:
            yield url
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


TEST_TOKEN = "123456789:TEST-tokenAAbbCCddEEffGGhh"
TEST_WEBHOOK_SECRET = "test-webhook-secret-0123456789"


@pytest.fixture(scope="session")
def fake_telegram():
    """A fake Telegram Bot API on loopback (tests/fake_telegram.py), for the whole session."""
    from tests.fake_telegram import start_fake_telegram

    fake = start_fake_telegram(TEST_TOKEN)
    yield fake
    fake.server.shutdown()


@pytest.fixture(scope="session")
def served(
    trained_model: Path, tmp_path_factory: pytest.TempPathFactory, fake_telegram, root: Path
):
    """`lantern serve` in a child process, once per session: the REST channel and the
    Telegram webhook (pointed at the fake Bot API), the anonymising store in a temporary
    SQLite file, logs to a file."""
    from tests.served import start_served

    with start_served(
        root, tmp_path_factory.mktemp("served"), fake_telegram, TEST_TOKEN, TEST_WEBHOOK_SECRET
    ) as server:
        yield server
