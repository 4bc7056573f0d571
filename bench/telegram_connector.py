"""The Telegram connector under load, against the fake Bot API (a benchmark, not a test).

Starts `lantern serve` (REST channel and Telegram webhook) and the fake Telegram Bot API from
the tests, then:

1. Overhead: the same messages through the REST channel (request to response) and through
   the webhook (POST to the last reply arriving at the fake API), one at a time, each in a new
   conversation; prints p50/p95 of each and the connector's added p95.
2. Faults: N updates, one per chat, posted with some concurrency; the fake answers a share
   of sendMessage calls with 429 (retry_after 1 s) or 500, and a share of updates is delivered
   twice (some at once, some later). Counts chats with no reply (lost) and chats whose reply
   arrived twice (duplicates), and checks one stored turn per chat.

    .venv/bin/python bench/telegram_connector.py [--overhead 150] [--updates 1000]
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fake_telegram import start_fake_telegram, text_update  # noqa: E402
from tests.served import start_served  # noqa: E402

TOKEN = "123456789:BENCH-tokenAAbbCCddEEffGGhh"
SECRET = "bench-webhook-secret-0123456789"


def questions() -> list[str]:
    cases = yaml.safe_load((ROOT / "bench/data/dev_topics.yml").read_text(encoding="utf-8"))[
        "cases"
    ]
    return [c["text"] for c in cases]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--overhead", type=int, default=150)
    parser.add_argument("--updates", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    texts = questions()
    fake = start_fake_telegram(TOKEN)
    workdir = Path(tempfile.mkdtemp(prefix="lantern-bench-tg-"))
    import os

    os.environ["TELEGRAM_CHAT_INTERVAL"] = "0"
    with start_served(ROOT, workdir, fake, TOKEN, SECRET) as served:
        for text in texts[:5]:  # warm up both paths
            served.rest(f"warm-{text[:5]}", text)
        # 1. overhead
        rest, telegram = [], []
        for i in range(args.overhead):
            text = texts[i % len(texts)]
            started = time.perf_counter()
            served.rest(f"bench-rest-{i}", text)
            rest.append((time.perf_counter() - started) * 1000)
            chat = 800_000 + i
            posted = time.time()
            served.telegram(text_update(fake, chat, text))
            fake.wait_for(lambda chat=chat: bool(fake.sent(chat)), 30)
            # the turn is done when its last reply part has arrived: wait for quiet
            count = len(fake.sent(chat))
            while True:
                time.sleep(0.02)
                now = len(fake.sent(chat))
                if now == count:
                    break
                count = now
            last = max(c.at for c in fake.sent(chat))
            telegram.append((last - posted) * 1000)
        added = pct(telegram, 0.95) - pct(rest, 0.95)
        print(f"REST channel: p50 {statistics.median(rest):.0f} ms, p95 {pct(rest, 0.95):.0f} ms")
        p50, p95 = statistics.median(telegram), pct(telegram, 0.95)
        print(f"Telegram webhook: p50 {p50:.0f} ms, p95 {p95:.0f} ms")
        print(f"connector added p95: {added:.0f} ms")

        # 2. faults
        fake.chaos["sendMessage"] = (0.05, 0.05)
        rng = random.Random(11)
        first_chat = 900_000
        updates = [
            text_update(fake, first_chat + i, texts[i % len(texts)]) for i in range(args.updates)
        ]
        deliveries = list(updates)
        deliveries += [u for u in updates if rng.random() < 0.1]  # redelivered later
        rng.shuffle(deliveries)
        started = time.perf_counter()
        with ThreadPoolExecutor(args.concurrency) as pool:
            statuses = list(pool.map(served.telegram, deliveries))
        chats = [first_chat + i for i in range(args.updates)]
        fake.wait_for(lambda: all(fake.sent(c) for c in chats), 600)
        time.sleep(5)  # let retries and any duplicate finish
        elapsed = time.perf_counter() - started
        fake.chaos.clear()
        lost = [c for c in chats if not fake.sent(c)]
        duplicated = []
        for chat in chats:
            sent = [c.params["text"] for c in fake.sent(chat)]
            if len(sent) != len(set(sent)):
                duplicated.append(chat)
        attempts = fake.attempts("sendMessage")
        faults = sum(
            1
            for c in attempts
            if c.status in (429, 500) and int(c.params.get("chat_id", 0)) >= first_chat
        )
        db = sqlite3.connect(str(served.db))
        turns = db.execute(
            "select count(*) from events where type_name = 'user' "
            "and json_extract(data, '$.input_channel') = 'telegram'"
        ).fetchone()[0]
        repeated = len(deliveries) - args.updates
        print(
            f"updates: {args.updates}, deliveries: {len(deliveries)} ({repeated} repeated), "
            f"HTTP 200: {statuses.count(200)}"
        )
        print(f"injected faults answered: {faults} (429 or 500 on sendMessage)")
        print(f"stored Telegram turns: {turns} (overhead run: {args.overhead})")
        print(f"time: {elapsed:.1f} s")
        print(f"lost replies: {len(lost)}")
        print(f"duplicate replies: {len(duplicated)}")
        print(
            json.dumps(
                {"added_p95_ms": round(added), "lost": len(lost), "duplicates": len(duplicated)}
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
