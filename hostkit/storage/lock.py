"""One hostkit command at a time on a workbook file: an exclusive lock on a small file beside it.

The lock is the operating system's (os_lock.py: flock, or a locked byte on Windows) on `.<workbook>.hostkit-lock`,
so it ends with the process that holds it: a crash or a kill never leaves a workbook locked.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

from hostkit.errors import LockHeld, StorageError
from hostkit.storage.os_lock import LockFile, LockTimeout

WAIT_VARIABLE = "HOSTKIT_LOCK_WAIT"
WAIT = 5.0


def lock_wait() -> float:
    """Seconds to wait for another hostkit command: HOSTKIT_LOCK_WAIT, else 5."""
    text = os.environ.get(WAIT_VARIABLE, "").strip()
    if not text:
        return WAIT
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 <= seconds <= 3600:
        raise StorageError(
            f"{WAIT_VARIABLE} {text!r} is not a number of seconds from 0 to 3600; set it to how long "
            f"to wait for another hostkit command (like 5), or unset it."
        )
    return seconds


class WorkbookLock:
    def __init__(self, workbook: Path, wait: float | None = None):
        self.workbook = workbook
        self.wait = lock_wait() if wait is None else wait
        self.path = workbook.with_name(f".{workbook.name}.hostkit-lock")
        self._file = LockFile(self.path, self.wait)

    @property
    def held(self) -> bool:
        return self._file.held

    def acquire(self) -> None:
        if self.held:
            return
        try:
            self._file.acquire()
        except LockTimeout:
            raise LockHeld(
                f"{self.workbook} is being written by another hostkit command; wait for it to finish and try again.",
                "another hostkit command is using the workbook",
            ) from None
        except OSError as error:
            what = "a folder" if self.path.is_dir() else "a link" if self.path.is_symlink() else "unusable"
            raise StorageError(
                f"hostkit's lock file {self.path} is {what} ({error.strerror or error}), so the workbook was left as "
                f"it was; delete {self.path.name} (nothing else uses it) and run again."
            ) from None

    def release(self, remove: bool = False) -> None:
        """Let go of the lock; `remove` deletes the lock file first, for a workbook that no other command can be
        waiting on (one this command made): a command waiting on the deleted file would lock a file nobody else
        sees. Beside a workbook that does not exist (a mistyped name, nothing written) no lock file is left."""
        if self.held:
            if remove or not self.workbook.exists():
                self.path.unlink(missing_ok=True)
            self._file.release()
