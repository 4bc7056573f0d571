"""Rasa's own checks on the project: data validation and the test stories."""

import json
import os
import subprocess
import sys

import pytest

RASA_ENV = {**os.environ, "RASA_TELEMETRY_ENABLED": "false", "TF_CPP_MIN_LOG_LEVEL": "2"}


def rasa(*args, cwd):
    return subprocess.run(
        [sys.executable, "-m", "rasa", *args],
        cwd=cwd,
        env=RASA_ENV,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


def test_rasa_data_validate_is_clean(root):
    result = rasa("data", "validate", "--domain", "domain", "--fail-on-warnings", cwd=root)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


@pytest.mark.bot
def test_rasa_test_stories_pass(root, trained_model, tmp_path):
    result = rasa(
        "test", "core",
        "--model", str(trained_model),
        "--stories", "tests/test_stories.yml",
        "--out", str(tmp_path),
        "--fail-on-prediction-errors",
        "--no-plot",
        cwd=root,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    report = json.loads((tmp_path / "story_report.json").read_text())
    assert report["conversation_accuracy"]["accuracy"] == 1.0
