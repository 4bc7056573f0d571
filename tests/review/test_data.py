"""The review data layer on SQLite and PostgreSQL, over a seeded store."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
import yaml

from lantern.review.data import Filters, ReviewData, events, labels, parse_since
from lantern.review.export import cases_yaml, nlu_yaml
from tests.review.seed import seed

NOW = time.time()


@pytest.fixture(params=["sqlite", "postgresql"])
def data(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ReviewData]:
    url = (
        f"sqlite:///{tmp_path / 'review.db'}"
        if request.param == "sqlite"
        else request.getfixturevalue("postgres_url")
    )
    engine = sa.create_engine(url, future=True)
    with engine.begin() as connection:
        for table in (labels, events):
            if sa.inspect(connection).has_table(table.name):
                connection.execute(table.delete())
    seed(engine, 100, NOW - 10 * 86400, spread_days=5)
    yield ReviewData(engine)
    engine.dispose()


def test_conversations_filters_and_pages(data: ReviewData) -> None:
    rows, total = data.conversations(Filters())
    assert total == 100 and len(rows) == 50 and rows[0].last >= rows[-1].last
    assert data.conversations(Filters(page=2))[0][0].key not in {r.key for r in rows}
    assert data.conversations(Filters(tier="urgent"))[1] == 10
    assert data.conversations(Filters(fallback=True))[1] == 10
    assert data.conversations(Filters(topic="gaslighting"))[1] > 0
    assert data.conversations(Filters(feedback="helpful"))[1] == 10
    assert data.conversations(Filters(since=NOW))[1] == 0


def test_transcript_shows_text_intents_actions_and_risk(data: ReviewData) -> None:
    key = data.conversations(Filters(tier="urgent"))[0][0].key
    steps = data.transcript(key)
    user = next(s for s in steps if s.kind == "user")
    assert user.intent == "risk_urgent" and user.risk and user.risk["findings"][0]["why"]
    assert any(s.kind == "action" and s.action == "utter_urgent" for s in steps)


def test_flows_are_counted_in_sql(data: ReviewData) -> None:
    summary = data.flows(None, None)
    assert summary.conversations == 100
    assert summary.marks == {"fallback": 20, "urgent": 10, "check_in": 0}  # nlu_fallback + clarify
    assert any(
        left.startswith("topic_") and right == "tell_me_more" for _, left, right, _ in summary.links
    )
    assert sum(n for _, n in summary.exits) == 100


def test_topics_and_safety(data: ReviewData) -> None:
    volumes = data.topic_volumes(None, None)
    assert sum(r.asked for r in volumes) == 90 and sum(r.more for r in volumes) == 50
    assert sum(r.helpful for r in volumes) == 10 and sum(r.unhelpful for r in volumes) == 10
    counts = data.safety_counts(None, None)
    assert sum(n for *_, n in counts) == 10 and {c[2] for c in counts} == {"suicide"}


def test_queue_labels_and_exports(data: ReviewData) -> None:
    queue = data.queue()
    assert len(queue) == 20  # 10 fallbacks and 10 low-confidence answers
    assert data.label(queue[0].event_id, "intent", "topic_gaslighting", "sam")
    assert data.label(queue[1].event_id, "risk", "urgent", "sam")
    assert not data.label(999_999_999, "intent", "greet", "sam")
    assert len(data.queue()) == 18
    labelled = list(data.labelled())
    nlu = yaml.safe_load(nlu_yaml(labelled))
    assert {b["intent"] for b in nlu["nlu"]} == {"topic_gaslighting", "risk_urgent"}
    cases = yaml.safe_load(cases_yaml(labelled))["cases"]
    assert {"topic": "gaslighting"} in [c["expect"] for c in cases]


def test_empty_exports_are_valid() -> None:
    assert yaml.safe_load(nlu_yaml([])) == {"version": "3.1", "nlu": []}
    assert yaml.safe_load(cases_yaml([])) == {"cases": []}


def test_parse_since() -> None:
    assert parse_since("7d", now=1_000_000.0) == 1_000_000.0 - 7 * 86400
    assert parse_since("2026-11-01") is not None and parse_since("") is None
    with pytest.raises(ValueError):
        parse_since("last tuesday")
