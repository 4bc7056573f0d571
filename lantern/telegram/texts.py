"""The words of the Telegram commands and notes, from ``content/telegram.yml`` (validated)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, Extra, Field

from lantern._yaml import parse_file
from lantern.settings import get_settings

COMMANDS = ("start", "help", "resources", "privacy", "forget")
TELEGRAM_TEXT_LIMIT = 4096


class TelegramTextError(ValueError):
    """content/telegram.yml is invalid; the message names the file and field."""


class _Command(BaseModel):
    class Config:
        extra = Extra.forbid

    description: str = Field(min_length=3, max_length=256)
    text: str | None = Field(default=None, min_length=1, max_length=TELEGRAM_TEXT_LIMIT)


class _File(BaseModel):
    class Config:
        extra = Extra.forbid

    commands: dict[str, _Command]
    not_text: str = Field(min_length=1, max_length=TELEGRAM_TEXT_LIMIT)
    went_wrong: str = Field(min_length=1, max_length=TELEGRAM_TEXT_LIMIT)
    busy: str = Field(min_length=1, max_length=TELEGRAM_TEXT_LIMIT)


@dataclass(frozen=True)
class TelegramTexts:
    """What each command says (None: built elsewhere), and the notes."""

    descriptions: dict[str, str]
    replies: dict[str, str | None]
    not_text: str
    went_wrong: str
    busy: str


def default_path() -> Path:
    """Where the Telegram texts live."""
    return get_settings().content_dir / "telegram.yml"


def _paragraphs(text: str) -> str:
    """YAML folded blocks keep blank lines as single newlines; show them as paragraphs."""
    return "\n\n".join(part.strip() for part in text.strip().split("\n") if part.strip())


def load_texts(path: Path | None = None) -> TelegramTexts:
    """Load and check the texts; every command in COMMANDS must be there, and no other."""
    target = path or default_path()
    data = parse_file(target, _File, TelegramTextError, label=target.name)
    names = set(data.commands)
    if names != set(COMMANDS):
        missing, extra = set(COMMANDS) - names, names - set(COMMANDS)
        raise TelegramTextError(
            f"{target.name}: commands: missing {sorted(missing)}, unknown {sorted(extra)}"
        )
    for name, command in data.commands.items():
        if command.text is None and name != "resources":
            raise TelegramTextError(f"{target.name}: commands.{name}.text: field required")
    return TelegramTexts(
        descriptions={n: c.description for n, c in data.commands.items()},
        replies={n: _paragraphs(c.text) if c.text else None for n, c in data.commands.items()},
        not_text=_paragraphs(data.not_text),
        went_wrong=_paragraphs(data.went_wrong),
        busy=_paragraphs(data.busy),
    )


@lru_cache(maxsize=1)
def texts() -> TelegramTexts:
    """The project's texts, loaded once."""
    return load_texts()
