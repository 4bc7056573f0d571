"""Reading the project's YAML data files, with problems worded for the person who edits them."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


class YamlFileProblem(ValueError):
    """A data file is missing, unreadable or not YAML; callers add the file name."""

    def __init__(self, problem: str, missing: bool = False) -> None:
        super().__init__(problem)
        self.missing = missing


def read_yaml(path: Path) -> Any:
    """Parse a YAML file, or raise YamlFileProblem saying what is wrong (and on which line)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise YamlFileProblem("no such file", missing=True) from None
    except (OSError, UnicodeDecodeError) as error:
        raise YamlFileProblem(f"cannot be read ({type(error).__name__})") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise YamlFileProblem(f"is not valid YAML{where}") from None


def first_error(error: ValidationError) -> tuple[str, str]:
    """The first validation problem as (dotted field location, message)."""
    first = error.errors()[0]
    location = ".".join(str(part) for part in first["loc"] if part != "__root__")
    return location, str(first["msg"])


def parse_file(path: Path, model: type[M], error: type[Exception], label: str | None = None) -> M:
    """Read ``path`` as ``model``; a problem raises ``error`` as "<label>: <field>: <problem>".

    ``label`` names the file in messages (the whole path by default).
    """
    name = label if label is not None else str(path)
    try:
        return model.parse_obj(read_yaml(path))
    except YamlFileProblem as problem:
        raise error(f"{name}: {problem}") from None
    except ValidationError as invalid:
        where, message = first_error(invalid)
        raise error(f"{name}: {where}: {message}") from None
