"""Charts as Plotly figure JSON.

The page embeds the JSON as data and ``charts.js`` draws it with Plotly's bundled JavaScript,
served by the app: it works offline, and no inline script is needed.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from lantern.review.data import FlowSummary, TopicRow


def _json(figure: go.Figure) -> dict[str, Any]:
    figure.update_layout(margin={"l": 10, "r": 10, "t": 30, "b": 10}, height=420)
    data: dict[str, Any] = figure.to_plotly_json()
    return data


def flow_sankey(summary: FlowSummary) -> dict[str, Any] | None:
    """Step-by-step paths: "1 greet" → "2 topic_x" → ... for the first steps."""
    if not summary.links:
        return None
    nodes: dict[str, int] = {}

    def node(step: int, intent: str) -> int:
        return nodes.setdefault(f"{step} {intent}", len(nodes))

    sources, targets, values = [], [], []
    for step, left, right, count in summary.links:
        sources.append(node(step, left))
        targets.append(node(step + 1, right))
        values.append(count)
    figure = go.Figure(
        go.Sankey(
            node={"label": list(nodes), "pad": 12},
            link={"source": sources, "target": targets, "value": values},
        )
    )
    figure.update_layout(title_text="How conversations go, message by message")
    return _json(figure)


def topic_bars(volumes: list[TopicRow]) -> dict[str, Any] | None:
    """Questions per topic, with "tell me more" presses and feedback beside them."""
    if not volumes:
        return None
    names = [r.topic for r in volumes]
    figure = go.Figure(
        [
            go.Bar(name="questions", x=names, y=[r.asked for r in volumes]),
            go.Bar(name="tell me more", x=names, y=[r.more for r in volumes]),
            go.Bar(name="said it helped", x=names, y=[r.helpful for r in volumes]),
            go.Bar(name="said it did not", x=names, y=[r.unhelpful for r in volumes]),
        ]
    )
    figure.update_layout(barmode="group", title_text="Questions per topic")
    return _json(figure)


def safety_bars(counts: list[tuple[str, str, str, int]]) -> dict[str, Any] | None:
    """Urgent replies and check-ins per day, stacked by category."""
    if not counts:
        return None
    series: dict[str, dict[str, int]] = {}
    for day, tier, category, n in counts:
        series.setdefault(f"{tier}: {category}", {})[day] = n
    days = sorted({day for day, _, _, _ in counts})
    figure = go.Figure(
        [
            go.Bar(name=name, x=days, y=[by_day.get(d, 0) for d in days])
            for name, by_day in sorted(series.items())
        ]
    )
    figure.update_layout(barmode="stack", title_text="Urgent replies and check-ins per day")
    return _json(figure)
