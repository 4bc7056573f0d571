"""Safety: the risk detector, its patterns as data, and the crisis resources."""

from lantern.safety._model import Category, Finding, Kind, Modifier, RiskAssessment, Scene, Tier
from lantern.safety.detector import RiskDetector
from lantern.safety.patterns import PatternError, RiskPattern, load_patterns

__all__ = [
    "Category",
    "Finding",
    "Kind",
    "Modifier",
    "PatternError",
    "RiskAssessment",
    "RiskDetector",
    "RiskPattern",
    "Scene",
    "Tier",
    "load_patterns",
]
