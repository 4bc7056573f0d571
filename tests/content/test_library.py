import re
import shutil
from pathlib import Path

import pytest
import yaml

from lantern.content import ContentError, load_library
from lantern.content._model import BUTTON_MAX, PARAGRAPH_MAX, SUMMARY_MAX

CONTENT = Path(__file__).resolve().parents[2] / "content"
NLU_TOPICS = Path(__file__).resolve().parents[2] / "data" / "nlu" / "topics"


def catalogue_ids(shared_dir: Path) -> list[str]:
    rows = (shared_dir / "topics.md").read_text().splitlines()
    ids = [row.split("|")[1].strip() for row in rows if row.startswith("| ")]
    return [i for i in ids if re.fullmatch(r"[a-z_]+", i) and i != "id"]


def test_every_topic_in_the_catalogue_has_content(library, shared_dir):
    assert sorted(library.topics) == sorted(catalogue_ids(shared_dir))
    assert len(library) == 24


def test_catalogue_file_matches_the_shared_catalogue(shared_dir):
    ours = list(yaml.safe_load((CONTENT / "catalogue.yml").read_text())["topics"])
    assert ours == catalogue_ids(shared_dir)


def test_every_topic_has_at_least_25_nlu_examples(shared_dir):
    for topic_id in catalogue_ids(shared_dir):
        data = yaml.safe_load((NLU_TOPICS / f"{topic_id}.yml").read_text())
        (entry,) = data["nlu"]
        examples = [line for line in entry["examples"].splitlines() if line.startswith("- ")]
        assert entry["intent"] == f"topic_{topic_id}"
        assert len(examples) >= 25, topic_id


def test_every_topic_is_phone_sized_and_complete(library):
    for topic in library:
        assert len(topic.summary) <= SUMMARY_MAX
        assert all(len(p) <= PARAGRAPH_MAX for p in topic.more)
        assert len(topic.button) <= BUTTON_MAX
        assert topic.sources, topic.id
        assert topic.id not in topic.related


def _words(text: str) -> list[str]:
    return re.sub(r"[^a-z0-9 ]+", " ", text.lower().replace("’", "'").replace("'", "")).split()


def _shingles(words: list[str], size: int) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + size]) for i in range(len(words) - size + 1)}


def test_no_sentence_is_copied_from_the_source_articles(library, shared_dir):
    # Eight consecutive words shared with an article means a copied sentence, not a fact.
    article_shingles: set[tuple[str, ...]] = set()
    for article in (shared_dir / "articles").glob("*.txt"):
        article_shingles |= _shingles(_words(article.read_text()), 8)
    copied = {}
    for topic in library:
        text = " ".join([topic.summary, *topic.more, *topic.next_steps])
        overlap = _shingles(_words(text), 8) & article_shingles
        # The article's own caveat on the JobCentre grace period is kept on purpose.
        overlap = {s for s in overlap if "nationwide" not in s}
        if overlap:
            copied[topic.id] = sorted(" ".join(s) for s in overlap)
    assert copied == {}


def test_no_phone_number_outside_the_crisis_resources(library, shared_dir):
    known = re.sub(r"\s", "", (shared_dir / "crisis-resources.md").read_text())
    for topic in library:
        text = " ".join([topic.summary, *topic.more, *topic.next_steps])
        for number in re.findall(r"\b0\d{2,4}[\d ]{6,10}\d\b", text):
            assert re.sub(r"\s", "", number) in known, (topic.id, number)


@pytest.fixture
def content_copy(tmp_path):
    target = tmp_path / "content"
    shutil.copytree(CONTENT, target)
    return target


def _edit(path: Path, change) -> None:
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False))


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        # a required field removed
        (lambda d: d.pop("summary"), "summary", "field required"),
        # a first answer too long for a phone
        (lambda d: d.update(summary="x" * 601), "summary", "at most 600"),
        # a related topic that does not exist
        (lambda d: d.update(related=["gaslighting", "not_a_topic"]), "related[1]", "unknown"),
        # an id that is not in the catalogue
        (lambda d: d.update(id="not_a_topic"), "id", "does not match"),
        # a source key that sources.yml does not define
        (lambda d: d.update(sources=["wikipedia"]), "sources[0]", "unknown source"),
        # a paragraph of "tell me more" that is too long
        (lambda d: d["more"].append("y" * 701), "more[", "characters"),
        # a field nobody defined (a typo of next_steps)
        (lambda d: d.update(next_step=["x"]), "next_step", "extra fields"),
        # a wrongly typed field
        (lambda d: d.update(more="one paragraph"), "more", "list"),
    ],
)
def test_broken_topic_file_fails_loudly_naming_file_and_field(content_copy, change, field, words):
    path = content_copy / "topics" / "trauma_bond.yml"
    _edit(path, change)
    with pytest.raises(ContentError) as raised:
        load_library(content_copy)
    assert raised.value.path == str(path)
    assert raised.value.field is not None
    assert raised.value.field.startswith(field)
    assert words in str(raised.value)


def test_unknown_topic_file_fails_naming_the_id(content_copy):
    stray = content_copy / "topics" / "astrology.yml"
    shutil.copy(content_copy / "topics" / "shame.yml", stray)
    _edit(stray, lambda d: d.update(id="astrology"))
    with pytest.raises(ContentError, match=r"astrology\.yml: field 'id': unknown topic id"):
        load_library(content_copy)


def test_missing_topic_file_fails_naming_the_topic(content_copy):
    (content_copy / "topics" / "shame.yml").unlink()
    with pytest.raises(ContentError, match="no content file for topic ids: shame"):
        load_library(content_copy)


def test_invalid_yaml_fails_naming_the_file_and_line(content_copy):
    path = content_copy / "topics" / "shame.yml"
    path.write_text("id: shame\nsummary: [unclosed\n")
    with pytest.raises(ContentError, match=r"shame\.yml: is not valid YAML at line"):
        load_library(content_copy)


def test_missing_catalogue_fails_naming_it(content_copy):
    (content_copy / "catalogue.yml").unlink()
    with pytest.raises(ContentError, match=r"catalogue\.yml: the file is missing"):
        load_library(content_copy)
