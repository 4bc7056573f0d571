"""Load: N concurrent conversations through the REST channel and the Telegram webhook, with the
stock `rasa init` bot under the same load in the same run (a benchmark, not a test).

    .venv/bin/python bench/load.py [--users 100] [--pace 3] [--duration 60] [--warmup 15]
                                   [--workers 2] [--burst 0] [--skip-baseline]

An asyncio client (aiohttp) drives the conversations; each simulated person is one
conversation that sends a message, waits for the answer, and sends the next one ``--pace``
seconds after the previous one started (so 100 people at 3 s offer 33 messages/s). The mix per
turn: a topic question (60%), "tell me more" (15%), a button from the last answer (15%; as a
Telegram callback on the webhook), a risk message (5%, urgent or check-in, from the development
set), small talk (5%).

Phases, each with its own warm-up that is not counted:

1. Lantern via REST: `lantern serve` (SQLite store, the action server as its child), with
   ``--workers`` Sanic worker processes (Rasa's own multi-process mode; default 2, one per core
   of this machine, with a local Redis lock store; ``--workers 1`` is the plain default);
2. Lantern via the Telegram webhook, against the fake Bot API from the tests (in its own
   process): latency is from the POST to the first reply part reaching the fake API;
3. optional burst (``--burst N``): N people with no pause, to show what happens past capacity
   (busy replies, and that no risk message is turned away);
4. the baseline: `rasa init`'s starter bot, trained once into build/bench/baseline (cached),
   served by `rasa run` with its stock REST channel, under phase 1's load.

Locust was tried first and dropped: inside its runner every request measured 50 ms (one
person) to 350 ms (40 people) slower than the same requests sent by plain threads, gevent
greenlets or curl at the same moment, so its figures described Locust, not the bot.

Errors are failed requests, empty answers, busy replies and Telegram turns with no reply in
30 s. RSS is the peak resident memory of the Rasa server process (sampled every 0.5 s; the
action server, a separate process, is reported on its own line). Cold start is from starting
the process to the first answer. The last six lines are the summary: throughput is the lower of
the two channels' rates, p95 and the ratio are the REST channel's (compared with the baseline's
REST channel under the same load), errors are both channels' errors, rss the peak over both.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import psutil
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fake_telegram import text_update  # noqa: E402
from tests.served import start_served  # noqa: E402
from tests.services import redis_available, redis_server  # noqa: E402

TOKEN = "123456789:LOAD-tokenAAbbCCddEEffGGhh"
SECRET = "load-webhook-secret-0123456789"
BASELINE_DIR = ROOT / "build" / "bench" / "baseline"
SMALL_TALK = ["thanks", "hi", "are you a real person", "ok", "thank you that helps"]
REPLY_TIMEOUT = 30.0


# -- the message mix ---------------------------------------------------------------------


def _cases(name: str, folder: str = "bench/data") -> list[dict[str, Any]]:
    data = yaml.safe_load((ROOT / folder / name).read_text(encoding="utf-8"))
    return list(data["cases"])


@dataclass
class Mix:
    questions: list[str]
    risky: list[str]
    flagged: set[str]  # the risky messages the pattern detector flags (admission uses it)

    @classmethod
    def load(cls) -> Mix:
        from lantern.safety._model import Tier
        from lantern.safety.detector import RiskDetector

        questions = [c["text"] for c in _cases("dev_topics.yml")]
        risky = [
            c["text"]
            for c in _cases("dev_risk.yml", "data/risk_tiers")
            if c["expect"]["risk"] != "none"
        ]
        detector = RiskDetector()
        flagged = {t for t in risky if detector.assess(t).tier is not Tier.NONE}
        return cls(questions, risky, flagged)

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
    flagged_sent: int = 0
    flagged_turned_away: int = 0
    started: float = 0.0
    stopped: float = 0.0
    counting: bool = False
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds while counting

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


@dataclass
class Target:
    """Where a phase sends its messages, and how."""

    base: str
    mix: Mix
    record: Record
    telegram: TelegramWatch | None = None


_FAKE_PROCESS = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from tests.fake_telegram import start_fake_telegram
fake = start_fake_telegram(sys.argv[2])

def report(call):
    if call.method != "sendMessage" or call.status != 200:
        return
    markup = call.params.get("reply_markup")
    if isinstance(markup, str):
        markup = json.loads(markup)
    buttons = [b["callback_data"] for row in (markup or {}).get("inline_keyboard", [])
               for b in row if b.get("callback_data")]
    line = json.dumps({"chat": int(call.params.get("chat_id", 0)), "at": call.at,
                       "buttons": buttons})
    sys.stdout.write(line + "\\n")
    sys.stdout.flush()

fake.listeners.append(report)
print(fake.url, flush=True)
while True:
    time.sleep(3600)
"""


