"""The connector's framework-free parts: splitting, commands, pseudonyms, ledgers, texts."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from lantern.telegram.config import safe_error
from lantern.telegram.gateway import command_of, plain_text
from lantern.telegram.ledger import Ledger
from lantern.telegram.pseudonym import pseudonym
from lantern.telegram.split import split_text
from lantern.telegram.texts import TelegramTextError, load_texts, texts
from lantern.telegram.webhook import webhook_url


def test_short_text_is_one_message() -> None:
    assert split_text("hello") == ["hello"]
    assert split_text("") == []


def test_long_text_splits_on_paragraphs_within_the_limit() -> None:
    paragraphs = [f"paragraph {i} " + "word " * 150 for i in range(12)]
    text = "\n\n".join(p.strip() for p in paragraphs)
    parts = split_text(text)
    assert len(parts) > 1 and all(len(p) <= 4096 for p in parts)
    assert all(p.startswith("paragraph") for p in parts)  # never cut inside a paragraph
    assert " ".join(" ".join(parts).split()) == " ".join(text.split())


def test_a_paragraph_longer_than_the_limit_splits_on_words() -> None:
    parts = split_text("word " * 2000)
    assert all(len(p) <= 4096 for p in parts) and sum(p.count("word") for p in parts) == 2000


def test_a_single_huge_word_is_cut() -> None:
    assert [len(p) for p in split_text("x" * 9000)] == [4096, 4096, 808]


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("/start", "start"),  # plain
        ("/forget@LanternBot", "forget"),  # with the bot's name, as in groups
        ("/Resources please", "resources"),  # case and trailing words
        ("/restart", None),  # Rasa's own command is not ours
        ('/greet{"x":1}', None),  # intent syntax
        ("why cant i leave", None),  # ordinary text
    ],
)
def test_command_of(text: str, command: str | None) -> None:
    assert command_of(text) == command


@pytest.mark.parametrize(
    ("typed", "sent"),
    [("/restart", "restart"), ('/greet{"x":1}', 'greet{"x":1}'), ("  //kms", "kms"), ("hi", "hi")],
)
def test_plain_text_never_starts_with_a_slash(typed: str, sent: str) -> None:
    assert plain_text(typed) == sent


def test_pseudonyms_are_stable_keyed_and_hide_the_chat_id() -> None:
    a = pseudonym(123456789, b"k1")
    assert a == pseudonym(123456789, b"k1") and a != pseudonym(123456789, b"k2")
    assert "123456789" not in a and a.startswith("tg-")


def test_dedup_survives_a_restart_and_id_jumps(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ledger.db'}"
    first = Ledger(url)
    assert first.claim_update(10, now=1000.0)
    assert not first.claim_update(10, now=1001.0)
    assert first.claim_update(5_000_000, now=1002.0)  # a jump
    assert first.claim_update(11, now=1003.0)  # and back: each id on its own
    again = Ledger(url)  # a restart
    assert not again.claim_update(10, now=1004.0)


def test_dedup_forgets_after_its_window(tmp_path: Path) -> None:
    ledger = Ledger(f"sqlite:///{tmp_path / 'ledger.db'}", window=timedelta(hours=1))
    assert ledger.claim_update(1, now=0.0)
    ledger.prune(now=7200.0)
    assert ledger.claim_update(1, now=7200.0)


def test_message_ids_kept_48_hours_per_pseudonym(tmp_path: Path) -> None:
    ledger = Ledger(f"sqlite:///{tmp_path / 'ledger.db'}")
    ledger.remember_message("tg-a", 1, now=0.0)
    ledger.remember_message("tg-a", 2, now=190_000.0)
    ledger.remember_message("tg-b", 3, now=190_000.0)
    assert ledger.deletable("tg-a", now=190_100.0) == [2]  # message 1 is over 48 hours old
    ledger.forget("tg-a")
    assert ledger.deletable("tg-a", now=190_100.0) == [] and ledger.deletable(
        "tg-b", now=190_100.0
    ) == [3]


def test_the_texts_load_and_cover_every_command() -> None:
    loaded = texts()
    assert set(loaded.descriptions) == {"start", "help", "resources", "privacy", "forget"}
    assert "\n\n" in (loaded.replies["start"] or "")  # paragraphs kept


def test_a_missing_command_text_names_the_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "telegram.yml"
    path.write_text(
        "commands:\n  start: {description: hi there}\n  help: {description: x x x, text: y}\n"
        "  resources: {description: x x x}\n  privacy: {description: x x x, text: y}\n"
        "  forget: {description: x x x, text: y}\nnot_text: a\nwent_wrong: b\nbusy: c\n"
    )
    with pytest.raises(
        TelegramTextError, match=r"telegram.yml: commands.start.text: field required"
    ):
        load_texts(path)


def test_safe_error_takes_the_token_out() -> None:
    token = "123:SECRET"
    message = safe_error(ValueError(f"The token `{token}` was rejected by the server."), token)
    assert token not in message and "<token>" in message


def test_webhook_url() -> None:
    assert (
        webhook_url("https://bot.example.org")
        == "https://bot.example.org/webhooks/telegram/webhook"
    )
    assert webhook_url("https://x.org/custom/path") == "https://x.org/custom/path"
    with pytest.raises(ValueError):
        webhook_url("bot.example.org")


def test_cli_refuses_a_bad_token_without_printing_it(
    root: Path, fake_telegram, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    import os
    import subprocess
    import sys

    wrong = "999:WRONG-token-value-xyz"
    env = {**os.environ, "TELEGRAM_BOT_TOKEN": wrong, "TELEGRAM_API_BASE_URL": fake_telegram.url,
           "LANTERN_ENV_FILE": str(tmp_path / ".env")}  # fmt: skip
    env.pop("TELEGRAM_WEBHOOK_SECRET", None)
    result = subprocess.run([sys.executable, "-m", "lantern.cli", "start"], cwd=root, env=env,
                            capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    assert result.returncode == 1
    assert "refused the token" in result.stderr
    assert wrong not in result.stdout + result.stderr


def test_cli_set_and_delete_webhook(root: Path, fake_telegram, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import os
    import subprocess
    import sys

    from tests.conftest import TEST_TOKEN

    env_file = tmp_path / ".env"
    env = {**os.environ, "TELEGRAM_BOT_TOKEN": TEST_TOKEN, "TELEGRAM_API_BASE_URL": fake_telegram.url,
           "LANTERN_ENV_FILE": str(env_file)}  # fmt: skip
    env.pop("TELEGRAM_WEBHOOK_SECRET", None)
    result = subprocess.run([sys.executable, "-m", "lantern.cli", "telegram", "set-webhook",
                             "https://bot.example.org"], cwd=root, env=env, capture_output=True,
                            text=True, timeout=120, check=False)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert fake_telegram.webhook["url"] == "https://bot.example.org/webhooks/telegram/webhook"
    secret = fake_telegram.webhook["secret_token"]
    assert f"TELEGRAM_WEBHOOK_SECRET={secret}" in env_file.read_text()
    assert oct(env_file.stat().st_mode & 0o777) == "0o600"
    assert (
        secret not in result.stdout + result.stderr
        and TEST_TOKEN not in result.stdout + result.stderr
    )
    assert fake_telegram.sent(method="setMyCommands")
    result = subprocess.run([sys.executable, "-m", "lantern.cli", "telegram", "delete-webhook"],
                            cwd=root, env=env, capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    assert result.returncode == 0 and fake_telegram.webhook == {}


def test_cli_needs_a_token(root: Path, tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith("TELEGRAM_")}
    env["LANTERN_ENV_FILE"] = str(tmp_path / ".env")
    result = subprocess.run([sys.executable, "-m", "lantern.cli", "telegram", "delete-webhook"],
                            cwd=root, env=env, capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    assert result.returncode == 2 and "TELEGRAM_BOT_TOKEN is not set" in result.stderr
