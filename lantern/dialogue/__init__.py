"""What the bot says about content: replies built from topics, framework-free."""

from lantern.dialogue.payloads import (
    topic_from_intent,
    topic_intent,
    topic_payload,
)
from lantern.dialogue.replies import Button, Reply

__all__ = ["Button", "Reply", "topic_from_intent", "topic_intent", "topic_payload"]
