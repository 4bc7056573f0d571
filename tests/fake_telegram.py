"""A fake Telegram Bot API on loopback, for python-telegram-bot to talk to through base_url.

A real HTTP server (threaded, stdlib) answering ``/bot<token>/<method>`` like Telegram does:
getMe, getUpdates (long polling), sendMessage, sendChatAction, answerCallbackQuery,
deleteMessage, deleteMessages, setWebhook, deleteWebhook, getWebhookInfo, setMyCommands. It
records every call, and can be told to fail: ``fail("sendMessage", "429", times=1)``, "500",
or "timeout" (answer later than the client waits). Nothing here mocks python-telegram-bot.
"""

from __future__ import annotations

import itertools
import json
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

BOT_ID = 7000001
BOT_USERNAME = "LanternTestBot"


@dataclass
class Call:
    """One request the fake received."""

    method: str
    params: dict[str, Any]
    at: float
    status: int


@dataclass
class Fault:
    kind: str  # "429", "500", "timeout"
    times: int
    chat_id: int | None = None
    retry_after: int = 1
    delay: float = 3.0


@dataclass
class FakeTelegram:
    """The fake server's state; ``url`` is what TELEGRAM_API_BASE_URL should be."""

    token: str
    calls: list[Call] = field(default_factory=list)
    updates: list[dict[str, Any]] = field(default_factory=list)
    faults: dict[str, list[Fault]] = field(default_factory=dict)
    webhook: dict[str, Any] = field(default_factory=dict)
    lock: threading.Condition = field(default_factory=threading.Condition)
    _message_ids: itertools.count = field(default_factory=lambda: itertools.count(1000))  # type: ignore[type-arg]
    _update_ids: itertools.count = field(default_factory=lambda: itertools.count(1))  # type: ignore[type-arg]
    server: ThreadingHTTPServer | None = None
    chaos: dict[str, tuple[float, float]] = field(default_factory=dict)  # method: (p429, p500)
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    # Called with each call as it is recorded (the load benchmark waits on replies this way).
    listeners: list[Callable[[Call], None]] = field(default_factory=list)

    @property
    def url(self) -> str:
        assert self.server is not None
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    # -- test controls ---------------------------------------------------------------

    def fail(
        self, method: str, kind: str, times: int = 1, chat_id: int | None = None, **kw: Any
    ) -> None:
        with self.lock:
            self.faults.setdefault(method, []).append(Fault(kind, times, chat_id, **kw))

    def clear_faults(self) -> None:
        with self.lock:
            self.faults.clear()

    def queue_update(self, update: dict[str, Any]) -> None:
        """Make an update available to getUpdates (polling)."""
        with self.lock:
            self.updates.append(update)
            self.lock.notify_all()

    def next_update_id(self) -> int:
        return next(self._update_ids)

    def sent(self, chat_id: int | None = None, method: str = "sendMessage") -> list[Call]:
        """Successful calls of ``method`` (to ``chat_id``)."""
        with self.lock:
            return [
                c for c in self.calls
                if c.method == method and c.status == 200
                and (chat_id is None or int(c.params.get("chat_id", 0)) == chat_id)
            ]  # fmt: skip

    def attempts(self, method: str, chat_id: int | None = None) -> list[Call]:
        with self.lock:
            return [
                c for c in self.calls
                if c.method == method and (chat_id is None or int(c.params.get("chat_id", 0)) == chat_id)
            ]  # fmt: skip

    def wait_for(self, predicate: Callable[[], bool], timeout: float = 60.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return True
            time.sleep(0.05)
        return predicate()

    # -- answering ---------------------------------------------------------------------

    def answer(self, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any], float]:
        """(status, body, delay) for one call."""
        chat_id = params.get("chat_id")
        with self.lock:
            if method in self.chaos:
                p429, p500 = self.chaos[method]
                roll = self.rng.random()
                if roll < p429:
                    return (
                        429,
                        {
                            "ok": False,
                            "error_code": 429,
                            "description": "Too Many Requests: retry after 1",
                            "parameters": {"retry_after": 1},
                        },
                        0.0,
                    )
                if roll < p429 + p500:
                    return (
                        500,
                        {"ok": False, "error_code": 500, "description": "Internal Server Error"},
                        0.0,
                    )
            for fault in self.faults.get(method, []):
                if fault.times > 0 and (
                    fault.chat_id is None or str(fault.chat_id) == str(chat_id)
                ):
                    fault.times -= 1
                    if fault.kind == "429":
                        return (
                            429,
                            {
                                "ok": False,
                                "error_code": 429,
                                "description": f"Too Many Requests: retry after {fault.retry_after}",
                                "parameters": {"retry_after": fault.retry_after},
                            },
                            0.0,
                        )
                    if fault.kind == "500":
                        return (
                            500,
                            {
                                "ok": False,
                                "error_code": 500,
                                "description": "Internal Server Error",
                            },
                            0.0,
                        )
                    if fault.kind == "timeout":
                        return (
                            500,
                            {"ok": False, "error_code": 500, "description": "late"},
                            fault.delay,
                        )
        handler = getattr(self, f"_{method}", None)
        if handler is None:
            return (
                404,
                {"ok": False, "error_code": 404, "description": "Not Found: method not found"},
                0.0,
            )
        return 200, {"ok": True, "result": handler(params)}, 0.0

    def _getMe(self, params: dict[str, Any]) -> dict[str, Any]:
        return {"id": BOT_ID, "is_bot": True, "first_name": "Lantern", "username": BOT_USERNAME,
                "can_join_groups": False, "can_read_all_group_messages": False,
                "supports_inline_queries": False}  # fmt: skip

    def _sendMessage(self, params: dict[str, Any]) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        return {"message_id": next(self._message_ids), "date": int(time.time()),
                "chat": {"id": chat_id, "type": "private"}, "text": params.get("text", "")}  # fmt: skip

    def _sendChatAction(self, params: dict[str, Any]) -> bool:
        return True

    def _answerCallbackQuery(self, params: dict[str, Any]) -> bool:
        return True

    def _deleteMessage(self, params: dict[str, Any]) -> bool:
        return True

    def _deleteMessages(self, params: dict[str, Any]) -> bool:
        return True

    def _setMyCommands(self, params: dict[str, Any]) -> bool:
        return True

    def _setWebhook(self, params: dict[str, Any]) -> bool:
        self.webhook = dict(params)
        return True

    def _deleteWebhook(self, params: dict[str, Any]) -> bool:
        self.webhook = {}
        return True

    def _getWebhookInfo(self, params: dict[str, Any]) -> dict[str, Any]:
        return {
            "url": self.webhook.get("url", ""),
            "has_custom_certificate": False,
            "pending_update_count": 0,
        }

    def get_updates(self, params: dict[str, Any]) -> tuple[int, dict[str, Any], float]:
        offset = int(params.get("offset") or 0)
        timeout = min(float(params.get("timeout") or 0), 2.0)
        deadline = time.monotonic() + timeout
        with self.lock:
            if self.webhook.get("url"):
                return (
                    409,
                    {
                        "ok": False,
                        "error_code": 409,
                        "description": "Conflict: can't use getUpdates method while webhook is active",
                    },
                    0.0,
                )
            while True:
                ready = [u for u in self.updates if u["update_id"] >= offset]
                remaining = deadline - time.monotonic()
                if ready or remaining <= 0:
                    self.updates = [u for u in self.updates if u["update_id"] >= offset]
                    return 200, {"ok": True, "result": ready}, 0.0
                self.lock.wait(remaining)


