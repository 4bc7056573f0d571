"""The held-out set: independent of training data, and the figure the README states."""

import re
from pathlib import Path

import pytest
import yaml

from lantern.evaluation import load_cases

ROOT = Path(__file__).resolve().parents[1]
HELDOUT = ROOT / "tests" / "data" / "heldout_topics.yml"
HELDOUT_RISK = ROOT / "tests" / "data" / "heldout_risk.yml"
RISK_CASES = ROOT / "tests" / "data" / "risk_cases.yml"
# Every development set of topics or risk still to be measured (tuning allowed, never training
# data). Risk development sets move to data/risk_tiers once read: the tier model learns from them.
DEV_SETS = sorted(
    p for p in (ROOT / "bench" / "data").glob("dev_*.yml") if not p.name.startswith("dev_pii")
)
TIER_MESSAGES = sorted((ROOT / "data" / "risk_tiers").glob("*.yml"))

# Regression floors, set just under the measured figures (README "Figures"; urgent recall and
# resources raised on 2026-12-02, eleventh session, when they were 78/80 and 127/130).
# They are NOT the issue targets (topic accuracy 0.95, urgent recall 0.97, resources shown
# 1.00, false escalation 0.05): raise these as the bot improves, never lower them to make a
# change pass.
TOPIC_ACCURACY_FLOOR = 0.94
URGENT_RECALL_FLOOR = 0.95
RESOURCES_FLOOR = 0.96
FALSE_ESCALATION_CEILING = 0.06


def case_texts(path):
    return [c["text"] for c in yaml.safe_load(path.read_text())["cases"]]


def normalise(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9 ]+", " ", text.lower()).split())


def intent_texts() -> set[str]:
    """Every intent example DIET and the intent model learn from."""
    texts = set()
    for path in (ROOT / "data" / "nlu").rglob("*.yml"):
        for entry in yaml.safe_load(path.read_text()).get("nlu", []):
            for line in entry.get("examples", "").splitlines():
                if line.startswith("- "):
                    texts.add(normalise(line[2:]))
    return texts


def training_texts() -> set[str]:
    """Every text a model learns from: intent examples and the tier model's labelled messages."""
    texts = intent_texts()
    for path in TIER_MESSAGES:
        texts |= {normalise(text) for text in case_texts(path)}
    return texts


def test_heldout_covers_every_topic_with_at_least_six_cases(library):
    cases = load_cases(HELDOUT, known_topics=set(library.topics))
    counts = {topic: 0 for topic in library.topics}
    for case in cases:
        counts[case.topic] += 1
    assert len(cases) >= 150
    assert min(counts.values()) >= 6


@pytest.mark.parametrize(
    "path",
    [HELDOUT, HELDOUT_RISK, RISK_CASES, *DEV_SETS],
    ids=lambda path: path.stem,
)
def test_no_evaluation_text_is_in_the_training_data(path):
    # The detector's labelled cases test patterns, which learn from nothing: only DIET's and
    # the intent model's examples must not hold them (some are also tier-model messages).
    trained = intent_texts() if path == RISK_CASES else training_texts()
    leaked = [text for text in case_texts(path) if normalise(text) in trained]
    assert leaked == []


def test_heldout_and_dev_sets_do_not_share_texts():
    tuning = {normalise(text) for path in (*DEV_SETS, RISK_CASES) for text in case_texts(path)}
    for heldout in (HELDOUT, HELDOUT_RISK):
        assert [t for t in case_texts(heldout) if normalise(t) in tuning] == []


@pytest.mark.bot
async def test_heldout_topic_accuracy_holds(bot, library):
    from lantern.evaluation import run_cases, summarise

    results = await run_cases(bot, load_cases(HELDOUT, known_topics=set(library.topics)))
    accuracy = summarise(results).topic_accuracy
    assert accuracy.value >= TOPIC_ACCURACY_FLOOR, str(accuracy)


@pytest.mark.bot
async def test_heldout_risk_figures_hold(bot, library):
    # Held-out risk cases, never tuned on. The targets are urgent recall >= 0.97,
    # resources shown 1.00 and false escalation <= 0.05; these floors guard the measured
    # figures (stated in the README) against regressions.
    from lantern.evaluation import run_cases, summarise

    summary = summarise(await run_cases(bot, load_cases(HELDOUT_RISK)))
    assert summary.urgent_recall.value >= URGENT_RECALL_FLOOR, str(summary.urgent_recall)
    assert summary.resources_shown.value >= RESOURCES_FLOOR, str(summary.resources_shown)
    assert summary.false_escalation.value <= FALSE_ESCALATION_CEILING, str(summary.false_escalation)


def test_no_training_text_holds_a_value_the_canary_seeds():
    # The canary (tests/test_canary.py) searches the models for its seeded values: a training
    # text holding one ("the queue at <a shop it seeds>") would fail it only after training.
    from tests.test_canary import SEEDED

    seeded = [value.lower() for value in SEEDED]
    texts = [text.lower() for path in TIER_MESSAGES for text in case_texts(path)]
    for path in (ROOT / "data" / "nlu").rglob("*.yml"):
        texts.append(path.read_text(encoding="utf-8").lower())
    assert [v for v in seeded if any(v in text for text in texts)] == []
