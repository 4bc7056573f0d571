"""What each risk path adds: for labelled messages, which paths fired and which fired alone.

A benchmark for staff tuning the risk decision, not a test. It sends every case of the given
files through the trained bot (each as a fresh conversation, as `lantern eval` does) and prints,
per file and in total, for each path (detector, DIET, the risk share, the tier model):

- on safe messages (`risk: none`): how many it escalated, and how many only it escalated;
- on risky messages (urgent or check_in): how many it flagged, and how many only it flagged;
- how many safe messages, and how many risky ones given no safety reply, were answered with
  the line of helplines after the answer (``utter_signpost``, config.yml);
- how many safe and risky messages had the detector's check-in overruled as a figure of speech.

A path that escalates many safe messages alone and flags few risky ones alone is the one to
look at. It prints counts only, never a message's text, so it can run on sets nobody has read.
On `data/risk_tiers` the tier model's figures are in-sample (it learns from those messages);
the detector, DIET and the risk share never see them in training.

    .venv/bin/python bench/risk_paths.py bench/data/dev_risk_cf.yml bench/data/dev_risk_cg.yml
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PATHS = ("detector", "diet", "risk_share", "tier_model")
# A check-in on the detector's words that DIET and the tier model read as a figure of speech
# (RiskDecision.figure_of_speech): not escalated, answered with the helplines after it.
OVERRULED = "figure_overruled"


Result = tuple[str, str, tuple[str, ...], bool]


async def _paths_of(agent: Any, text: str) -> tuple[str, tuple[str, ...], bool]:
    """The safety reply the bot gave (urgent, check_in or none), the paths that fired, and
    whether the line of helplines followed the answer."""
    from lantern.evaluation.runner import outcome_from_events, turn_events
    from lantern.nlp.risk_decision import RISK_KEY

    events = await turn_events(agent, text)
    parsed = (events[0].get("parse_data") or {}) if events else {}
    record = parsed.get(RISK_KEY) or {}
    paths = tuple(p for p in record.get("paths", ()) if p in (*PATHS, OVERRULED))
    outcome = outcome_from_events(events)
    return outcome.risk_reply, paths, outcome.signposted


async def _run(agent: Any, cases: list[tuple[str, str]]) -> list[Result]:
    """(label, reply, paths, signposted) for each (label, text), in order."""
    return [(label, *(await _paths_of(agent, text))) for label, text in cases]


def _tally(results: list[Result]) -> list[str]:
    """Lines of counts per path for (label, reply, paths, signposted) results."""
    safe = [(reply, paths) for label, reply, paths, _ in results if label == "none"]
    risky = [(reply, paths) for label, reply, paths, _ in results if label != "none"]
    signposted_safe = sum(sign for label, _, _, sign in results if label == "none")
    signposted_missed = sum(
        sign for label, reply, _, sign in results if label != "none" and reply == "none"
    )
    lines = [
        f"  safe {len(safe)}, escalated {sum(reply != 'none' for reply, _ in safe)}; "
        f"risky {len(risky)}, given no safety reply {sum(reply == 'none' for reply, _ in risky)}",
        f"  signposted: safe {signposted_safe}, risky given no safety reply {signposted_missed}",
        f"  detector overruled as a figure of speech: safe "
        f"{sum(OVERRULED in paths for _, paths in safe)}, risky "
        f"{sum(OVERRULED in paths for _, paths in risky)}",
    ]
    for path in PATHS:
        fired_safe = Counter(len(paths) for _, paths in safe if path in paths)
        fired_risky = Counter(len(paths) for _, paths in risky if path in paths)
        lines.append(
            f"  {path:<11} safe escalated {sum(fired_safe.values()):>4} (alone {fired_safe[1]:>3})"
            f"   risky flagged {sum(fired_risky.values()):>5} (alone {fired_risky[1]:>4})"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="YAML files of cases with expect: {risk: ...}")
    args = parser.parse_args()

    from lantern.evaluation import load_cases
    from lantern.logs import quiet_frameworks
    from lantern.runtime import running_bot
    from lantern.training import ensure_model

    quiet_frameworks()  # as `lantern eval`: no framework debug lines, which can hold text

    everything: list[Result] = []
    with running_bot(ensure_model()) as agent:
        for name in args.files:
            cases = [case for case in load_cases(Path(name)) if case.risk is not None]
            results = asyncio.run(_run(agent, [(str(case.risk), case.text) for case in cases]))
            everything += results
            print(name)
            print("\n".join(_tally(results)))
    if len(args.files) > 1:
        print("all files")
        print("\n".join(_tally(everything)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
