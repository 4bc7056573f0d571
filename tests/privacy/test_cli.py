"""`lantern redact`, `lantern purge` and `lantern forget` as an operator runs them."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rasa.shared.core.domain import Domain
from rasa.shared.core.events import UserUttered
from rasa.shared.core.trackers import DialogueStateTracker

from lantern.privacy.store import AnonymisingTrackerStore


def lantern(
    *args: str, cwd: Path, stdin: bytes | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "lantern.cli", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        timeout=300,
        check=False,
        env={**os.environ, **(env or {})},
    )


def test_redact_arguments(root: Path) -> None:
    result = lantern("redact", "my ex darren rang 07700 900461", "hello", cwd=root)
    assert result.returncode == 0
    assert result.stdout.decode().splitlines() == ["my ex <PERSON> rang <PHONE>", "hello"]


def test_redact_stdin_one_line_out_per_line_in_order(root: Path) -> None:
    lines = [
        b"my ex darren rang 07700 900461",
        b"",  # a blank line stays a blank line
        b"\xff\xfe broken bytes from kez",  # malformed UTF-8
        b"crlf line from ls6 2ab\r",
        "mixed он сказал 07700 900461".encode(),
        b"x" * 30_000,  # too long: replaced whole
        b"why cant i leave him",
    ]
    result = lantern("redact", cwd=root, stdin=b"\n".join(lines) + b"\n")
    assert result.returncode == 0
    out = result.stdout.decode("utf-8").split("\n")
    assert out[-1] == "" and len(out) - 1 == len(lines)
    assert out[0] == "my ex <PERSON> rang <PHONE>"
    assert out[1] == ""
    assert "kez" not in out[2]
    assert "ls6" not in out[3] and "<POSTCODE>" in out[3]
    assert "900461" not in out[4]
    assert out[5] == "<REDACTED>"
    assert out[6] == "why cant i leave him"


def test_redact_explain_names_the_recogniser(root: Path) -> None:
    result = lantern("redact", "--explain", "call 07700 900461", cwd=root)
    out = result.stdout.decode()
    assert "call <PHONE>" in out and "PhoneRecognizer" in out


def test_purge_and_forget(root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    env = {"LANTERN_PSEUDONYM_KEY": "cli-test-key"}
    monkeypatch.setenv("LANTERN_PSEUDONYM_KEY", env["LANTERN_PSEUDONYM_KEY"])
    domain = Domain.load(str(root / "domain"))
    store = AnonymisingTrackerStore(domain=domain, url=url)
    now = time.time()
    for sender, age_days in (("old", 45), ("new", 1), ("gone", 2)):
        tracker = DialogueStateTracker(sender, domain.slots)
        tracker.update(
            UserUttered("hello", intent={"name": "greet"}, timestamp=now - age_days * 86400)
        )
        asyncio.run(store.save(tracker))
    result = lantern("purge", "--url", url, cwd=root, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().startswith(
        "purged 1 conversations (1 events) idle for more than 30 days"
    )
    result = lantern("forget", "gone", "--url", url, cwd=root, env=env)
    assert result.stdout.decode().strip() == "erased 1 events"
    assert store.counts() == (1, 1)
    assert lantern("purge", "--older-than", "soon", "--url", url, cwd=root, env=env).returncode == 2
