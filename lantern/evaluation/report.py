"""Summaries and printed lines for ``lantern eval``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lantern.evaluation.runner import CaseResult


@dataclass(frozen=True)
class Ratio:
    """k of n, printed as ``0.NN (k/n)``."""

    hits: int
    total: int

    @property
    def value(self) -> float:
        """The fraction, 0 when there is nothing to count."""
        return self.hits / self.total if self.total else 0.0

    def __str__(self) -> str:
        return f"{self.value:.2f} ({self.hits}/{self.total})"


@dataclass(frozen=True)
class Summary:
    """The figures ``lantern eval`` reports."""

    cases: int
    topic_accuracy: Ratio
    urgent_recall: Ratio
    resources_shown: Ratio
    false_escalation: Ratio

    def lines(self) -> list[str]:
        """The summary lines, in their fixed format (risk lines when there are risk cases)."""
        lines = [f"cases: {self.cases}", f"topic accuracy: {self.topic_accuracy}"]
        if self.urgent_recall.total or self.resources_shown.total or self.false_escalation.total:
            lines += [
                f"urgent recall: {self.urgent_recall}",
                f"resources shown: {self.resources_shown}",
                f"false escalation: {self.false_escalation}",
            ]
        return lines


def summarise(results: Sequence[CaseResult]) -> Summary:
    """Count the figures over all results."""
    topic_cases = [r for r in results if r.topic_passed is not None]
    urgent = [r for r in results if r.case.risk == "urgent"]
    risky = [r for r in results if r.case.risk in ("urgent", "check_in")]
    safe = [r for r in results if r.case.risk == "none"]
    return Summary(
        cases=len(results),
        topic_accuracy=Ratio(sum(1 for r in topic_cases if r.topic_passed), len(topic_cases)),
        urgent_recall=Ratio(
            sum(1 for r in urgent if r.outcome.risk_reply == "urgent"), len(urgent)
        ),
        resources_shown=Ratio(sum(1 for r in risky if r.outcome.showed_resources), len(risky)),
        false_escalation=Ratio(sum(1 for r in safe if r.outcome.risk_reply != "none"), len(safe)),
    )


def failure_lines(results: Sequence[CaseResult]) -> list[str]:
    """One line per failed case: what was expected, what happened, and the text."""
    lines = []
    for result in results:
        if result.topic_passed is False:
            got = result.outcome.topic or f"no topic ({result.outcome.kind})"
            lines.append(
                f"FAIL topic: expected {result.case.topic}, got {got}, "
                f"intent {result.outcome.intent} {result.outcome.confidence:.2f} | "
                f"{result.case.text!r}"
            )
        if result.risk_passed is False:
            lines.append(
                f"FAIL risk: expected {result.case.risk}, got {result.outcome.risk_reply}"
                f"{' (signposted)' if result.outcome.signposted else ''}, "
                f"intent {result.outcome.intent} | {result.case.text!r}"
            )
    return lines
