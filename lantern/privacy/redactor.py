"""The anonymiser: find personal data with Presidio, replace it with typed placeholders.

One code path serves the tracker store, ``lantern redact`` and the tests:

    redactor = Redactor()
    redactor.redact("my ex darren rang from 07700 900461").text
    # 'my ex <PERSON> rang from <PHONE>'

Presidio's ``AnalyzerEngine`` runs our recognisers (``lantern.privacy.recognizers``) and its
own for cards (Luhn), NHS numbers (mod 11), links, IP addresses and IBANs; its
``AnonymizerEngine`` resolves overlaps and replaces each span with ``<TYPE>``. spaCy runs the
blank English pipeline the project builds; when a pipeline with a named-entity recogniser is
installed (``LANTERN_NER_MODEL``), its PERSON and place entities are used too.

Text is normalised first (NFKC, so full-width digits are digits; invisible format characters
and lone surrogates removed). Anything that fails, and any message longer than
``MAX_CHARS``, becomes ``<REDACTED>``: raw text is never the fallback.
"""

from __future__ import annotations

import logging
import os
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

REDACTED = "<REDACTED>"
MAX_CHARS = 20_000
_INVISIBLE = re.compile(r"[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\u00ad]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_CONTACT_NUMBER = re.compile(r"\+?\d[\d ]{2,}\d|[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# Presidio's entity names for the recognisers we take from it, and for NER models.
_NER_ENTITIES = {"PERSON": "PERSON", "LOCATION": "PLACE", "GPE": "PLACE", "LOC": "PLACE"}


@dataclass(frozen=True)
class Finding:
    """One span of personal data: its type, where it was, and who found it and why."""

    entity: str
    start: int
    end: int
    score: float
    recognizer: str
    why: str


@dataclass(frozen=True)
class Redaction:
    """The anonymised text and what was removed (offsets into ``normalised``)."""

    text: str
    normalised: str
    findings: tuple[Finding, ...]
    failed: bool = False


def normalise(text: str) -> str:
    """NFKC, without invisible format characters or lone surrogates."""
    text = _SURROGATE.sub("\ufffd", text)
    text = unicodedata.normalize("NFKC", text)
    return _INVISIBLE.sub("", text)


class Redactor:
    """Finds and replaces personal data. Build once (it loads spaCy and the word lists)."""

    def __init__(self, *, allow: tuple[str, ...] = (), ner_model: str | None = None) -> None:
        from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
        from presidio_anonymizer import AnonymizerEngine

        self._allow = list(allow)
        nlp_engine, has_ner = _nlp_engine(ner_model)
        registry = RecognizerRegistry(recognizers=_recognizers(has_ner))
        self._analyzer = AnalyzerEngine(
            registry=registry, nlp_engine=nlp_engine, supported_languages=["en"]
        )
        self._anonymizer = AnonymizerEngine()  # type: ignore[no-untyped-call]
        self.entities = sorted({e for r in registry.recognizers for e in r.supported_entities})

    def analyze(self, text: str) -> list[Finding]:
        """The personal data found in already-normalised ``text``."""
        results = self._analyzer.analyze(
            text=text,
            language="en",
            allow_list=self._allow or None,
            score_threshold=0.0,
            return_decision_process=True,
        )
        return [
            Finding(
                entity=_NER_ENTITIES.get(r.entity_type, r.entity_type),
                start=r.start,
                end=r.end,
                score=round(float(r.score), 2),
                recognizer=(r.recognition_metadata or {}).get("recognizer_name", "?"),
                why=(r.analysis_explanation.textual_explanation or "")
                if r.analysis_explanation
                else "",
            )
            for r in sorted(results, key=lambda r: (r.start, -r.end))
        ]

    def redact(self, text: str) -> Redaction:
        """Anonymise one message. Never raises; never returns raw text on failure."""
        try:
            if not isinstance(text, str):
                raise TypeError("not text")
            if len(text) > MAX_CHARS:
                return Redaction(REDACTED, "", (), failed=True)
            clean = normalise(text)
            findings = self.analyze(clean)
            return Redaction(self._replace(clean, findings), clean, tuple(findings))
        except Exception as error:
            log.warning("anonymisation failed (%s); message replaced whole", type(error).__name__)
            return Redaction(REDACTED, "", (), failed=True)

    def redact_text(self, text: str) -> str:
        """Just the anonymised text."""
        return self.redact(text).text

    def _replace(self, text: str, findings: list[Finding]) -> str:
        from presidio_anonymizer.entities import OperatorConfig, RecognizerResult

        if not findings:
            return text
        results = [RecognizerResult(f.entity, f.start, f.end, f.score) for f in findings]
        operators = {
            entity: OperatorConfig("replace", {"new_value": f"<{entity}>"})
            for entity in {f.entity for f in findings}
        }
        anonymised: str = self._anonymizer.anonymize(
            text=text, analyzer_results=results, operators=operators
        ).text
        return anonymised


def _nlp_engine(ner_model: str | None) -> tuple[Any, bool]:
    """Presidio's spaCy engine on the NER model if one is configured, else the blank pipeline."""
    import spacy
    from presidio_analyzer.nlp_engine import SpacyNlpEngine

    from lantern.settings import get_settings

    blank = str(get_settings().root / "build" / "spacy" / "en_lantern")
    wanted = ner_model or os.environ.get("LANTERN_NER_MODEL") or ""
    model = blank
    if wanted and (spacy.util.is_package(wanted) or Path(wanted).exists()):
        model = wanted
    elif wanted:
        log.warning("LANTERN_NER_MODEL is set but not installed; using the gazetteer only")
    if not Path(model).exists() and not spacy.util.is_package(model):
        from lantern.nlp.blank_pipeline import build

        build(Path(blank))
    engine = SpacyNlpEngine(models=[{"lang_code": "en", "model_name": model}])
    engine.load()
    assert engine.nlp is not None
    has_ner = "ner" in engine.nlp["en"].pipe_names
    return engine, has_ner


def _recognizers(has_ner: bool) -> list[Any]:
    from presidio_analyzer.predefined_recognizers import (
        CreditCardRecognizer,
        IbanRecognizer,
        IpRecognizer,
        NhsRecognizer,
        SpacyRecognizer,
        UrlRecognizer,
    )

    from lantern.privacy.recognizers import ours

    found: list[Any] = [
        *ours(),
        CreditCardRecognizer(supported_entity="CARD"),
        NhsRecognizer(supported_entity="NHS_NUMBER"),
        UrlRecognizer(supported_entity="URL"),
        IpRecognizer(supported_entity="IP_ADDRESS"),
        IbanRecognizer(supported_entity="BANK_ACCOUNT"),
    ]
    if has_ner:
        found.append(SpacyRecognizer(supported_entities=["PERSON", "LOCATION"]))
    return found


@lru_cache(maxsize=1)
def default_redactor() -> Redactor:
    """The process's shared redactor, with the project's own resource numbers allowed."""
    return Redactor(allow=_public_contacts())


def _public_contacts() -> tuple[str, ...]:
    """Helpline numbers and addresses from content/resources.yml: public, never redacted."""
    try:
        from lantern.safety.resources import load_resources

        values: set[str] = set()
        for resource in load_resources().resources.values():
            values.update(m.group().strip() for m in _CONTACT_NUMBER.finditer(resource.contact))
            if resource.website:
                values.add(resource.website)
        return tuple(sorted(values))
    except Exception:
        return ()
