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
    """

    word_ngrams: tuple[int, int] = (1, 2)
    char_ngrams: tuple[int, int] = (2, 4)
    char_analyzer: str = "char_wb"
    alpha: float = 1e-5
    sentence_weight: float = 0.0

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

    With ``Features.sentence_weight`` above 0 the linear model also reads the sentence encoder's
    vector of each text; the encoder is then needed to fit and to rank, and the saved file
    names the encoder it was fitted with so that a different one is refused on loading.
    """

    def __init__(
        self,
        pipeline: Pipeline | None = None,
        *,
        seed: int = 7,
        features: Features = Features(),
        encoder: Encoder | None = None,
        sentence_weight: float | None = None,
    ) -> None:
        self._pipeline = pipeline if pipeline is not None else _new_pipeline(seed, features)
        _weights_by_column(self._pipeline)
        self._sentence_weight = (
            features.sentence_weight if sentence_weight is None else sentence_weight
        )
        if self._sentence_weight > 0 and encoder is None:
            from lantern.nlp.sentence_encoder import SentenceEncoder

            encoder = SentenceEncoder()
        self._encoder = encoder if self._sentence_weight > 0 else None

    @property
    def intents(self) -> list[str]:
        """The intents the model knows, in its own order (empty before fitting)."""
        classes = getattr(self._pipeline, "classes_", None)
        return [str(c) for c in classes] if classes is not None else []

    def fit(self, texts: Sequence[str], intents: Sequence[str]) -> TextIntentModel:
        """Learn from examples; at least two intents are needed."""
        if len(set(intents)) < 2:
            raise ValueError("a text classifier needs examples of at least two intents")
        ngrams = self._pipeline.named_steps["features"].fit_transform([normalise(t) for t in texts])
        self._pipeline.named_steps["model"].fit(self._features(ngrams, texts), list(intents))
        _weights_by_column(self._pipeline)
        return self

    def rank(self, text: str) -> list[RankedIntent]:
        """Every intent with its probability, most likely first."""
        ngrams = self._pipeline.named_steps["features"].transform([normalise(text)])
        model = self._pipeline.named_steps["model"]
        probabilities = model.predict_proba(self._features(ngrams, [text]))[0]
        ranked = sorted(zip(self.intents, probabilities, strict=True), key=lambda p: -p[1])
        return [RankedIntent(name, float(p)) for name, p in ranked]

    def _features(self, ngrams: Any, texts: Sequence[str]) -> Any:
        """The n-grams, with the sentence vectors beside them when the model reads those."""
        if self._encoder is None:
            return ngrams
        import scipy.sparse as sparse

        vectors = self._encoder.encode(list(texts)) * self._sentence_weight
        return sparse.hstack([ngrams, sparse.csr_matrix(vectors)]).tocsr()

    def save(self, path: Path) -> None:
        """Write the fitted model with skops (no pickle)."""
        import skops.io as sio

        from lantern.nlp.sentence_encoder import ENCODER_ID

        encoder = ENCODER_ID if self._encoder is not None else ""
        sio.dump(
            {"pipeline": self._pipeline, "sentence_weight": self._sentence_weight,
             "encoder": encoder},
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
        if weight > 0 and saved["encoder"] != ENCODER_ID:
            raise ValueError(f"{path}: fitted with encoder {saved['encoder']!r}, not {ENCODER_ID}")
        return cls(saved["pipeline"], encoder=encoder, sentence_weight=weight)


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
