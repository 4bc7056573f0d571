import pytest

from lantern.content import PassageIndex
from lantern.dialogue.fallback import FallbackKind, decide


@pytest.fixture(scope="module")
def index(library):
    return PassageIndex(library)


def test_nonsense_with_no_signal_gets_the_gentle_fallback(index, library):
    decision = decide("qwzx vbnm", [("nlu_fallback", 0.4), ("greet", 0.02)], index, library)
    assert decision.kind is FallbackKind.GENTLE


def test_unsure_nlu_offers_the_two_likeliest_topics(index, library):
    ranking = [("nlu_fallback", 0.45), ("topic_shame", 0.3), ("topic_not_your_fault", 0.25)]
    decision = decide("i feel bad about it all", ranking, index, library)
    assert decision.kind is FallbackKind.CLARIFY
    assert decision.candidates == ("shame", "not_your_fault")


def test_a_second_unsure_message_gets_the_gentle_fallback(index, library):
    ranking = [("nlu_fallback", 0.45), ("topic_shame", 0.3), ("topic_not_your_fault", 0.25)]
    decision = decide("i feel bad about it all", ranking, index, library, repeated=True)
    assert decision.kind is FallbackKind.GENTLE


def test_a_strong_passage_match_answers_from_search(index, library):
    topic = library["therapy_options"]
    decision = decide(topic.more[0], [("nlu_fallback", 0.4)], index, library)
    assert decision.kind is FallbackKind.SEARCH_ANSWER
    assert decision.topic_id == "therapy_options"
    assert decision.hit is not None


def test_unknown_intents_in_the_ranking_are_ignored(index, library):
    ranking = [("nlu_fallback", 0.4), ("topic_astrology", 0.5), ("greet", 0.1)]
    decision = decide("zzzz", ranking, index, library)
    assert decision.kind is FallbackKind.GENTLE
