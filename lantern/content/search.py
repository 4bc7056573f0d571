"""Search over every content passage with scikit-learn TF-IDF (words and character n-grams).

Used when no intent covers a question: it says which topic a passage comes from, and how sure
it is, so the dialogue can answer from a strong match and never guess from a weak one.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy.sparse import spmatrix
from sklearn.feature_extraction.text import TfidfVectorizer

from lantern.content._library import ContentLibrary, Passage


@dataclass(frozen=True)
class SearchHit:
    """A passage that matched a query, with its cosine score in [0, 1]."""

    passage: Passage
    score: float

    @property
    def topic_id(self) -> str:
        """The topic the passage belongs to."""
        return self.passage.topic_id


class PassageIndex:
    """A TF-IDF index over every passage of a content library."""

    def __init__(self, library: ContentLibrary) -> None:
        self._passages = library.passages()
        if not self._passages:
            raise ValueError("the content library has no passages to index")
        texts = [f"{p.text} {library[p.topic_id].title}" for p in self._passages]
        self._words = TfidfVectorizer(
            lowercase=True, stop_words="english", ngram_range=(1, 2), sublinear_tf=True
        )
        self._chars = TfidfVectorizer(
            lowercase=True, analyzer="char_wb", ngram_range=(3, 5), sublinear_tf=True
        )
        self._word_matrix: spmatrix = self._words.fit_transform(texts)
        self._char_matrix: spmatrix = self._chars.fit_transform(texts)

    def _scores(self, query: str) -> npt.NDArray[np.float64]:
        words = (self._word_matrix @ self._words.transform([query]).T).toarray().ravel()
        chars = (self._char_matrix @ self._chars.transform([query]).T).toarray().ravel()
        scores: npt.NDArray[np.float64] = 0.5 * words + 0.5 * chars
        return scores

    def search(self, query: str, limit: int = 5) -> list[SearchHit]:
        """Return the best passages for ``query``, best first; empty for a blank query."""
        if not query.strip():
            return []
        scores = self._scores(query)
        order = np.argsort(-scores, kind="stable")[:limit]
        return [SearchHit(self._passages[i], float(scores[i])) for i in order if scores[i] > 0]

    def rank_topics(self, query: str, limit: int = 3) -> list[SearchHit]:
        """Return the best passage of each of the ``limit`` best topics, best first."""
        best: dict[str, SearchHit] = {}
        for hit in self.search(query, limit=len(self._passages)):
            if hit.topic_id not in best:
                best[hit.topic_id] = hit
            if len(best) == limit:
                break
        return list(best.values())
