from pathlib import Path

import pytest

from lantern.nlp.text_classifier import CosineNeighbours, Features, TextIntentModel, normalise

TEXTS = {
    "greet": ["hi", "hello there", "hiya", "good evening", "hey lantern", "morning"],
    "topic_gaslighting": [
        "he says i imagined it",
        "she tells me it never happened",
        "am i going crazy",
        "he twists everything i remember",
        "they deny saying things i heard",
        "is it gaslighting when he says im too sensitive",
    ],
    "topic_money_help": [
        "he takes all my wages",
        "i have no money of my own",
        "can i get benefits if i leave",
        "she controls the bank account",
        "who can help with debt he left me",
        "how do i open my own bank account",
    ],
}


def training_pairs():
    return zip(*[(text, intent) for intent, texts in TEXTS.items() for text in texts], strict=True)


@pytest.fixture(scope="module")
def model():
    texts, intents = training_pairs()
    return TextIntentModel().fit(texts, intents)


def test_it_ranks_every_intent_most_likely_first(model):
    ranking = model.rank("why does he keep saying im imagining things")
    assert ranking[0].name == "topic_gaslighting"
    assert {r.name for r in ranking} == set(TEXTS)
    assert sum(r.confidence for r in ranking) == pytest.approx(1.0)
    assert [r.confidence for r in ranking] == sorted((r.confidence for r in ranking), reverse=True)


def test_typos_and_apostrophes_do_not_matter(model):
    assert model.rank("he tak's al my wagez")[0].name == "topic_money_help"
    assert normalise("Don’t") == normalise("dont") == "dont"


def test_a_saved_model_loads_and_ranks_the_same(model, tmp_path: Path):
    path = tmp_path / "model.skops"
    model.save(path)
    loaded = TextIntentModel.load(path)
    assert loaded.rank("hello") == model.rank("hello")


def test_one_intent_is_not_enough():
    with pytest.raises(ValueError, match="at least two intents"):
        TextIntentModel().fit(["hi", "hello"], ["greet", "greet"])


def test_a_file_with_foreign_types_is_refused(tmp_path: Path):
    import skops.io as sio

    path = tmp_path / "model.skops"
    sio.dump({"x": Path("/etc")}, path)
    with pytest.raises(ValueError, match="untrusted"):
        TextIntentModel.load(path)


def test_character_n_grams_may_cross_words(tmp_path: Path):
    model = TextIntentModel(features=Features(char_ngrams=(3, 6), char_analyzer="char", alpha=3e-6))
    texts, intents = training_pairs()
    model.fit(texts, intents)
    assert model.rank("am i going crazy or not")[0].name == "topic_gaslighting"
    path = tmp_path / "model.skops"
    model.save(path)
    assert TextIntentModel.load(path).rank("hiya") == model.rank("hiya")


@pytest.mark.parametrize(
    "bad",
    [
        {"char_analyzer": "word"},
        {"char_ngrams": (4, 2)},
        {"word_ngrams": (0, 2)},
        {"alpha": 0.0},
        {"sentence_weight": -1.0},
        {"network_weight": 1.0},
        {"neighbour_weight": -0.1},
        {"network_weight": 0.5, "neighbour_weight": 0.5},
        {"neighbours": 0},
    ],
)
def test_features_are_validated(bad):
    with pytest.raises(ValueError):
        Features(**bad)


def test_sentence_vectors_join_the_n_grams_and_survive_a_round_trip(tmp_path: Path):
    model = TextIntentModel(features=Features(sentence_weight=0.5))
    texts, intents = training_pairs()
    model.fit(texts, intents)
    assert model.rank("he says i imagined it all")[0].name == "topic_gaslighting"
    path = tmp_path / "model.skops"
    model.save(path)
    loaded = TextIntentModel.load(path)
    for text in ("hiya", "my money is gone", ""):
        assert [r.name for r in loaded.rank(text)] == [r.name for r in model.rank(text)]
        assert [r.confidence for r in loaded.rank(text)] == pytest.approx(
            [r.confidence for r in model.rank(text)], abs=1e-6
        )


@pytest.mark.parametrize(
    "features",
    [Features(sentence_weight=0.5), Features(neighbour_weight=0.5, neighbours=2)],
    ids=["linear model reads vectors", "vector models alone"],
)
def test_a_model_fitted_with_another_encoder_is_refused(features, tmp_path: Path):
    import skops.io as sio

    model = TextIntentModel(features=features)
    texts, intents = training_pairs()
    model.fit(texts, intents)
    assert model._encoder is not None
    path = tmp_path / "model.skops"
    model.save(path)
    saved = sio.load(path, trusted=sio.get_untrusted_types(file=path))
    assert saved["sentence_weight"] == features.sentence_weight
    sio.dump({**saved, "encoder": "some-other-encoder"}, path)
    with pytest.raises(ValueError, match="fitted with encoder"):
        TextIntentModel.load(path)


