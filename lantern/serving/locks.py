"""Rasa's Redis lock store, made safe for several instances (``LANTERN_LOCK_STORE_URL``).

Rasa serialises the messages of one conversation with ticket locks kept in Redis: each message
takes a ticket, waits until its ticket is the first one, and gives it back when done; a ticket
expires ``TICKET_LOCK_LIFETIME`` seconds after it was issued, so a crashed instance's ticket does
not block the conversation forever. Rasa 3.6's ``RedisLockStore`` has two faults that the
multi-instance tests hit (tests/serving/test_cluster.py):

1. a *waiting* ticket expires too. When an instance dies while handling a message and the load
   balancer sends the message again to another instance, the new ticket is issued a moment
   after the dead one; both expire together, the waiter's ticket is gone, and it waits forever
   (an empty lock is never "not locked" for a ticket it no longer holds);
2. tickets are read, changed and written back without a transaction, so two instances issuing
   tickets for one conversation at the same moment can get the same number.

This subclass keeps Rasa's algorithm and data format and fixes both: every change is a Redis
WATCH/MULTI transaction, and a waiter renews its own ticket on every poll, so only the ticket
of an instance that stopped polling (crashed) or that has held the lock longer than the lifetime
expires. A waiter whose ticket was removed anyway takes a new one instead of waiting forever.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncGenerator, Callable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any, TypeVar

from rasa.core.lock import Ticket, TicketLock
from rasa.core.lock_store import LOCK_LIFETIME, LockError, RedisLockStore
from rasa.utils.endpoints import EndpointConfig

log = logging.getLogger(__name__)

T = TypeVar("T")
POLL_SECONDS = 0.1
MAX_TRANSACTION_ATTEMPTS = 50


class LanternRedisLockStore(RedisLockStore):  # type: ignore[misc]
    """``RedisLockStore`` with atomic ticket changes and waiters that do not expire."""

    def __init__(self, endpoint_config: EndpointConfig | None = None, **kwargs: Any) -> None:
        if endpoint_config is not None:
            kwargs = {"host": endpoint_config.url, **endpoint_config.kwargs, **kwargs}
        super().__init__(**kwargs)

    # -- one transaction per change ----------------------------------------------------

    def _transact(self, conversation_id: str, change: Callable[[TicketLock], T]) -> T:
        """Apply ``change`` to the lock atomically (retried if another instance changed it).

        The lock is deleted with its last ticket.
        """
        import redis

        key = self.key_prefix + conversation_id
        with self.red.pipeline() as pipe:
            for _ in range(MAX_TRANSACTION_ATTEMPTS):
                try:
                    pipe.watch(key)
                    raw = pipe.get(key)
                    lock = (
                        TicketLock.from_dict(json.loads(raw))
                        if raw
                        else TicketLock(conversation_id)
                    )
                    result = change(lock)
                    pipe.multi()
                    if lock.tickets:
                        pipe.set(key, lock.dumps())
                    else:
                        pipe.delete(key)
                    pipe.execute()
                    return result
                except redis.WatchError:
                    continue
        raise LockError(f"the lock changed {MAX_TRANSACTION_ATTEMPTS} times while updating it")

    def issue_ticket(self, conversation_id: str, lock_lifetime: float = LOCK_LIFETIME) -> int:
        """A new ticket, numbered after every live one."""
        try:
            number: int = self._transact(
                conversation_id, lambda lock: lock.issue_ticket(lock_lifetime)
            )
            return number
        except LockError:
            raise
        except Exception as error:
            raise LockError(f"could not issue a ticket ({type(error).__name__})") from error

    def finish_serving(self, conversation_id: str, ticket_number: int) -> None:
        """Give the ticket back."""
        self._transact(conversation_id, lambda lock: lock.remove_ticket_for(ticket_number))

    def cleanup(self, conversation_id: str, ticket_number: int) -> None:
        """Give the ticket back (the lock is deleted with its last ticket)."""
        self.finish_serving(conversation_id, ticket_number)

    # -- waiting ----------------------------------------------------------------------

    @asynccontextmanager
    async def lock(
        self,
        conversation_id: str,
        lock_lifetime: float = LOCK_LIFETIME,
        wait_time_in_seconds: float = POLL_SECONDS,
    ) -> AsyncGenerator[TicketLock, None]:
        """Hold the conversation's lock; wait, renewing the ticket, until it is first."""
        ticket = self.issue_ticket(conversation_id, lock_lifetime)
        try:
            while True:
                ticket, first = self._transact(
                    conversation_id, partial(_renew, number=ticket, lifetime=lock_lifetime)
                )
                if first:
                    break
                await asyncio.sleep(wait_time_in_seconds)
            yield self.get_lock(conversation_id) or TicketLock(conversation_id)
        finally:
            self.cleanup(conversation_id, ticket)


def _renew(lock: TicketLock, number: int, lifetime: float) -> tuple[int, bool]:
    """Renew ticket ``number`` and say whether it is first in line.

    Expired tickets are dropped first; if ``number`` was among them, a new ticket is issued.
    A renewed ticket's lifetime counts from now.
    """
    lock.remove_expired_tickets()
    mine = next((t for t in lock.tickets if t.number == number), None)
    if mine is None:
        log.warning("a waiting lock ticket had expired; took a new one")
        number = lock.issue_ticket(lifetime)
    else:
        lock.tickets[lock.tickets.index(mine)] = Ticket(number, time.time() + lifetime)
    return number, lock.tickets[0].number == number
