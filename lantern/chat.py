"""``lantern chat``: talk to the trained bot in a terminal, buttons shown as numbers."""

from __future__ import annotations

import asyncio
import uuid
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from rasa.core.agent import Agent

PROMPT = "you> "
QUIT_WORDS = frozenset({"/quit", "/exit"})


def user_text(typed: str, buttons: list[dict[str, Any]]) -> str | None:
    """Turn what was typed into what the bot receives: a button's payload for its number.

    A leading "/" typed by the person is removed so nobody can inject Rasa's intent syntax.
    Returns None for blank input.
    """
    typed = typed.strip()
    if typed.isdigit() and 1 <= int(typed) <= len(buttons):
        return str(buttons[int(typed) - 1]["payload"])
    typed = typed.lstrip("/").strip()
    return typed or None


def render(messages: list[dict[str, Any]], out: TextIO) -> list[dict[str, Any]]:
    """Print the bot's messages and number their buttons; return the buttons on offer."""
    buttons: list[dict[str, Any]] = []
    for message in messages:
        if message.get("text"):
            out.write(f"\nlantern> {message['text']}\n")
        for button in message.get("buttons") or []:
            buttons.append(button)
            out.write(f"  [{len(buttons)}] {button['title']}\n")
    out.write("\n")
    out.flush()
    return buttons


async def chat(agent: Agent, stdin: TextIO, out: TextIO) -> None:
    """Read lines until end of input or /quit, sending each to the bot."""
    from rasa.core.channels.channel import CollectingOutputChannel, UserMessage

    sender = f"terminal-{uuid.uuid4().hex}"
    out.write("Type a message and press Enter. Type a button's number to press it; /quit ends.\n")
    buttons: list[dict[str, Any]] = []
    loop = asyncio.get_running_loop()
    while True:
        out.write(PROMPT)
        out.flush()
        line = await loop.run_in_executor(None, stdin.readline)
        if not line or line.strip().lower() in QUIT_WORDS:
            out.write("\n")
            return
        text = user_text(line, buttons)
        if text is None:
            continue
        collector = CollectingOutputChannel()
        await agent.handle_message(UserMessage(text, collector, sender))
        buttons = render(collector.messages, out)
