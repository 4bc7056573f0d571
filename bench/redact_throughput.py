"""`lantern redact` throughput on one core (a benchmark, not a test).

Feeds N chat messages (the development and held-out PII sets and the topic and risk case
files, cycled, marks removed) to the real command, `lantern redact` reading standard input,
pinned to one core with taskset, and times the whole process; a run with one message gives the
start-up time. Prints:

    messages: N
    start-up: S s
    total: T s
    throughput (whole process): N/T msg/s
    throughput (after start-up): (N-1)/(T-S) msg/s

    .venv/bin/python bench/redact_throughput.py [--messages 20000]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lantern.privacy.scoring import parse  # noqa: E402

SOURCES = [
    ("bench/data/dev_pii.yml", "messages"),
    ("tests/data/heldout_pii.yml", "messages"),
    ("bench/data/dev_topics.yml", "cases"),
    ("tests/data/heldout_risk.yml", "cases"),
]


def messages() -> list[str]:
    texts: list[str] = []
    for path, key in SOURCES:
        for item in yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))[key]:
            text = item if isinstance(item, str) else item["text"]
            texts.append(parse(text).text.replace("\n", " "))
    return texts


def run(lines: list[str]) -> float:
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    command = [str(ROOT / ".venv" / "bin" / "lantern"), "redact"]
    if shutil.which("taskset"):
        command = ["taskset", "-c", "0", *command]
    with open(path, "rb") as stdin:
        started = time.perf_counter()
        result = subprocess.run(command, stdin=stdin, stdout=subprocess.PIPE, cwd=ROOT, check=True)
        elapsed = time.perf_counter() - started
    produced = result.stdout.decode("utf-8").count("\n")
    if produced != len(lines):
        raise SystemExit(f"expected {len(lines)} lines out, got {produced}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--messages", type=int, default=20000)
    args = parser.parse_args()
    pool = messages()
    lines = [pool[i % len(pool)] for i in range(args.messages)]
    startup = min(run(lines[:1]) for _ in range(3))
    total = run(lines)
    print(f"messages: {len(lines)} (from {len(pool)} distinct)")
    print(f"start-up: {startup:.2f} s")
    print(f"total: {total:.2f} s")
    print(f"throughput (whole process): {len(lines) / total:.0f} msg/s")
    print(f"throughput (after start-up): {(len(lines) - 1) / (total - startup):.0f} msg/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