def _params(handler: BaseHTTPRequestHandler, body: bytes) -> dict[str, Any]:
    kind = handler.headers.get("Content-Type", "")
    query = {k: v[-1] for k, v in parse_qs(urlparse(handler.path).query).items()}
    if not body:
        return query
    if "application/json" in kind:
        return {**query, **json.loads(body)}
    return {**query, **{k: v[-1] for k, v in parse_qs(body.decode("utf-8")).items()}}


def start_fake_telegram(token: str) -> FakeTelegram:
    """Start the fake on a free loopback port, in a daemon thread."""
    fake = FakeTelegram(token=token)

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:  # quiet
            return

        def do_GET(self) -> None:
            self.do_POST()

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            parts = urlparse(self.path).path.strip("/").split("/")
            if len(parts) != 2 or parts[0] != f"bot{fake.token}":
                self._reply(401, {"ok": False, "error_code": 401, "description": "Unauthorized"})
                return
            method = parts[1]
            params = _params(self, body)
            if method == "getUpdates":
                status, payload, delay = fake.get_updates(params)
            else:
                status, payload, delay = fake.answer(method, params)
            if delay:
                time.sleep(delay)
            call = Call(method, params, time.time(), status)
            with fake.lock:
                fake.calls.append(call)
            for listener in fake.listeners:
                listener(call)
            self._reply(status, payload)

        def _reply(self, status: int, payload: dict[str, Any]) -> None:
            data = json.dumps(payload).encode("utf-8")
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    fake.server = server
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return fake


def text_update(fake: FakeTelegram, chat_id: int, text: str, **extra: Any) -> dict[str, Any]:
    """A private-chat text message update, as Telegram would send it."""
    update_id = fake.next_update_id()
    message = {
        "message_id": 10_000 + update_id,
        "date": int(time.time()),
        "chat": {
            "id": chat_id,
            "type": "private",
            "first_name": "Kerry",
            "username": "kez_private",
        },
        "from": {
            "id": chat_id,
            "is_bot": False,
            "first_name": "Kerry",
            "last_name": "Whitcombe",
            "username": "kez_private",
        },
        "text": text,
        **extra,
    }
    return {"update_id": update_id, "message": message}
