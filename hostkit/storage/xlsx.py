"""The workbook interface on an .xlsx file. Reading is python-calamine's (xlsx_read.py); writing replaces only the
tabs a command writes, part by part (xlsx_parts.py), and copies every other part of the file as it is.
Saves are atomic: write beside, then replace."""

from __future__ import annotations

import contextlib
import io
import os
import re
import stat
from collections.abc import Callable, Collection, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from hostkit.core.collector import paused_collector
from hostkit.core.tables import Rows
from hostkit.storage.book import Book, Conflict, Missing, Order, StorageError
from hostkit.storage.layout import arranged
from hostkit.storage.lock import WorkbookLock
from hostkit.storage.xlsx_read import Signature, Tabs, damaged, readable, signature

if TYPE_CHECKING:
    from hostkit.storage.xlsx_parts import Package


def lock_files(path: Path) -> list[Path]:
    """Lock files that Excel (~$name) and LibreOffice (.~lock.name#) keep beside a workbook they have open."""
    candidates = [path.with_name("~$" + path.name), path.with_name(f".~lock.{path.name}#")]
    return [p for p in candidates if p.exists()]


def real_path(path: Path) -> Path:
    """The file a path names through any symbolic links; a loop of links is refused in one sentence."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):  # Python before 3.13 raises RuntimeError for a loop, later ones OSError
        raise StorageError(
            f"{path} is a symbolic link that leads back to itself (a loop of links), so it names no workbook; "
            f"give the workbook file itself, or point the link at it."
        ) from None


class XlsxBook(Book):
    """An .xlsx file. A command holds its lock from lock() to release(); a save refuses when the file changed
    since it was read, and keeps every tab it does not write exactly as it was."""

    def __init__(
        self, path: str | os.PathLike, wait: float | None = None, progress: Callable[[str], None] | None = None
    ):
        self.path: Path = Path(path)
        self.location = str(self.path)
        self.progress = progress
        self._data: bytes | None = None
        self._seen: Signature | None = None
        """The signature (inode, modification time, size) of the file read: an early check that finds it
        unchanged compares no bytes (the save compares them all, right before it replaces the file), and the
        reader opens the file by its path only while it is still this one."""
        self._tabs: Tabs | None = None
        self._lock = WorkbookLock(real_path(self.path), wait)  # one lock per file, whatever name or link reaches it

    def exists(self) -> bool:
        return self.path.exists()

    def lock(self) -> None:
        if self._lock.held or self._folder_problem():
            return  # no hostkit command can write in a folder hostkit cannot write in
        self._lock.acquire()
        self._remove_left_temps()

    def release(self, remove_lock: bool = False) -> None:
        self._lock.release(remove=remove_lock)

    def relock(self) -> bool:
        self.lock()
        if self._data is None or _holds(self.path, self._data):
            return False
        self._data = None
        return True

    def change_signal(self, ask: bool = True) -> object:
        """The file's inode, modification time and size: one stat, no read."""
        if ask:
            self.forget()
        return signature(self.path)

    def forget(self) -> None:
        self._data = None
        self._tabs = None

    def _bytes(self) -> bytes:
        """The file as it was read (its fingerprint is what a save compares against)."""
        if self._data is None:
            if not self.path.exists():
                raise Missing(
                    f"There is no workbook at {self.path}; make one with `hostkit new`.", "the workbook is not there"
                )
            try:
                with self.path.open("rb") as file:
                    self._data = file.read()
                    self._seen = signature(file.fileno())  # the file read, even if the name was given another
            except PermissionError:
                raise StorageError(f"{self.path} cannot be read (permission denied); check who owns it.") from None
        return self._data

    def read(self) -> Mapping[str, Rows]:
        """Every tab by name; a tab's cells are parsed when it is first looked up. A second read of the same
        bytes shares the first one's reader (the file is opened by the reader once)."""
        if self.progress:
            self.progress(f"Reading {self.path.name}…")
        return self._read_tabs()

    def _read_tabs(self) -> Tabs:
        data = self._bytes()
        if self._tabs is None or self._tabs.data is not data:
            self._tabs = Tabs(self.path, data, self._seen)
            _load_writer()
            return self._tabs
        return self._tabs.again()

    def read_styled(self, names: Collection[str]) -> dict[str, Rows]:
        from hostkit.storage.xlsx_styled import read_styled

        tabs = self._read_tabs()
        with readable(self.path):
            return read_styled(tabs, tabs.data, names)

    def check(self, tabs: Collection[str]) -> None:
        folder = self._folder_problem()
        if folder:
            raise StorageError(folder)
        self.lock()
        if self.path.exists() and _read_only(self.path):
            raise StorageError(
                f"{self.path} is read-only, so hostkit left it as it was; make it writable "
                f"(chmod u+w, or untick Read-only in its properties) and run again."
            )
        locks = lock_files(self.path)
        if locks:
            raise Conflict(
                f"{self.path} is open in another program (lock file {locks[0].name}); close it there and run "
                f"again (if nothing has it open, delete the stale {locks[0].name}).",
                f"the workbook is open in another program (lock file {locks[0].name})",
            )
        if self._data is not None and signature(self.path) != self._seen and not _holds(self.path, self._data):
            raise Conflict(
                f"{self.path} changed after hostkit read it (another program saved it meanwhile), "
                f"so nothing was written; run the command again.",
                "the workbook was saved by another program meanwhile, so nothing was written",
            )

    def write(self, tabs: Mapping[str, Rows], order: Order | None = None) -> None:
        if not tabs:
            return
        if self.progress:
            self.progress(f"Writing {', '.join(tabs)} to {self.path.name}…")
        from hostkit.storage.xlsx_parts import Package, PackageError
        from hostkit.storage.xlsx_zip import UnreadablePackage

        with self._locked():
            data = self._bytes()
            self.check(tabs)
            with paused_collector():
                try:
                    package = Package.read(io.BytesIO(data))
                    package.replace(tabs)
                    if order is not None:
                        package.arrange(arranged([e.name for e in package.sheets()], order))
                except UnreadablePackage as refused:
                    raise StorageError(f"{self.path} {refused}.") from None
                except PackageError:
                    raise damaged(self.path) from None
                self._save(package)

    def create(self, tabs: Mapping[str, Rows], force: bool = False) -> None:
        if self.path.exists() and not force:
            raise StorageError(f"{self.path} already exists; pick another name, or pass --force to overwrite it.")
        from hostkit.storage.xlsx_parts import Package

        with self._locked():
            self._data = None
            self.check(tabs)
            package = Package.empty()
            package.replace(tabs)
            self._save(package)

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """The lock for one save, unless the command already holds it (then it keeps holding it)."""
        held = self._lock.held
        try:
            yield
        finally:
            if not held:
                self.release()

    def _folder_problem(self) -> str | None:
        folder = self.path.parent
        if not folder.is_dir():
            return f"The folder {folder} does not exist; create it first."
        if _read_only(folder):
            return (
                f"hostkit cannot write in the folder {folder} (it is read-only), and it saves {self.path.name} "
                f"by writing a new copy there; make the folder writable or move the workbook, then run again."
            )
        return None

    def _remove_left_temps(self) -> None:
        """Copies that a killed save left behind: only the lock's holder writes them, so none is in use."""
        left = re.compile(rf"\.{re.escape(self.path.name)}\.[a-z0-9_]{{8}}\.tmp")
        for name in os.listdir(self.path.parent):
            if left.fullmatch(name):
                with contextlib.suppress(OSError):
                    os.unlink(self.path.parent / name)

    def _save(self, package: Package) -> None:
        """Write the package beside the workbook, make it durable, check that nobody saved the workbook since
        it was read, and put it in place: the old file or the new, whole, whatever happens. A workbook that
        holds these very bytes already (the same command run again) is left as it is, its time too."""
        from hostkit.storage.xlsx_parts import PackageError

        try:
            package.ask_recalculation()
        except PackageError:
            raise damaged(self.path) from None
        made = io.BytesIO()
        package.save(made)
        data = made.getvalue()
        del made
        real = real_path(self.path)  # through a symbolic link: the link stays, the file it names is replaced
        with self._save_errors():
            if data == self._data and _holds(real, data):
                _sync(real)
                return
        if real.exists() and real.stat().st_nlink > 1:
            raise StorageError(
                f"{self.path} has another name (a hard link); saving replaces the file whole, which would part the "
                f"two names. Keep one name, or use a symbolic link (ln -s) instead."
            )
        import tempfile

        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=real.parent)
        except OSError:
            raise StorageError(
                f"hostkit cannot write in the folder {self.path.parent}, and it saves "
                f"{self.path.name} by writing a new copy there; make the folder writable or move "
                f"the workbook, then run again."
            ) from None
        os.close(fd)
        try:
            with self._save_errors():
                Path(tmp).write_bytes(data)
                os.chmod(tmp, real.stat().st_mode & 0o777 if real.exists() else 0o666 & ~_umask())
                _sync(tmp)
                if self._data is not None and real.exists() and not _holds(real, self._data):
                    raise Conflict(
                        f"{self.path} changed while hostkit worked on it (saved by another program); nothing was "
                        f"written, so your save is kept. Run the command again.",
                        "the workbook was saved by another program meanwhile, so nothing was written",
                    )
                os.replace(tmp, real)
                _sync_folder(real.parent)
                self._data, self._seen = data, signature(real)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)

    @contextlib.contextmanager
    def _save_errors(self) -> Iterator[None]:
        try:
            yield
        except PermissionError:
            raise StorageError(
                f"{self.path} cannot be written (permission denied or open elsewhere); close it "
                f"in any other program and check that you may write to it."
            ) from None
        except OSError as error:
            raise StorageError(
                f"{self.path} cannot be saved ({error.strerror or error}); nothing was changed. Free some space "
                f"or fix the folder, then run again."
            ) from None


