import pytest
from rasa.engine.graph import ExecutionContext
from rasa.engine.storage.local_model_storage import LocalModelStorage
from rasa.engine.storage.resource import Resource
from rasa.shared.nlu.training_data.message import Message
from rasa.shared.nlu.training_data.training_data import TrainingData

from lantern.nlp.risk_flagger import RiskFlagger
from lantern.nlp.risk_tier import TIER_RANKING_KEY, RiskTierClassifier, features_from

URGENT = ["ive drunk bleach", "rope is up in the garage", "wrists done bathroom floor"]
CHECK_IN = ["cba with life", "waiting for something to take me", "whats the point of me"]
NONE = ["what is gaslighting", "my back is killing me lol", "how do orders work"]


def labelled(folder):
    lines = ["cases:"]
    for tier, texts in (("urgent", URGENT), ("check_in", CHECK_IN)):
        lines += [f'  - text: "{t} now"\n    expect: {{risk: {tier}}}' for t in texts]
    folder.mkdir()
    (folder / "set.yml").write_text("\n".join(lines) + "\n")
    return folder


def trained(tmp_path, **settings):
    config = {**RiskTierClassifier.get_default_config(), "labelled_messages": str(
        labelled(tmp_path / "tiers")), **settings}  # fmt: skip
    (tmp_path / "model").mkdir()
    storage = LocalModelStorage(tmp_path / "model")
    resource = Resource("risk_tier")
    context = ExecutionContext(graph_schema=None, node_name="risk_tier")  # type: ignore[arg-type]
    examples = [Message(data={"text": t, "intent": "risk_suicide"}) for t in URGENT]
    examples += [Message(data={"text": t, "intent": "topic_gaslighting"}) for t in NONE]
    RiskTierClassifier.create(config, storage, resource, context).train(TrainingData(examples))
    return RiskTierClassifier.load(config, storage, resource, context)


def test_it_ranks_the_three_tiers_after_a_round_trip_through_the_model_archive(tmp_path):
    component = trained(tmp_path)
    (message,) = component.process([Message(data={"text": "ive drunk bleach now"})])
    ranking = message.get(TIER_RANKING_KEY)
    assert {r["name"] for r in ranking} == {"urgent", "check_in", "none"}
    assert sum(r["confidence"] for r in ranking) == pytest.approx(1.0)
    assert ranking[0]["name"] == "urgent"


def test_the_flagger_escalates_on_its_ranking(tmp_path, detector):
    component = trained(tmp_path)
    (message,) = component.process([Message(data={"text": "wrists done bathroom floor now"})])
    message.set("intent", {"name": "greet", "confidence": 0.9})
    message.set("entities", [])
    config = {**RiskFlagger.get_default_config(), "tier_check_in_min": 0.3,
              "tier_urgent_min": 0.4}  # fmt: skip
    (flagged,) = RiskFlagger(config, detector).process([message])
    assert flagged.get("risk")["paths"] == ["tier_model"]
    assert flagged.get("intent")["name"] in {"risk_urgent", "risk_check_in"}


def test_a_failing_model_leaves_no_ranking(tmp_path, monkeypatch):
    component = trained(tmp_path)

    def broken(text):
        raise RuntimeError("boom")

    monkeypatch.setattr(component._model, "rank", broken)
    (message,) = component.process([Message(data={"text": "ive drunk bleach now"})])
    assert message.get(TIER_RANKING_KEY) is None


def test_its_features_come_from_the_configuration():
    config = {**RiskTierClassifier.get_default_config(), "char_ngrams": [3, 6],
              "char_analyzer": "char", "alpha": 3e-6}  # fmt: skip
    features = features_from(config)
    assert (features.char_ngrams, features.char_analyzer, features.alpha) == ((3, 6), "char", 3e-6)
    with pytest.raises(ValueError, match="char_analyzer"):
        features_from({**config, "char_analyzer": "chars"})


def test_with_the_sentence_encoder_it_still_ranks_after_a_round_trip(tmp_path):
    component = trained(tmp_path, sentence_weight=0.7)
    (message,) = component.process([Message(data={"text": "ive drunk bleach now"})])
    assert message.get(TIER_RANKING_KEY)[0]["name"] == "urgent"
    assert features_from({**RiskTierClassifier.get_default_config(),
                          "sentence_weight": 0.7}).sentence_weight == 0.7  # fmt: skip


def test_with_the_vector_models_it_still_ranks_after_a_round_trip(tmp_path):
    component = trained(tmp_path, sentence_weight=0.7, network_weight=0.15,
                        neighbour_weight=0.15, neighbours=3)  # fmt: skip
    assert [m.weight for m in component._model._committee] == [0.15, 0.15]
    (message,) = component.process([Message(data={"text": "ive drunk bleach now"})])
    ranking = message.get(TIER_RANKING_KEY)
    assert ranking[0]["name"] == "urgent"
    assert sum(r["confidence"] for r in ranking) == pytest.approx(1.0)
    features = features_from({**RiskTierClassifier.get_default_config(), "network_weight": 0.15,
                              "neighbour_weight": 0.2, "neighbours": 9})  # fmt: skip
    assert (features.network_weight, features.neighbour_weight, features.neighbours) == (
        0.15, 0.2, 9,
    )  # fmt: skip
