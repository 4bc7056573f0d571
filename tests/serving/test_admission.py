"""Admission control: past the limit, messages with no risk are turned away, risky ones never."""

from __future__ import annotations

import pytest

from lantern.safety._model import RiskAssessment
from lantern.safety.detector import RiskDetector
from lantern.serving.admission import Admission, limit_from_environment


@pytest.fixture(scope="module")
def detector() -> RiskDetector:
    return RiskDetector()


def test_under_the_limit_everything_is_admitted(detector: RiskDetector) -> None:
    gate = Admission(2, detector.assess)
    assert gate.admit("why cant i leave him")
    with gate.slot():
        assert gate.admit("is this gaslighting")
    assert gate.in_flight == 0


def test_over_the_limit_only_risky_messages_get_through(detector: RiskDetector) -> None:
    gate = Admission(1, detector.assess)
    with gate.slot():
        assert not gate.admit("why do i feel addicted to him")
        assert gate.admit("i want to kill myself tonight")
        assert gate.admit("hes outside the door and says hell kill me")
        assert gate.admit("sometimes i wish i could just disappear")  # check-in still admitted
    assert gate.turned_away == 1
    assert gate.admit("why do i feel addicted to him")


def test_a_failing_check_counts_as_risky() -> None:
    def broken(text: str) -> RiskAssessment:
        raise RuntimeError("boom")

    gate = Admission(1, broken)
    with gate.slot():
        assert gate.admit("anything at all")


def test_the_slot_is_released_when_handling_fails(detector: RiskDetector) -> None:
    gate = Admission(1, detector.assess)
    with pytest.raises(ValueError), gate.slot():
        raise ValueError("the bot failed")
    assert gate.in_flight == 0


def test_the_limit_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LANTERN_MAX_IN_FLIGHT", raising=False)
    assert limit_from_environment() == 64
    monkeypatch.setenv("LANTERN_MAX_IN_FLIGHT", "8")
    assert limit_from_environment() == 8
    for bad in ("0", "-3", "lots"):
        monkeypatch.setenv("LANTERN_MAX_IN_FLIGHT", bad)
        with pytest.raises(ValueError, match="LANTERN_MAX_IN_FLIGHT"):
            limit_from_environment()
    with pytest.raises(ValueError):
        Admission(0, RiskDetector().assess)
