import pytest

from lantern.safety import RiskDetector


@pytest.fixture(scope="session")
def detector() -> RiskDetector:
    return RiskDetector()
