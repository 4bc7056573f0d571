"""Several Lantern instances sharing PostgreSQL and Redis behind Debian's nginx, for tests and
the load benchmark: the deployment in README "Deploying", on one machine.

Two action servers (``lantern actions``) behind nginx's internal balancer, then N Rasa
instances (``lantern serve``, started together) with the tracker store in PostgreSQL, the lock
store in Redis and the action server URL pointing at the balancer; nginx's public server in
front of the Rasa instances. Every process is killed at the end.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from lantern.privacy.store import conversation_key
from lantern.runtime import free_port
from lantern.serving.nginx import NginxPlan, render
from tests.served import wait_until_up
from tests.services import nginx_server

PSEUDONYM_KEY = "cluster-test-key"
START_TIMEOUT = 900.0


@dataclass
class Process:
    """One server process of the cluster."""

    name: str
    port: int
    process: subprocess.Popen[bytes]
    logs: list[Path]

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL, no goodbye: what a crash looks like."""
        if self.alive():
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if not self.alive():
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.kill()

    def log_text(self) -> str:
        return "\n".join(
            p.read_text(encoding="utf-8", errors="replace") for p in self.logs if p.exists()
        )


@dataclass
class Answer:
    status: int
    replies: list[dict[str, Any]]
    attempts: int
    busy: bool = False


@dataclass
class Cluster:
    rasa: list[Process]
    actions: list[Process]
    balancer: str
    store_url: str
    workdir: Path

    def send(self, base: str, sender: str, text: str, retries: int = 0) -> Answer:
        """POST one message to the REST channel at ``base``; retry on 502/503/504 or a dropped
        connection when asked (what a client does when its server died)."""
        body = json.dumps({"sender": sender, "message": text}).encode()
        attempt = 0
        while True:
            attempt += 1
            request = urllib.request.Request(
                base + "/webhooks/rest/webhook",
                data=body,
                method="POST",
                headers={"Content-Type": "application/json"},
            )
            try:
                with urllib.request.urlopen(request, timeout=90) as response:
                    busy = response.headers.get("X-Lantern-Busy") == "1"
                    return Answer(response.status, json.loads(response.read()), attempt, busy)
            except urllib.error.HTTPError as error:
                if error.code in (502, 503, 504) and attempt <= retries:
                    time.sleep(1)
                    continue
                return Answer(error.code, [], attempt)
            except OSError:
                if attempt <= retries:
                    time.sleep(1)
                    continue
                return Answer(0, [], attempt)

    def stored(self, sender: str) -> list[tuple[str, str | None]]:
        """The conversation's stored events in storage order: (type, text or action name)."""
        engine = sa.create_engine(self.store_url, future=True)
        try:
            with engine.connect() as connection:
                rows = connection.execute(
                    sa.text(
                        "SELECT type_name, action_name, data FROM events "
                        "WHERE sender_id = :key ORDER BY id"
                    ),
                    {"key": conversation_key(sender, PSEUDONYM_KEY.encode())},
                ).all()
        finally:
            engine.dispose()
        events: list[tuple[str, str | None]] = []
        for type_name, action_name, data in rows:
            if type_name == "user":
                events.append(("user", json.loads(data).get("text")))
            elif type_name == "bot":
                events.append(("bot", json.loads(data).get("text")))
            elif type_name == "action":
                events.append(("action", action_name))
        return events

    def log_text(self) -> str:
        return "\n".join(p.log_text() for p in [*self.rasa, *self.actions])


def _spawn(name: str, argv: list[str], env: dict[str, str], root: Path, workdir: Path) -> Process:
    port = free_port()
    log_file = workdir / f"{name}.log"
    out, err = workdir / f"{name}.stdout", workdir / f"{name}.stderr"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "lantern.cli", *argv, "--port", str(port),
             "--log-file", str(log_file)],
            cwd=root,
            env=env,
            stdout=stdout,
            stderr=stderr,
            start_new_session=True,
        )  # fmt: skip
    return Process(name, port, process, [log_file, out, err])


def cluster_environment(workdir: Path, store_url: str, redis_url: str, actions_url: str) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("TELEGRAM_", "LANTERN_"))
    }
    env.update(
        {
            "LANTERN_TRACKER_STORE_URL": store_url,
            "LANTERN_LOCK_STORE_URL": redis_url,
            "LANTERN_ACTION_SERVER_URL": actions_url,
            "LANTERN_PSEUDONYM_KEY": PSEUDONYM_KEY,
            "LANTERN_ENV_FILE": str(workdir / ".env"),
            "LANTERN_MAX_IN_FLIGHT": os.environ.get("LANTERN_CLUSTER_MAX_IN_FLIGHT", "1000"),
            # A dead instance's lock ticket expires after this many seconds (Rasa's default 60).
            "TICKET_LOCK_LIFETIME": "15",
            "RASA_TELEMETRY_ENABLED": "false",
        }
    )
    return env


@contextmanager
def start_cluster(
    root: Path, workdir: Path, store_url: str, redis_url: str, instances: int = 2
) -> Iterator[Cluster]:
    """The running cluster; everything stopped on exit."""
    workdir.mkdir(parents=True, exist_ok=True)
    actions_port = free_port()
    with ExitStack() as stack:
        env = cluster_environment(
            workdir, store_url, redis_url, f"http://127.0.0.1:{actions_port}/webhook"
        )
        actions = [_spawn(f"actions{i}", ["actions"], env, root, workdir) for i in (1, 2)]
        for process in actions:
            stack.callback(process.stop)
        rasa = [_spawn(f"rasa{i + 1}", ["serve"], env, root, workdir) for i in range(instances)]
        for process in rasa:
            stack.callback(process.stop)
        public = free_port()
        site = render(
            NginxPlan(
                rasa=[f"127.0.0.1:{p.port}" for p in rasa],
                actions=[f"127.0.0.1:{p.port}" for p in actions],
                listen=f"127.0.0.1:{public}",
                actions_listen=f"127.0.0.1:{actions_port}",
            )
        )
        stack.enter_context(nginx_server(workdir / "nginx", site))
        for process in actions:
            wait_until_up(
                process.base + "/health", process.process, process.name, START_TIMEOUT, process.logs
            )
        for process in rasa:
            wait_until_up(
                process.base + "/webhooks/rest/",
                process.process,
                process.name,
                START_TIMEOUT,
                process.logs,
            )
        yield Cluster(rasa, actions, f"http://127.0.0.1:{public}", store_url, workdir)
