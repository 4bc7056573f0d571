"""Deployment settings from the environment, and the nginx configuration they lead to."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lantern.serving.deployment import (
    DeploymentError,
    deployment_from_environment,
    parse_redis_url,
)
from lantern.serving.nginx import NginxConfigError, NginxPlan, render
from tests.services import nginx_available


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    for name in ("LANTERN_LOCK_STORE_URL", "LANTERN_ACTION_SERVER_URL", "LANTERN_PSEUDONYM_KEY",
                 "LANTERN_TRACKER_STORE_URL"):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANTERN_ENV_FILE", str(tmp_path / ".env"))
    return monkeypatch


def test_redis_urls() -> None:
    plain = parse_redis_url("redis://cache.internal")
    assert (plain.host, plain.port, plain.db, plain.password, plain.use_ssl) == (
        "cache.internal", 6379, 1, None, False)  # fmt: skip
    full = parse_redis_url("rediss://lantern:s%40cret@10.0.0.4:6380/3")
    assert (full.username, full.password, full.port, full.db, full.use_ssl) == (
        "lantern", "s@cret", 6380, 3, True)  # fmt: skip
    assert "s@cret" not in repr(full)
    assert full.lock_store_kwargs()["key_prefix"] == "lantern"
    for bad in ("http://x", "redis://", "redis://host/notanumber"):
        with pytest.raises(DeploymentError):
            parse_redis_url(bad)


def test_one_instance_needs_nothing(clean_env: pytest.MonkeyPatch) -> None:
    deployment = deployment_from_environment()
    assert not deployment.shared
    assert deployment.action_server_url is None


def test_shared_locks_need_a_shared_key_and_store(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("LANTERN_LOCK_STORE_URL", "redis://127.0.0.1:6379/1")
    with pytest.raises(DeploymentError, match="LANTERN_PSEUDONYM_KEY"):
        deployment_from_environment()
    clean_env.setenv("LANTERN_PSEUDONYM_KEY", "same-on-every-instance")
    with pytest.raises(DeploymentError, match="LANTERN_TRACKER_STORE_URL"):
        deployment_from_environment()
    clean_env.setenv("LANTERN_TRACKER_STORE_URL", "postgresql://lantern@db/lantern")
    clean_env.setenv("LANTERN_ACTION_SERVER_URL", "http://10.0.0.5:5055/webhook")
    deployment = deployment_from_environment()
    assert deployment.shared
    assert deployment.action_server_url == "http://10.0.0.5:5055/webhook"
    clean_env.setenv("LANTERN_ACTION_SERVER_URL", "10.0.0.5:5055")
    with pytest.raises(DeploymentError, match="LANTERN_ACTION_SERVER_URL"):
        deployment_from_environment()


def test_serve_refuses_a_half_configured_cluster(clean_env: pytest.MonkeyPatch, root: Path) -> None:
    clean_env.setenv("LANTERN_LOCK_STORE_URL", "redis://127.0.0.1:6379/1")
    result = subprocess.run(
        [sys.executable, "-m", "lantern.cli", "serve"],
        cwd=root, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 2
    assert "LANTERN_PSEUDONYM_KEY" in result.stderr
    assert "Traceback" not in result.stderr


def test_nginx_configuration_lists_every_instance() -> None:
    text = render(NginxPlan(rasa=["10.0.0.2:5005", "10.0.0.3:5005"],
                            actions=["10.0.0.5:5055", "10.0.0.6:5055"]))  # fmt: skip
    assert text.count("server 10.0.0.") == 4
    assert "non_idempotent" in text
    assert "access_log off" in text
    for bad in ([], ["nohost"], ["host:99999"], ["a b:80"]):
        with pytest.raises(NginxConfigError):
            render(NginxPlan(rasa=bad, actions=["10.0.0.5:5055"]))


@pytest.mark.skipif(not nginx_available(), reason="nginx is not installed")
def test_nginx_accepts_the_configuration(tmp_path: Path) -> None:
    site = render(NginxPlan(rasa=["127.0.0.1:5005", "127.0.0.1:5006"],
                            actions=["127.0.0.1:5055"], listen="127.0.0.1:18080",
                            actions_listen="127.0.0.1:18081"))  # fmt: skip
    conf = tmp_path / "nginx.conf"
    conf.write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{\n{site}\n}}\n"
    )
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    result = subprocess.run([binary, "-t", "-p", str(tmp_path), "-c", str(conf)],
                            capture_output=True, text=True)  # fmt: skip
    assert result.returncode == 0, result.stderr
