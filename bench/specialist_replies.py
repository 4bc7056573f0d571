"""Whether messages of one kind get their specialist helplines, not just some helplines.

A benchmark for staff, not a test. The risk figures of `lantern eval` count a reply that shows
any crisis resources; someone being taken abroad to be married needs Karma Nirvana and the
Forced Marriage Unit, which only the honour-based abuse reply names. Each file of cases comes
with a kinds file beside it (``dev_risk_va.yml`` and ``dev_risk_va.kinds.txt``: one word per
case, in order, written by the set's author, such as ``honour`` or ``other``). For the cases of
``--kind`` it prints, per file and in total:

- risky messages (urgent or check_in): how many, how many got a reply with crisis resources,
  and how many got one naming a specialist (``--names``), and which kinds of risk the replies
  were chosen for;
- safe messages: how many, and how many got a safety reply anyway.

It prints counts only, never a message's text, so it can run on sets nobody has read.

    .venv/bin/python bench/specialist_replies.py bench/data/dev_risk_v?.yml
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

NAMES = ("Karma Nirvana", "Forced Marriage Unit")

# (label, shown resources, named a specialist, escalated, category)
Result = tuple[str, bool, bool, bool, str]


def kinds_of(cases_file: Path) -> list[str]:
    """The kinds file beside a cases file: one word per case."""
    return (cases_file.parent / f"{cases_file.stem}.kinds.txt").read_text().split()


async def _reply_of(agent: Any, text: str, names: tuple[str, ...]) -> tuple[bool, bool, bool, str]:
    from lantern.evaluation.runner import outcome_from_events, turn_events
    from lantern.nlp.risk_decision import RISK_KEY

    events = await turn_events(agent, text)
    parsed = (events[0].get("parse_data") or {}) if events else {}
    category = (parsed.get(RISK_KEY) or {}).get("category") or "-"
    said = " ".join(e.get("text") or "" for e in events if e.get("event") == "bot")
    outcome = outcome_from_events(events)
    named = any(name in said for name in names)
    return outcome.showed_resources, named, outcome.risk_reply != "none", category


def _tally(results: list[Result]) -> list[str]:
    risky = [r for r in results if r[0] != "none"]
    safe = [r for r in results if r[0] == "none"]
    kinds = Counter(r[4] for r in risky)
    return [
        f"  risky {len(risky)}: resources shown {sum(r[1] for r in risky)}, "
        f"a specialist named {sum(r[2] for r in risky)}",
        "  replies chosen for: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()),
        f"  safe {len(safe)}: given a safety reply {sum(r[3] for r in safe)}",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="YAML files of cases, each with a kinds file")
    parser.add_argument("--kind", default="honour", help="the kind of case to count")
    parser.add_argument("--names", default=",".join(NAMES), help="specialists, comma-separated")
    args = parser.parse_args()
    names = tuple(n.strip() for n in args.names.split(",") if n.strip())

    from lantern.evaluation import load_cases
    from lantern.logs import quiet_frameworks
    from lantern.runtime import running_bot
    from lantern.training import ensure_model

    quiet_frameworks()  # as `lantern eval`: no framework debug lines, which can hold text

    everything: list[Result] = []
    with running_bot(ensure_model()) as agent:
        for name in args.files:
            path = Path(name)
            cases, kinds = load_cases(path), kinds_of(path)
            if len(cases) != len(kinds):
                print(f"{name}: {len(cases)} cases but {len(kinds)} kinds", file=sys.stderr)
                return 2
            chosen = [c for c, k in zip(cases, kinds, strict=True) if k == args.kind and c.risk]
            results = [
                (str(case.risk), *asyncio.run(_reply_of(agent, case.text, names)))
                for case in chosen
            ]
            everything += results
            print(name)
            print("\n".join(_tally(results)))
    if len(args.files) > 1:
        print("all files")
        print("\n".join(_tally(everything)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
