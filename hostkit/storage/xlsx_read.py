"""Reading an .xlsx workbook's tabs with python-calamine (a Rust reader, about ten times faster than
openpyxl's): every cell as its computed value (a formula's cached result), each tab parsed when first used."""

from __future__ import annotations

import contextlib
import copy
import datetime as dt
import io
import zipfile
from collections.abc import Iterator, MutableMapping
from pathlib import Path

from hostkit.core.tables import Rows
from hostkit.core.times import DAY, time_of_day
from hostkit.storage.book import StorageError


class Tabs(MutableMapping[str, Rows]):
    """A workbook's tabs, each parsed on first use; a dict to its users."""

    def __init__(self, path: Path, data: bytes):
        import python_calamine

        self.path = path
        self.data = data
        self._parts: dict[str, str] | None = None
        with readable(path):
            if not zipfile.is_zipfile(io.BytesIO(data)):  # the reader also takes .xls and .ods: hostkit writes .xlsx
                raise zipfile.BadZipFile(path)
            self._book = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
            self._names = [
                m.name for m in self._book.sheets_metadata if m.typ == python_calamine.SheetTypeEnum.WorkSheet
            ]
        self._rows: dict[str, Rows] = {}

    def __getitem__(self, name: str) -> Rows:
        if name not in self._rows:
            if name not in self._names:
                raise KeyError(name)
            with readable(self.path):
                grid = self._book.get_sheet_by_name(name).to_python(skip_empty_area=False)
            rows = [[_cell(v) if type(v) in _CONVERTED else None if v == "" else v for v in row] for row in grid]
            self._mark_uncalculated(name, rows)
            while rows and all(v is None for v in rows[-1]):
                rows.pop()
            self._rows[name] = rows
        return self._rows[name]

    def _mark_uncalculated(self, name: str, rows: Rows) -> None:
        """Formula cells with no computed value read as UNCALCULATED (blank to the fast reader)."""
        from hostkit.storage.xlsx_formulas import UNCALCULATED, sheet_parts, uncalculated

        with zipfile.ZipFile(io.BytesIO(self.data)) as archive:
            if self._parts is None:
                self._parts = sheet_parts(archive)
            part = self._parts.get(name)
            if not part or part not in archive.namelist():
                return
            xml = archive.read(part)
        for r, c in uncalculated(xml):
            while len(rows) <= r:
                rows.append([])
            rows[r].extend([None] * (c + 1 - len(rows[r])))
            if rows[r][c] is None:
                rows[r][c] = UNCALCULATED

    def again(self) -> Tabs:
        """The same workbook's tabs read anew (each parsed again when looked up), sharing this one's reader."""
        fresh = copy.copy(self)
        fresh._names = list(self._names)
        fresh._rows = {}
        return fresh

    def __setitem__(self, name: str, rows: Rows) -> None:
        if name not in self._names:
            self._names.append(name)
        self._rows[name] = rows

    def __delitem__(self, name: str) -> None:
        self._names.remove(name)
        self._rows.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._names))

    def __len__(self) -> int:
        return len(self._names)


_CONVERTED = {float, dt.timedelta}
"""What the reader gives that is not read as it is (a blank, "", is made None inline)."""


def _cell(value: object) -> object:
    """A number or a duration as hostkit's readers take it: a whole number as an int, a duration shorter than a
    day as the time of day it shows."""
    if type(value) is float and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if type(value) is dt.timedelta:  # a duration cell: the time of day it shows
        return time_of_day(value) if value < DAY else value.total_seconds() / 86400
    return value


@contextlib.contextmanager
def readable(path: Path) -> Iterator[None]:
    """A file the reader cannot parse, named in one sentence."""
    import python_calamine

    try:
        yield
    except StorageError:
        raise
    except (zipfile.BadZipFile, python_calamine.ZipError):
        raise StorageError(
            f"{path} is not a readable .xlsx workbook; save it from your spreadsheet program as Excel Workbook (.xlsx)."
        ) from None
    except Exception:  # a damaged part inside the zip: the XML parser, zlib or the reader fails on it
        raise damaged(path) from None


def damaged(path: Path) -> StorageError:
    return StorageError(
        f"{path} is damaged (a part inside the file cannot be read); open it in your spreadsheet "
        f"program to repair it, or use a backup copy."
    )
