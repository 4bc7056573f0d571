"""The multi-instance deployment, started once for the cluster tests (tests/cluster.py)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.cluster import Cluster, start_cluster
from tests.services import nginx_available, redis_available, redis_server


def _missing() -> list[str]:
    missing = []
    if not redis_available():
        missing.append("redis-server")
    if not nginx_available():
        missing.append("nginx")
    return missing


@pytest.fixture(scope="session")
def cluster(postgres_url: str, trained_model: Path, root: Path) -> Iterator[Cluster]:
    """Two Rasa instances and two action servers sharing PostgreSQL and Redis, behind nginx."""
    missing = _missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"not installed: {', '.join(missing)} (scripts/test installs them)")
        pytest.skip(f"not installed: {', '.join(missing)}")
    engine = sa.create_engine(postgres_url, isolation_level="AUTOCOMMIT", future=True)
    with engine.connect() as connection:
        connection.execute(sa.text("DROP DATABASE IF EXISTS lantern_cluster"))
        connection.execute(sa.text("CREATE DATABASE lantern_cluster"))
    engine.dispose()
    store_url = postgres_url.rsplit("/", 1)[0] + "/lantern_cluster"
    workdir = Path(tempfile.mkdtemp(prefix="lantern-cluster-"))
    try:
        with (
            redis_server(workdir / "redis") as redis_url,
            start_cluster(root, workdir, store_url, redis_url) as running,
        ):
            yield running
    finally:
        if not os.environ.get("LANTERN_KEEP_CLUSTER"):
            shutil.rmtree(workdir, ignore_errors=True)
