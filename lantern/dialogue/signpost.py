"""A line of helplines after an ordinary answer, when a message carried some sign of risk.

The risk flagger marks a message ``signpost`` when no path escalated it but the tier model
still gave it some risk (lantern/nlp/risk_decision.py): most risky messages the bot does not
escalate are said sideways and sit just under its thresholds. A message NLU reads as someone
sharing distress (crying, numb, frightened, worn out) counts as marked too. The bot answers
what was asked and then sends ``utter_signpost`` (built from content/crisis_replies.yml and
resources.yml): no question, no alarm, at most once a conversation session, and not when that
session has already shown crisis resources.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lantern.nlp.risk_decision import DISTRESS_INTENT, RISK_KEY

RESPONSE = "utter_signpost"
# Replies that already list helplines: after one of these a signpost adds nothing.
_SHOWN_RESOURCES = ("utter_urgent", "utter_check_in", "utter_resources", RESPONSE)


def marked(latest_message: Mapping[str, Any]) -> bool:
    """Whether the risk flagger marked this message for a signpost, or it shares distress.

    A message still read as ``share_distress`` after the flagger had no risk to override it
    with: its reply is followed by the line whether or not the tier model saw any risk.
    """
    record = latest_message.get(RISK_KEY)
    if isinstance(record, Mapping) and record.get("signpost") is True:
        return True
    intent = latest_message.get("intent")
    return isinstance(intent, Mapping) and intent.get("name") == DISTRESS_INTENT


def should_signpost(latest_message: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> bool:
    """True for a marked message in a session that has not shown helplines yet."""
    if not marked(latest_message):
        return False
    for event in reversed(events):
        kind = event.get("event")
        if kind == "session_started":
            return True
        name = ""
        if kind == "action":
            name = str(event.get("name") or "")
        elif kind == "bot":
            name = str((event.get("metadata") or {}).get("utter_action") or "")
        if name.startswith(_SHOWN_RESOURCES):
            return False
    return True
