"""What staff see, read from the anonymised store in SQL (never all events in memory).

The conversation store's ``events`` table (Rasa's SQL schema: one row per event, with
``sender_id`` the keyed hash, ``type_name``, ``timestamp``, ``intent_name``, ``action_name`` and
the anonymised event as JSON in ``data``) is read with SQLAlchemy Core; JSON fields are read
with the database's own JSON functions (SQLite's ``json_extract``, PostgreSQL's ``->>``).
Two tables of the review app's own live beside it: ``review_labels`` (a reviewer's label for a
queued message) and ``staff`` (accounts, in ``lantern.review.auth``).
"""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from lantern.dialogue.payloads import TOPIC_INTENT_PREFIX

metadata = sa.MetaData()
events = sa.Table(
    "events",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("sender_id", sa.String(255), nullable=False, index=True),
    sa.Column("type_name", sa.String(255), nullable=False),
    sa.Column("timestamp", sa.Float),
    sa.Column("intent_name", sa.String(255)),
    sa.Column("action_name", sa.String(255)),
    sa.Column("data", sa.Text),
)
labels = sa.Table(
    "review_labels",
    metadata,
    sa.Column("event_id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(20), nullable=False),  # intent | out_of_scope | risk
    sa.Column("label", sa.String(255), nullable=False),
    sa.Column("text", sa.Text, nullable=False),  # the anonymised text, as stored
    sa.Column("reviewer", sa.String(80), nullable=False),
    sa.Column("labelled_at", sa.Float, nullable=False),
)

FALLBACK_INTENT = "nlu_fallback"
CLARIFY_ACTION = "action_clarify"
URGENT_INTENT = "risk_urgent"
CHECK_IN_INTENT = "risk_check_in"
LOW_CONFIDENCE = 0.6
FLOW_STEPS = 4
RISK_TIERS = {"urgent": URGENT_INTENT, "check_in": CHECK_IN_INTENT}


@dataclass(frozen=True)
class Filters:
    """Conversation list filters (all optional)."""

    since: float | None = None
    until: float | None = None
    topic: str | None = None
    tier: str | None = None  # urgent | check_in
    fallback: bool = False
    feedback: str | None = None  # helpful | unhelpful
    page: int = 1


@dataclass(frozen=True)
class ConversationRow:
    """One conversation in the list."""

    key: str
    started: float
    last: float
    messages: int
    topics: str


@dataclass(frozen=True)
class Step:
    """One line of a transcript."""

    kind: str  # user | bot | action
    when: float
    text: str
    intent: str | None = None
    confidence: float | None = None
    action: str | None = None
    risk: dict[str, Any] | None = None


@dataclass(frozen=True)
class TopicRow:
    """Use of one topic, and what people said of its answers."""

    topic: str
    asked: int
    more: int
    helpful: int
    unhelpful: int


@dataclass(frozen=True)
class QueueItem:
    """A user message waiting for (or given) a reviewer's label."""

    event_id: int
    when: float
    text: str
    intent: str | None
    confidence: float | None
    label: str | None
    kind: str | None


def json_value(engine: Engine, path: tuple[str, ...], numeric: bool = False) -> Any:
    """A JSON field of ``events.data`` as a SQL expression, on SQLite or PostgreSQL."""
    if engine.dialect.name == "postgresql":
        expression: Any = sa.cast(events.c.data, sa.JSON)
        for part in path[:-1]:
            expression = expression[int(part) if part.isdigit() else part]
        value = expression[path[-1]].as_string()
        return sa.cast(value, sa.Float) if numeric else value
    value = sa.func.json_extract(events.c.data, "$." + ".".join(path))
    return sa.cast(value, sa.Float) if numeric else value


class ReviewData:
    """Read-mostly access to the anonymised store for the review app and its CLI."""

    PAGE = 50

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        metadata.create_all(engine, tables=[labels])

    # -- conversations -----------------------------------------------------------------

    def conversations(self, filters: Filters) -> tuple[list[ConversationRow], int]:
        """One page of conversations, newest first, and how many match in all."""
        base = sa.select(
            events.c.sender_id.label("key"),
            sa.func.min(events.c.timestamp).label("started"),
            sa.func.max(events.c.timestamp).label("last"),
            sa.func.sum(sa.case((events.c.type_name == "user", 1), else_=0)).label("messages"),
        ).group_by(events.c.sender_id)
        having = []
        if filters.since is not None:
            having.append(sa.func.max(events.c.timestamp) >= filters.since)
        if filters.until is not None:
            having.append(sa.func.min(events.c.timestamp) < filters.until)
        if filters.topic:
            having.append(
                _count_where(events.c.intent_name == TOPIC_INTENT_PREFIX + filters.topic) > 0
            )
        if filters.tier:
            having.append(_count_where(events.c.intent_name == RISK_TIERS[filters.tier]) > 0)
        if filters.fallback:
            having.append(
                _count_where(
                    sa.or_(
                        events.c.intent_name == FALLBACK_INTENT,
                        events.c.action_name == CLARIFY_ACTION,
                    )
                )
                > 0
            )
        if filters.feedback:
            having.append(_count_where(events.c.intent_name == f"feedback_{filters.feedback}") > 0)
        if having:
            base = base.having(sa.and_(*having))
        query = (
            base.order_by(sa.desc("last")).limit(self.PAGE).offset((filters.page - 1) * self.PAGE)
        )
        with self.engine.connect() as connection:
            total = connection.execute(
                sa.select(sa.func.count()).select_from(base.subquery())
            ).scalar()
            rows = connection.execute(query).all()
            keys = [r.key for r in rows]
            topics = self._topics_of(connection, keys)
        return [
            ConversationRow(
                r.key, float(r.started), float(r.last), int(r.messages or 0), topics.get(r.key, "")
            )
            for r in rows
        ], int(total or 0)

    def _topics_of(self, connection: Any, keys: list[str]) -> dict[str, str]:
        if not keys:
            return {}
        query = (
            sa.select(events.c.sender_id, events.c.intent_name)
            .where(
                events.c.sender_id.in_(keys), events.c.intent_name.like(TOPIC_INTENT_PREFIX + "%")
            )
            .distinct()
        )
        found: dict[str, list[str]] = {}
        for key, intent in connection.execute(query):
            found.setdefault(key, []).append(intent[len(TOPIC_INTENT_PREFIX) :])
        return {k: ", ".join(sorted(v)) for k, v in found.items()}

    def transcript(self, key: str) -> list[Step]:
        """Every event of one conversation, in order, as readable steps."""
        query = sa.select(events).where(events.c.sender_id == key).order_by(events.c.id)
        steps: list[Step] = []
        with self.engine.connect() as connection:
            for row in connection.execute(query):
                step = _step(row)
                if step is not None:
                    steps.append(step)
        return steps

    # -- flows -----------------------------------------------------------------------------

    def flows(self, since: float | None, until: float | None) -> FlowSummary:
        """Count, in SQL with window functions, how conversations move and where they end.

        Transitions between the first user intents of each conversation, the intent people
        left after, the first intents, and how many fallbacks and risk replies there were.
        """
        order = {"partition_by": events.c.sender_id, "order_by": events.c.id}
        numbered = (
            sa.select(
                events.c.intent_name.label("intent"),
                sa.func.lead(events.c.intent_name).over(**order).label("next"),
                sa.func.row_number().over(**order).label("step"),
                sa.func.count().over(partition_by=events.c.sender_id).label("steps"),
            )
            .where(events.c.type_name == "user", *_time_window(since, until))
            .subquery()
        )
        # One pass: every (step, intent, next intent, is last) with its count; the links, the
        # first intents and the exits are sums over these few rows.
        is_last = numbered.c.step == numbered.c.steps
        grouped = sa.select(
            numbered.c.step, numbered.c.intent, numbered.c.next, is_last, sa.func.count()
        ).group_by(numbered.c.step, numbered.c.intent, numbered.c.next, is_last)
        marks = (
            sa.select(events.c.action_name, events.c.intent_name, sa.func.count())
            .where(
                sa.or_(
                    events.c.action_name == CLARIFY_ACTION,
                    events.c.intent_name.in_([FALLBACK_INTENT, URGENT_INTENT, CHECK_IN_INTENT]),
                ),
                *_time_window(since, until),
            )
            .group_by(events.c.action_name, events.c.intent_name)
        )
        links: dict[tuple[int, str, str], int] = {}
        exits: dict[str, int] = {}
        firsts: dict[str, int] = {}
        counts = {"fallback": 0, "urgent": 0, "check_in": 0}
        with self.engine.connect() as connection:
            for step, intent, following, last, n in connection.execute(grouped):
                if int(step) == 1:
                    firsts[str(intent)] = firsts.get(str(intent), 0) + int(n)
                if last:
                    exits[str(intent)] = exits.get(str(intent), 0) + int(n)
                if following is not None and int(step) < FLOW_STEPS:
                    link = (int(step), str(intent), str(following))
                    links[link] = links.get(link, 0) + int(n)
            for action, intent, n in connection.execute(marks):
                if action == CLARIFY_ACTION or intent == FALLBACK_INTENT:
                    counts["fallback"] += int(n)
                elif intent == URGENT_INTENT:
                    counts["urgent"] += int(n)
                else:
                    counts["check_in"] += int(n)
        return FlowSummary(
            links=[(s, x, y, n) for (s, x, y), n in sorted(links.items())],
            exits=sorted(exits.items(), key=lambda item: -item[1]),
            firsts=sorted(firsts.items(), key=lambda item: -item[1]),
            marks=counts,
        )

    # -- topics and safety -------------------------------------------------------------

    def topic_volumes(self, since: float | None, until: float | None) -> list[TopicRow]:
        """Count per topic, in SQL, the questions, "tell me more" presses and feedback."""
        asked = (
            sa.select(events.c.intent_name, sa.func.count())
            .where(
                events.c.intent_name.like(TOPIC_INTENT_PREFIX + "%"), *_time_window(since, until)
            )
            .group_by(events.c.intent_name)
        )
        if self.engine.dialect.name == "sqlite":
            topic = sa.func.json_extract(events.c.data, "$.parse_data.entities[0].value")
        else:
            topic = json_value(self.engine, ("parse_data", "entities", "0", "value"))
        follow_ups = (
            sa.select(events.c.intent_name, topic, sa.func.count())
            .where(
                events.c.intent_name.in_(
                    ["tell_me_more", "feedback_helpful", "feedback_unhelpful"]
                ),
                *_time_window(since, until),
            )
            .group_by(events.c.intent_name, topic)
        )
        with self.engine.connect() as connection:
            counts = {
                str(i)[len(TOPIC_INTENT_PREFIX) :]: int(n) for i, n in connection.execute(asked)
            }
            extra: dict[tuple[str, str], int] = {
                (str(intent), str(t)): int(n)
                for intent, t, n in connection.execute(follow_ups)
                if t
            }
        rows = [
            TopicRow(
                t,
                n,
                extra.get(("tell_me_more", t), 0),
                extra.get(("feedback_helpful", t), 0),
                extra.get(("feedback_unhelpful", t), 0),
            )
            for t, n in counts.items()
        ]
        return sorted(rows, key=lambda r: -r.asked)

    def safety_counts(
        self, since: float | None, until: float | None
    ) -> list[tuple[str, str, str, int]]:
        """(day, tier, category, count) of messages answered with an urgent reply or a check-in."""
        category = json_value(self.engine, ("parse_data", "risk", "category"))
        day = _day(self.engine)
        query = (
            sa.select(day, events.c.intent_name, category, sa.func.count())
            .where(
                events.c.intent_name.in_([URGENT_INTENT, CHECK_IN_INTENT]),
                *_time_window(since, until),
            )
            .group_by(day, events.c.intent_name, category)
            .order_by(day)
        )
        with self.engine.connect() as connection:
            return [
                (
                    str(d),
                    "urgent" if i == URGENT_INTENT else "check_in",
                    str(c or "unknown"),
                    int(n),
                )
                for d, i, c, n in connection.execute(query)
            ]

    # -- the improvement queue ---------------------------------------------------------

    def queue(self, include_labelled: bool = False, limit: int = 100) -> list[QueueItem]:
        """User messages the bot was unsure of: fallbacks and low-confidence intents."""
        confidence = json_value(self.engine, ("parse_data", "intent", "confidence"), numeric=True)
        text = json_value(self.engine, ("text",))
        query = (
            sa.select(
                events.c.id,
                events.c.timestamp,
                text,
                events.c.intent_name,
                confidence,
                labels.c.label,
                labels.c.kind,
            )
            .select_from(events.outerjoin(labels, labels.c.event_id == events.c.id))
            .where(
                events.c.type_name == "user",
                sa.or_(events.c.intent_name == FALLBACK_INTENT, confidence < LOW_CONFIDENCE),
                sa.not_(events.c.intent_name.in_([URGENT_INTENT, CHECK_IN_INTENT])),
            )
            .order_by(sa.desc(events.c.id))
            .limit(limit)
        )
        if not include_labelled:
            query = query.where(labels.c.event_id.is_(None))
        with self.engine.connect() as connection:
            return [
                QueueItem(
                    int(i),
                    float(w or 0),
                    str(t or ""),
                    n,
                    float(c) if c is not None else None,
                    lab,
                    kind,
                )
                for i, w, t, n, c, lab, kind in connection.execute(query)
            ]

    def label(self, event_id: int, kind: str, label: str, reviewer: str) -> bool:
        """Label one queued message; False when there is no such user message."""
        text = json_value(self.engine, ("text",))
        with self.engine.begin() as connection:
            found = connection.execute(
                sa.select(text).where(events.c.id == event_id, events.c.type_name == "user")
            ).first()
            if found is None:
                return False
            connection.execute(labels.delete().where(labels.c.event_id == event_id))
            connection.execute(
                labels.insert().values(
                    event_id=event_id,
                    kind=kind,
                    label=label,
                    text=str(found[0] or ""),
                    reviewer=reviewer,
                    labelled_at=time.time(),
                )
            )
        return True

    def labelled(self) -> Iterator[tuple[str, str, str]]:
        """(kind, label, text) of every labelled message, oldest first."""
        query = sa.select(labels.c.kind, labels.c.label, labels.c.text).order_by(
            labels.c.labelled_at
        )
        with self.engine.connect() as connection:
            for kind, label, text in connection.execute(query):
                yield str(kind), str(label), str(text)


@dataclass(frozen=True)
class FlowSummary:
    """What the flows page and `lantern review flows` show."""

    links: list[tuple[int, str, str, int]]  # step, from intent, to intent, conversations
    exits: list[tuple[str, int]]  # last intent, conversations
    firsts: list[tuple[str, int]]
    marks: dict[str, int]

    @property
    def conversations(self) -> int:
        """Conversations in the period (each has one first message)."""
        return sum(n for _, n in self.firsts)


def _count_where(condition: Any) -> Any:
    return sa.func.sum(sa.case((condition, 1), else_=0))


def _time_window(since: float | None, until: float | None) -> list[Any]:
    conditions = []
    if since is not None:
        conditions.append(events.c.timestamp >= since)
    if until is not None:
        conditions.append(events.c.timestamp < until)
    return conditions


def _day(engine: Engine) -> Any:
    if engine.dialect.name == "postgresql":
        return sa.func.to_char(sa.func.to_timestamp(events.c.timestamp), "YYYY-MM-DD")
    return sa.func.date(events.c.timestamp, "unixepoch")


def _step(row: Any) -> Step | None:
    try:
        data = json.loads(row.data or "{}")
    except ValueError:
        return None
    when = float(row.timestamp or 0)
    if row.type_name == "user":
        intent = (data.get("parse_data") or {}).get("intent") or {}
        return Step(
            "user", when, str(data.get("text") or ""), intent.get("name"), intent.get("confidence"),
            risk=(data.get("parse_data") or {}).get("risk"),
        )  # fmt: skip
    if row.type_name == "bot":
        return Step("bot", when, str(data.get("text") or ""))
    if row.type_name == "action" and row.action_name not in ("action_listen", None):
        return Step("action", when, "", action=str(row.action_name))
    return None


def parse_since(text: str | None, now: float | None = None) -> float | None:
    """Parse "7d", "24h", "2026-11-01" or nothing as a timestamp; ValueError otherwise."""
    if not text:
        return None
    text = text.strip()
    clock = now if now is not None else time.time()
    if text[-1:] in ("d", "h") and text[:-1].isdigit():
        hours = int(text[:-1]) * (24 if text[-1] == "d" else 1)
        return clock - hours * 3600
    return dt.datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=dt.timezone.utc).timestamp()
