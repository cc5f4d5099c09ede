"""A bounded backoff for calls to a rate-limited service: jittered, honouring Retry-After, and giving up."""

from __future__ import annotations

import datetime as dt
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from hostkit.storage.book import StorageError

T = TypeVar("T")
RETRYABLE_STATUSES = frozenset({408, 429, 500, 502, 503, 504})


class RetriesExhausted(StorageError):
    """The service kept failing; the message says what it answered and what to do."""


@dataclass(frozen=True)
class Attempt(Generic[T]):
    """What one try gave: a result, a retryable failure (with the server's Retry-After) or both."""

    result: T | None = None
    failure: str = ""
    retry_after: float | None = None

    @property
    def failed(self) -> bool:
        return bool(self.failure)


@dataclass(frozen=True)
class Backoff:
    """How long to keep trying: at most `attempts` tries and `budget` seconds of waiting in all.

    The n-th wait is a random ("full jitter") share of min(cap, base * 2**n); a Retry-After from the
    server is waited out in full, plus up to `base` seconds of jitter so that clients do not all wake
    together. A wait that would break the budget is not started: the call gives up at once.
    """

    attempts: int = 5
    base: float = 1.0
    cap: float = 32.0
    budget: float = 90.0
    sleep: Callable[[float], None] = field(default=time.sleep, compare=False)
    random: Callable[[], float] = field(default=random.random, compare=False)

    def delay(self, retry: int, retry_after: float | None) -> float:
        """The wait before try number retry + 1 (retry counts from 1)."""
        if retry_after is not None:
            return retry_after + self.random() * self.base
        return self.random() * min(self.cap, self.base * 2**retry)

    def run(
        self,
        attempt: Callable[[], Attempt[T]],
        on_wait: Callable[[str, float, int], None] | None = None,
        giving_up: Callable[[str, int, float], str] | None = None,
    ) -> T:
        """Call attempt() until it succeeds; on_wait(failure, seconds, next try) is told of each wait.

        Raises RetriesExhausted with giving_up(last failure, tries, seconds waited) as its message.
        """
        waited = 0.0
        tries = 0
        while True:
            tries += 1
            outcome = attempt()
            if not outcome.failed:
                return outcome.result  # type: ignore[return-value]
            pause = self.delay(tries, outcome.retry_after)
            if tries >= self.attempts or waited + pause > self.budget:
                message = (
                    giving_up(outcome.failure, tries, waited)
                    if giving_up
                    else (f"gave up after {tries} tries: {outcome.failure}")
                )
                raise RetriesExhausted(message)
            if on_wait:
                on_wait(outcome.failure, pause, tries + 1)
            self.sleep(pause)
            waited += pause


def parse_retry_after(value: str | None, now: Callable[[], dt.datetime] | None = None) -> float | None:
    """A Retry-After header in seconds: either a number of seconds or an HTTP date; None if absent or bad."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        return max(0.0, float(text))
    except ValueError:
        pass
    import email.utils  # only for a Retry-After given as a date

    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    current = now() if now else dt.datetime.now(dt.timezone.utc)
    return max(0.0, (when - current).total_seconds())
