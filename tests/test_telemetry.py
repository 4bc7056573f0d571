"""Rasa's telemetry is off by the project's own configuration: no prompt, no report."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_importing_lantern_turns_telemetry_off_even_if_the_environment_says_on(
    tmp_path: Path,
) -> None:
    code = (
        "import lantern, rasa.telemetry as t; "
        "print(t.is_telemetry_enabled(), t.initialize_telemetry())"
    )
    env = {**os.environ, "RASA_TELEMETRY_ENABLED": "true", "HOME": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert result.stdout.strip().endswith("False False")
    assert "telemetry" not in result.stdout.lower().replace("false false", "")


def test_the_scripts_export_it_too(root: Path) -> None:
    for script in ("scripts/test", "scripts/run", "scripts/bootstrap"):
        assert "RASA_TELEMETRY_ENABLED=false" in (root / script).read_text()