def test_a_model_saved_before_the_encoder_existed_still_loads(model, tmp_path: Path):
    import skops.io as sio

    path = tmp_path / "model.skops"
    sio.dump(model._pipeline, path)
    assert TextIntentModel.load(path).rank("hello") == model.rank("hello")


def test_weights_are_kept_column_major_after_fitting_and_loading(model, tmp_path: Path):
    # Scoring multiplies by coef_.T; column-major weights spare SciPy a copy on every message.
    assert model._pipeline.named_steps["model"].coef_.flags["F_CONTIGUOUS"]
    path = tmp_path / "model.skops"
    model.save(path)
    loaded = TextIntentModel.load(path)
    assert loaded._pipeline.named_steps["model"].coef_.flags["F_CONTIGUOUS"]
    assert loaded.rank("he takes my wages") == model.rank("he takes my wages")


COMMITTEE = Features(sentence_weight=0.5, network_weight=0.2, neighbour_weight=0.25, neighbours=3)


@pytest.fixture(scope="module")
def committee_model():
    texts, intents = training_pairs()
    return TextIntentModel(features=COMMITTEE).fit(texts, intents)


def test_vector_models_are_blended_into_the_linear_models_probabilities(committee_model):
    texts, intents = training_pairs()
    linear = TextIntentModel(features=Features(sentence_weight=0.5)).fit(texts, intents)
    network, neighbours = (m.model for m in committee_model._committee)
    text = "he keeps telling me i imagined it"
    vectors = committee_model._encoder.encode([text])
    expected = {
        name: 0.55 * linear_p + 0.2 * network_p + 0.25 * neighbours_p
        for name, linear_p, network_p, neighbours_p in zip(
            linear.intents,
            [dict((r.name, r.confidence) for r in linear.rank(text))[n] for n in linear.intents],
            network.predict_proba(vectors)[0],
            neighbours.predict_proba(vectors)[0],
            strict=True,
        )
    }
    ranking = committee_model.rank(text)
    assert {r.name: r.confidence for r in ranking} == pytest.approx(expected)
    assert ranking[0].name == "topic_gaslighting"
    assert sum(r.confidence for r in ranking) == pytest.approx(1.0)


def test_a_text_met_in_training_gets_its_neighbours_full_vote(committee_model):
    _network, neighbours = (m.model for m in committee_model._committee)
    vectors = committee_model._encoder.encode(["she controls the bank account"])
    votes = dict(zip(neighbours.classes_, neighbours.predict_proba(vectors)[0], strict=True))
    assert votes["topic_money_help"] == pytest.approx(1.0)


def test_the_vector_models_survive_a_round_trip(committee_model, tmp_path: Path):
    path = tmp_path / "model.skops"
    committee_model.save(path)
    loaded = TextIntentModel.load(path)
    assert [m.weight for m in loaded._committee] == [0.2, 0.25]
    for text in ("hiya", "my money is gone", "he says i imagined it all"):
        assert [r.confidence for r in loaded.rank(text)] == pytest.approx(
            [r.confidence for r in committee_model.rank(text)], abs=1e-6
        )


def test_cosine_neighbours_give_scikit_learns_probabilities():
    import numpy as np
    from sklearn.neighbors import KNeighborsClassifier

    rng = np.random.default_rng(3)
    vectors = rng.normal(size=(300, 16)).astype(np.float32)
    labels = rng.choice(["urgent", "check_in", "none"], size=300)
    queries = np.vstack([rng.normal(size=(40, 16)).astype(np.float32), vectors[:5] * 2.0])
    ours = CosineNeighbours(7).fit(vectors, labels)
    theirs = KNeighborsClassifier(
        n_neighbors=7, metric="cosine", weights="distance", algorithm="brute"
    ).fit(vectors, labels)
    assert list(ours.classes_) == list(theirs.classes_)
    assert ours.predict_proba(queries) == pytest.approx(theirs.predict_proba(queries), abs=1e-4)
    # A stored example met again (at any length) takes the whole vote.
    assert ours.predict_proba(vectors[:5] * 2.0).max(axis=1) == pytest.approx(1.0)
