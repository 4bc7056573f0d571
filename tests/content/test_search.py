import pytest

from lantern.content import PassageIndex


@pytest.fixture(scope="module")
def index(library):
    return PassageIndex(library)


@pytest.mark.parametrize(
    ("query", "topic"),
    [
        # words from the housing content
        ("shelter housing advice about losing my home", "housing_help"),
        # words from the money content
        ("jobcentre work coach and debt after the relationship", "money_help"),
        # a researcher named in the trauma bond content
        ("what did patrick carnes say about trauma bonding", "trauma_bond"),
        # EMDR is only in the therapy content
        ("does emdr help", "therapy_options"),
    ],
)
def test_search_finds_the_topic_a_passage_belongs_to(index, query, topic):
    hits = index.search(query)
    assert hits[0].topic_id == topic


def test_blank_query_finds_nothing(index):
    assert index.search("   ") == []


def test_scores_are_ranked_and_bounded(index):
    hits = index.search("why do i feel addicted to him", limit=10)
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True)
    assert all(0 < s <= 1.0 + 1e-9 for s in scores)


def test_rank_topics_gives_each_topic_once(index):
    hits = index.rank_topics("i keep going back to him and i feel ashamed", limit=3)
    topics = [h.topic_id for h in hits]
    assert len(topics) == len(set(topics)) == 3


def test_search_never_raises_on_odd_text(index):
    for text in ["", "🙂🙂🙂", "x" * 5000, "<b>hi</b>", "¿Dónde estás?", "\x00\x1f"]:
        index.search(text)
