"""Load the content folder, validate every file, and serve topics by id."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from lantern._yaml import YamlFileProblem, read_yaml
from lantern.content._errors import ContentError
from lantern.content._model import (
    CatalogueFile,
    Source,
    SourcesFile,
    Topic,
    TopicFile,
)

_M = TypeVar("_M", bound=BaseModel)


@dataclass(frozen=True)
class Passage:
    """A piece of a topic that search can return: its summary, a paragraph or a next step."""

    topic_id: str
    part: str
    text: str


@dataclass(frozen=True)
class ContentLibrary:
    """All topics, validated, by id, in catalogue order."""

    topics: Mapping[str, Topic]
    catalogue: Mapping[str, str]

    def __getitem__(self, topic_id: str) -> Topic:
        return self.topics[topic_id]

    def __contains__(self, topic_id: object) -> bool:
        return topic_id in self.topics

    def __iter__(self) -> Iterator[Topic]:
        return iter(self.topics.values())

    def __len__(self) -> int:
        return len(self.topics)

    def get(self, topic_id: str | None) -> Topic | None:
        """Return the topic with this id, or None for a missing or unknown id."""
        return self.topics.get(topic_id) if topic_id else None

    def passages(self) -> list[Passage]:
        """Every searchable passage of every topic."""
        found: list[Passage] = []
        for topic in self:
            found.append(Passage(topic.id, "summary", topic.summary))
            found.extend(Passage(topic.id, "more", text) for text in topic.more)
            found.extend(Passage(topic.id, "next_steps", text) for text in topic.next_steps)
        return found


def default_content_dir() -> Path:
    """The ``content/`` folder of the project (overridable with LANTERN_CONTENT_DIR)."""
    from lantern.settings import get_settings

    return get_settings().content_dir


def load_library(content_dir: Path | None = None) -> ContentLibrary:
    """Load and validate the whole content folder; raise ContentError naming file and field."""
    root = content_dir or default_content_dir()
    catalogue = _validated(root / "catalogue.yml", CatalogueFile)
    sources_file = _validated(root / "sources.yml", SourcesFile)
    sources = {
        key: Source(key=key, file=entry.file, title=entry.title, by=entry.by)
        for key, entry in sources_file.sources.items()
    }
    topics_dir = root / "topics"
    if not topics_dir.is_dir():
        raise ContentError(topics_dir, None, "the topics folder is missing")

    loaded: dict[str, Topic] = {}
    for path in sorted(topics_dir.glob("*.yml")):
        topic = _topic_from(path, catalogue, sources)
        loaded[topic.id] = topic

    missing = [topic_id for topic_id in catalogue.topics if topic_id not in loaded]
    if missing:
        raise ContentError(topics_dir, None, f"no content file for topic ids: {', '.join(missing)}")
    ordered = {topic_id: loaded[topic_id] for topic_id in catalogue.topics}
    about = {topic_id: entry.about for topic_id, entry in catalogue.topics.items()}
    return ContentLibrary(topics=ordered, catalogue=about)


def _topic_from(path: Path, catalogue: CatalogueFile, sources: dict[str, Source]) -> Topic:
    data = _validated(path, TopicFile)
    if data.id != path.stem:
        raise ContentError(path, "id", f"'{data.id}' does not match the file name '{path.stem}'")
    if data.id not in catalogue.topics:
        raise ContentError(path, "id", f"unknown topic id '{data.id}' (not in catalogue.yml)")
    for index, related in enumerate(data.related):
        if related not in catalogue.topics:
            raise ContentError(path, f"related[{index}]", f"unknown topic id '{related}'")
        if related == data.id:
            raise ContentError(path, f"related[{index}]", "a topic cannot be related to itself")
    for index, key in enumerate(data.sources):
        if key not in sources:
            raise ContentError(
                path, f"sources[{index}]", f"unknown source '{key}' (see sources.yml)"
            )
    return Topic(
        id=data.id,
        title=data.title,
        button=data.button,
        summary=data.summary,
        more=tuple(data.more),
        next_steps=tuple(data.next_steps),
        related=tuple(data.related),
        sources=tuple(sources[key] for key in data.sources),
    )


def _validated(path: Path, model: type[_M]) -> _M:
    raw = _read_yaml(path)
    try:
        return model.parse_obj(raw)
    except ValidationError as error:
        first = error.errors()[0]
        raise ContentError(path, _field_name(first["loc"]), first["msg"]) from None


def _read_yaml(path: Path) -> Any:
    try:
        raw = read_yaml(path)
    except YamlFileProblem as problem:
        wording = "the file is missing" if problem.missing else str(problem)
        raise ContentError(path, None, wording) from None
    if not isinstance(raw, dict):
        raise ContentError(path, None, "must be a YAML mapping of fields")
    return raw


def _field_name(loc: tuple[Any, ...]) -> str:
    name = ""
    for part in loc:
        if part == "__root__":
            continue
        name += f"[{part}]" if isinstance(part, int) else (f".{part}" if name else str(part))
    return name or "(file)"
