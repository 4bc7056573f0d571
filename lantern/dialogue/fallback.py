"""What to do when NLU is unsure: answer from a strong search match, else ask, never guess.

The decision is framework-free: it takes the message text, the intent ranking NLU produced and
the passage index, and returns a typed decision that the Rasa action turns into a reply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from lantern.content import ContentLibrary, PassageIndex, SearchHit
from lantern.dialogue.payloads import topic_from_intent

# Thresholds were tuned on bench/data/dev_topics.yml (never on the held-out test set).
SEARCH_ANSWER_MIN = 0.40  # a search match this strong answers on its own ...
SEARCH_MARGIN = 0.05  # ... when it leads the next topic by at least this much
AGREE_INTENT_MIN = 0.20  # NLU's top topic at this confidence ...
AGREE_SEARCH_MIN = 0.20  # ... and search's top topic at this score, agreeing, answer that topic
CANDIDATE_INTENT_MIN = 0.05  # topics offered as buttons need at least this NLU confidence
CANDIDATE_SEARCH_MIN = 0.15  # or at least this search score


class FallbackKind(Enum):
    """The three things the bot can do when it is unsure."""

    ANSWER_TOPIC = "answer_topic"  # NLU and search agree on a topic: give its answer
    SEARCH_ANSWER = "search_answer"  # a strong passage match: answer from it, naming the topic
    CLARIFY = "clarify"  # offer the two likeliest topics as buttons
    GENTLE = "gentle"  # say kindly what the bot can help with


@dataclass(frozen=True)
class FallbackDecision:
    """What to do, and with which topic, passage or candidates."""

    kind: FallbackKind
    topic_id: str | None = None
    hit: SearchHit | None = None
    candidates: tuple[str, ...] = ()


def decide(
    text: str,
    ranking: Sequence[tuple[str, float]],
    index: PassageIndex,
    library: ContentLibrary,
    *,
    repeated: bool = False,
) -> FallbackDecision:
    """Decide how to answer an unsure message.

    Args:
        text: what the person wrote.
        ranking: NLU's intent ranking as (intent, confidence), best first.
        index: search over every content passage.
        library: the topics, to check ids.
        repeated: True when the bot already asked to clarify on the previous turn.
    """
    hits = index.rank_topics(text, limit=3)
    topic_ranking = [
        (topic_id, confidence)
        for intent, confidence in ranking
        if (topic_id := topic_from_intent(intent)) is not None and topic_id in library
    ]
    if hits and _strong(hits):
        return FallbackDecision(FallbackKind.SEARCH_ANSWER, hits[0].topic_id, hit=hits[0])
    if hits and topic_ranking:
        top_topic, top_confidence = topic_ranking[0]
        if (
            top_topic == hits[0].topic_id
            and top_confidence >= AGREE_INTENT_MIN
            and hits[0].score >= AGREE_SEARCH_MIN
        ):
            return FallbackDecision(FallbackKind.ANSWER_TOPIC, top_topic)
    if repeated:
        return FallbackDecision(FallbackKind.GENTLE)
    candidates: list[str] = []
    for topic_id, confidence in topic_ranking:
        if confidence >= CANDIDATE_INTENT_MIN and topic_id not in candidates:
            candidates.append(topic_id)
    for hit in hits:
        if hit.score >= CANDIDATE_SEARCH_MIN and hit.topic_id not in candidates:
            candidates.append(hit.topic_id)
    if not candidates:
        return FallbackDecision(FallbackKind.GENTLE)
    return FallbackDecision(FallbackKind.CLARIFY, candidates=tuple(candidates[:2]))


def _strong(hits: Sequence[SearchHit]) -> bool:
    best = hits[0].score
    runner_up = hits[1].score if len(hits) > 1 else 0.0
    return best >= SEARCH_ANSWER_MIN and best - runner_up >= SEARCH_MARGIN
