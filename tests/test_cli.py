"""The ``lantern`` command as a person runs it."""

import subprocess
import sys

import pytest


def lantern(*args, cwd, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "lantern.cli", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


def test_content_check_reports_the_library(root):
    result = lantern("content", "check", cwd=root)
    assert result.returncode == 0
    assert result.stdout.startswith("content ok: 24 topics")


def test_eval_refuses_a_malformed_file_with_a_clear_message(root, tmp_path):
    path = tmp_path / "bad.yml"
    path.write_text("cases:\n  - text: hi\n")
    result = lantern("eval", str(path), cwd=root)
    assert result.returncode == 2
    assert "lantern eval:" in result.stderr
    assert "expect: field required" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.bot
def test_eval_runs_the_whole_bot_and_prints_the_summary(root, trained_model, tmp_path):
    path = tmp_path / "cases.yml"
    path.write_text(
        "cases:\n"
        "  - text: am i going crazy he says it never happened\n    expect: {topic: gaslighting}\n"
        "  - text: what is the capital of peru\n    expect: {topic: shame}\n"
    )
    result = lantern("eval", str(path), cwd=root)
    lines = result.stdout.strip().splitlines()
    assert result.returncode == 0, result.stderr[-2000:]
    assert lines[-1] == "topic accuracy: 0.50 (1/2)"
    assert lines[0].startswith("FAIL topic: expected shame")


@pytest.mark.bot
def test_chat_answers_in_the_terminal_and_buttons_are_numbers(root, trained_model):
    result = lantern("chat", "--memory", cwd=root, stdin="hi\n1\n/quit\n")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "lantern> Hi, I'm Lantern." in result.stdout
    assert "[1] Why can't I leave?" in result.stdout
    assert "Knowing" in result.stdout or "leave" in result.stdout.split("[1]")[-1]