class FakeBotApi:
    """The tests' fake Telegram Bot API in its own process, so that its work is not counted
    in the load generator's; it reports each reply it receives (chat, time, buttons)."""

    def __init__(self, token: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", _FAKE_PROCESS, str(ROOT), token],
            stdout=subprocess.PIPE, text=True, bufsize=1,
        )  # fmt: skip
        assert self.process.stdout is not None
        self.url = self.process.stdout.readline().strip()
        self._update_ids = itertools.count(1)

    def next_update_id(self) -> int:
        return next(self._update_ids)

    def replies(self) -> Iterator[dict[str, Any]]:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            yield json.loads(line)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


class TelegramWatch:
    """Replies reaching the fake Bot API, per chat."""

    def __init__(self, fake: FakeBotApi, loop: asyncio.AbstractEventLoop) -> None:
        self.fake = fake
        self.loop = loop
        self.waiting: dict[int, asyncio.Event] = {}
        self.arrived_at: dict[int, float] = {}  # wall clock, as the fake API saw the reply
        self.buttons: dict[int, list[str]] = {}
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for reply in self.fake.replies():
            chat = reply["chat"]
            if reply["buttons"]:
                self.buttons[chat] = reply["buttons"]
            event = self.waiting.pop(chat, None)
            if event is not None:
                self.arrived_at[chat] = reply["at"]
                self.loop.call_soon_threadsafe(event.set)


async def _rest_turn(
    session: aiohttp.ClientSession, target: Target, sender: str, text: str
) -> list[str]:
    """One message; returns the buttons of the answer."""
    record = target.record
    risky = text in target.mix.risky
    started = time.perf_counter()
    try:
        async with session.post(
            target.base + "/webhooks/rest/webhook", json={"sender": sender, "message": text}
        ) as response:
            status = response.status
            busy = response.headers.get("X-Lantern-Busy") == "1"
            replies = await response.json(content_type=None) if status == 200 else []
    except (aiohttp.ClientError, asyncio.TimeoutError, ValueError):
        record.failed()
        return []
    elapsed = (time.perf_counter() - started) * 1000
    if record.counting and risky:
        flagged = text in target.mix.flagged
        record.risky_sent += 1
        record.risky_turned_away += int(busy)
        record.flagged_sent += int(flagged)
        record.flagged_turned_away += int(busy and flagged)
    if status != 200 or not replies or busy:
        record.failed(busy)
        return []
    record.ok(elapsed)
    return [b["payload"] for r in replies for b in r.get("buttons") or []]


async def _telegram_turn(
    session: aiohttp.ClientSession, target: Target, chat: int, text: str, is_button: bool
) -> None:
    watch = target.telegram
    assert watch is not None
    fake = watch.fake
    update = _callback_update(fake, chat, text) if is_button else text_update(fake, chat, text)
    arrived = asyncio.Event()
    watch.waiting[chat] = arrived
    started = time.time()
    try:
        async with session.post(
            target.base + "/webhooks/telegram/webhook",
            json=update,
            headers={"X-Telegram-Bot-Api-Secret-Token": SECRET},
        ) as response:
            status = response.status
            await response.read()
        if status != 200:
            raise aiohttp.ClientError(f"status {status}")
        await asyncio.wait_for(arrived.wait(), REPLY_TIMEOUT)
    except (aiohttp.ClientError, asyncio.TimeoutError):
        watch.waiting.pop(chat, None)
        target.record.failed()
        return
    target.record.ok((watch.arrived_at.pop(chat) - started) * 1000)


_chats = itertools.count(5_000_000)


async def person(
    session: aiohttp.ClientSession, target: Target, pace: float, offset: float, stop: float
) -> None:
    """One conversation: a message every ``pace`` seconds (from its start) until ``stop``."""
    await asyncio.sleep(offset)
    chat = next(_chats)
    sender = f"load-{uuid.uuid4().hex}"
    rng = random.Random(chat)
    buttons: list[str] = []
    while time.monotonic() < stop:
        began = time.monotonic()
        if target.telegram is not None:
            text, is_button = target.mix.next_turn(rng, target.telegram.buttons.get(chat, []))
            await _telegram_turn(session, target, chat, text, is_button)
        else:
            text, _ = target.mix.next_turn(rng, buttons)
            buttons = await _rest_turn(session, target, sender, text)
        await asyncio.sleep(max(0.0, pace - (time.monotonic() - began)))


