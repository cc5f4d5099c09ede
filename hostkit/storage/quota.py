"""Google's Sheets quota, kept by every hostkit process on this machine together: at most 60 reads and 60 writes
in any rolling minute per account, counting every spreadsheet any of them touches (the match, the public and the
season workbooks). The requests made are recorded in a small file per account in hostkit's state folder, locked
while a process counts one in; a request the minute has no room for waits until the oldest one leaves it,
saying so on the progress line. A retry is a request like any other."""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from hostkit.storage.os_lock import LockFile

PER_MINUTE = 60
"""Google's per-minute quota per user, for reads and for writes each."""
WINDOW = 61.0
"""Seconds a request counts against the budget: a minute, and a second for the two clocks to disagree."""
LOCK_WAIT = 10.0
"""Seconds to wait for another process counting in a request (it holds the lock for a few milliseconds);
past them, this process counts on its own for that request."""
PREFIX = "google-quota-"


def now() -> float:
    """The wall clock: the one clock every process on the machine reads alike."""
    return time.time()


def pause(seconds: float) -> None:
    time.sleep(seconds)


def state_folder() -> Path:
    """hostkit's own folder for what it keeps beside a Google Sheet (the Discord journal keeps its records there
    too): HOSTKIT_STATE, else the platform's."""
    if os.environ.get("HOSTKIT_STATE"):
        return Path(os.environ["HOSTKIT_STATE"])
    if os.name == "nt":
        return Path(os.environ.get("LOCALAPPDATA", Path.home())) / "hostkit"
    return Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state") / "hostkit"


def record_path(account: str) -> Path:
    """The file an account's requests are recorded in ("" is a person's own sign-in)."""
    return state_folder() / f"{PREFIX}{re.sub(r'[^A-Za-z0-9@._-]', '_', account) or 'own-sign-in'}.json"


@dataclass
class Budget:
    """One account's rolling minute of requests: when each read and each write was made, by every process
    sharing the record at `path` (None: by this process alone)."""

    path: Path | None = None
    per_minute: int = PER_MINUTE
    made: dict[str, list[float]] = field(default_factory=lambda: {"read": [], "write": []})

    def take(self, kind: str, progress: Callable[[str], None] | None = None) -> None:
        """Wait until the budget has room for one request of this kind ("read" or "write"), and count it."""
        while (wait := self._claim(kind)) > 0:
            if progress:
                progress(f"Keeping within Google's quota of {self.per_minute} {kind}s a minute: waiting {wait:.0f} s…")
            pause(wait)

    def _claim(self, kind: str) -> float:
        """Count one request of this kind if the minute has room for it (0.0), else the seconds until it has."""
        with self._shared():
            moment = now()
            for each in self.made:  # a time ahead of the clock by a minute is one from before the clock was set back
                self.made[each] = [t for t in self.made[each] if abs(moment - t) < WINDOW]
            times = self.made[kind]
            if len(times) < self.per_minute:
                times.append(moment)
                return 0.0
            return WINDOW - (moment - min(times))

    @contextmanager
    def _shared(self) -> Iterator[None]:
        """The record locked against every other process and read into `made`, then written back. Where it
        cannot be locked, read or written, this process counts on its own."""
        lock = self._lock()
        if lock is None:
            yield
            return
        try:
            self.made = _load(lock.path, self.made)
            yield
            _save(lock.path, self.made)
        finally:
            lock.lock.release()

    def _lock(self) -> _Locked | None:
        if self.path is None:
            return None
        try:
            lock = LockFile(self.path.with_name(self.path.name + ".lock"), LOCK_WAIT)
            lock.acquire()
        except OSError:  # a timeout too
            return None
        return _Locked(self.path, lock)


@dataclass(frozen=True)
class _Locked:
    path: Path
    lock: LockFile


def _load(path: Path, fallback: dict[str, list[float]]) -> dict[str, list[float]]:
    """The record's times; a missing or damaged record is an empty one, and an unreadable one is this
    process's own count."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"read": [], "write": []}
    except OSError:
        return fallback
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}
    return {kind: _times(data.get(kind)) for kind in ("read", "write")}


def _times(value: object) -> list[float]:
    if not isinstance(value, list):
        return []
    return [float(t) for t in value if isinstance(t, (int, float)) and not isinstance(t, bool)]


def _save(path: Path, made: dict[str, list[float]]) -> None:
    try:
        path.write_text(json.dumps({kind: [round(t, 3) for t in times] for kind, times in made.items()}))
    except OSError:
        pass  # this process keeps its own count


_BUDGETS: dict[str, Budget] = {}


def budget(account: str) -> Budget:
    """The budget of one account (a service account's address; "" for a person's own sign-in), shared with
    every hostkit process on this machine."""
    return _BUDGETS.setdefault(account, Budget(record_path(account)))


def forget_all() -> None:
    """Start every account's budget afresh: this process's, and the records in the state folder."""
    _BUDGETS.clear()
    for record in state_folder().glob(f"{PREFIX}*.json"):
        record.unlink(missing_ok=True)
