"""Throwaway servers for tests: a PostgreSQL cluster in a temporary folder, on loopback.

Found from Debian's packages (``/usr/lib/postgresql/*/bin``) or the PATH. As root, the cluster
runs as the ``postgres`` user (PostgreSQL refuses root). ``LANTERN_TEST_POSTGRES_URL`` points
the tests at an existing server instead. When no PostgreSQL is available the tests that need
it are skipped, except under CI (``CI=true``), where that is a failure: ``scripts/test``
installs the packages there.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from lantern.runtime import free_port


def _pg_bin(name: str) -> str | None:
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    return candidates[0] if candidates else shutil.which(name)


def postgres_available() -> bool:
    return bool(
        os.environ.get("LANTERN_TEST_POSTGRES_URL") or (_pg_bin("initdb") and _pg_bin("pg_ctl"))
    )


def _as_postgres(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@contextmanager
def postgres_server(workdir: Path) -> Iterator[str]:
    """A running PostgreSQL and its SQLAlchemy URL; stopped and removed afterwards."""
    existing = os.environ.get("LANTERN_TEST_POSTGRES_URL")
    if existing:
        yield existing
        return
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    assert initdb and pg_ctl, "PostgreSQL is not installed"
    data = workdir / "pgdata"
    sockets = workdir / "pgsock"
    sockets.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        for path in (workdir, sockets):
            os.chown(path, user.pw_uid, user.pw_gid)
    subprocess.run(
        _as_postgres([initdb, "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8"]),
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    port = free_port()
    options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        _as_postgres(
            [pg_ctl, "-D", str(data), "-o", options, "-l", str(workdir / "pg.log"), "-w", "start"]
        ),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_postgres([pg_ctl, "-D", str(data), "-m", "immediate", "stop"]),
            check=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(0.2)


def redis_available() -> bool:
    return bool(os.environ.get("LANTERN_TEST_REDIS_URL") or shutil.which("redis-server"))


@contextmanager
def redis_server(workdir: Path) -> Iterator[str]:
    """A running Redis (no persistence) and its URL; stopped afterwards."""
    existing = os.environ.get("LANTERN_TEST_REDIS_URL")
    if existing:
        yield existing
        return
    binary = shutil.which("redis-server")
    assert binary, "Redis is not installed"
    workdir.mkdir(parents=True, exist_ok=True)
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(workdir), "--logfile", str(workdir / "redis.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        import redis

        client = redis.Redis(host="127.0.0.1", port=port)
        deadline = time.monotonic() + 30
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}/1"
    finally:
        process.terminate()
        process.wait(timeout=10)


def nginx_available() -> bool:
    return bool(shutil.which("nginx") or os.path.exists("/usr/sbin/nginx"))


@contextmanager
def nginx_server(workdir: Path, site: str) -> Iterator[subprocess.Popen[bytes]]:
    """Debian's nginx in the foreground with ``site`` (server and upstream blocks) as its
    whole configuration; every path it writes is under ``workdir``."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    workdir.mkdir(parents=True, exist_ok=True)
    temp = workdir / "temp"
    temp.mkdir(exist_ok=True)
    user = "user root;\n" if os.geteuid() == 0 else ""
    conf = workdir / "nginx.conf"
    conf.write_text(
        f"{user}worker_processes 1;\npid {workdir}/nginx.pid;\nerror_log {workdir}/error.log;\n"
        "events { worker_connections 1024; }\n"
        "http {\n"
        f"  client_body_temp_path {temp}/body;\n  proxy_temp_path {temp}/proxy;\n"
        f"  fastcgi_temp_path {temp}/fastcgi;\n  uwsgi_temp_path {temp}/uwsgi;\n"
        f"  scgi_temp_path {temp}/scgi;\n"
        f"{site}\n}}\n",
        encoding="utf-8",
    )
    process = subprocess.Popen(
        [binary, "-p", str(workdir), "-c", str(conf), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(0.5)
    if process.poll() is not None:
        raise RuntimeError(f"nginx exited with {process.returncode}: see {workdir}/error.log")
    try:
        yield process
    finally:
        process.terminate()
        process.wait(timeout=10)
