"""The review app with a large store: page times and memory (a benchmark, not a test).

Seeds a SQLite store with N conversations (about 10 events each) as the anonymising store
writes them, then requests every page R times through the real app (Flask's test client, so
the figures are the app's own work: SQL, templates, charts) and prints p50/p95 per page and
the process's peak RSS.

    .venv/bin/python bench/review_pages.py [--conversations 10000] [--repeat 20] [--url URL]
"""

from __future__ import annotations

import argparse
import re
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

import sqlalchemy as sa

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lantern.review.app import create_app  # noqa: E402
from lantern.review.auth import StaffAccounts  # noqa: E402
from lantern.review.serve import domain_intents  # noqa: E402
from tests.review.seed import seed  # noqa: E402

PASSWORD = "benchmark password 123"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--conversations", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument(
        "--url", help="an existing, empty database (default: a temporary SQLite file)"
    )
    args = parser.parse_args()
    url = (
        args.url
        or f"sqlite:///{Path(tempfile.mkdtemp(prefix='lantern-review-bench-')) / 'review.db'}"
    )
    engine = sa.create_engine(url, future=True)
    started = time.perf_counter()
    written = seed(engine, args.conversations, time.time() - 30 * 86400, spread_days=30)
    took = time.perf_counter() - started
    print(f"seeded {args.conversations} conversations, {written} events in {took:.1f} s")
    StaffAccounts(engine).add("bench", PASSWORD)
    app = create_app(engine, "bench-key", intents=domain_intents(), secure_cookies=False)
    client = app.test_client()
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/login").text).group(1)  # type: ignore[union-attr]
    client.post("/login", data={"name": "bench", "password": PASSWORD, "csrf": token})
    key = re.search(r"/conversations/([0-9a-f]{64})", client.get("/conversations").text).group(1)  # type: ignore[union-attr]
    pages = [
        "/flows", "/flows?since=7d", "/conversations", "/conversations?tier=urgent&page=3",
        "/conversations?fallback=1&topic=gaslighting", f"/conversations/{key}", "/improve",
        "/improve/nlu.yml", "/topics", "/safety",
    ]  # fmt: skip
    worst = 0.0
    for path in pages:
        times = []
        for _ in range(args.repeat):
            began = time.perf_counter()
            response = client.get(path)
            times.append((time.perf_counter() - began) * 1000)
            assert response.status_code == 200, (path, response.status_code)
        p95 = sorted(times)[max(0, round(0.95 * (len(times) - 1)))]
        worst = max(worst, p95)
        print(f"{path:<48} p50 {statistics.median(times):6.0f} ms  p95 {p95:6.0f} ms")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"slowest page p95: {worst:.0f} ms")
    print(f"peak RSS: {rss:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
