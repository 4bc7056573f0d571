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

    def lines(self) -> list[str]:
        """The summary lines, in their fixed format."""
        return [f"cases: {self.cases}", f"topic accuracy: {self.topic_accuracy}"]


def summarise(results: Sequence[CaseResult]) -> Summary:
    """Count the figures over all results."""
    topic_cases = [r for r in results if r.topic_passed is not None]
    topic_hits = sum(1 for r in topic_cases if r.topic_passed)
    return Summary(cases=len(results), topic_accuracy=Ratio(topic_hits, len(topic_cases)))


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
    return lines
