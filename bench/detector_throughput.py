"""Risk detector throughput and added latency per message (a benchmark, not a test).

Runs the detector over a realistic mix (every message in the project's topic and risk case
files, cycled) on one core and prints messages per second and per-message latency p50/p95/p99.

    .venv/bin/python bench/detector_throughput.py [--messages 20000]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lantern.safety import RiskDetector  # noqa: E402

CASE_FILES = [
    "bench/data/dev_topics.yml",
    "data/risk_tiers/dev_risk.yml",
    "tests/data/risk_cases.yml",
    "tests/data/heldout_topics.yml",
]


def corpus() -> list[str]:
    texts: list[str] = []
    for name in CASE_FILES:
        texts += [c["text"] for c in yaml.safe_load((ROOT / name).read_text())["cases"]]
    return texts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=20_000)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    detector = RiskDetector()
    texts = corpus()
    for text in texts:  # warm-up
        detector.assess(text)
    latencies: list[float] = []
    started = time.perf_counter()
    for i in range(args.messages):
        t0 = time.perf_counter()
        detector.assess(texts[i % len(texts)])
        latencies.append((time.perf_counter() - t0) * 1000)
    elapsed = time.perf_counter() - started
    latencies.sort()
    mean_chars = statistics.fmean(map(len, texts))
    print(f"corpus: {len(texts)} distinct messages, mean {mean_chars:.0f} chars")
    print(f"messages: {args.messages} on one core")
    print(f"throughput: {args.messages / elapsed:.0f} msg/s")
    for q in (0.50, 0.95, 0.99):
        print(f"p{int(q * 100)}: {latencies[int(q * (len(latencies) - 1))]:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
