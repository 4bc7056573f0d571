"""Cross-validate the risk tier model by writer, with the whole risk decision simulated.

A benchmark for staff changing the tier model's features or the risk flagger's thresholds,
not a test. It prints counts only, never a message's text.

1. Loads the trained bot once and runs every labelled message of ``data/risk_tiers``, and the
   topic development questions (as safe messages), through NLU up to the tier model (Rasa's
   graph runner with that node as its target), so the flagger's inputs are the bot's own.
2. Fits the tier model in k folds grouped by file. Each file was written by one helper, so
   every message is scored by a model that saw nothing its writer wrote; the intent examples
   are always in. Files given with ``--always-in`` are fitted on in every fold and never
   scored: new sets' effect on the figures of all the others. The topic questions are scored
   by a model fitted on everything.
3. Puts each message's out-of-fold tier ranking in place of the trained one and decides again
   with the flagger's own code (``RiskFlagger.decide``), at config.yml's thresholds or those
   given with ``--set``; ``--grid`` tries several values of one threshold.

The detector's patterns were written from many of these sets, so its path is in-sample here:
compare settings with each other, not with the figures of sets nobody has read.

    .venv/bin/python bench/tier_cv.py
    .venv/bin/python bench/tier_cv.py --char-ngrams 2 4 --char-analyzer char_wb --alpha 1e-5 \\
        --set tier_check_in_min=0.7 --grid nlu_alone_tier_min=0.1,0.2,0.3
    .venv/bin/python bench/tier_cv.py --always-in data/risk_tiers/dev_risk_g?.yml
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TOPIC_SETS = ("dev_topics.yml", "dev_topics_b.yml", "dev_topics_c.yml")


@dataclass
class Labelled:
    """One message: its file (the fold group), its tier label, and NLU's output on it."""

    group: str
    tier: str
    text: str
    message: Any = None


def _component_config(name: str, defaults: dict[str, Any]) -> dict[str, Any]:
    """A pipeline component's configuration in config.yml over its defaults."""
    import yaml

    pipeline = yaml.safe_load((ROOT / "config.yml").read_text())["pipeline"]
    entry = next(c for c in pipeline if c["name"] == name)
    return {**defaults, **{k: v for k, v in entry.items() if k != "name"}}


def _labelled(folder: Path) -> list[Labelled]:
    from lantern.nlp.tier_examples import labelled_by_file

    return [Labelled(name, tier.value, text) for name, text, tier in labelled_by_file(folder)]


def _topic_questions() -> list[Labelled]:
    from lantern.evaluation import load_cases

    return [
        Labelled(name, "none", case.text)
        for name in TOPIC_SETS
        for case in load_cases(ROOT / "bench" / "data" / name)
    ]


def _run_to_tier_model(items: list[Labelled]) -> None:
    """Set each item's message to NLU's output at the tier model (the flagger's input)."""
    from rasa.core.channels.channel import UserMessage
    from rasa.engine.constants import PLACEHOLDER_MESSAGE

    from lantern.nlp.risk_tier import RiskTierClassifier
    from lantern.runtime import load_agent
    from lantern.training import ensure_model

    agent = load_agent(ensure_model(), "http://127.0.0.1:9")  # no custom action runs here
    processor = agent.processor
    assert processor is not None
    nodes = processor.model_metadata.predict_schema.nodes
    target = next(name for name, node in nodes.items() if node.uses is RiskTierClassifier)
    for item in items:
        results = processor.graph_runner.run(
            inputs={PLACEHOLDER_MESSAGE: [UserMessage(item.text)]}, targets=[target]
        )
        item.message = results[target][0]


def _intent_examples() -> list[tuple[str, str]]:
    from rasa.shared.importers.importer import TrainingDataImporter

    importer = TrainingDataImporter.load_from_config(
        str(ROOT / "config.yml"), str(ROOT / "domain"), [str(ROOT / "data")]
    )
    return [
        (m.get("text"), m.get("intent"))
        for m in importer.get_nlu_data().intent_examples
        if m.get("text") and m.get("intent")
    ]


class _EncodedOnce:
    """The sentence encoder, remembering each text's vector: every fold refits on the same texts."""

    def __init__(self) -> None:
        import os

        from lantern.nlp.sentence_encoder import SentenceEncoder

        self._encoder = SentenceEncoder(threads=os.cpu_count() or 1)
        self._vectors: dict[str, Any] = {}

    def encode(self, texts: list[str]) -> Any:
        import numpy as np

        new = sorted({t for t in texts if t not in self._vectors})
        if new:
            self._vectors.update(zip(new, self._encoder.encode(new), strict=True))
        return np.stack([self._vectors[t] for t in texts])


