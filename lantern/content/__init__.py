"""The curated content library: topics loaded from ``content/``, validated, and searched."""

from lantern.content._errors import ContentError
from lantern.content._library import ContentLibrary, Passage, load_library
from lantern.content._model import Source, Topic
from lantern.content.search import PassageIndex, SearchHit

__all__ = [
    "ContentError",
    "ContentLibrary",
    "Passage",
    "PassageIndex",
    "SearchHit",
    "Source",
    "Topic",
    "load_library",
]
