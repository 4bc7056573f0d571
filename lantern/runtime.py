"""Run the trained bot in-process: the action server as a child process, Rasa's Agent here.

Used by ``lantern chat``, ``lantern eval`` and the tests, so that each starts the bot the same
way, once, and stops it afterwards.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from lantern.settings import get_settings

if TYPE_CHECKING:
    from rasa.core.agent import Agent

ACTION_SERVER_START_SECONDS = 120.0


def free_port() -> int:
    """A free TCP port on loopback."""
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ActionServer:
    """The rasa_sdk action server as a child process on loopback."""

    def __init__(
        self, port: int | None = None, root: Path | None = None, log_file: Path | None = None
    ) -> None:
        self.port = port or free_port()
        self.root = root or get_settings().root
        self.log_file = log_file
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The webhook Rasa calls."""
        return f"http://127.0.0.1:{self.port}/webhook"

    def start(self, timeout: float = ACTION_SERVER_START_SECONDS) -> None:
        """Start the server and wait until its health route answers."""
        command = [sys.executable, "-m", "lantern.action_server", "--port", str(self.port)]
        if self.log_file is not None:
            command += ["--log-file", str(self.log_file)]
        env = {**os.environ, "RASA_TELEMETRY_ENABLED": "false", "SANIC_HOST": "127.0.0.1"}
        self._process = subprocess.Popen(command, cwd=self.root, env=env, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"the action server exited with {self._process.returncode}")
            if self.healthy():
                return
            time.sleep(0.3)
        self.stop()
        raise RuntimeError("the action server did not start in time")

    def healthy(self) -> bool:
        """True when the server answers its health route."""
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/health", timeout=1):
                return True
        except (urllib.error.URLError, OSError):
            return False

    def stop(self) -> None:
        """Stop the server (politely, then firmly)."""
        process, self._process = self._process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def __enter__(self) -> ActionServer:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


def load_agent(model: Path, action_url: str, tracker_store: Any = None) -> Agent:
    """Load a trained model into Rasa's Agent, calling custom actions at ``action_url``."""
    os.environ.setdefault("RASA_TELEMETRY_ENABLED", "false")
    from rasa.core.agent import Agent
    from rasa.utils.endpoints import EndpointConfig

    from lantern.serving.speedups import install

    install()
    return Agent.load(
        str(model), action_endpoint=EndpointConfig(url=action_url), tracker_store=tracker_store
    )


@contextlib.contextmanager
def running_bot(model: Path, tracker_store: Any = None) -> Iterator[Agent]:
    """The whole bot: action server started, Agent loaded; stopped on exit."""
    with ActionServer() as actions:
        yield load_agent(model, actions.url, tracker_store)
