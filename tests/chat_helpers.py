"""Talking to the whole bot in tests: one message, one fresh conversation id."""

import uuid


async def say(agent, sender, text):
    """Send one message as ``sender`` and return the bot's messages."""
    from rasa.core.channels.channel import CollectingOutputChannel, UserMessage

    collector = CollectingOutputChannel()
    await agent.handle_message(UserMessage(text, collector, sender))
    return collector.messages


def new_sender():
    """A conversation id nobody has used."""
    return f"test-{uuid.uuid4().hex}"
