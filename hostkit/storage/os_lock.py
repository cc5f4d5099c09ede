"""An exclusive lock on a lock file, held by the operating system for this process: flock on POSIX, a locked byte
on Windows. It ends with the process that holds it, so a crash or a kill never leaves it held. The lock file is
left in place on release, so that every process waiting for it locks the same file."""

from __future__ import annotations

import errno
import math
import os
import sys
import time
import weakref
from pathlib import Path

POLL = 0.05
"""Seconds between two tries while another process holds the lock."""


class LockTimeout(TimeoutError):
    """Another process held the lock for the whole wait."""


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as error:
            if error.errno == errno.EACCES:
                return False
            raise
        return True

    def _unlock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

    def _still_named(fd: int, path: Path) -> bool:
        return True  # a file open here cannot be deleted or replaced on Windows

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES):  # EACCES: some filesystems' "held"
                return False
            raise
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

    def _still_named(fd: int, path: Path) -> bool:
        """Whether the path still names the file locked: the holder before may have deleted it (a workbook's
        lock file is deleted with a workbook no one else can be waiting on), and a lock on a deleted file
        keeps no one else out."""
        try:
            return os.path.samestat(os.fstat(fd), os.lstat(path))
        except FileNotFoundError:
            return False


class LockFile:
    """An exclusive lock on the file at `path`, made when missing (with the permissions `mode`, else the
    default ones), waited for up to `wait` seconds while another process holds it. A lock is let go on
    release, when this object is dropped, or when the process ends."""

    def __init__(self, path: Path, wait: float, mode: int | None = None):
        self.path, self.wait, self.mode = path, wait, mode
        self._release_once: weakref.finalize | None = None
        """Unlocks and closes the lock file, once: on release, or when this object is dropped."""

    @property
    def held(self) -> bool:
        return self._release_once is not None

    def acquire(self) -> None:
        """Hold the lock: LockTimeout when another process holds it for the whole wait, OSError when the lock
        file cannot be opened (a folder or a link in its place, a folder that cannot be written in)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tries = 1 + math.ceil(self.wait / POLL)  # counted rather than timed, so a stopped clock (a test's) ends it too
        for attempt in range(tries):
            if attempt:
                time.sleep(POLL)
            fd = self._try()
            if fd is not None:
                self._release_once = weakref.finalize(self, _let_go, fd)
                return
        raise LockTimeout(errno.ETIMEDOUT, f"another process held the lock for {self.wait:g} s", str(self.path))

    def _try(self) -> int | None:
        """The lock file's descriptor, locked; None while another process holds the lock."""
        fd = _open(self.path, self.mode)
        if fd is None:
            return None
        try:
            if _try_lock(fd) and _still_named(fd, self.path):
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # which also lets go of a lock on a file deleted meanwhile
        return None

    def release(self) -> None:
        """Let go of the lock, if held."""
        release, self._release_once = self._release_once, None
        if release is not None:
            release()

    def __enter__(self) -> LockFile:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _let_go(fd: int) -> None:
    try:
        _unlock(fd)
    finally:
        os.close(fd)


def _open(path: Path, mode: int | None) -> int | None:
    """The lock file opened for writing, never through a link; a file it makes gets the permissions `mode`
    whatever the umask. None when the file was deleted between the two opens."""
    flags = os.O_RDWR | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags | os.O_CREAT | os.O_EXCL, 0o666 if mode is None else mode)
    except FileExistsError:
        try:
            return os.open(path, flags)
        except FileNotFoundError:
            return None
    if mode is not None and sys.platform != "win32":
        os.fchmod(fd, mode)
    return fd
