"""Train the Rasa model only when its inputs change: the model is cached on a hash of them.

The inputs are config.yml, the domain/ and data/ folders and the dependency lock file (a new
Rasa or spaCy can change the model). The risk patterns are not among them: the risk flagger
is not trained, and loads them when the model loads. A model for the current hash is found at
``models/lantern-<hash>.tar.gz``; training writes it there, and older ones are pruned.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from lantern.settings import get_settings

MODEL_PREFIX = "lantern-"
KEEP_MODELS = 3


class TrainingError(RuntimeError):
    """Rasa training failed; its own output says why."""


def training_inputs(root: Path) -> list[Path]:
    """Every file whose content decides the trained model, in a stable order."""
    files = [root / "config.yml", root / "requirements.lock"]
    for folder in ("domain", "data"):
        files += sorted(p for p in (root / folder).rglob("*") if p.is_file() and _counts(p))
    return files


def _counts(path: Path) -> bool:
    return "__pycache__" not in path.parts and path.suffix in {".yml", ".yaml", ".py"}


def fingerprint(root: Path) -> str:
    """A hash of the training inputs: names relative to the root and their bytes."""
    digest = hashlib.sha256()
    for path in training_inputs(root):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes() if path.exists() else b"<missing>")
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def model_path(root: Path | None = None, models_dir: Path | None = None) -> Path:
    """Where the model for the current inputs is (or will be)."""
    settings = get_settings()
    root = root or settings.root
    models_dir = models_dir or settings.models_dir
    return models_dir / f"{MODEL_PREFIX}{fingerprint(root)}.tar.gz"


def ensure_model(
    root: Path | None = None, models_dir: Path | None = None, force: bool = False
) -> Path:
    """Return the model for the current inputs, training it first if it does not exist."""
    settings = get_settings()
    root = root or settings.root
    models_dir = models_dir or settings.models_dir
    target = model_path(root, models_dir)
    if target.is_file() and not force:
        return target
    models_dir.mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable, "-m", "rasa", "train",
        "--config", "config.yml", "--domain", "domain", "--data", "data",
        "--out", str(models_dir), "--fixed-model-name", target.name.removesuffix(".tar.gz"),
        "--force",
    ]  # fmt: skip
    env = {**os.environ, "RASA_TELEMETRY_ENABLED": "false"}
    completed = subprocess.run(command, cwd=root, env=env, check=False)
    if completed.returncode != 0 or not target.is_file():
        raise TrainingError(f"rasa train exited with {completed.returncode}")
    _prune(models_dir, keep=target)
    return target


def _prune(models_dir: Path, keep: Path) -> None:
    models = sorted(
        models_dir.glob(f"{MODEL_PREFIX}*.tar.gz"), key=lambda p: p.stat().st_mtime, reverse=True
    )
    for old in [m for m in models if m != keep][KEEP_MODELS - 1 :]:
        old.unlink(missing_ok=True)
