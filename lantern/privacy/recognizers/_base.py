"""The base every Lantern recogniser shares: a Presidio ``LocalRecognizer`` giving typed results.

Each result carries an explanation naming the recogniser and, in plain words, why it fired
("first name in the gazetteer", "after 'my ex'"); ``lantern redact --explain`` prints it.
"""

from __future__ import annotations

from typing import Any

from presidio_analyzer import AnalysisExplanation, LocalRecognizer, RecognizerResult

from lantern.privacy.gazetteer import Gazetteer, load_gazetteer


class Recognizer(LocalRecognizer):
    """A recogniser for one or more placeholder types, found by ``find``."""

    name: str

    ENTITIES: tuple[str, ...] = ()

    def __init__(self) -> None:
        super().__init__(supported_entities=list(self.ENTITIES), supported_language="en")

    def load(self) -> None:
        """Nothing to load: word lists are loaded lazily and shared."""

    def analyze(
        self, text: str, entities: list[str], nlp_artifacts: Any = None
    ) -> list[RecognizerResult]:
        """Presidio's entry point: the results of ``find`` for the entities asked for."""
        wanted = set(entities) if entities else set(self.ENTITIES)
        return [r for r in self.find(text) if r.entity_type in wanted]

    def find(self, text: str) -> list[RecognizerResult]:
        """Every span of ``text`` this recogniser recognises."""
        raise NotImplementedError

    def result(self, entity: str, start: int, end: int, score: float, why: str) -> RecognizerResult:
        """A typed result with an explanation of why it was found."""
        return RecognizerResult(
            entity_type=entity,
            start=start,
            end=end,
            score=score,
            analysis_explanation=AnalysisExplanation(
                recognizer=self.name, original_score=score, textual_explanation=why
            ),
            recognition_metadata={
                RecognizerResult.RECOGNIZER_NAME_KEY: self.name,
                RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id,
            },
        )


class WordRecognizer(Recognizer):
    """A recogniser that reads words with the shared gazetteer (loaded on first use)."""

    def __init__(self, gazetteer: Gazetteer | None = None) -> None:
        super().__init__()
        self._gazetteer = gazetteer

    @property
    def gazetteer(self) -> Gazetteer:
        """The gazetteer given, else the process's shared one."""
        if self._gazetteer is None:
            self._gazetteer = load_gazetteer()
        return self._gazetteer
