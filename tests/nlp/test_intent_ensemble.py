import pytest
from rasa.engine.graph import ExecutionContext
from rasa.engine.storage.local_model_storage import LocalModelStorage
from rasa.engine.storage.resource import Resource
from rasa.shared.nlu.training_data.message import Message
from rasa.shared.nlu.training_data.training_data import TrainingData

from lantern.nlp.intent_ensemble import DIET_RANKING_KEY, IntentEnsemble
from lantern.nlp.risk_flagger import RiskFlagger

from .test_text_classifier import TEXTS

CONFIG = IntentEnsemble.get_default_config()


def training_data():
    return TrainingData(
        [
            Message(data={"text": text, "intent": intent})
            for intent, texts in TEXTS.items()
            for text in texts
        ]
    )


def trained(tmp_path, config=CONFIG):
    storage = LocalModelStorage(tmp_path)
    resource = Resource("intent_ensemble")
    context = ExecutionContext(graph_schema=None, node_name="intent_ensemble")  # type: ignore[arg-type]
    IntentEnsemble.create(config, storage, resource, context).train(training_data())
    return IntentEnsemble.load(config, storage, resource, context)


def diet_message(text, ranking):
    msg = Message(data={"text": text})
    msg.set("intent", dict(ranking[0]))
    msg.set("intent_ranking", [dict(r) for r in ranking])
    return msg


def test_the_blend_is_weighted_and_diet_ranking_is_kept(tmp_path):
    component = trained(tmp_path)
    diet = [{"name": "topic_money_help", "confidence": 0.6}, {"name": "greet", "confidence": 0.4}]
    (msg,) = component.process([diet_message("he says i imagined it all", diet)])
    ranking = msg.get("intent_ranking")
    assert msg.get("intent") == ranking[0]
    assert ranking[0]["name"] == "topic_gaslighting"
    assert sum(r["confidence"] for r in ranking) == pytest.approx(1.0)
    assert msg.get(DIET_RANKING_KEY) == diet


def test_weight_zero_is_diet_alone(tmp_path):
    component = trained(tmp_path, {**CONFIG, "weight": 0.0})
    diet = [{"name": "topic_money_help", "confidence": 0.7}, {"name": "greet", "confidence": 0.3}]
    (msg,) = component.process([diet_message("he says i imagined it all", diet)])
    assert msg.get("intent")["name"] == "topic_money_help"
    assert msg.get("intent")["confidence"] == pytest.approx(0.7)


def test_the_risk_flagger_reads_diet_as_well_as_the_blend(tmp_path, detector):
    # DIET alone was sure of a risk intent; the blend is not: DIET's own confidence escalates.
    component = trained(tmp_path)
    diet = [{"name": "risk_suicide", "confidence": 0.99}, {"name": "greet", "confidence": 0.01}]
    (msg,) = component.process([diet_message("everything feels pointless lately", diet)])
    msg.set("entities", [])
    assert msg.get("intent")["name"] != "risk_suicide" or msg.get("intent")["confidence"] < 0.9
    config = {**RiskFlagger.get_default_config(), "diet_check_in_min": 0.75, "diet_urgent_min": 0.9}
    flagger = RiskFlagger(config, detector)
    (flagged,) = flagger.process([msg])
    assert flagged.get("risk")["diet"] == {"intent": "risk_suicide", "confidence": 0.99}
    assert flagged.get("risk")["tier"] == "urgent"
