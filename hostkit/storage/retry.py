"""Retrying a call to a rate-limited service: a bounded, jittered backoff (Discord's), and Google's truncated
exponential backoff kept up until a deadline; both honour Retry-After and say when they give up."""

from __future__ import annotations

import datetime as dt
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from hostkit.storage.book import StorageError

T = TypeVar("T")
RETRYABLE_STATUSES = frozenset({408, 429, 500, 502, 503, 504})
DEADLINE_VARIABLE = "HOSTKIT_GOOGLE_DEADLINE"
DEADLINE = 300.0
"""Seconds a request is tried again for, by default: long enough to outlast a quota minute (Google's usage
limits page: after a 429, "after 1 minute, you can execute requests again") several times over."""


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


def deadline_setting() -> float:
    """HOSTKIT_GOOGLE_DEADLINE in seconds, else DEADLINE; a value that is not a positive number is refused in
    one sentence."""
    text = os.environ.get(DEADLINE_VARIABLE, "").strip()
    if not text:
        return DEADLINE
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < float("inf"):
        raise StorageError(
            f"{DEADLINE_VARIABLE} is {text!r}, not a number of seconds; set it to how long hostkit may keep "
            f"trying a request Google refuses (like 300 for five minutes), or unset it."
        )
    return seconds


@dataclass(frozen=True)
class Backoff:
    """How long to keep trying: at most `attempts` tries and `budget` seconds of waiting in all.

    The n-th wait is a random ("full jitter") share of min(cap, base * 2**n); a Retry-After from the
    server is waited out in full, plus up to `base` seconds of jitter so that clients do not all wake
    together. A wait that would break the budget is not started: the call gives up at once.
    """

    attempts: int | None = 5
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

    def limit(self) -> float:
        """The seconds no try may start after (as spent() counts them)."""
        return self.budget

    def spent(self, waited: float, elapsed: float) -> float:
        """What counts against limit(): here the seconds of waiting."""
        return waited

    def run(
        self,
        attempt: Callable[[], Attempt[T]],
        on_wait: Callable[[str, float, int], None] | None = None,
        giving_up: Callable[[str, int, float], str] | None = None,
    ) -> T:
        """Call attempt() until it succeeds; on_wait(failure, seconds, next try) is told of each wait.

        Raises RetriesExhausted with giving_up(last failure, tries, seconds spent) as its message.
        """
        limit, start = self.limit(), time.monotonic()
        waited = 0.0
        tries = 0
        while True:
            tries += 1
            outcome = attempt()
            if not outcome.failed:
                return outcome.result  # type: ignore[return-value]
            pause = self.delay(tries, outcome.retry_after)
            spent = self.spent(waited, time.monotonic() - start)
            if spent + pause > limit or (self.attempts is not None and tries >= self.attempts):
                words = giving_up(outcome.failure, tries, spent) if giving_up else None
                raise RetriesExhausted(words or f"gave up after {tries} tries: {outcome.failure}")
            if on_wait:
                on_wait(outcome.failure, pause, tries + 1)
            self.sleep(pause)
            waited += pause


@dataclass(frozen=True)
class GoogleBackoff(Backoff):
    """Google's truncated exponential backoff, kept up until `deadline` seconds after the first try (None:
    HOSTKIT_GOOGLE_DEADLINE, else DEADLINE) rather than for a number of tries.

    The wait after the n-th failed try (n from 1) is min(2**(n-1) + up to 1 s of jitter, `cap`) with the
    default `base` of 1 s: about 1, 2, 4, 8, 16, 32, 64, 64... seconds. A Retry-After is waited out in full,
    plus the jitter. A wait that would end past the deadline is not started: the call gives up at once.
    """

    attempts: int | None = None
    cap: float = 64.0
    deadline: float | None = None

    def delay(self, retry: int, retry_after: float | None) -> float:
        jitter = self.random() * self.base
        if retry_after is not None:
            return retry_after + jitter
        return min(self.base * 2 ** (retry - 1) + jitter, self.cap)

    def limit(self) -> float:
        return self.deadline if self.deadline is not None else deadline_setting()

    def spent(self, waited: float, elapsed: float) -> float:
        """The seconds since the first try (at least those waited: a test's sleep does not move the clock)."""
        return max(waited, elapsed)


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
