"""``lantern eval``: run labelled cases through the whole trained bot and score the replies."""

from lantern.evaluation.cases import Case, EvalFileError, load_cases
from lantern.evaluation.report import Summary, summarise
from lantern.evaluation.runner import CaseResult, Outcome, run_cases

__all__ = [
    "Case",
    "CaseResult",
    "EvalFileError",
    "Outcome",
    "Summary",
    "load_cases",
    "run_cases",
    "summarise",
]
