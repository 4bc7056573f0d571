"""Crisis and support resources as validated data, chosen by kind of risk and by place."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Extra, Field, root_validator

from lantern._yaml import parse_file
from lantern.safety._model import REPLY_CATEGORIES

Nation = Literal["england", "wales", "scotland", "northern_ireland", "elsewhere"]
NATIONS: tuple[Nation, ...] = ("england", "wales", "scotland", "northern_ireland", "elsewhere")
UK_NATIONS: tuple[Nation, ...] = NATIONS[:4]
NATION_NAMES: Mapping[str, str] = {
    "england": "England",
    "wales": "Wales",
    "scotland": "Scotland",
    "northern_ireland": "Northern Ireland",
    "elsewhere": "Somewhere else",
}
SELECTION_KEYS = (*REPLY_CATEGORIES, "general", "signpost", "resources")


class ResourceError(ValueError):
    """The resources file is invalid; the message names the file, entry and field."""


class _Resource(BaseModel):
    class Config:
        extra = Extra.forbid

    name: str = Field(min_length=1)
    contact: str = Field(min_length=1)
    hours: str | None
    website: str | None = None
    who_for: str = Field(min_length=1)
    nations: list[Nation] = Field(min_items=1)
    source: str = Field(min_length=1)
    verified_on: dt.date

    @root_validator(skip_on_failure=True)
    def _website_when_hours_unknown(cls, values: dict[str, Any]) -> dict[str, Any]:
        if values.get("hours") is None and not values.get("website"):
            raise ValueError("website: required when hours is null (the bot points there)")
        return values


class _Selection(BaseModel):
    class Config:
        extra = Extra.forbid

    uk: list[str] = []
    england: list[str] = []
    wales: list[str] = []
    scotland: list[str] = []
    northern_ireland: list[str] = []
    elsewhere: list[str] = Field(min_items=1)


class _Young(BaseModel):
    class Config:
        extra = Extra.forbid

    add: list[str] = Field(min_items=1)
    after: list[str] = []


class _File(BaseModel):
    class Config:
        extra = Extra.forbid

    resources: dict[str, _Resource]
    by_category: dict[str, _Selection]
    young_person: _Young


@dataclass(frozen=True)
class Resource:
    """One service: how to reach it, when, who it is for, and where the facts came from."""

    id: str
    name: str
    contact: str
    hours: str | None
    website: str | None
    who_for: str
    nations: tuple[str, ...]
    source: str
    verified_on: dt.date

    def line(self) -> str:
        """One line for a reply; never states hours that must be checked."""
        if self.hours:
            return f"• {self.name}: {self.contact} ({self.hours})"
        return f"• {self.name}: {self.contact}; opening times at {self.website}"


@dataclass(frozen=True)
class ResourceBook:
    """All resources, and which to show for each kind of risk in each place."""

    resources: Mapping[str, Resource]
    selections: Mapping[str, Mapping[str, tuple[str, ...]]]
    # For a writer under eighteen: the services added in the UK, and the emergency lines
    # they go after (or first, when a reply has none of those).
    young_add: tuple[str, ...] = ()
    young_after: frozenset[str] = frozenset()

    def for_risk(self, category: str, nation: str | None, young: bool = False) -> list[Resource]:
        """The resources to show for a kind of risk in a place (None: England, the default).

        ``young``: the writer said they are under eighteen; in the UK the services for young
        people come straight after the emergency lines (moved there if the list has them
        further down), not at the end where a check-in, which shows only the first few, would
        leave them out.
        """
        place = nation or "england"
        chosen = self.selections.get(category) or self.selections["general"]
        ids = list(chosen["elsewhere"] if place == "elsewhere" else chosen["uk"] + chosen[place])
        if young and place != "elsewhere":
            ids = [i for i in ids if i not in self.young_add]  # moved up if already there
            cut = 0
            while cut < len(ids) and ids[cut] in self.young_after:
                cut += 1
            ids[cut:cut] = self.young_add
        return [self.resources[i] for i in ids]


def default_resources_path() -> Path:
    """``content/resources.yml`` of the project."""
    from lantern.settings import get_settings

    return get_settings().content_dir / "resources.yml"


def load_resources(path: Path | None = None) -> ResourceBook:
    """Read and validate the resources file; raise ResourceError naming entry and field."""
    path = path or default_resources_path()
    parsed = parse_file(path, _File, ResourceError)
    resources = {
        key: Resource(
            id=key,
            name=r.name,
            contact=r.contact,
            hours=r.hours,
            website=r.website,
            who_for=r.who_for,
            nations=tuple(r.nations),
            source=r.source,
            verified_on=r.verified_on,
        )
        for key, r in parsed.resources.items()
    }
    missing = [k for k in SELECTION_KEYS if k not in parsed.by_category]
    if missing:
        raise ResourceError(f"{path}: by_category: missing {', '.join(missing)}")
    selections: dict[str, dict[str, tuple[str, ...]]] = {}
    for category, selection in parsed.by_category.items():
        if category not in SELECTION_KEYS:
            raise ResourceError(f"{path}: by_category.{category}: unknown kind of risk")
        places = selection.dict()
        for place, ids in places.items():
            for index, resource_id in enumerate(ids):
                if resource_id not in resources:
                    raise ResourceError(
                        f"{path}: by_category.{category}.{place}[{index}]: "
                        f"unknown resource '{resource_id}'"
                    )
                nations = resources[resource_id].nations
                wanted = UK_NATIONS if place == "uk" else (place,)
                if not set(wanted) <= set(nations):
                    raise ResourceError(
                        f"{path}: by_category.{category}.{place}[{index}]: "
                        f"'{resource_id}' is not for {place}"
                    )
        selections[category] = {place: tuple(ids) for place, ids in places.items()}
    young = parsed.young_person
    for field, ids in (("add", young.add), ("after", young.after)):
        for index, resource_id in enumerate(ids):
            if resource_id not in resources:
                raise ResourceError(
                    f"{path}: young_person.{field}[{index}]: unknown resource '{resource_id}'"
                )
            if field == "add" and not set(UK_NATIONS) <= set(resources[resource_id].nations):
                raise ResourceError(
                    f"{path}: young_person.add[{index}]: '{resource_id}' is not for the whole UK"
                )
    return ResourceBook(
        resources=resources,
        selections=selections,
        young_add=tuple(young.add),
        young_after=frozenset(young.after),
    )
