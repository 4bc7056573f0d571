"""The Redis lock store shared by Rasa instances, against a real redis-server."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from rasa.core.lock_store import RedisLockStore
from rasa.utils.endpoints import EndpointConfig

from lantern.serving.deployment import parse_redis_url
from lantern.serving.locks import LanternRedisLockStore
from tests.services import redis_available, redis_server


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not redis_available():
        if os.environ.get("CI"):
            pytest.fail("redis-server is not installed (scripts/test installs it under CI)")
        pytest.skip("redis-server is not installed")
    with redis_server(Path(tmp_path_factory.mktemp("redis"))) as url:
        yield url


def _store(url: str) -> LanternRedisLockStore:
    settings = parse_redis_url(url)
    config = EndpointConfig(url=settings.host, **settings.lock_store_kwargs())
    return LanternRedisLockStore(endpoint_config=config)


def test_a_crashed_instances_ticket_expires_and_the_waiter_gets_the_lock(redis_url: str) -> None:
    """The case Rasa's own store hangs on: the dead ticket and the waiter's expire together."""
    dead, alive = _store(redis_url), _store(redis_url)
    dead.issue_ticket("crash", lock_lifetime=1)

    async def wait() -> float:
        started = time.monotonic()
        async with alive.lock("crash", lock_lifetime=1):
            return time.monotonic() - started

    waited = asyncio.run(asyncio.wait_for(wait(), timeout=10))
    assert 0.9 <= waited < 3
    assert alive.get_lock("crash") is None  # given back and deleted


def test_rasas_own_store_hangs_there(redis_url: str) -> None:
    """Why the subclass exists (if Rasa fixes this, the subclass can go)."""
    settings = parse_redis_url(redis_url)
    plain = RedisLockStore(host=settings.host, port=settings.port, db=settings.db)
    plain.issue_ticket("rasa-hang", lock_lifetime=1)

    async def wait() -> None:
        async with plain.lock("rasa-hang", lock_lifetime=1):
            pass

    with pytest.raises(asyncio.TimeoutError):
        asyncio.run(asyncio.wait_for(wait(), timeout=4))


def test_one_conversation_is_handled_one_message_at_a_time(redis_url: str) -> None:
    first, second = _store(redis_url), _store(redis_url)
    order: list[str] = []

    async def handle(store: LanternRedisLockStore, name: str, hold: float) -> None:
        async with store.lock("serial", lock_lifetime=10):
            order.append(f"{name} in")
            await asyncio.sleep(hold)
            order.append(f"{name} out")

    async def both() -> None:
        one = asyncio.create_task(handle(first, "a", 0.5))
        await asyncio.sleep(0.05)
        await asyncio.gather(one, handle(second, "b", 0.0))

    asyncio.run(both())
    assert order == ["a in", "a out", "b in", "b out"]


def test_tickets_issued_at_once_by_many_instances_are_all_different(redis_url: str) -> None:
    stores = [_store(redis_url) for _ in range(4)]
    with ThreadPoolExecutor(8) as pool:
        numbers = list(pool.map(lambda i: stores[i % 4].issue_ticket("race", 30), range(200)))
    assert len(set(numbers)) == 200
    lock = stores[0].get_lock("race")
    assert lock is not None and len(lock.tickets) == 200
