"""The evaluation file format, validated: a list of cases, each a text and what to expect."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, Extra, Field, ValidationError, root_validator

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
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise EvalFileError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise EvalFileError(f"{path}: cannot be read ({type(error).__name__})") from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise EvalFileError(f"{path}: not valid YAML{where}") from None
    if not isinstance(raw, dict):
        raise EvalFileError(f"{path}: must be a mapping with a 'cases' list")
    try:
        parsed = _File.parse_obj(raw)
    except ValidationError as error:
        first = error.errors()[0]
        location = ".".join(str(part) for part in first["loc"] if part != "__root__")
        raise EvalFileError(f"{path}: {location or 'file'}: {first['msg']}") from None
    cases = [Case(c.text, c.expect.topic, c.expect.risk) for c in parsed.cases]
    if known_topics is not None:
        for number, case in enumerate(cases):
            if case.topic is not None and case.topic not in known_topics:
                raise EvalFileError(f"{path}: cases.{number}.expect.topic: unknown '{case.topic}'")
    return cases
