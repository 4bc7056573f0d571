"""Load: N concurrent conversations through the REST channel and the Telegram webhook, with the
stock `rasa init` bot under the same load in the same run (a benchmark, not a test).

    .venv/bin/python bench/load.py [--users 100] [--pace 2.5] [--duration 60] [--warmup 15]
                                   [--burst 0] [--skip-baseline]

Locust (as a library, gevent) drives the conversations; each simulated person is one
conversation that sends a message, waits for the answer, and sends the next one ``--pace``
seconds after the previous one started (so 100 people at 2.5 s offer 40 messages/s). The mix per
turn: a topic question (60%), "tell me more" (15%), a button from the last answer (15%; as a
Telegram callback on the webhook), a risk message (5%, urgent or check-in, from the development
set), small talk (5%).

Phases, each with its own warm-up that is not counted:

1. Lantern via REST: `lantern serve` (SQLite store, the action server as its child);
2. Lantern via the Telegram webhook, against the fake Bot API from the tests: latency is from
   the POST to the first reply part reaching the fake API;
3. optional burst (``--burst N``): N people with no pause, to show what happens past capacity
   (busy replies, and that no risk message is turned away);
4. the baseline: `rasa init`'s starter bot, trained once into build/bench/baseline (cached),
   served by `rasa run` with its stock REST channel, under phase 1's load.

Errors are failed requests, empty answers, busy replies and Telegram turns with no reply in
30 s. RSS is the peak resident memory of the Rasa server process (sampled every 0.5 s; the
action server, a separate process, is reported on its own line). Cold start is from starting
the process to the first answer. The last six lines are the summary: throughput is the lower of
the two channels' rates, p95 and the ratio are the REST channel's (compared with the baseline's
REST channel under the same load), errors are both channels' errors, rss the peak over both.
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

# ruff: noqa: E402 - gevent must patch the standard library before anything else is imported
import argparse
import itertools
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gevent
import psutil
import yaml
from gevent.event import Event
from locust import User, constant_pacing, task
from locust.contrib.fasthttp import FastHttpSession
from locust.env import Environment

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fake_telegram import Call, FakeTelegram, start_fake_telegram, text_update
from tests.served import start_served

TOKEN = "123456789:LOAD-tokenAAbbCCddEEffGGhh"
SECRET = "load-webhook-secret-0123456789"
BASELINE_DIR = ROOT / "build" / "bench" / "baseline"
SMALL_TALK = ["thanks", "hi", "are you a real person", "ok", "thank you that helps"]
REPLY_TIMEOUT = 30.0


# -- the message mix ---------------------------------------------------------------------


def _cases(name: str) -> list[dict[str, Any]]:
    data = yaml.safe_load((ROOT / "bench" / "data" / name).read_text(encoding="utf-8"))
    return list(data["cases"])


@dataclass
class Mix:
    questions: list[str]
    risky: list[str]

    @classmethod
    def load(cls) -> Mix:
        questions = [c["text"] for c in _cases("dev_topics.yml")]
        risky = [c["text"] for c in _cases("dev_risk.yml") if c["expect"]["risk"] != "none"]
        return cls(questions, risky)

    def next_turn(self, rng: random.Random, buttons: list[str]) -> tuple[str, bool]:
        """(text, is_button_payload)."""
        roll = rng.random()
        if roll < 0.15 and buttons:
            return rng.choice(buttons), True
        if roll < 0.30:
            return "tell me more", False
        if roll < 0.35:
            return rng.choice(self.risky), False
        if roll < 0.40:
            return rng.choice(SMALL_TALK), False
        return rng.choice(self.questions), False


# -- what each phase records ---------------------------------------------------------------


@dataclass
class Record:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    busy: int = 0
    risky_sent: int = 0
    risky_turned_away: int = 0
    started: float = 0.0
    stopped: float = 0.0
    counting: bool = False

    def ok(self, milliseconds: float) -> None:
        if self.counting:
            self.latencies.append(milliseconds)

    def failed(self, busy: bool = False) -> None:
        if self.counting:
            self.errors += 1
            self.busy += int(busy)

    @property
    def messages(self) -> int:
        return len(self.latencies) + self.errors

    @property
    def throughput(self) -> float:
        return len(self.latencies) / max(self.stopped - self.started, 1e-9)

    def percentile(self, q: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# -- the simulated people ----------------------------------------------------------------


class RestPerson(User):
    """One conversation over the REST channel."""

    abstract = True
    record: Record
    mix: Mix

    def on_start(self) -> None:
        self.sender = f"load-{uuid.uuid4().hex}"
        self.rng = random.Random(self.sender)
        self.buttons: list[str] = []
        self.client = FastHttpSession(
            self.environment, base_url=self.host, user=self, connection_timeout=10,
            network_timeout=60,
        )  # fmt: skip

    @task
    def turn(self) -> None:
        text, _ = self.mix.next_turn(self.rng, self.buttons)
        risky = text in self.mix.risky
        body = json.dumps({"sender": self.sender, "message": text})
        started = time.perf_counter()
        try:
            response = self.client.post(
                "/webhooks/rest/webhook", data=body, headers={"Content-Type": "application/json"}
            )
            elapsed = (time.perf_counter() - started) * 1000
            replies = json.loads(response.content or b"[]") if response.status_code == 200 else []
        except Exception:
            self.record.failed()
            return
        busy = response.headers.get("X-Lantern-Busy") == "1"
        if self.record.counting and risky:
            self.record.risky_sent += 1
            self.record.risky_turned_away += int(busy)
        if response.status_code != 200 or not replies or busy:
            self.record.failed(busy)
            return
        self.record.ok(elapsed)
        self.buttons = [b["payload"] for r in replies for b in r.get("buttons") or []]


class TelegramPerson(User):
    """One conversation over the Telegram webhook; replies are watched at the fake Bot API."""

    abstract = True
    record: Record
    mix: Mix
    fake: FakeTelegram
    waiting: dict[int, Event]
    buttons_by_chat: dict[int, list[str]]
    chats = itertools.count(5_000_000)

    def on_start(self) -> None:
        self.chat = next(self.chats)
        self.rng = random.Random(self.chat)
        self.client = FastHttpSession(
            self.environment, base_url=self.host, user=self, connection_timeout=10,
            network_timeout=60,
        )  # fmt: skip

    @task
    def turn(self) -> None:
        buttons = self.buttons_by_chat.get(self.chat, [])
        text, is_button = self.mix.next_turn(self.rng, buttons)
        update = (
            _callback_update(self.fake, self.chat, text)
            if is_button
            else text_update(self.fake, self.chat, text)
        )
        arrived = Event()
        self.waiting[self.chat] = arrived
        started = time.perf_counter()
        try:
            response = self.client.post(
                "/webhooks/telegram/webhook",
                data=json.dumps(update),
                headers={"Content-Type": "application/json",
                         "X-Telegram-Bot-Api-Secret-Token": SECRET},
            )  # fmt: skip
        except Exception:
            self.record.failed()
            return
        if response.status_code != 200 or not arrived.wait(REPLY_TIMEOUT):
            self.record.failed()
            return
        self.record.ok((time.perf_counter() - started) * 1000)


def _callback_update(fake: FakeTelegram, chat: int, data: str) -> dict[str, Any]:
    update_id = fake.next_update_id()
    person = {"id": chat, "is_bot": False, "first_name": "Sam"}
    return {
        "update_id": update_id,
        "callback_query": {
            "id": str(update_id),
            "from": person,
            "chat_instance": str(chat),
            "data": data,
            "message": {
                "message_id": 50_000 + update_id,
                "date": int(time.time()),
                "chat": {"id": chat, "type": "private", "first_name": "Sam"},
                "text": "(earlier answer)",
            },
        },
    }


def _watch_replies(fake: FakeTelegram) -> tuple[dict[int, Event], dict[int, list[str]]]:
    """Per chat: an event set by the first reply part after each post, and its buttons."""
    waiting: dict[int, Event] = {}
    buttons: dict[int, list[str]] = {}

    def on_call(call: Call) -> None:
        if call.method != "sendMessage" or call.status != 200:
            return
        chat = int(call.params.get("chat_id", 0))
        markup = call.params.get("reply_markup")
        if isinstance(markup, str):
            markup = json.loads(markup)
        if markup:
            buttons[chat] = [
                b["callback_data"]
                for row in markup.get("inline_keyboard", [])
                for b in row
                if b.get("callback_data")
            ]
        event = waiting.pop(chat, None)
        if event is not None:
            event.set()

    fake.listeners.append(on_call)
    return waiting, buttons


# -- running a phase ---------------------------------------------------------------------


@dataclass
class Peak:
    rss: dict[str, float] = field(default_factory=dict)


def _sample_rss(processes: dict[str, psutil.Process], peak: Peak, stop: Event) -> None:
    while not stop.is_set():
        for name, process in processes.items():
            try:
                mb = process.memory_info().rss / 1e6
            except psutil.Error:
                continue
            peak.rss[name] = max(peak.rss.get(name, 0.0), mb)
        stop.wait(0.5)


def run_phase(
    person: type[User], host: str, users: int, pace: float, warmup: float, duration: float,
    **attributes: Any,
) -> Record:  # fmt: skip
    record = Record()
    person_class = type(
        f"{person.__name__}Phase",
        (person,),
        {"abstract": False, "wait_time": constant_pacing(pace), "record": record,
         "host": host, **attributes},
    )  # fmt: skip
    environment = Environment(user_classes=[person_class])
    runner = environment.create_local_runner()
    runner.start(users, spawn_rate=max(users / 5, 1))
    gevent.sleep(warmup)
    record.counting = True
    record.started = time.perf_counter()
    gevent.sleep(duration)
    record.stopped = time.perf_counter()
    record.counting = False
    runner.quit()
    return record


def report(label: str, record: Record) -> None:
    print(
        f"{label}: {record.messages} messages, {record.throughput:.1f} msg/s answered, "
        f"p50 {record.percentile(0.5):.0f} ms, p95 {record.percentile(0.95):.0f} ms, "
        f"p99 {record.percentile(0.99):.0f} ms, errors {record.errors}"
        + (f" (busy {record.busy})" if record.busy else ""),
        flush=True,
    )


def first_reply(base: str, deadline: float) -> None:
    body = json.dumps({"sender": f"cold-{uuid.uuid4().hex}", "message": "hello"}).encode()
    while time.monotonic() < deadline:
        request = urllib.request.Request(
            base + "/webhooks/rest/webhook", data=body, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                if json.loads(response.read()):
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError("no first reply")


# -- the baseline ------------------------------------------------------------------------


def rasa_binary() -> str:
    return str(Path(sys.executable).with_name("rasa"))


def baseline_model() -> Path:
    """`rasa init`'s starter bot, trained once (by `rasa init` itself) and kept."""
    models = sorted((BASELINE_DIR / "models").glob("*.tar.gz"))
    if models:
        return models[-1]
    shutil.rmtree(BASELINE_DIR, ignore_errors=True)
    BASELINE_DIR.parent.mkdir(parents=True, exist_ok=True)
    print("training the baseline (`rasa init --no-prompt`) ...", flush=True)
    started = time.monotonic()
    subprocess.run(
        [rasa_binary(), "init", "--no-prompt", "--init-dir", str(BASELINE_DIR)],
        check=True, stdout=subprocess.DEVNULL,
        env={**os.environ, "RASA_TELEMETRY_ENABLED": "false"},
    )  # fmt: skip
    print(f"baseline trained in {time.monotonic() - started:.0f} s", flush=True)
    return sorted((BASELINE_DIR / "models").glob("*.tar.gz"))[-1]


