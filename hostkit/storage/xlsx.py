"""The workbook interface on an .xlsx file, with openpyxl. Saves are atomic: write beside, then replace."""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import io
import os
import re
import stat
import tempfile
import zipfile
from pathlib import Path
from typing import Collection, Iterator, Mapping

import openpyxl
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell as XlCell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.utils.exceptions import InvalidFileException

from hostkit.core.styles import Styled, plain
from hostkit.core.tables import Cell, Rows
from hostkit.storage.book import Book, Order, StorageError
from hostkit.storage.keep import Computed, computed_values, restore_values, unkept
from hostkit.storage.layout import arranged, look, number_format
from hostkit.storage.lock import WorkbookLock


def lock_files(path: Path) -> list[Path]:
    """Lock files that Excel (~$name) and LibreOffice (.~lock.name#) keep beside a workbook they have open."""
    candidates = [path.with_name("~$" + path.name), path.with_name(f".~lock.{path.name}#")]
    return [p for p in candidates if p.exists()]


class XlsxBook(Book):
    """An .xlsx file. A command holds its lock from lock() to release(); a save refuses when the file changed
    since it was read, and keeps what the host's own tabs hold (or refuses before writing anything)."""

    def __init__(self, path: str | os.PathLike, wait: float | None = None):
        self.path = Path(path)
        self.location = str(self.path)
        self._wb: openpyxl.Workbook | None = None
        self._data: bytes | None = None
        self._lock = WorkbookLock(self.path, wait)

    def lock(self) -> None:
        if self._lock.held or self._folder_problem():
            return  # no hostkit command can write in a folder hostkit cannot write in
        self._lock.acquire()
        self._remove_left_temps()

    def release(self) -> None:
        self._lock.release()

    def relock(self) -> bool:
        self.lock()
        if self._data is None or _digest(self.path) == hashlib.sha256(self._data).digest():
            return False
        self._wb = self._data = None
        return True

    def _load(self) -> openpyxl.Workbook:
        if self._wb is None:
            if not self.path.exists():
                raise StorageError(f"There is no workbook at {self.path}; make one with `hostkit new`.")
            try:
                data = self.path.read_bytes()
            except PermissionError:
                raise StorageError(f"{self.path} cannot be read (permission denied); check who owns it.") from None
            try:
                self._wb = openpyxl.load_workbook(io.BytesIO(data))
            except (zipfile.BadZipFile, InvalidFileException):
                raise StorageError(f"{self.path} is not a readable .xlsx workbook; save it from your "
                                   f"spreadsheet program as Excel Workbook (.xlsx).") from None
            except Exception:  # a damaged part inside the zip fails in the XML parser, zlib, or openpyxl itself
                raise StorageError(f"{self.path} is damaged (a part inside the file cannot be read); open it in "
                                   f"your spreadsheet program to repair it, or use a backup copy.") from None
            self._data = data
        return self._wb

    def read(self) -> dict[str, Rows]:
        if self.progress:
            self.progress(f"Reading {self.path.name}…")
        wb = self._load()
        tabs: dict[str, Rows] = {}
        for ws in wb.worksheets:
            rows = [list(r) for r in ws.iter_rows(values_only=True)]
            while rows and all(v is None or v == "" for v in rows[-1]):
                rows.pop()
            tabs[ws.title] = rows
        return tabs

    def check(self, tabs: Collection[str]) -> None:
        folder = self._folder_problem()
        if folder:
            raise StorageError(folder)
        self.lock()
        if self.path.exists() and _read_only(self.path):
            raise StorageError(f"{self.path} is read-only, so hostkit left it as it was; make it writable "
                               f"(chmod u+w, or untick Read-only in its properties) and run again.")
        locks = lock_files(self.path)
        if locks:
            raise StorageError(
                f"{self.path} is open in another program (lock file {locks[0].name}); close it there and run "
                f"again (if nothing has it open, delete the stale {locks[0].name})."
            )
        if self._data is not None and _digest(self.path) != hashlib.sha256(self._data).digest():
            raise StorageError(f"{self.path} changed after hostkit read it (another program saved it meanwhile), "
                               f"so nothing was written; run the command again.")
        if self._wb is not None and self._data is not None:
            kept = [ws.title for ws in self._wb.worksheets if ws.title.casefold() not in _names(tabs)]
            loaded = {ws.title: (len(ws._images), len(ws._charts)) for ws in self._wb.worksheets}
            lost = unkept(self._data, kept, loaded)
            if lost:
                title, kinds = next(iter(lost.items()))
                raise StorageError(
                    f"The tab {title!r} of {self.path} holds {' and '.join(kinds)} that hostkit cannot keep when it "
                    f"saves the file, so nothing was written; move them to a workbook of their own (or keep the "
                    f"match in a Google Sheet, where hostkit writes only its own tabs) and run again.")

    def write(self, tabs: Mapping[str, Rows], order: Order | None = None) -> None:
        if not tabs:
            return
        if self.progress:
            self.progress(f"Writing {', '.join(tabs)} to {self.path.name}…")
        with self._locked():
            wb = self._load()
            self.check(tabs)
            kept = [ws.title for ws in wb.worksheets if ws.title.casefold() not in _names(tabs)]
            computed = computed_values(self._data, kept) if self._data is not None else {}
            for name, rows in tabs.items():
                _replace_sheet(wb, name, rows)
            by_name = {ws.title: ws for ws in wb.worksheets}
            wb._sheets = [by_name[name] for name in arranged(list(by_name), order)]
            if order is not None:
                wb.active = 0
                for ws in wb.worksheets:
                    ws.sheet_view.tabSelected = ws is wb.worksheets[0]
            self._save(wb, computed)

    def create(self, tabs: Mapping[str, Rows], force: bool = False) -> None:
        if self.path.exists() and not force:
            raise StorageError(f"{self.path} already exists; pick another name, or pass --force to overwrite it.")
        with self._locked():
            self._data = None
            self.check(tabs)
            wb = openpyxl.Workbook()
            wb.remove(wb.active)
            for name, rows in tabs.items():
                _replace_sheet(wb, name, rows)
            self._wb = wb
            self._save(wb, {})

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
            return (f"hostkit cannot write in the folder {folder} (it is read-only), and it saves {self.path.name} "
                    f"by writing a new copy there; make the folder writable or move the workbook, then run again.")
        return None

    def _remove_left_temps(self) -> None:
        """Copies that a killed save left behind: only the lock's holder writes them, so none is in use."""
        left = re.compile(rf"\.{re.escape(self.path.name)}\.[a-z0-9_]{{8}}\.tmp")
        for name in os.listdir(self.path.parent):
            if left.fullmatch(name):
                with contextlib.suppress(OSError):
                    os.unlink(self.path.parent / name)

    def _save(self, wb: openpyxl.Workbook, computed: Computed) -> None:
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent)
        except OSError:
            raise StorageError(f"hostkit cannot write in the folder {self.path.parent}, and it saves "
                               f"{self.path.name} by writing a new copy there; make the folder writable or move "
                               f"the workbook, then run again.") from None
        os.close(fd)
        try:
            wb.save(tmp)
            if computed:
                restore_values(Path(tmp), computed)
            if self.path.exists():
                os.chmod(tmp, self.path.stat().st_mode & 0o777)
            data = Path(tmp).read_bytes()
            os.replace(tmp, self.path)
            self._data = data
        except PermissionError:
            raise StorageError(f"{self.path} cannot be written (permission denied or open elsewhere); close it "
                               f"in any other program and check that you may write to it.") from None
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)


