"""Score the anonymiser on labelled chat messages (inline marks: ``[darren](PERSON)``).

Recall counts a labelled span as removed when every letter and digit of it lies inside some
placeholder, whatever its type: a leak is a leak, and a half-removed "darren <PERSON>" is a
miss. Typed recall also asks for the right placeholder. Words kept is the share of the other
words (outside every labelled span) left as they were.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from lantern._yaml import read_yaml
from lantern.privacy.redactor import Redactor

MARK = re.compile(r"\[([^\]]+)\]\(([A-Z_]+)\)")
WORD = re.compile(r"\w+")
STRUCTURED = ("PHONE", "EMAIL", "POSTCODE", "NI_NUMBER", "NHS_NUMBER", "CARD")


@dataclass(frozen=True)
class Labelled:
    """A message with its labelled spans (type, start, end in ``text``)."""

    text: str
    spans: tuple[tuple[str, int, int], ...]


def parse(marked: str) -> Labelled:
    """Strip the inline marks, keeping where each labelled span is."""
    out: list[str] = []
    spans: list[tuple[str, int, int]] = []
    position = 0
    length = 0
    for m in MARK.finditer(marked):
        before = marked[position : m.start()]
        out.append(before)
        length += len(before)
        out.append(m.group(1))
        spans.append((m.group(2), length, length + len(m.group(1))))
        length += len(m.group(1))
        position = m.end()
    out.append(marked[position:])
    return Labelled("".join(out), tuple(spans))


def load_labelled(path: Path) -> list[Labelled]:
    """A YAML file with ``messages:``, each a string with inline marks."""
    data = read_yaml(path)
    return [parse(str(m)) for m in data["messages"]]


@dataclass
class Score:
    """Counts per type, and the words-kept tally."""

    found: Counter[str] = field(default_factory=Counter)
    typed: Counter[str] = field(default_factory=Counter)
    total: Counter[str] = field(default_factory=Counter)
    words_kept: int = 0
    words_total: int = 0
    misses: list[tuple[str, str, str]] = field(default_factory=list)  # type, value, output
    false_removals: list[tuple[str, str]] = field(default_factory=list)  # word, output

    def recall(self, types: tuple[str, ...] | None = None) -> float:
        """Share of labelled spans removed (over ``types``, or all)."""
        keys = types or tuple(self.total)
        total = sum(self.total[k] for k in keys)
        return sum(self.found[k] for k in keys) / total if total else 1.0

    def kept(self) -> float:
        """Share of unlabelled words kept."""
        return self.words_kept / self.words_total if self.words_total else 1.0

    def lines(self) -> list[str]:
        """The summary figures, one per line."""
        lines = [
            f"{kind}: recall {self.found[kind] / self.total[kind]:.3f} "
            f"({self.found[kind]}/{self.total[kind]}), right type {self.typed[kind]}"
            for kind in sorted(self.total)
        ]
        structured = tuple(k for k in STRUCTURED if self.total[k])
        lines += [
            f"structured recall: {self.recall(structured):.3f}",
            f"person recall: {self.recall(('PERSON',)):.3f}",
            f"all recall: {self.recall():.3f}",
            f"words kept: {self.kept():.3f} ({self.words_kept}/{self.words_total})",
        ]
        return lines


def score(redactor: Redactor, messages: list[Labelled]) -> Score:
    """Run every message through ``redactor`` and count."""
    result = Score()
    for message in messages:
        redaction = redactor.redact(message.text)
        # Offsets are into the normalised text, which is the text itself for plain messages.
        covered = (
            [("REDACTED", 0, len(message.text))]
            if redaction.failed
            else [(f.entity, f.start, f.end) for f in redaction.findings]
        )
        _count(result, message, covered, redaction.text)
    return result


def _count(
    result: Score, message: Labelled, covered: list[tuple[str, int, int]], output: str
) -> None:
    mask = [""] * len(message.text)
    for entity, start, end in covered:
        for i in range(start, min(end, len(mask))):
            mask[i] = mask[i] or entity
    labelled = [False] * len(message.text)
    for kind, start, end in message.spans:
        result.total[kind] += 1
        labelled[start:end] = [True] * (end - start)
        chars = [i for i in range(start, end) if message.text[i].isalnum()]
        if all(mask[i] for i in chars):
            result.found[kind] += 1
            if any(mask[i] == kind for i in chars):
                result.typed[kind] += 1
        else:
            result.misses.append((kind, message.text[start:end], output))
    for word in WORD.finditer(message.text):
        if any(labelled[word.start() : word.end()]):
            continue
        result.words_total += 1
        if not any(mask[word.start() : word.end()]):
            result.words_kept += 1
        else:
            result.false_removals.append((word.group(), output))
