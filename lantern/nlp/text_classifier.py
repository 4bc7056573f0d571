"""A second intent classifier: TF-IDF word and character n-grams with a linear model.

Framework-free (scikit-learn only). On this project's short, typo-ridden messages a linear
model over TF-IDF features ranks topics better than DIET alone (development set, 2026-11-30:
109/109 top-1 against DIET's 103/109); `lantern.nlp.intent_ensemble` blends the two.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from sklearn.pipeline import Pipeline

_APOSTROPHES = re.compile("['’‘`]")
# What skops may rebuild when a saved model loads: scikit-learn, NumPy and SciPy types only.
_TRUSTED_PREFIXES = ("sklearn.", "numpy.", "scipy.", "builtins.")


def normalise(text: str) -> str:
    """Lower case, NFKC, apostrophes dropped ("don't" and "dont" are one word)."""
    return _APOSTROPHES.sub("", unicodedata.normalize("NFKC", text).lower())


@dataclass(frozen=True)
class Features:
    """What the linear model reads, and how strongly its weights are held back.

    Words (``word_ngrams``) and characters (``char_ngrams``); ``char_wb`` keeps character
    n-grams inside words, ``char`` lets them run across the space between two ("o sleep", "t
    wake") and so sees short phrases as well as word forms. ``alpha`` is the L2 penalty.
    ``sentence_weight`` above 0 adds the pretrained sentence encoder's vector
    (``lantern.nlp.sentence_encoder``), scaled by it, beside the n-grams (each n-gram block has
    length 1); 0 leaves the encoder out.

    Two models that read only the sentence vectors may be blended into the linear model's
    probabilities: a small neural network (``network_weight``) and the ``neighbours`` nearest
    examples by cosine distance (``neighbour_weight``). The linear model keeps the rest of the
    weight. Both at 0 (the default) leaves them out.
    """

    word_ngrams: tuple[int, int] = (1, 2)
    char_ngrams: tuple[int, int] = (2, 4)
    char_analyzer: str = "char_wb"
    alpha: float = 1e-5
    sentence_weight: float = 0.0
    network_weight: float = 0.0
    neighbour_weight: float = 0.0
    neighbours: int = 15

    def __post_init__(self) -> None:
        if self.char_analyzer not in ("char", "char_wb"):
            raise ValueError(f"char_analyzer is 'char' or 'char_wb', not {self.char_analyzer!r}")
        for name, (low, high) in (("word", self.word_ngrams), ("char", self.char_ngrams)):
            if not 1 <= low <= high:
                raise ValueError(f"{name}_ngrams must be 1 <= low <= high, not ({low}, {high})")
        if self.alpha <= 0:
            raise ValueError(f"alpha must be positive, not {self.alpha}")
        if not 0 <= self.sentence_weight <= 10:
            raise ValueError(f"sentence_weight must be 0 to 10, not {self.sentence_weight}")
        for name, weight in (("network", self.network_weight),
                             ("neighbour", self.neighbour_weight)):  # fmt: skip
            if not 0 <= weight < 1:
                raise ValueError(f"{name}_weight must be 0 to below 1, not {weight}")
        if self.network_weight + self.neighbour_weight >= 1:
            raise ValueError("network_weight and neighbour_weight must leave the linear model some")
        if self.neighbours < 1:
            raise ValueError(f"neighbours must be at least 1, not {self.neighbours}")

    @property
    def reads_vectors(self) -> bool:
        """Whether any model here reads the sentence encoder's vectors."""
        return self.sentence_weight > 0 or self.network_weight > 0 or self.neighbour_weight > 0


class Encoder(Protocol):
    """What turns texts into sentence vectors (``lantern.nlp.sentence_encoder.SentenceEncoder``)."""

    def encode(self, texts: list[str]) -> npt.NDArray[np.float32]:
        """One row of numbers for each text."""
        ...


@dataclass(frozen=True)
class RankedIntent:
    """One intent and the model's probability for it."""

    name: str
    confidence: float


class TextIntentModel:
    """Fit on (text, intent) pairs; rank the intents of a new text by probability.

    With ``Features.reads_vectors`` the models also read the sentence encoder's vector of each
    text (encoded once a text, shared by all of them); the encoder is then needed to fit and
    to rank, and the saved file names the encoder it was fitted with so that a different one
    is refused on loading.
    """

    def __init__(
        self,
        pipeline: Pipeline | None = None,
        *,
        seed: int = 7,
        features: Features = Features(),
        encoder: Encoder | None = None,
        sentence_weight: float | None = None,
        committee: Sequence[VectorModel] = (),
    ) -> None:
        self._pipeline = pipeline if pipeline is not None else _new_pipeline(seed, features)
        _weights_by_column(self._pipeline)
        self._sentence_weight = (
            features.sentence_weight if sentence_weight is None else sentence_weight
        )
        # Fitted (weight, model) pairs when loaded; unfitted ones from the features otherwise.
        self._committee = list(committee) or _new_committee(seed, features)
        if self._reads_vectors and encoder is None:
            from lantern.nlp.sentence_encoder import SentenceEncoder

            encoder = SentenceEncoder()
        self._encoder = encoder if self._reads_vectors else None

    @property
    def _reads_vectors(self) -> bool:
        return self._sentence_weight > 0 or bool(self._committee)

    @property
    def intents(self) -> list[str]:
        """The intents the model knows, in its own order (empty before fitting)."""
        classes = getattr(self._pipeline, "classes_", None)
        return [str(c) for c in classes] if classes is not None else []

    def fit(self, texts: Sequence[str], intents: Sequence[str]) -> TextIntentModel:
        """Learn from examples; at least two intents are needed."""
        if len(set(intents)) < 2:
            raise ValueError("a text classifier needs examples of at least two intents")
        vectors = self._vectors(texts)
        ngrams = self._pipeline.named_steps["features"].fit_transform([normalise(t) for t in texts])
        self._pipeline.named_steps["model"].fit(self._features(ngrams, vectors), list(intents))
        _weights_by_column(self._pipeline)
        for member in self._committee:
            member.model.fit(vectors, list(intents))
            if [str(c) for c in member.model.classes_] != self.intents:
                raise ValueError("a vector model ordered the intents differently")
        return self

    def rank(self, text: str) -> list[RankedIntent]:
        """Every intent with its probability, most likely first."""
        vectors = self._vectors([text])
        ngrams = self._pipeline.named_steps["features"].transform([normalise(text)])
        model = self._pipeline.named_steps["model"]
        probabilities = model.predict_proba(self._features(ngrams, vectors))[0]
        if self._committee:
            probabilities = probabilities * (1 - sum(m.weight for m in self._committee))
            for member in self._committee:
                probabilities += member.weight * member.model.predict_proba(vectors)[0]
        ranked = sorted(zip(self.intents, probabilities, strict=True), key=lambda p: -p[1])
        return [RankedIntent(name, float(p)) for name, p in ranked]

    def _vectors(self, texts: Sequence[str]) -> Any:
        """The sentence vectors of the texts, or None when no model reads them."""
        return self._encoder.encode(list(texts)) if self._encoder is not None else None

    def _features(self, ngrams: Any, vectors: Any) -> Any:
        """The n-grams, with the sentence vectors beside them when the linear model reads those."""
        if vectors is None or self._sentence_weight <= 0:
            return ngrams
        import scipy.sparse as sparse

        return sparse.hstack([ngrams, sparse.csr_matrix(vectors * self._sentence_weight)]).tocsr()

    def save(self, path: Path) -> None:
        """Write the fitted model with skops (no pickle)."""
        import skops.io as sio

        from lantern.nlp.sentence_encoder import ENCODER_ID

        encoder = ENCODER_ID if self._encoder is not None else ""
        committee = [
            {"weight": m.weight, "neighbours": m.model.state()}
            if isinstance(m.model, CosineNeighbours)
            else {"weight": m.weight, "model": m.model}
            for m in self._committee
        ]
        sio.dump(
            {"pipeline": self._pipeline, "sentence_weight": self._sentence_weight,
             "encoder": encoder, "committee": committee},
            path,
        )  # fmt: skip

    @classmethod
    def load(cls, path: Path, encoder: Encoder | None = None) -> TextIntentModel:
        """Read a model written by `save`; refuses types outside scikit-learn, NumPy, SciPy."""
        import skops.io as sio

        from lantern.nlp.sentence_encoder import ENCODER_ID

        untrusted = sio.get_untrusted_types(file=path)
        refused = [t for t in untrusted if not t.startswith(_TRUSTED_PREFIXES)]
        if refused:
            raise ValueError(f"{path}: refusing to load untrusted types {refused}")
        saved = sio.load(path, trusted=untrusted)
        if not isinstance(saved, dict):  # written before the sentence encoder existed
            return cls(saved)
        weight = float(saved["sentence_weight"])
        committee = [
            VectorModel(
                float(m["weight"]),
                CosineNeighbours.from_state(m["neighbours"]) if "neighbours" in m else m["model"],
            )
            for m in saved.get("committee", [])
        ]
        if (weight > 0 or committee) and saved["encoder"] != ENCODER_ID:
            raise ValueError(f"{path}: fitted with encoder {saved['encoder']!r}, not {ENCODER_ID}")
        return cls(saved["pipeline"], encoder=encoder, sentence_weight=weight, committee=committee)


@dataclass(frozen=True)
class VectorModel:
    """A classifier that reads only sentence vectors, and its share of the blended probability."""

    weight: float
    model: Any


def _new_committee(seed: int, features: Features) -> list[VectorModel]:
    """The unfitted vector models the features ask for (none by default)."""
    committee = []
    if features.network_weight > 0:
        from sklearn.neural_network import MLPClassifier

        # One hidden layer; a tenth of the examples held back to stop before it overfits.
        network = MLPClassifier(
            hidden_layer_sizes=(256,), alpha=1e-3, early_stopping=True, max_iter=200,
            random_state=seed,
        )  # fmt: skip
        committee.append(VectorModel(features.network_weight, network))
    if features.neighbour_weight > 0:
        committee.append(
            VectorModel(features.neighbour_weight, CosineNeighbours(features.neighbours))
        )
    return committee


class CosineNeighbours:
    """The labels of the k nearest examples by cosine distance, each weighted by 1 / distance.

    The same probabilities as scikit-learn's ``KNeighborsClassifier(metric="cosine",
    weights="distance", algorithm="brute")`` (a test holds it to that), which normalises every
    stored vector again on each call: 35 ms a message over ~28,000 examples, where one product
    with vectors normalised once takes about 1 ms. An example at no distance takes the whole
    vote, as there.
    """

    def __init__(self, k: int) -> None:
        self.k = k
        self.classes_: Any = None
        self._vectors: Any = None
        self._labels: Any = None

    def fit(self, vectors: Any, labels: Sequence[str]) -> CosineNeighbours:
        """Keep the examples' vectors, at unit length, and their labels."""
        import numpy as np

        self.classes_, self._labels = np.unique(np.asarray(labels), return_inverse=True)
        self._vectors = _unit_rows(np.asarray(vectors, dtype=np.float32))
        return self

    def predict_proba(self, vectors: Any) -> Any:
        """One row of label probabilities, in ``classes_`` order, for each vector."""
        import numpy as np

        distances = 1.0 - _unit_rows(np.asarray(vectors, dtype=np.float32)) @ self._vectors.T
        k = min(self.k, distances.shape[1])
        nearest = np.argpartition(distances, k - 1, axis=1)[:, :k]
        near = np.maximum(np.take_along_axis(distances, nearest, axis=1), 0.0)
        exact = near <= _SAME
        weights = np.where(exact.any(axis=1, keepdims=True), exact, 1.0 / np.maximum(near, _SAME))
        votes = np.zeros((len(distances), len(self.classes_)))
        for row in range(len(distances)):
            np.add.at(votes[row], self._labels[nearest[row]], weights[row])
        return votes / votes.sum(axis=1, keepdims=True)

    def state(self) -> dict[str, Any]:
        """Plain arrays and numbers, for skops."""
        return {"k": self.k, "classes": self.classes_, "vectors": self._vectors,
                "labels": self._labels}  # fmt: skip

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> CosineNeighbours:
        """The neighbours `state` gave."""
        neighbours = cls(int(state["k"]))
        neighbours.classes_ = state["classes"]
        neighbours._vectors, neighbours._labels = state["vectors"], state["labels"]
        return neighbours


# Cosine distances this small are the same text (float32 rounding leaves ~1e-7, not 0).
_SAME = 1e-6


def _unit_rows(vectors: Any) -> Any:
    import numpy as np

    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms > 0, norms, 1.0)