def _always_in(paths: list[Path], folder: Path) -> list[Labelled]:
    """The labelled messages of files fitted on in every fold and never scored."""
    from lantern.evaluation import load_cases

    for path in paths:
        if not path.is_file():
            raise SystemExit(f"--always-in: no such file {path}")
    names = [p.name for p in paths]
    in_folder = {p.name for p in folder.glob("*.yml")}
    if len(set(names)) < len(names) or any(
        p.name in in_folder and p.resolve().parent != folder.resolve() for p in paths
    ):
        raise SystemExit("--always-in: two files share a name (groups are file names)")
    return [Labelled(p.name, c.risk, c.text) for p in paths for c in load_cases(p) if c.risk]


def _out_of_fold(
    items: list[Labelled],
    others: list[Labelled],
    features: Any,
    seed: int,
    folds: int,
    always: list[Labelled],
) -> tuple[list[list[dict[str, Any]]], list[list[dict[str, Any]]]]:
    """Tier rankings: out of fold for ``items``, from a model fitted on all for ``others``.

    The ``always`` messages are fitted on in every fold, beside the intent examples.
    """
    from sklearn.model_selection import GroupKFold

    from lantern.nlp.text_classifier import TextIntentModel
    from lantern.nlp.tier_examples import tier_examples

    base_texts, base_tiers = tier_examples(_intent_examples(), None)
    base_texts += [a.text for a in always]
    base_tiers += [a.tier for a in always]
    encoder = _EncodedOnce() if features.reads_vectors else None

    def fitted(rows: list[Labelled]) -> TextIntentModel:
        return TextIntentModel(seed=seed, features=features, encoder=encoder).fit(
            base_texts + [r.text for r in rows], base_tiers + [r.tier for r in rows]
        )

    def ranking(model: TextIntentModel, text: str) -> list[dict[str, Any]]:
        return [{"name": r.name, "confidence": r.confidence} for r in model.rank(text)]

    scored: list[list[dict[str, Any]]] = [[] for _ in items]
    groups = [item.group for item in items]
    for train, test in GroupKFold(folds).split(items, groups=groups):
        model = fitted([items[i] for i in train])
        for i in test:
            scored[i] = ranking(model, items[i].text)
    everything = fitted(items)
    return scored, [ranking(everything, other.text) for other in others]


def _tally(
    flagger: Any, items: list[Labelled], rankings: list[list[dict[str, Any]]]
) -> dict[str, int]:
    from lantern.nlp.risk_tier import TIER_RANKING_KEY
    from lantern.safety import Tier

    counts = dict.fromkeys(("urgent", "urgent_n", "risky", "risky_n", "safe", "safe_n"), 0)
    for item, ranked in zip(items, rankings, strict=True):
        message = copy.copy(item.message)
        message.data = {**item.message.data, TIER_RANKING_KEY: ranked}
        tier = flagger.decide(message).tier
        if item.tier == "urgent":
            counts["urgent_n"] += 1
            counts["urgent"] += tier is Tier.URGENT
        if item.tier in ("urgent", "check_in"):
            counts["risky_n"] += 1
            counts["risky"] += tier > Tier.NONE
        else:
            counts["safe_n"] += 1
            counts["safe"] += tier > Tier.NONE
    return counts


