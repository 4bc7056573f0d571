from pathlib import Path

import numpy as np
import pytest

from lantern.nlp.sentence_encoder import (
    DIMENSIONS,
    TOKENIZER_PATH,
    EncoderFileError,
    SentenceEncoder,
    model_file,
)


@pytest.fixture(scope="module")
def encoder():
    return SentenceEncoder()


def test_each_text_becomes_one_unit_vector_in_its_own_row(encoder):
    texts = ["what is gaslighting", "hi", "he took my phone and locked the door"]
    vectors = encoder.encode(texts)
    assert vectors.shape == (3, DIMENSIONS) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    alone = encoder.encode([texts[2]])[0]  # batching and sorting by length keep rows in place
    assert np.allclose(vectors[2], alone, atol=1e-5)


def test_meaning_is_near_without_shared_words(encoder):
    wish, plan, question, pain = encoder.encode(
        ["i want to die", "im going to end my life tonight", "what is gaslighting",
         "my back is killing me"]
    )  # fmt: skip
    assert wish @ plan > wish @ question + 0.3
    assert wish @ plan > plan @ pain


@pytest.mark.parametrize(
    "text", ["", " ", "x" * 100_000, "k\u200bm\u200bs", "\x00\x07\x1b[31m", "لا أستطيع 🙂 не могу"]
)
def test_bad_input_still_gives_a_unit_vector(encoder, text):
    (vector,) = encoder.encode([text])
    assert np.isfinite(vector).all()
    assert np.linalg.norm(vector) == pytest.approx(1.0, abs=1e-5)


def test_no_texts_give_an_empty_array(encoder):
    assert encoder.encode([]).shape == (0, DIMENSIONS)


def test_an_altered_tokenizer_is_refused(tmp_path: Path):
    altered = tmp_path / "tokenizer.json"
    altered.write_bytes(
        TOKENIZER_PATH.read_bytes().replace(b'"lowercase":true', b'"lowercase":false')
    )
    with pytest.raises(EncoderFileError, match="sha256"):
        SentenceEncoder(tokenizer=altered)


def test_a_missing_model_is_an_error_not_a_fallback(tmp_path: Path):
    with pytest.raises(EncoderFileError, match="cannot be read"):
        SentenceEncoder(model=tmp_path / "model.onnx")
    assert model_file().name == "model.onnx" and model_file().is_file()