def _names(tabs: Collection[str]) -> set[str]:
    return {name[:31].casefold() for name in tabs}


def _read_only(path: Path) -> bool:
    """Whether nobody may write the file or folder, or this user may not (the owner's bit is honoured for root too)."""
    return not os.access(path, os.W_OK) or not path.stat().st_mode & stat.S_IWUSR


def _digest(path: Path) -> bytes:
    try:
        return hashlib.sha256(path.read_bytes()).digest()
    except OSError:
        return b""


def _replace_sheet(wb: openpyxl.Workbook, name: str, rows: Rows) -> None:
    index = None
    for ws in wb.worksheets:
        if ws.title.casefold() == name.casefold():
            index = wb.worksheets.index(ws)
            wb.remove(ws)
            break
    ws = wb.create_sheet(name[:31], index)
    layout = look(rows)
    for number, row in enumerate(rows, start=1):
        ws.append([_cell(ws, plain(v)) for v in row])
        for column, value in enumerate(row, start=1):
            cell = ws.cell(number, column)
            if isinstance(value, Styled):
                _draw(cell, value)
            if number <= layout.frozen:
                cell.font = Font(color=value.font if isinstance(value, Styled) else None, bold=True)
            shown_as = number_format(value)
            if shown_as:
                cell.number_format = shown_as
            if (number - 1, column - 1) in layout.wrapped:
                cell.alignment = Alignment(wrap_text=True, vertical="top")
    for column, width in enumerate(layout.widths, start=1):
        ws.column_dimensions[get_column_letter(column)].width = width + 2
    if layout.frozen:
        ws.freeze_panes = ws.cell(layout.frozen + 1, 1).coordinate


def _draw(cell: XlCell, style: Styled) -> None:
    if style.fill:
        cell.fill = PatternFill(fill_type="solid", fgColor=style.fill)
    if style.font or style.bold:
        cell.font = Font(color=style.font, bold=style.bold)
    if style.centred:
        cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)


def _cell(ws, value: Cell):
    """A value as openpyxl should store it: text always as text, never a formula."""
    if isinstance(value, str):
        if not value.isprintable():
            value = ILLEGAL_CHARACTERS_RE.sub("", value)
        if value.startswith("="):
            cell = XlCell(ws, value=value)
            cell.data_type = "s"
            return cell
    elif isinstance(value, dt.datetime) and value.tzinfo is not None:
        raise ValueError("aware datetimes are written as local text by the rules core")
    return value
