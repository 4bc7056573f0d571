"""Build the blank English spaCy pipeline that Rasa's SpacyNLP loads from a path.

No pretrained spaCy pipeline can be downloaded on our machines, so the project builds its own:
spaCy's English tokenizer plus a lookup lemmatizer whose tables come from ``spacy-lookups-data``.
The result is saved under ``build/spacy/en_lantern`` (the path ``config.yml`` names) and rebuilt
only when spaCy's version changes.
"""

from __future__ import annotations

import sys
from pathlib import Path

PIPELINE_DIR = Path("build/spacy/en_lantern")
_STAMP = "lantern-stamp.txt"


def _stamp_text() -> str:
    from spacy import about

    return f"spacy={about.__version__}\n"


def is_current(path: Path = PIPELINE_DIR) -> bool:
    """Return True when a pipeline built by this spaCy version is already at ``path``."""
    stamp = path / _STAMP
    return stamp.is_file() and stamp.read_text() == _stamp_text()


def build(path: Path = PIPELINE_DIR) -> Path:
    """Build and save the blank English pipeline with lookup lemmas to ``path``."""
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("lemmatizer", config={"mode": "lookup"})
    nlp.initialize()
    nlp.meta["name"] = "lantern"
    nlp.meta["description"] = "Blank English tokenizer with lookup lemmas, built by Lantern."
    path.mkdir(parents=True, exist_ok=True)
    nlp.to_disk(path)
    (path / _STAMP).write_text(_stamp_text())
    return path


def main() -> int:
    """Build the pipeline unless an up-to-date one exists."""
    if is_current():
        return 0
    built = build()
    print(f"built the blank spaCy pipeline at {built}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
