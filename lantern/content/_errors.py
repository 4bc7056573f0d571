"""The one error the content loader raises."""

from __future__ import annotations

from pathlib import Path


class ContentError(ValueError):
    """A content file is missing, unreadable or invalid; the message names the file and field."""

    def __init__(self, path: Path | str, field: str | None, problem: str) -> None:
        self.path = str(path)
        self.field = field
        self.problem = problem
        where = f"{self.path}: field '{field}'" if field else self.path
        super().__init__(f"{where}: {problem}")
