"""Typed, validated shapes of the content files."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pydantic import BaseModel, Extra, Field, validator

SUMMARY_MAX = 600
PARAGRAPH_MAX = 700
STEP_MAX = 220
BUTTON_MAX = 30
TITLE_MAX = 60
TOPIC_ID = re.compile(r"^[a-z][a-z_]*[a-z]$")


class _Strict(BaseModel):
    class Config:
        extra = Extra.forbid
        anystr_strip_whitespace = True
        allow_mutation = False


class SourceFile(_Strict):
    """One entry of ``sources.yml``."""

    file: str = Field(min_length=1)
    title: str = Field(min_length=1)
    by: str = Field(min_length=1)


class SourcesFile(_Strict):
    """The whole of ``sources.yml``."""

    sources: dict[str, SourceFile]

    @validator("sources")
    def _not_empty(cls, value: dict[str, SourceFile]) -> dict[str, SourceFile]:
        if not value:
            raise ValueError("lists no sources")
        return value


class CatalogueEntry(_Strict):
    """One topic of ``catalogue.yml``."""

    about: str = Field(min_length=1)


class CatalogueFile(_Strict):
    """The whole of ``catalogue.yml``."""

    topics: dict[str, CatalogueEntry]

    @validator("topics")
    def _ids_are_snake_case(cls, value: dict[str, CatalogueEntry]) -> dict[str, CatalogueEntry]:
        if not value:
            raise ValueError("lists no topics")
        for topic_id in value:
            if not TOPIC_ID.match(topic_id):
                raise ValueError(f"'{topic_id}' is not a lower-case snake_case id")
        return value


class TopicFile(_Strict):
    """One file under ``topics/``: the content of one topic."""

    id: str = Field(min_length=1)
    title: str = Field(min_length=1, max_length=TITLE_MAX)
    button: str = Field(min_length=1, max_length=BUTTON_MAX)
    sources: list[str] = Field(min_items=1)
    summary: str = Field(min_length=1, max_length=SUMMARY_MAX)
    more: list[str] = Field(min_items=1, max_items=4)
    next_steps: list[str]
    related: list[str] = Field(min_items=1, max_items=4)

    @validator("more", each_item=True)
    def _paragraph_length(cls, value: str) -> str:
        if not value:
            raise ValueError("a paragraph is empty")
        if len(value) > PARAGRAPH_MAX:
            raise ValueError(f"a paragraph has {len(value)} characters; at most {PARAGRAPH_MAX}")
        return value

    @validator("next_steps", each_item=True)
    def _step_length(cls, value: str) -> str:
        if not value:
            raise ValueError("a step is empty")
        if len(value) > STEP_MAX:
            raise ValueError(f"a step has {len(value)} characters; at most {STEP_MAX}")
        return value


@dataclass(frozen=True)
class Source:
    """A source article that content is drawn from."""

    key: str
    file: str
    title: str
    by: str


@dataclass(frozen=True)
class Topic:
    """One validated topic of the content library."""

    id: str
    title: str
    button: str
    summary: str
    more: tuple[str, ...]
    next_steps: tuple[str, ...]
    related: tuple[str, ...]
    sources: tuple[Source, ...]

    @property
    def source_line(self) -> str:
        """Name the articles this topic is drawn from, for the person and for staff."""
        titles = " and ".join(f"“{source.title}”" for source in self.sources)
        return f"Drawn from {titles}."
