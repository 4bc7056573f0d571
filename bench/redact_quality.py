"""How well `lantern redact` removes personal data: recall per type and words kept.

    .venv/bin/python bench/redact_quality.py [FILE] [--misses]

FILE defaults to bench/data/dev_pii.yml (the development set, tuning allowed); the held-out
set is tests/data/heldout_pii.yml (never tune on it). Inline marks: ``[darren](PERSON)``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lantern.privacy import Redactor
from lantern.privacy.scoring import load_labelled, score

DEFAULT = Path(__file__).parent / "data" / "dev_pii.yml"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("file", nargs="?", default=str(DEFAULT))
    parser.add_argument(
        "--misses", action="store_true", help="print missed spans and removed words"
    )
    args = parser.parse_args()
    messages = load_labelled(Path(args.file))
    result = score(Redactor(), messages)
    if args.misses:
        for kind, value, output in result.misses:
            print(f"MISS {kind}: {value!r} -> {output}")
        for word, output in result.false_removals:
            print(f"REMOVED {word!r} -> {output}")
    print(f"messages: {len(messages)}")
    for line in result.lines():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
