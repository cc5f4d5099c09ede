"""What Discord's rate-limit headers said, for every post: kept per webhook and bucket, and between commands.

Discord names a route's bucket in X-RateLimit-Bucket, a name that leaves out the webhook the route is for, so
two webhooks can answer with one bucket name while each has its own room: the room is kept per (webhook id,
bucket). It is kept in a small file beside the journal (expired entries dropped, the file locked while it is
read and written), so a command does not draw a 429 that the answers to the previous one foretold. Times are
kept on the wall clock there, and on the monotonic clock while a command runs."""

from __future__ import annotations

import json
import os
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

GLOBAL_PER_SECOND = 25
"""Posts in any one second, whatever the webhooks: half of Discord's global 50 a second."""
LONGEST_WAIT = 300.0
"""The longest rate-limit wait believed; a longer (or nonsense) one is taken as this."""
PATIENCE = 120.0
"""The longest hostkit waits before one post: a webhook asking for more leaves the message due at once."""

Headers = Any
"""An answer's headers (an http.client.HTTPMessage, or a dict in tests): read with .get(name)."""


class TooLong(Exception):
    """The webhook's bucket stays empty for longer than PATIENCE: seconds it asks to wait."""

    def __init__(self, seconds: float):
        super().__init__(seconds)
        self.seconds = seconds


def now() -> float:
    return time.monotonic()


def wall() -> float:
    return time.time()


@dataclass
class RateLimits:
    """A post waits until its webhook's bucket has room, and no more than GLOBAL_PER_SECOND go in any second.

    `clock` and `wall` are read at each use, so tests can move time."""

    path: Path | None = None
    """The file keeping the rooms between commands (None: kept for this process only)."""
    mode: int = 0o600
    buckets: dict[str, str] = field(default_factory=dict)
    """'webhook id method' -> Discord's bucket (X-RateLimit-Bucket), once an answer named it."""
    room: dict[str, tuple[int, float]] = field(default_factory=dict)
    """'webhook id bucket' -> (posts left, when it fills again on the monotonic clock)."""
    recent: deque = field(default_factory=deque)
    clock: Callable[[], float] = field(default=lambda: now(), repr=False)
    wall: Callable[[], float] = field(default=lambda: wall(), repr=False)

    def wait_for(self, hook_id: str, method: str = "POST") -> float:
        """Seconds to wait before posting to this webhook (0: go now); TooLong past PATIENCE."""
        moment = self.clock()
        while self.recent and moment - self.recent[0] >= 1.0:
            self.recent.popleft()
        wait = 1.0 - (moment - self.recent[0]) if len(self.recent) >= GLOBAL_PER_SECOND else 0.0
        left, reset_at = self.room.get(self._room_key(hook_id, method), (1, 0.0))
        if left <= 0 and reset_at > moment:
            wait = max(wait, reset_at - moment)
        if wait > PATIENCE:
            raise TooLong(wait)
        return wait

    def posted(self, hook_id: str, method: str, headers: Headers | None) -> None:
        """Note a post and what its answer's headers say of the bucket."""
        moment = self.clock()
        self.recent.append(moment)
        if headers is None:
            return
        route = f"{hook_id} {method}"
        bucket = headers.get("X-RateLimit-Bucket") or self.buckets.get(route, method)
        self.buckets[route] = bucket
        left = number(headers.get("X-RateLimit-Remaining"))
        after = number(headers.get("X-RateLimit-Reset-After"))
        if left is not None and after is not None:
            self.room[f"{hook_id} {bucket}"] = (int(left), moment + min(max(after, 0.0), LONGEST_WAIT))
            self.save()

    def exhausted(self, hook_id: str, method: str, seconds: float) -> None:
        """A 429: the bucket has no room for `seconds`."""
        self.room[self._room_key(hook_id, method)] = (0, self.clock() + seconds)
        self.save()

    def _room_key(self, hook_id: str, method: str) -> str:
        return f"{hook_id} {self.buckets.get(f'{hook_id} {method}', method)}"

    @classmethod
    def kept(cls, path: Path, mode: int = 0o600) -> RateLimits:
        """The rooms the file keeps, still running."""
        limits = cls(path, mode)
        try:
            with _locked(path, mode):
                state = _read(path)
        except OSError:
            return limits
        offset = limits.clock() - limits.wall()
        limits.buckets = {str(k): str(v) for k, v in state.get("buckets", {}).items()}
        for key, (left, until) in state.get("room", {}).items():
            if until > limits.wall():
                limits.room[str(key)] = (int(left), until + offset)
        return limits

    def save(self) -> None:
        """Add this process's rooms to the file's, dropping every one already filled again."""
        if self.path is None:
            return
        offset = self.wall() - self.clock()
        try:
            with _locked(self.path, self.mode):
                state = _read(self.path)
                buckets = {**state.get("buckets", {}), **self.buckets}
                ours = {key: [left, until + offset] for key, (left, until) in self.room.items()}
                room = {k: v for k, v in {**state.get("room", {}), **ours}.items() if float(v[1]) > self.wall()}
                _write(self.path, {"buckets": buckets, "room": room}, self.mode)
        except OSError:  # the rooms are a courtesy to Discord: a post never fails for want of them
            return


def number(value: object) -> float | None:
    import math

    if isinstance(value, bool) or value is None:
        return None
    try:
        figure = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return None if math.isnan(figure) else figure


def _locked(path: Path, mode: int) -> Any:
    from filelock import FileLock

    path.parent.mkdir(parents=True, exist_ok=True)
    return FileLock(path.with_name(path.name + ".lock"), timeout=10, mode=mode)


def _read(path: Path) -> dict:
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(state, dict):
        return {}
    room = state.get("room")
    valid = isinstance(room, dict) and all(
        isinstance(v, list) and len(v) == 2 and all(type(x) in (int, float) and x == x for x in v)
        for v in room.values()
    )
    return state if valid and isinstance(state.get("buckets"), dict) else {}


def _write(path: Path, state: dict, mode: int) -> None:
    temporary = path.with_name(path.name + ".new")
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        json.dump(state, file)
    os.chmod(temporary, mode)
    os.replace(temporary, path)