def _callback_update(fake: FakeBotApi, chat: int, data: str) -> dict[str, Any]:
    update_id = fake.next_update_id()
    who = {"id": chat, "is_bot": False, "first_name": "Sam"}
    return {
        "update_id": update_id,
        "callback_query": {
            "id": str(update_id),
            "from": who,
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


# -- running a phase ---------------------------------------------------------------------


async def _sample_rss(processes: dict[str, psutil.Process], peak: dict[str, float]) -> None:
    while True:
        for name, process in processes.items():
            try:
                mb = process.memory_info().rss / 1e6
            except psutil.Error:
                continue
            peak[name] = max(peak.get(name, 0.0), mb)
        await asyncio.sleep(0.5)


def _cpu_seconds(process: psutil.Process) -> float:
    try:
        times = process.cpu_times()
    except psutil.Error:
        return 0.0
    return float(times.user + times.system)


async def run_phase(
    target: Target, users: int, pace: float, warmup: float, duration: float,
    processes: dict[str, psutil.Process], peak: dict[str, float],
) -> Record:  # fmt: skip
    """``users`` conversations, started evenly over one pace; counted after ``warmup``."""
    record = target.record
    watched = {**processes, "load generator": psutil.Process()}
    sampler = asyncio.create_task(_sample_rss(processes, peak))
    stop = time.monotonic() + warmup + duration
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=60, connect=10)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        people = [
            asyncio.create_task(person(session, target, pace, i * pace / users, stop))
            for i in range(users)
        ]
        await asyncio.sleep(warmup)
        before = {name: _cpu_seconds(p) for name, p in watched.items()}
        record.counting = True
        record.started = time.perf_counter()
        await asyncio.sleep(duration)
        record.stopped = time.perf_counter()
        record.counting = False
        record.cpu = {name: _cpu_seconds(p) - before[name] for name, p in watched.items()}
        await asyncio.gather(*people)
    sampler.cancel()
    return record


def report(label: str, record: Record) -> None:
    print(
        f"{label}: {record.messages} messages, {record.throughput:.1f} msg/s answered, "
        f"p50 {record.percentile(0.5):.0f} ms, p95 {record.percentile(0.95):.0f} ms, "
        f"p99 {record.percentile(0.99):.0f} ms, errors {record.errors}"
        + (f" (busy {record.busy})" if record.busy else ""),
        flush=True,
    )
    if record.latencies and record.cpu:
        per = ", ".join(
            f"{name} {seconds * 1000 / len(record.latencies):.1f} ms"
            for name, seconds in record.cpu.items()
        )
        print(f"  CPU per answered message: {per}", flush=True)


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
    BASELINE_DIR.mkdir(parents=True, exist_ok=True)
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
    parser.add_argument("--pace", type=float, default=3.0, help="seconds between messages")
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=15.0)
    parser.add_argument("--burst", type=int, default=0, help="people with no pause (0: skip)")
    parser.add_argument("--skip-baseline", action="store_true")
    parser.add_argument(
        "--store-url",
        default=None,
        help="tracker store URL (default: a SQLite file in a temporary folder)",
    )
    parser.add_argument("--workers", type=int, default=2,
                        help="Rasa worker processes (SANIC_WORKERS, default 2, one per core "
                             "here; above 1 a local Redis lock store is started, as Rasa "
                             "requires)")  # fmt: skip
    args = parser.parse_args()
    return asyncio.run(run(args))


