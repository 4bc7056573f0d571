"""Reply latency through Rasa's REST channel, after warm-up (a benchmark, not a test).

Starts the action server and ``rasa run`` (REST channel, SQLite tracker store in a temporary
folder) once, warms up, then sends a realistic mix of messages one at a time: topic questions
from the development set, "tell me more", button payloads, greetings and thanks, in
conversations of a few turns each. Prints p50, p95 and p99 latency per message.

    .venv/bin/python bench/reply_latency.py [--messages 400] [--warmup 40] [--model PATH]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lantern.runtime import ActionServer, free_port  # noqa: E402
from lantern.training import ensure_model  # noqa: E402

FOLLOW_UPS = ["tell me more", "yes", "what can help", "thanks", "ok", "/tell_me_more"]


def conversation_scripts(rng: random.Random, count: int) -> list[list[str]]:
    """Conversations of 1 to 4 turns: a question, then follow-ups or another question."""
    cases = yaml.safe_load((ROOT / "bench" / "data" / "dev_topics.yml").read_text())["cases"]
    questions = [c["text"] for c in cases]
    scripts: list[list[str]] = []
    total = 0
    while total < count:
        turns = ["hi"] if rng.random() < 0.2 else []
        turns.append(rng.choice(questions))
        for _ in range(rng.randint(0, 2)):
            turns.append(rng.choice(FOLLOW_UPS + questions[:10]))
        scripts.append(turns)
        total += len(turns)
    return scripts


def start_rasa(model: Path, action_url: str, workdir: Path, port: int) -> subprocess.Popen[bytes]:
    endpoints = workdir / "endpoints.yml"
    endpoints.write_text(
        yaml.safe_dump(
            {
                "action_endpoint": {"url": action_url},
                "tracker_store": {"type": "SQL", "dialect": "sqlite", "db": str(workdir / "b.db")},
            }
        )
    )
    # Only the REST channel: the project's credentials.yml also opens Telegram, which needs a
    # token this benchmark does not use.
    credentials = workdir / "credentials.yml"
    credentials.write_text(yaml.safe_dump({"connectors.rest.RestInput": None}))
    command = [
        sys.executable, "-m", "rasa", "run", "--model", str(model), "--port", str(port),
        "--credentials", str(credentials), "--endpoints", str(endpoints),
        "--interface", "127.0.0.1",
    ]  # fmt: skip
    env = {**os.environ, "RASA_TELEMETRY_ENABLED": "false", "TF_CPP_MIN_LOG_LEVEL": "2"}
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def wait_ready(client: httpx.Client, url: str, timeout: float = 300) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        try:
            if client.get(url).status_code == 200:
                return time.monotonic() - start
        except httpx.TransportError:
            pass
        time.sleep(0.5)
    raise RuntimeError("rasa did not start in time")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=400)
    parser.add_argument("--warmup", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--model", type=Path, help="a model archive to time instead of the current one, "
        "e.g. an older one from models/ for a paired comparison",
    )  # fmt: skip
    args = parser.parse_args()

    rng = random.Random(args.seed)
    model = args.model or ensure_model()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp, ActionServer() as actions:
        rasa = start_rasa(model, actions.url, Path(tmp), port)
        try:
            with httpx.Client(timeout=30) as client:
                started = wait_ready(client, f"http://127.0.0.1:{port}/")
                webhook = f"http://127.0.0.1:{port}/webhooks/rest/webhook"
                latencies: list[float] = []
                empty = 0
                scripts = conversation_scripts(rng, args.warmup + args.messages)
                sent = 0
                for turns in scripts:
                    sender = f"bench-{uuid.uuid4().hex}"
                    for text in turns:
                        t0 = time.perf_counter()
                        response = client.post(webhook, json={"sender": sender, "message": text})
                        elapsed = (time.perf_counter() - t0) * 1000
                        response.raise_for_status()
                        sent += 1
                        if sent > args.warmup:
                            latencies.append(elapsed)
                            empty += not response.json()
        finally:
            rasa.terminate()
            rasa.wait(timeout=30)
    print(f"rasa ready after: {started:.1f} s")
    print(f"messages: {len(latencies)} (after {args.warmup} warm-up)")
    print(f"replies with no message: {empty}")
    print(f"mean: {statistics.fmean(latencies):.1f} ms")
    print(f"p50: {percentile(latencies, 0.50):.1f} ms")
    print(f"p95: {percentile(latencies, 0.95):.1f} ms")
    print(f"p99: {percentile(latencies, 0.99):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
