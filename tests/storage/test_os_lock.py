"""The operating system's lock on a lock file: one holder at a time across processes and across descriptors of
one process, a wait that ends, the file's permissions, and a lock file deleted while a waiter waits."""

import os
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import freezegun
import pytest

from hostkit.storage import os_lock
from hostkit.storage.os_lock import LockFile, LockTimeout

lock_now = os_lock._try_lock
ROOT = Path(__file__).resolve().parents[2]
HOLDING = """\
import sys
from pathlib import Path
from hostkit.storage.os_lock import LockFile
lock = LockFile(Path(sys.argv[1]), 0)
lock.acquire()
print("held", flush=True)
sys.stdin.readline()
lock.release()
print("released", flush=True)
sys.stdin.readline()
"""


@pytest.fixture
def other_process(tmp_path):
    """Another process holding the lock on tmp_path/x.lock until told (a line on its input) to let go."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDING, str(tmp_path / "x.lock")],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout.readline() == "held\n"
    yield process
    process.stdin.close()
    process.wait(10)


def test_a_lock_another_process_holds_is_waited_for_then_given_up(tmp_path, other_process):
    lock = LockFile(tmp_path / "x.lock", 0.2)
    started = time.monotonic()
    with pytest.raises(LockTimeout):
        lock.acquire()
    assert time.monotonic() - started >= 0.2 and not lock.held
    other_process.stdin.write("\n")
    other_process.stdin.flush()
    assert other_process.stdout.readline() == "released\n"
    lock.acquire()
    assert lock.held
    lock.release()


def test_a_lock_is_taken_as_soon_as_the_other_process_lets_go(tmp_path, other_process):
    lock = LockFile(tmp_path / "x.lock", 30)
    threading.Timer(0.2, lambda: (other_process.stdin.write("\n"), other_process.stdin.flush())).start()
    started = time.monotonic()
    lock.acquire()
    assert lock.held and time.monotonic() - started < 10
    lock.release()


def test_a_second_lock_in_the_same_process_waits_like_another_process(tmp_path):
    with LockFile(tmp_path / "x.lock", 0) as first:
        assert first.held
        with pytest.raises(LockTimeout):
            LockFile(tmp_path / "x.lock", 0).acquire()
    assert not first.held
    with LockFile(tmp_path / "x.lock", 0) as second:
        assert second.held


def test_a_lock_dropped_unreleased_is_let_go(tmp_path):
    """As when a command's workbook is dropped holding its lock (a refusal's traceback let go of it)."""
    dropped = LockFile(tmp_path / "x.lock", 0)
    dropped.acquire()
    del dropped
    with LockFile(tmp_path / "x.lock", 0) as taken:
        assert taken.held


def test_a_timeout_is_an_os_error_and_the_wait_ends_on_a_stopped_clock(tmp_path):
    with LockFile(tmp_path / "x.lock", 0), freezegun.freeze_time("2026-01-01"):
        with pytest.raises(OSError, match="another process held the lock for 0.1 s"):
            LockFile(tmp_path / "x.lock", 0.1).acquire()


def test_a_lock_file_deleted_between_its_opening_and_its_locking_is_opened_again(tmp_path, monkeypatch):
    """The holder deletes the file and lets go right after a waiter opened it: the waiter locks the file the
    name names now, which a third comer then finds held (a lock on the deleted file would keep no one out)."""
    path = tmp_path / "x.lock"
    tried = []

    def deleted_first(fd):
        tried.append(fd)
        if len(tried) == 1:
            path.unlink()
        return lock_now(fd)

    monkeypatch.setattr(os_lock, "_try_lock", deleted_first)
    waiter = LockFile(path, 10)
    waiter.acquire()
    assert len(tried) == 2 and waiter.held and path.exists()
    monkeypatch.undo()
    with pytest.raises(LockTimeout):
        LockFile(path, 0).acquire()
    waiter.release()


def test_the_lock_file_gets_the_mode_asked_whatever_the_umask(tmp_path):
    umask = os.umask(0o077)
    try:
        LockFile(tmp_path / "shared.lock", 0, mode=0o664).acquire()
        LockFile(tmp_path / "default.lock", 0).acquire()
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "shared.lock").stat().st_mode) == 0o664
    assert stat.S_IMODE((tmp_path / "default.lock").stat().st_mode) == 0o600  # 0o666 less the umask


def test_a_lock_file_already_there_keeps_its_permissions(tmp_path):
    path = tmp_path / "x.lock"
    path.touch(0o600)
    with LockFile(path, 0, mode=0o644):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_missing_folder_is_made_and_the_file_stays_after_release(tmp_path):
    path = tmp_path / "state" / "hostkit" / "x.lock"
    with LockFile(path, 0):
        pass
    assert path.is_file()


@pytest.mark.parametrize("kind", ["folder", "link"])
def test_a_folder_or_a_link_in_the_lock_files_place_is_an_os_error(tmp_path, kind):
    path = tmp_path / "x.lock"
    if kind == "folder":
        path.mkdir()
    else:
        path.symlink_to(tmp_path / "elsewhere")
    lock = LockFile(path, 0)
    with pytest.raises(OSError) as raised:
        lock.acquire()
    assert not isinstance(raised.value, LockTimeout) and not lock.held
    assert not (tmp_path / "elsewhere").exists()


def test_releasing_a_lock_not_held_does_nothing(tmp_path):
    lock = LockFile(tmp_path / "x.lock", 0)
    lock.release()
    assert not lock.held and not (tmp_path / "x.lock").exists()
