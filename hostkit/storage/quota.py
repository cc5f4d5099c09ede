"""Google's Sheets quota, kept by every process: at most 60 reads and 60 writes in any rolling minute per
account, counting every spreadsheet the process touches (the match, the public and the season workbooks). A
request the budget has no room for waits until the oldest one leaves the minute, saying so on the progress
line; a retry is a request like any other."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

PER_MINUTE = 60
"""Google's per-minute quota per user, for reads and for writes each."""
WINDOW = 61.0
"""Seconds a request counts against the budget: a minute, and a second for the two clocks to disagree."""


def now() -> float:
    return time.monotonic()


def pause(seconds: float) -> None:
    time.sleep(seconds)


@dataclass
class Budget:
    """One account's rolling minute of requests: when each read and each write was made."""

    per_minute: int = PER_MINUTE
    made: dict[str, deque] = field(default_factory=lambda: {"read": deque(), "write": deque()})

    def wait_for(self, kind: str) -> float:
        """Seconds until a request of this kind ("read" or "write") has room (0: now)."""
        times = self.made[kind]
        moment = now()
        while times and moment - times[0] >= WINDOW:
            times.popleft()
        return 0.0 if len(times) < self.per_minute else WINDOW - (moment - times[0])

    def take(self, kind: str, progress: Callable[[str], None] | None = None) -> None:
        """Wait until the budget has room for one request of this kind, and count it."""
        while (wait := self.wait_for(kind)) > 0:
            if progress:
                progress(f"Keeping within Google's quota of {self.per_minute} {kind}s a minute: waiting {wait:.0f} s…")
            pause(wait)
        self.made[kind].append(now())


_BUDGETS: dict[str, Budget] = {}


def budget(account: str) -> Budget:
    """The budget this process keeps for one account (a service account's address; "" for a person's own
    sign-in)."""
    return _BUDGETS.setdefault(account, Budget())


def forget_all() -> None:
    """Start every account's budget afresh (for a new process's worth of requests)."""
    _BUDGETS.clear()
