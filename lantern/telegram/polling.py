"""Long polling: the bot asks Telegram for updates, so no public URL is needed.

The default for a small organisation (``lantern start`` with a token and no webhook secret).
Each update goes through the same gateway as the webhook; Rasa's Agent runs in this process.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from telegram.error import Conflict, InvalidToken, NetworkError, RetryAfter

from lantern.telegram.config import ALLOWED_UPDATES, TelegramConfig, build_gateway, make_bot
from lantern.telegram.delivery import seconds
from lantern.telegram.gateway import TelegramGateway, button_intents

log = logging.getLogger(__name__)
POLL_TIMEOUT = 25


class PollingError(RuntimeError):
    """Polling cannot go on (a webhook is set, or the token is refused)."""


def agent_gateway(config: TelegramConfig, agent: Any, bot: Any = None) -> TelegramGateway:
    """A gateway that hands turns to an in-process Rasa Agent."""
    from connectors.telegram import rasa_handler
    from lantern.privacy.store import erase_conversation

    return build_gateway(
        config,
        handle=rasa_handler(agent.handle_message),
        known_intents=lambda: button_intents(agent.domain.intents),
        erase=lambda who: erase_conversation(agent.tracker_store, who),
        bot=bot,
    )


async def poll(gateway: TelegramGateway, stop: asyncio.Event, timeout: int = POLL_TIMEOUT) -> None:
    """Fetch and handle updates until ``stop`` is set."""
    bot = gateway.bot
    await start_bot(bot)
    offset: int | None = None
    tasks: set[asyncio.Task[None]] = set()
    backoff = 1.0
    try:
        while not stop.is_set():
            try:
                updates = await bot.get_updates(
                    offset=offset, timeout=timeout, allowed_updates=list(ALLOWED_UPDATES)
                )
                backoff = 1.0
            except Conflict:
                raise PollingError(
                    "a webhook is set for this bot: run `lantern telegram delete-webhook` to "
                    "poll, or run in webhook mode"
                ) from None
            except InvalidToken:
                raise PollingError("Telegram refused the token (TELEGRAM_BOT_TOKEN)") from None
            except RetryAfter as error:
                await asyncio.sleep(seconds(error.retry_after))
                continue
            except NetworkError as error:
                log.warning("telegram: polling failed (%s); retrying", type(error).__name__)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 30.0)
                continue
            for update in updates:
                offset = update.update_id + 1
                task = asyncio.create_task(gateway.process(update.to_dict()))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
    finally:
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        await bot.shutdown()


async def start_bot(bot: Any) -> None:
    """Initialise the bot (getMe); a refused token is a clear error that never quotes it."""
    try:
        await bot.initialize()
    except InvalidToken:
        raise PollingError("Telegram refused the token (TELEGRAM_BOT_TOKEN)") from None


async def check_bot(config: TelegramConfig) -> None:
    """Ask Telegram who we are (getMe): the token works and the API is reachable."""
    bot = make_bot(config)
    await start_bot(bot)
    await bot.shutdown()


async def run_polling(
    config: TelegramConfig, agent: Any, stop: asyncio.Event | None = None
) -> None:
    """Poll with a new bot from ``config`` until stopped (Ctrl-C or ``stop``)."""
    bot = make_bot(config)
    gateway = agent_gateway(config, agent, bot)
    await start_bot(bot)
    await register_commands(bot, gateway)
    await poll(gateway, stop or asyncio.Event())


async def register_commands(bot: Any, gateway: TelegramGateway) -> None:
    """Tell Telegram our commands (setMyCommands), so the app shows them."""
    from telegram import BotCommand

    commands = [BotCommand(name, text) for name, text in gateway.texts.descriptions.items()]
    await gateway.sender.call("setMyCommands", lambda: bot.set_my_commands(commands))
