"""The line of helplines after a reply the domain gives by rule (a greeting, thanks, goodbye).

Those replies are domain responses, so they reach the person even when the action server is
down; this action follows them and adds the line only when the risk flagger marked the message
(lantern/dialogue/signpost.py). A down action server loses only the line, never the reply.
"""

from __future__ import annotations

from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions._shared import send_signpost

DomainDict = dict[str, Any]


class ActionSignpost(Action):
    """After a rule's reply: the line of helplines for a marked message, otherwise nothing."""

    def name(self) -> str:
        """Name the action as the domain does."""
        return "action_signpost"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[dict[str, Any]]:
        """Send ``utter_signpost`` for a marked message in a session without helplines yet.

        No events either way.
        """
        send_signpost(dispatcher, tracker)
        return []
