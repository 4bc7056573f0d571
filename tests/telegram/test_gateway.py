"""The gateway with a stand-in for Rasa: a failure inside the bot still leaves a reply, and
nothing but the pseudonym and the text reaches the bot."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from telegram import Bot
from telegram.request import HTTPXRequest

from lantern.telegram.delivery import DeliveryPolicy, Sender
from lantern.telegram.gateway import Reply, TelegramGateway
from lantern.telegram.ledger import Ledger
from lantern.telegram.resources import resources_reply
from lantern.telegram.texts import texts
from tests.conftest import TEST_TOKEN
from tests.fake_telegram import FakeTelegram, text_update


@pytest.fixture
async def bot(fake_telegram: FakeTelegram) -> AsyncIterator[Bot]:
    the_bot = Bot(
        TEST_TOKEN, base_url=f"{fake_telegram.url}/bot", request=HTTPXRequest(read_timeout=2.0)
    )
    async with the_bot:
        yield the_bot


def gateway(bot: Bot, tmp_path: Path, handle: Any) -> TelegramGateway:
    return TelegramGateway(
        bot, Sender(bot, DeliveryPolicy(first_backoff=0.01, per_chat_interval=0)),
        Ledger(f"sqlite:///{tmp_path / 'ledger.db'}"), b"key", texts(),
        handle=handle, resources=resources_reply, known_intents=lambda: {"tell_me_more"},
        erase=lambda who: 0,
    )  # fmt: skip


async def test_a_failure_inside_the_bot_still_gets_a_reply(
    bot: Bot, fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    async def broken(who: str, text: str, reply: Reply) -> None:
        raise RuntimeError(text)

    chat = 6600001
    await gateway(bot, tmp_path, broken).process(text_update(fake_telegram, chat, "my ex zebedee"))
    sent = fake_telegram.sent(chat)
    assert len(sent) == 1 and "something went wrong" in sent[0].params["text"]
    assert "999" in sent[0].params["text"]


async def test_the_bot_sees_only_the_pseudonym_and_the_text(
    bot: Bot, fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    seen: list[tuple[str, str]] = []

    async def record(who: str, text: str, reply: Reply) -> None:
        seen.append((who, text))
        await reply("hello", [{"title": "More", "payload": "/tell_me_more"}])

    chat = 6600002
    await gateway(bot, tmp_path, record).process(
        text_update(fake_telegram, chat, "/why cant i leave")
    )
    ((who, text),) = seen
    assert text == "why cant i leave" and who.startswith("tg-") and str(chat) not in who
    assert "reply_markup" in fake_telegram.sent(chat)[0].params


async def test_an_unreadable_update_is_dropped_quietly(
    bot: Bot, fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    async def never(who: str, text: str, reply: Reply) -> None:
        raise AssertionError("not called")

    await gateway(bot, tmp_path, never).process({"update_id": 42, "message": {"chat": "nonsense"}})