async def _ours(
    args: argparse.Namespace, served: Any, mix: Mix, watch: TelegramWatch,
    peak: dict[str, float], started: float,
) -> tuple[Record, Record]:  # fmt: skip
    """Lantern's phases: REST, Telegram, and the optional burst."""
    await asyncio.to_thread(first_reply, served.base, time.monotonic() + 600)
    print(f"cold start (process start to first answer): {time.monotonic() - started:.1f} s",
          flush=True)  # fmt: skip
    server = psutil.Process(served.pid)
    watched = {"rasa": server}
    for child in server.children():
        if "lantern.action_server" in " ".join(child.cmdline()):
            watched["action server"] = child
        else:  # Sanic's worker processes, when there are several
            watched[f"rasa worker {len(watched)}"] = child
    rest = await run_phase(Target(served.base, mix, Record()), args.users, args.pace,
                           args.warmup, args.duration, watched, peak)  # fmt: skip
    report("Lantern REST", rest)
    telegram_target = Target(served.base, mix, Record(), watch)
    telegram = await run_phase(telegram_target, args.users, args.pace, args.warmup,
                               args.duration, watched, peak)  # fmt: skip
    report("Lantern Telegram (first reply part)", telegram)
    if args.burst:
        burst = await run_phase(Target(served.base, mix, Record()), args.burst, 0.0, 5.0,
                                30.0, watched, peak)  # fmt: skip
        report(f"burst: {args.burst} people with no pause", burst)
        print(f"burst: {burst.busy} busy replies; risk messages the detector flags given the "
              f"busy reply: {burst.flagged_turned_away} of {burst.flagged_sent}; risk messages "
              f"only the language model catches given it (with its helplines): "
              f"{burst.risky_turned_away - burst.flagged_turned_away} of "
              f"{burst.risky_sent - burst.flagged_sent}", flush=True)  # fmt: skip
    return rest, telegram


async def run(args: argparse.Namespace) -> int:
    from lantern.runtime import free_port

    mix = Mix.load()
    fake = FakeBotApi(TOKEN)
    watch = TelegramWatch(fake, asyncio.get_running_loop())
    workdir = Path(tempfile.mkdtemp(prefix="lantern-load-"))
    print(f"{args.users} conversations, one message each per {args.pace} s "
          f"(offered {args.users / args.pace:.0f} msg/s), {args.duration:.0f} s per phase "
          f"after {args.warmup:.0f} s warm-up", flush=True)  # fmt: skip
    peak: dict[str, float] = {}
    started = time.monotonic()
    # Production settings for Telegram delivery (the tests' defaults are tuned for speed).
    production = {"TELEGRAM_CHAT_INTERVAL": "1.0", "TELEGRAM_TYPING_AFTER": "0.8"}
    if args.store_url:
        production["LANTERN_TRACKER_STORE_URL"] = args.store_url
    with ExitStack() as stack:
        if args.workers > 1 and not redis_available():
            print("redis-server is not installed: one worker process", flush=True)
            args.workers = 1
        if args.workers > 1:
            redis_url = stack.enter_context(redis_server(workdir / "redis"))
            production.update(SANIC_WORKERS=str(args.workers), LANTERN_LOCK_STORE_URL=redis_url)
        served = stack.enter_context(start_served(ROOT, workdir, fake, TOKEN, SECRET, production))
        rest, telegram = await _ours(args, served, mix, watch, peak, started)
    for name, mb in peak.items():
        print(f"peak RSS {name}: {mb:.0f} MB")

    baseline_p95 = float("nan")
    if not args.skip_baseline:
        await asyncio.to_thread(baseline_model)
        port = free_port()
        started = time.monotonic()
        with baseline_server(port) as process:
            base_url = f"http://127.0.0.1:{port}"
            await asyncio.to_thread(first_reply, base_url, time.monotonic() + 600)
            print(f"baseline cold start: {time.monotonic() - started:.1f} s", flush=True)
            baseline_peak: dict[str, float] = {}
            base_processes = {"rasa": psutil.Process(process.pid)}
            base = await run_phase(Target(base_url, mix, Record()), args.users, args.pace,
                                   args.warmup, args.duration, base_processes,
                                   baseline_peak)  # fmt: skip
        report("baseline (rasa init) REST", base)
        print(f"baseline peak RSS: {baseline_peak.get('rasa', 0):.0f} MB")
        baseline_p95 = base.percentile(0.95)
    fake.stop()
    shutil.rmtree(workdir, ignore_errors=True)

    ours_p95 = rest.percentile(0.95)
    print(f"throughput: {min(rest.throughput, telegram.throughput):.1f} msg/s")
    print(f"p95: {ours_p95:.0f} ms")
    print(f"baseline p95: {baseline_p95:.0f} ms")
    print(f"p95 ratio: {ours_p95 / baseline_p95:.2f}")
    print(f"errors: {rest.errors + telegram.errors}")
    print(f"rss: {max(mb for name, mb in peak.items() if name.startswith('rasa')):.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