@contextmanager
def baseline_server(port: int) -> Iterator[subprocess.Popen[bytes]]:
    model = baseline_model()
    process = subprocess.Popen(
        [rasa_binary(), "run", "--model", str(model), "--port", str(port),
         "--credentials", str(BASELINE_DIR / "credentials.yml")],
        cwd=BASELINE_DIR, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "RASA_TELEMETRY_ENABLED": "false"},
    )  # fmt: skip
    try:
        yield process
    finally:
        process.terminate()
        process.wait(timeout=30)


# -- main --------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=100)
    parser.add_argument("--pace", type=float, default=2.5, help="seconds between messages")
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=15.0)
    parser.add_argument("--burst", type=int, default=0, help="people with no pause (0: skip)")
    parser.add_argument("--skip-baseline", action="store_true")
    args = parser.parse_args()
    from lantern.runtime import free_port

    mix = Mix.load()
    os.environ["TELEGRAM_CHAT_INTERVAL"] = "0"
    fake = start_fake_telegram(TOKEN)
    waiting, buttons = _watch_replies(fake)
    workdir = Path(tempfile.mkdtemp(prefix="lantern-load-"))
    print(f"{args.users} conversations, one message each per {args.pace} s "
          f"(offered {args.users / args.pace:.0f} msg/s), {args.duration:.0f} s per phase "
          f"after {args.warmup:.0f} s warm-up", flush=True)  # fmt: skip
    peak = Peak()
    stop = Event()
    started = time.monotonic()
    with start_served(ROOT, workdir, fake, TOKEN, SECRET) as served:
        first_reply(served.base, time.monotonic() + 600)
        cold = time.monotonic() - started
        print(f"cold start (process start to first answer): {cold:.1f} s", flush=True)
        server = psutil.Process(served.pid)
        children = {f"action server {i + 1}": c for i, c in enumerate(server.children())}
        sampler = gevent.spawn(_sample_rss, {"rasa": server, **children}, peak, stop)
        rest = run_phase(RestPerson, served.base, args.users, args.pace, args.warmup,
                         args.duration, mix=mix)  # fmt: skip
        report("Lantern REST", rest)
        telegram = run_phase(TelegramPerson, served.base, args.users, args.pace, args.warmup,
                             args.duration, mix=mix, fake=fake, waiting=waiting,
                             buttons_by_chat=buttons)  # fmt: skip
        report("Lantern Telegram (first reply part)", telegram)
        if args.burst:
            burst = run_phase(RestPerson, served.base, args.burst, 0.0, 5.0, 30.0, mix=mix)
            report(f"burst, {args.burst} people with no pause", burst)
            print(f"burst: {burst.busy} busy replies; risk messages turned away: "
                  f"{burst.risky_turned_away} of {burst.risky_sent}", flush=True)  # fmt: skip
        stop.set()
        sampler.join()
    for name, mb in peak.rss.items():
        print(f"peak RSS {name}: {mb:.0f} MB")

    baseline_p95 = float("nan")
    if not args.skip_baseline:
        port = free_port()
        started = time.monotonic()
        with baseline_server(port) as process:
            first_reply(f"http://127.0.0.1:{port}", time.monotonic() + 600)
            print(f"baseline cold start: {time.monotonic() - started:.1f} s", flush=True)
            baseline_peak, baseline_stop = Peak(), Event()
            sampler = gevent.spawn(_sample_rss, {"rasa": psutil.Process(process.pid)},
                                   baseline_peak, baseline_stop)  # fmt: skip
            base = run_phase(RestPerson, f"http://127.0.0.1:{port}", args.users, args.pace,
                             args.warmup, args.duration, mix=mix)  # fmt: skip
            baseline_stop.set()
            sampler.join()
        report("baseline (rasa init) REST", base)
        print(f"baseline peak RSS: {baseline_peak.rss.get('rasa', 0):.0f} MB")
        baseline_p95 = base.percentile(0.95)
    shutil.rmtree(workdir, ignore_errors=True)

    ours_p95 = rest.percentile(0.95)
    print(f"throughput: {min(rest.throughput, telegram.throughput):.1f} msg/s")
    print(f"p95: {ours_p95:.0f} ms")
    print(f"baseline p95: {baseline_p95:.0f} ms")
    print(f"p95 ratio: {ours_p95 / baseline_p95:.2f}")
    print(f"errors: {rest.errors + telegram.errors}")
    print(f"rss: {peak.rss.get('rasa', 0):.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
