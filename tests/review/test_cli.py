"""`lantern staff` and `lantern review flows|export` as an administrator runs them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import sqlalchemy as sa
import yaml

from lantern.review.data import ReviewData
from tests.review.seed import seed


def lantern(root: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lantern.cli", *args], cwd=root, input=stdin,
                          capture_output=True, text=True, timeout=300, check=False, env={**os.environ})  # fmt: skip


def test_staff_add_reads_the_password_from_stdin_never_the_command_line(
    root: Path, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'staff.db'}"
    added = lantern(root, "staff", "add", "sam", "--url", url, stdin="a long enough password\n")
    assert added.returncode == 0 and added.stdout.strip() == "added sam"
    assert "a long enough password" not in added.stdout + added.stderr
    short = lantern(root, "staff", "add", "kim", "--url", url, stdin="short\n")
    assert short.returncode == 2 and "at least 12 characters" in short.stderr
    assert lantern(root, "staff", "list", "--url", url).stdout.split() == ["sam"]
    assert lantern(root, "staff", "remove", "sam", "--url", url).returncode == 0
    assert lantern(root, "staff", "list", "--url", url).stdout.split() == []


def test_review_flows_and_export(root: Path, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'review.db'}"
    engine = sa.create_engine(url, future=True)
    seed(engine, 30, 1_796_000_000.0, spread_days=2)
    flows = lantern(root, "review", "flows", "--url", url)
    assert flows.returncode == 0 and flows.stdout.startswith("conversations: 30")
    assert "left after:" in flows.stdout
    assert lantern(root, "review", "flows", "--since", "someday", "--url", url).returncode == 2
    data = ReviewData(engine)
    data.label(data.queue()[0].event_id, "intent", "topic_gaslighting", "sam")
    out = tmp_path / "export.yml"
    exported = lantern(root, "review", "export", "--out", str(out), "--url", url)
    assert exported.returncode == 0
    assert yaml.safe_load(out.read_text())["nlu"][0]["intent"] == "topic_gaslighting"
    assert yaml.safe_load(out.with_suffix(".cases.yml").read_text())["cases"][0]["expect"] == {
        "topic": "gaslighting"
    }
