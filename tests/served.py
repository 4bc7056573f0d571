"""`lantern serve` as a child process for the tests that need the bot over HTTP."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lantern.runtime import free_port


@dataclass
class Served:
    port: int
    db: Path
    logs: list[Path]
    workdir: Path
    fake: Any
    token: str
    secret: str
    pid: int = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def rest(
        self, sender: str, text: str, metadata: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        body = {"sender": sender, "message": text}
        if metadata:
            body["metadata"] = metadata
        status, data = self.post("/webhooks/rest/webhook", json.dumps(body).encode())
        assert status == 200, status
        return json.loads(data)

    def post(
        self, path: str, body: bytes, headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        request = urllib.request.Request(
            self.base + path,
            data=body,
            method="POST",
            headers={"Content-Type": "application/json", **(headers or {})},
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def telegram(self, update: dict[str, Any], secret: str | None = "default") -> int:
        headers = {}
        if secret == "default":
            secret = self.secret
        if secret is not None:
            headers["X-Telegram-Bot-Api-Secret-Token"] = secret
        status, _ = self.post("/webhooks/telegram/webhook", json.dumps(update).encode(), headers)
        return status

    def log_text(self) -> str:
        return "\n".join(
            p.read_text(encoding="utf-8", errors="replace") for p in self.logs if p.exists()
        )


def wait_until_up(
    url: str,
    process: subprocess.Popen[bytes],
    name: str = "lantern serve",
    timeout: float = 600,
    logs: Sequence[Path] = (),
) -> None:
    """Poll ``url`` until it answers 200; fail if ``process`` exits or ``timeout`` passes.

    The failure says what the URL last answered (an HTTP status means another server holds the
    port) and ends with the tail of ``logs``, so a start that failed in CI can be read from CI's
    output alone.
    """
    deadline = time.monotonic() + timeout
    last = "no answer"
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited with {process.returncode}{_tail(logs)}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError as error:
            last = f"HTTP {error.code}"
        except OSError as error:
            last = type(error).__name__
        time.sleep(0.5)
    raise RuntimeError(
        f"{name} did not start in {timeout:.0f} s; {url} last gave {last}{_tail(logs)}"
    )


def _tail(logs: Sequence[Path], lines: int = 40) -> str:
    """The last ``lines`` lines of each existing log, for a failure message."""
    parts = []
    for log in logs:
        if log.exists():
            text = log.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:]
            parts.append(f"\n--- {log.name} ---\n" + "\n".join(text))
    return "".join(parts)


@contextmanager
def start_served(
    root: Path,
    workdir: Path,
    fake: Any,
    token: str,
    secret: str,
    extra_env: dict[str, str] | None = None,
) -> Iterator[Served]:
    db = workdir / "served.db"
    log_file = workdir / "lantern.log"
    stdout, stderr = workdir / "stdout.log", workdir / "stderr.log"
    port = free_port()
    env = {
        **os.environ,
        "LANTERN_TRACKER_STORE_URL": f"sqlite:///{db}",
        "LANTERN_PSEUDONYM_KEY": "served-test-key",
        "LANTERN_ENV_FILE": str(workdir / ".env"),
        "TELEGRAM_BOT_TOKEN": token,
        "TELEGRAM_WEBHOOK_SECRET": secret,
        "TELEGRAM_API_BASE_URL": fake.url,
        "TELEGRAM_READ_TIMEOUT": "1.5",
        "TELEGRAM_SEND_ATTEMPTS": "4",
        "TELEGRAM_FIRST_BACKOFF": "0.1",
        "TELEGRAM_CHAT_INTERVAL": "0.05",
        "TELEGRAM_TYPING_AFTER": "0",
        **(extra_env or {}),
    }
    with stdout.open("wb") as out, stderr.open("wb") as err:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "lantern.cli",
                "serve",
                "--port",
                str(port),
                "--log-file",
                str(log_file),
            ],
            cwd=root,
            env=env,
            stdout=out,
            stderr=err,
            start_new_session=True,
        )
        try:
            wait_until_up(
                f"http://127.0.0.1:{port}/webhooks/rest/", process, logs=[log_file, stdout, stderr]
            )
            yield Served(
                port, db, [log_file, stdout, stderr], workdir, fake, token, secret, process.pid
            )
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