def main() -> int:
    from lantern.nlp.risk_flagger import RiskFlagger
    from lantern.nlp.risk_tier import RiskTierClassifier, features_from
    from lantern.safety import RiskDetector

    tier_config = _component_config(
        "lantern.nlp.risk_tier.RiskTierClassifier", RiskTierClassifier.get_default_config()
    )
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folds", type=int, default=8)
    parser.add_argument("--word-ngrams", type=int, nargs=2, default=tier_config["word_ngrams"])
    parser.add_argument("--char-ngrams", type=int, nargs=2, default=tier_config["char_ngrams"])
    parser.add_argument("--char-analyzer", default=tier_config["char_analyzer"])
    parser.add_argument("--alpha", type=float, default=tier_config["alpha"])
    parser.add_argument(
        "--sentence-weight", type=float, default=tier_config["sentence_weight"],
        help="the sentence encoder's weight beside the n-grams (0: left out)",
    )  # fmt: skip
    parser.add_argument(
        "--network-weight", type=float, default=tier_config["network_weight"],
        help="share of a neural network on the sentence vectors in the tier probabilities",
    )  # fmt: skip
    parser.add_argument(
        "--neighbour-weight", type=float, default=tier_config["neighbour_weight"],
        help="share of the nearest examples' tiers (by sentence vector)",
    )  # fmt: skip
    parser.add_argument("--neighbours", type=int, default=tier_config["neighbours"])
    parser.add_argument(
        "--always-in", type=Path, nargs="+", default=[], metavar="FILE",
        help="case files fitted on in every fold and not scored (taken out of the folds if they "
        "are in data/risk_tiers): how new sets change the figures on the others",
    )  # fmt: skip
    parser.add_argument("--set", action="append", default=[], help="flagger KEY=VALUE")
    parser.add_argument(
        "--grid", action="append", default=[],
        help="flagger KEY=V1,V2,... to try in turn (repeatable: each grid on its own)",
    )  # fmt: skip
    args = parser.parse_args()

    from lantern.logs import quiet_frameworks

    quiet_frameworks()  # as `lantern eval`: no framework debug lines, which can hold text
    features = features_from(
        {
            "word_ngrams": args.word_ngrams,
            "char_ngrams": args.char_ngrams,
            "char_analyzer": args.char_analyzer,
            "alpha": args.alpha,
            "sentence_weight": args.sentence_weight,
            "network_weight": args.network_weight,
            "neighbour_weight": args.neighbour_weight,
            "neighbours": args.neighbours,
        }
    )
    flagger_config = _component_config(
        "lantern.nlp.risk_flagger.RiskFlagger", RiskFlagger.get_default_config()
    )
    for pair in args.set:
        key, _, value = pair.partition("=")
        if key not in flagger_config:
            parser.error(f"unknown flagger setting {key}")
        flagger_config[key] = float(value)
    trials: list[tuple[str | None, float | None]] = [(None, None)]
    if args.grid:
        trials = []
        for grid in args.grid:
            grid_key, _, values = grid.partition("=")
            if grid_key not in flagger_config:
                parser.error(f"unknown flagger setting {grid_key}")
            trials += [(grid_key, float(v)) for v in values.split(",")]

    started = time.monotonic()
    folder = ROOT / tier_config["labelled_messages"]
    always = _always_in(args.always_in, folder)
    always_files = {a.group for a in always}
    items = [i for i in _labelled(folder) if i.group not in always_files]
    topics = _topic_questions()
    _run_to_tier_model(items + topics)
    nlu_seconds = time.monotonic() - started
    scored, topic_scores = _out_of_fold(
        items, topics, features, int(tier_config["random_seed"]), args.folds, always
    )
    print(
        f"{len(items)} labelled messages in {len({i.group for i in items})} files, "
        f"{len(topics)} topic questions"
        + (f", {len(always)} always fitted on" if always else "")
        + f"; NLU {nlu_seconds:.0f} s, folds "
        f"{time.monotonic() - started - nlu_seconds:.0f} s"
    )
    print(
        f"tier model: words {features.word_ngrams}, characters {features.char_ngrams} "
        f"({features.char_analyzer}), alpha {features.alpha:g}, sentence encoder weight "
        f"{features.sentence_weight:g}, network {features.network_weight:g}, "
        f"{features.neighbours} neighbours {features.neighbour_weight:g}; "
        f"{args.folds} folds by file"
    )
    detector = RiskDetector()
    for grid_key, value in trials:
        config = dict(flagger_config)
        if grid_key is not None:
            config[grid_key] = value
        flagger = RiskFlagger(config, detector)
        risk = _tally(flagger, items, scored)
        topic = _tally(flagger, topics, topic_scores)
        shown = (
            f"{grid_key}={value}"
            if grid_key
            else "config.yml thresholds" + (f" with {', '.join(args.set)}" if args.set else "")
        )
        print(
            f"{shown}: urgent {risk['urgent']}/{risk['urgent_n']}, "
            f"resources {risk['risky']}/{risk['risky_n']}, "
            f"false escalation {risk['safe']}/{risk['safe_n']}, "
            f"topic questions escalated {topic['safe']}/{topic['safe_n']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
