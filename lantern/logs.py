"""Logging that never writes what people said.

- Lantern's own code never logs message text, names or chat ids (a test reads the logs).
- Rasa logs message text in places: in debug events, and at ERROR when the REST channel fails
  (``rest.message.received.failure`` carries ``text=``). Its structlog events are therefore
  reduced to their event name and level, and the exception's type: every other field dropped.
- Messages from other libraries have quoted passages removed ("... message 'i want to ...'"),
  since that is how they embed user input.
- Exceptions are written as their type and stack frames only: an exception's message can
  carry the text that caused it.
- Rasa, TensorFlow, Sanic and the rest log at ERROR only; Lantern at the level asked for.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import traceback
from collections.abc import MutableMapping
from pathlib import Path
from types import TracebackType
from typing import Any

NOISY = (
    "rasa", "rasa_sdk", "tensorflow", "absl", "sanic", "asyncio", "urllib3", "apscheduler",
    "presidio-analyzer", "presidio-anonymizer", "httpx", "telegram", "aiohttp", "matplotlib",
)  # fmt: skip
_QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`|“[^”\n]*”|‘[^’\n]*’")
WITHHELD = "<withheld>"
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def disable_telemetry() -> None:
    """Rasa's usage telemetry and error reporting, off by the project's own configuration."""
    os.environ["RASA_TELEMETRY_ENABLED"] = "false"


class PrivacyFormatter(logging.Formatter):
    """Exceptions as type and frames only; other libraries' quoted passages withheld."""

    def formatException(self, ei: Any) -> str:
        """The exception's type and where it happened, never its message."""
        kind, _, tb = ei
        return describe_exception(kind, tb)

    def format(self, record: logging.LogRecord) -> str:
        """Format ``record`` without anything that could be message text."""
        record.exc_text = None  # never reuse text cached by another formatter
        if not record.name.startswith("lantern"):
            message = record.getMessage()
            record = logging.makeLogRecord({**record.__dict__, "msg": scrub(message), "args": None})
        return super().format(record)


def scrub(message: str) -> str:
    """A third-party log message with its quoted passages replaced."""
    return _QUOTED.sub(WITHHELD, message)


def describe_exception(kind: type[BaseException] | None, tb: TracebackType | None) -> str:
    """Describe an exception by type and stack frames, never by its message or locals."""
    name = kind.__name__ if kind else "Exception"
    frames = traceback.extract_tb(tb) if tb else []
    lines = ["Traceback (most recent call last):"]
    lines += [f'  File "{f.filename}", line {f.lineno}, in {f.name}' for f in frames]
    lines.append(f"{name} (message withheld)")
    return "\n".join(lines)


def _structlog_withhold(_: Any, method: str, event_dict: MutableMapping[str, Any]) -> str:
    """Render a structlog event as its name (and the exception's type) only.

    Every other field is dropped, since fields such as ``text=`` carry what people wrote.
    """
    rendered = f"{event_dict.get('event', '')} (fields withheld)"
    exc_info = event_dict.get("exc_info")
    if exc_info:
        kind = exc_info[0] if isinstance(exc_info, tuple) else sys.exc_info()[0]
        rendered += f" after {kind.__name__ if kind else 'an exception'}"
    return rendered


def _configure_structlog(level: int) -> None:
    import structlog

    structlog.configure(
        processors=[
            structlog.stdlib.filter_by_level,
            _structlog_withhold,
        ],
        context_class=dict,
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    logging.getLogger("rasa").setLevel(max(level, logging.ERROR))


def configure_logging(level: int = logging.WARNING, log_file: Path | None = None) -> None:
    """Send logs to stderr (and ``log_file``) at ``level``; frameworks only at ERROR."""
    disable_telemetry()
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
    if log_file is not None:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        handlers.append(logging.FileHandler(log_file, encoding="utf-8"))
    for handler in handlers:
        handler.setFormatter(PrivacyFormatter(FORMAT))
        root.addHandler(handler)
    root.setLevel(level)
    for name in NOISY:
        logging.getLogger(name).setLevel(logging.ERROR)
    logging.getLogger("lantern").setLevel(level)
    _configure_structlog(logging.ERROR)


def quiet_frameworks(level: int = logging.WARNING) -> None:
    """Configure logging for a command-line run (stderr only)."""
    configure_logging(level)
