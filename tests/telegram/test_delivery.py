"""Delivery against the fake Bot API through python-telegram-bot: retries, 429s, pacing, splits."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator

import pytest
from telegram import Bot
from telegram.request import HTTPXRequest

from lantern.telegram.delivery import DeliveryPolicy, Pacer, Sender
from tests.conftest import TEST_TOKEN
from tests.fake_telegram import FakeTelegram


@pytest.fixture
async def bot(fake_telegram: FakeTelegram) -> AsyncIterator[Bot]:
    the_bot = Bot(
        TEST_TOKEN,
        base_url=f"{fake_telegram.url}/bot",
        request=HTTPXRequest(read_timeout=1.0, connection_pool_size=8),
    )
    async with the_bot:
        yield the_bot
    fake_telegram.clear_faults()


def fast(**kw: float) -> DeliveryPolicy:
    return DeliveryPolicy(first_backoff=0.05, per_chat_interval=0, **kw)  # type: ignore[arg-type]


async def test_long_text_is_split_and_buttons_go_on_the_last_part(
    bot: Bot, fake_telegram: FakeTelegram
) -> None:
    chat = 9100
    text = "\n\n".join("para " + "x" * 1000 for _ in range(9))
    ids = await Sender(bot, fast()).send_text(
        chat, text, [{"title": "More", "payload": "/tell_me_more"}]
    )
    sent = fake_telegram.sent(chat)
    assert len(ids) == len(sent) >= 3
    assert all(len(c.params["text"]) <= 4096 for c in sent)
    assert "reply_markup" in sent[-1].params and all(
        "reply_markup" not in c.params for c in sent[:-1]
    )


async def test_429_waits_and_sends_once(bot: Bot, fake_telegram: FakeTelegram) -> None:
    chat = 9101
    fake_telegram.fail("sendMessage", "429", times=1, chat_id=chat, retry_after=1)
    started = time.monotonic()
    ids = await Sender(bot, fast()).send_text(chat, "hello")
    assert len(ids) == 1 and time.monotonic() - started >= 0.9
    assert [c.status for c in fake_telegram.attempts("sendMessage", chat)] == [429, 200]


async def test_5xx_and_timeouts_are_retried(bot: Bot, fake_telegram: FakeTelegram) -> None:
    chat = 9102
    fake_telegram.fail("sendMessage", "500", times=2, chat_id=chat)
    fake_telegram.fail("sendMessage", "timeout", times=1, chat_id=chat, delay=1.5)
    ids = await Sender(bot, fast(attempts=5)).send_text(chat, "hello")
    assert len(ids) == 1


async def test_gives_up_after_its_attempts_and_logs_no_text(
    bot: Bot, fake_telegram: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    chat = 9103
    fake_telegram.fail("sendMessage", "500", times=10, chat_id=chat)
    ids = await Sender(bot, fast(attempts=3)).send_text(chat, "my ex zebedee")
    assert ids == [] and len(fake_telegram.attempts("sendMessage", chat)) == 3
    assert "gave up on sendMessage after 3 attempts (NetworkError)" in caplog.text
    assert "zebedee" not in caplog.text and str(chat) not in caplog.text


async def test_pacing_lets_a_burst_through_then_one_a_tick() -> None:
    pacer = Pacer(interval=0.2, burst=2)
    started = time.monotonic()
    for _ in range(4):
        await pacer.wait(1)
    assert 0.35 <= time.monotonic() - started < 1.0  # two free, then two paced
    started = time.monotonic()
    await pacer.wait(2)  # another chat does not wait
    assert time.monotonic() - started < 0.05
