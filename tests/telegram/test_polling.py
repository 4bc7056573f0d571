"""Long polling end to end: the gateway fetches updates from the fake Bot API through
python-telegram-bot and answers through the session's Rasa Agent (no public URL needed)."""

from __future__ import annotations

import asyncio
import time

import pytest

from lantern.telegram.config import TelegramConfig
from lantern.telegram.delivery import DeliveryPolicy
from lantern.telegram.polling import PollingError, agent_gateway, make_bot, poll, run_polling
from tests.conftest import TEST_TOKEN
from tests.fake_telegram import FakeTelegram, start_fake_telegram, text_update

pytestmark = pytest.mark.bot


def config_for(fake: FakeTelegram, token: str = TEST_TOKEN) -> TelegramConfig:
    from datetime import timedelta

    return TelegramConfig(
        token=token,
        webhook_secret=None,
        api_base_url=fake.url,
        dedup_window=timedelta(hours=1),
        read_timeout=3.0,
        policy=DeliveryPolicy(first_backoff=0.05, per_chat_interval=0),
    )


async def wait_for(predicate, timeout: float = 60.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        await asyncio.sleep(0.05)
    return predicate()


async def test_polling_answers_messages_commands_and_risk(
    bot: object, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("LANTERN_TRACKER_STORE_URL", f"sqlite:///{tmp_path / 'poll.db'}")
    monkeypatch.setenv("LANTERN_PSEUDONYM_KEY", "poll-key")
    fake = start_fake_telegram(TEST_TOKEN)
    try:
        config = config_for(fake)
        gateway = agent_gateway(config, bot, make_bot(config))
        stop = asyncio.Event()
        task = asyncio.create_task(poll(gateway, stop, timeout=1))
        chat = 7770001
        fake.queue_update(text_update(fake, chat, "why cant i leave him"))
        assert await wait_for(lambda: fake.sent(chat))
        fake.queue_update(text_update(fake, chat, "/resources"))
        assert await wait_for(lambda: any("116 123" in c.params["text"] for c in fake.sent(chat)))
        other = 7770002
        fake.queue_update(text_update(fake, other, "i'm going to kill myself"))
        assert await wait_for(lambda: any("116 123" in c.params["text"] for c in fake.sent(other)))
        stop.set()
        await asyncio.wait_for(task, 10)
        assert fake.attempts("getUpdates")
    finally:
        fake.server.shutdown()


async def test_polling_with_a_webhook_set_is_a_clear_error(
    bot: object, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("LANTERN_TRACKER_STORE_URL", f"sqlite:///{tmp_path / 'poll.db'}")
    fake = start_fake_telegram(TEST_TOKEN)
    fake.webhook = {"url": "https://example.org/hook"}
    try:
        with pytest.raises(PollingError, match="webhook is set"):
            await asyncio.wait_for(run_polling(config_for(fake), bot), 20)
    finally:
        fake.server.shutdown()


async def test_a_refused_token_is_a_clear_error_without_the_token(
    bot: object, tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("LANTERN_TRACKER_STORE_URL", f"sqlite:///{tmp_path / 'poll.db'}")
    fake = start_fake_telegram(TEST_TOKEN)
    wrong = "999:WRONG-token-value"
    try:
        with pytest.raises(PollingError) as raised:
            await asyncio.wait_for(run_polling(config_for(fake, token=wrong), bot), 20)
        assert wrong not in str(raised.value) and raised.value.__cause__ is None
    finally:
        fake.server.shutdown()