def _load_writer() -> None:
    """Import what a save uses once the tabs are open: the biggest tab is being parsed ahead then, so the
    imports delay nothing, where before the opening they would delay that parse."""
    import tempfile  # noqa: F401

    import hostkit.storage.xlsx_parts  # noqa: F401


def _sync(path: str | Path) -> None:
    """Flush a file to the disk, so a power cut keeps it; a failure is the save's (it must not go on)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync_folder(path: Path) -> None:
    """Flush a folder's entry for a renamed file, where the system can (Windows cannot open a folder)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _umask() -> int:
    """The process's file-creation mask: a new workbook gets the permissions any new file would."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _read_only(path: Path) -> bool:
    """Whether nobody may write the file or folder, or this user may not (the owner's bit is honoured for root too)."""
    return not os.access(path, os.W_OK) or not path.stat().st_mode & stat.S_IWUSR


def _holds(path: Path, data: bytes) -> bool:
    """Whether the file holds exactly these bytes still: its size, then its bytes, a megabyte at a time into one
    buffer (no hashing, no second copy of the workbook)."""
    try:
        with path.open("rb", buffering=0) as file:
            if os.fstat(file.fileno()).st_size != len(data):
                return False
            piece, expected, at = bytearray(1 << 20), memoryview(data), 0
            while (got := file.readinto(piece)) and at + got <= len(data):
                if piece[:got] != expected[at : at + got]:
                    return False
                at += got
            return at == len(data) and not got
    except OSError:
        return False
