"""The evaluation file format, validated: a list of cases, each a text and what to expect."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Extra, Field, ValidationError, root_validator

from lantern._yaml import YamlFileProblem, first_error, read_yaml

RiskTier = Literal["urgent", "check_in", "none"]


class EvalFileError(ValueError):
    """The evaluation file is missing or malformed; the message says where."""


class _Expect(BaseModel):
    class Config:
        extra = Extra.forbid

    topic: str | None = None
    risk: RiskTier | None = None

    @root_validator(skip_on_failure=True)
    def _something_expected(cls, values: dict[str, object]) -> dict[str, object]:
        if values.get("topic") is None and values.get("risk") is None:
            raise ValueError("expect needs a topic or a risk")
        return values


class _Case(BaseModel):
    class Config:
        extra = Extra.forbid

    text: str
    expect: _Expect


class _File(BaseModel):
    class Config:
        extra = Extra.forbid

    cases: list[_Case] = Field(min_items=1)


@dataclass(frozen=True)
class Case:
    """One evaluation case."""

    text: str
    topic: str | None = None
    risk: RiskTier | None = None


def load_cases(path: Path, known_topics: Collection[str] | None = None) -> list[Case]:
    """Read and validate an evaluation file; raise EvalFileError naming the problem."""
    try:
        raw = read_yaml(path)
    except YamlFileProblem as problem:
        raise EvalFileError(f"{path}: {problem}") from None
    if not isinstance(raw, dict):
        raise EvalFileError(f"{path}: must be a mapping with a 'cases' list")
    try:
        parsed = _File.parse_obj(raw)
    except ValidationError as error:
        location, message = first_error(error)
        raise EvalFileError(f"{path}: {location or 'file'}: {message}") from None
    cases = [Case(c.text, c.expect.topic, c.expect.risk) for c in parsed.cases]
    if known_topics is not None:
        for number, case in enumerate(cases):
            if case.topic is not None and case.topic not in known_topics:
                raise EvalFileError(f"{path}: cases.{number}.expect.topic: unknown '{case.topic}'")
    return cases
