"""The workbook interface on an .xlsx file, with openpyxl. Saves are atomic: write beside, then replace."""

from __future__ import annotations

import datetime as dt
import os
import tempfile
import zipfile
from pathlib import Path
from typing import Mapping

import openpyxl
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell as XlCell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.utils.exceptions import InvalidFileException

from hostkit.core.styles import Styled, plain
from hostkit.core.tables import Cell, Rows
from hostkit.storage.book import Book, Order, StorageError
from hostkit.storage.layout import arranged, look, number_format


def lock_files(path: Path) -> list[Path]:
    """Lock files that Excel (~$name) and LibreOffice (.~lock.name#) keep beside a workbook they have open."""
    candidates = [path.with_name("~$" + path.name), path.with_name(f".~lock.{path.name}#")]
    return [p for p in candidates if p.exists()]


class XlsxBook(Book):
    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.location = str(self.path)
        self._wb: openpyxl.Workbook | None = None

    def _load(self) -> openpyxl.Workbook:
        if self._wb is None:
            if not self.path.exists():
                raise StorageError(f"There is no workbook at {self.path}; make one with `hostkit new`.")
            try:
                self._wb = openpyxl.load_workbook(self.path)
            except PermissionError:
                raise StorageError(f"{self.path} cannot be read (permission denied); check who owns it.") from None
            except (zipfile.BadZipFile, InvalidFileException, KeyError, OSError, ValueError):
                raise StorageError(f"{self.path} is not a readable .xlsx workbook; save it from your "
                                   f"spreadsheet program as Excel Workbook (.xlsx).") from None
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

    def write(self, tabs: Mapping[str, Rows], order: Order | None = None) -> None:
        if not tabs:
            return
        if self.progress:
            self.progress(f"Writing {', '.join(tabs)} to {self.path.name}…")
        wb = self._load()
        for name, rows in tabs.items():
            _replace_sheet(wb, name, rows)
        by_name = {ws.title: ws for ws in wb.worksheets}
        wb._sheets = [by_name[name] for name in arranged(list(by_name), order)]
        if order is not None:
            wb.active = 0
            for ws in wb.worksheets:
                ws.sheet_view.tabSelected = ws is wb.worksheets[0]
        self._save(wb)

    def create(self, tabs: Mapping[str, Rows], force: bool = False) -> None:
        if self.path.exists() and not force:
            raise StorageError(f"{self.path} already exists; pick another name, or pass --force to overwrite it.")
        if not self.path.parent.exists():
            raise StorageError(f"The folder {self.path.parent} does not exist; create it first.")
        wb = openpyxl.Workbook()
        wb.remove(wb.active)
        for name, rows in tabs.items():
            _replace_sheet(wb, name, rows)
        self._wb = wb
        self._save(wb)

    def _save(self, wb: openpyxl.Workbook) -> None:
        locks = lock_files(self.path)
        if locks:
            raise StorageError(
                f"{self.path} is open in another program (lock file {locks[0].name}); close it there and run "
                f"again (if nothing has it open, delete the stale {locks[0].name})."
            )
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent)
        os.close(fd)
        try:
            wb.save(tmp)
            if self.path.exists():
                os.chmod(tmp, self.path.stat().st_mode & 0o777)
            os.replace(tmp, self.path)
        except PermissionError:
            raise StorageError(f"{self.path} cannot be written (permission denied or open elsewhere); close it "
                               f"in any other program and check that you may write to it.") from None
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)


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