def _weights_by_column(pipeline: Pipeline) -> None:
    """Keep the linear model's weights column-major: the same numbers, ranked 2 to 4 ms faster.

    scikit-learn scores a text as ``X @ coef_.T``; SciPy copies a right-hand side that is not
    C-contiguous on every call, which for a row-major ``coef_`` is the whole weight matrix
    (52 intents x 58,000 features, or 3 tiers x 429,000). Measured 2026-12-03: the intent model
    5.3 -> 1.3 ms a message, the tier model 10.6 -> 8.7 ms, probabilities identical.
    """
    import numpy as np

    model = pipeline.named_steps["model"]
    if hasattr(model, "coef_"):
        model.coef_ = np.asfortranarray(model.coef_)


def _new_pipeline(seed: int, features: Features) -> Pipeline:
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import SGDClassifier
    from sklearn.pipeline import FeatureUnion, Pipeline

    union = FeatureUnion(
        [
            ("words", TfidfVectorizer(ngram_range=features.word_ngrams, sublinear_tf=True)),
            (
                "chars",
                TfidfVectorizer(
                    analyzer=features.char_analyzer,
                    ngram_range=features.char_ngrams,
                    sublinear_tf=True,
                ),
            ),
        ]
    )
    # Logistic loss gives probabilities; SGD fits in about a second where lbfgs took 40 s.
    model = SGDClassifier(
        loss="log_loss", alpha=features.alpha, max_iter=50, tol=1e-4, random_state=seed
    )
    return Pipeline([("features", union), ("model", model)])
