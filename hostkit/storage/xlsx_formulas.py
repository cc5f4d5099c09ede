"""A worksheet as hostkit reads it, where the fast reader's cells are not that. Formula cells saved with no
computed value (written by a program that does not calculate, like openpyxl or a script): the fast reader sees
them blank, so hostkit shows them as UNCALCULATED, which every reader of a tab reports with its row and the
fix; error cells, also blank to it; whole numbers, durations and blanks, which hostkit reads as ints, times of
day and None (values). And a value typed far beyond the table, whose span the fast reader would make cell by
cell: the tab is refused before it is parsed."""

from __future__ import annotations

import datetime as dt
import itertools
import posixpath
import re
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from hostkit.core.tables import CellError, column_index
from hostkit.core.times import DAY, time_of_day
from hostkit.storage.book import StorageError
from hostkit.storage.layout import Real

UNCALCULATED = "#NO VALUE (a formula never calculated: open the workbook in a spreadsheet program and save it)"
CELL_REF = re.compile(r"([A-Z]+)(\d+)")
"""A cell's reference (B12): its column letters and row number."""
_FORMULA = re.compile(rb"<(?:\w+:)?f[\s>/]")


def has_formula(xml: bytes, prefixed: bool | None = None) -> bool:
    """Whether a worksheet part (or a piece of one, saying whether the part is_prefixed) holds a formula: one
    memchr-fast search of a part written without a prefix (the regex, which tries every tag, only once that
    search finds a candidate or the part is prefixed)."""
    if prefixed if prefixed is not None else is_prefixed(xml):
        return _FORMULA.search(xml) is not None
    return b"<f" in xml and _FORMULA.search(xml) is not None


def is_prefixed(xml: bytes) -> bool:
    """Whether a worksheet part names its elements with a prefix (<x:worksheet>: its cells are <x:c>, its
    formulas <x:f>), by its first bytes."""
    head = xml[:512]
    at = head.find(b"worksheet")
    return at > 0 and head[at - 1 : at] == b":"


def sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Each tab's name to its worksheet part."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    workbook = etree.fromstring(archive.read("xl/workbook.xml"), parser)
    rels = etree.fromstring(archive.read("xl/_rels/workbook.xml.rels"), parser)
    targets = {}
    for element in rels:
        target = element.get("Target", "")
        targets[element.get("Id")] = target.lstrip("/") if target.startswith("/") else posixpath.join("xl", target)
    parts = {}
    for element in workbook.iter("{*}sheet"):
        rel_id = next((v for k, v in element.attrib.items() if k.endswith("}id")), "")
        parts[element.get("name", "")] = posixpath.normpath(targets.get(rel_id, ""))
    return parts


_ERROR = re.compile(rb"""\st\s*=\s*["']e["']""")


def unread(xml: bytes) -> Iterator[tuple[int, int, str]]:
    """The (row, column), 0-based, and the value of each cell the fast reader shows blank though it is not: a
    formula with no value (UNCALCULATED) and a spreadsheet error (its code, as a CellError). Nothing is parsed
    in a part with neither."""
    if not has_formula(xml) and not ((b'"e"' in xml or b"'e'" in xml) and _ERROR.search(xml)):
        return
    from lxml import etree

    for _, cell in etree.iterparse(_Bytes(xml), tag="{*}c", resolve_entities=False, no_network=True):
        shown = cell.find("{*}v")
        if cell.get("t") == "e":
            value: str | None = CellError((shown.text or "").strip() if shown is not None else "") or None
        else:
            value = UNCALCULATED if cell.find("{*}f") is not None and (shown is None or not shown.text) else None
        if value is not None:
            found = CELL_REF.fullmatch(cell.get("r", ""))
            if found:
                yield int(found.group(2)) - 1, column_index(found.group(1)), value
        cell.clear()


class _Bytes:
    """Bytes as the file object iterparse reads."""

    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def read(self, size: int = -1) -> bytes:
        end = len(self.data) if size < 0 else self.at + size
        chunk, self.at = self.data[self.at : end], min(end, len(self.data))
        return chunk


@dataclass(frozen=True)
class Worksheet:
    """A worksheet part's XML, and what one pass over it found it may hold: a cell past column Z or row 99,999
    (far), a formula or an error cell (unread, as both are blank to the fast reader). The pass reads the part's
    shape, each capital letter made A, each digit 0 and each single quote a double one: a far cell's reference
    is a quoted value that starts "AA or "A000000 there."""

    xml: bytes
    far: bool
    unread: bool

    @classmethod
    def of(cls, xml: bytes) -> Worksheet:
        shape = xml.translate(_SHAPES)
        unread = is_prefixed(xml) or b"<f" in shape or b'"e"' in shape
        return cls(xml, _FAR_SHAPE.search(shape) is not None, unread)


_SHAPES = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'", b"A" * 26 + b"0" * 10 + b'"')
_FAR_SHAPE = re.compile(rb'"A(?:A|000000)')

CELLS = 10_000_000
"""The most cells a tab may span, as many as a whole Google Sheet may hold. The fast reader makes every cell
of the span, so a value typed out at XFD1048576 (17 billion cells) would exhaust the machine's memory."""
_FAR = re.compile(rb"""<(?:\w+:)?c\s[^>]*?\br\s*=\s*["'](?:[A-Z]{2,3}\d+|[A-Z]\d{6,})["']""")
_REFS = re.compile(rb"""<(?:\w+:)?c\s[^>]*?\br\s*=\s*["']([A-Z]{1,3})(\d+)["']""")
"""A cell's reference in its tag (never in text, where a '<' is always escaped)."""


def spanned(path: Path, name: str, xml: bytes) -> None:
    """StorageError if a tab's cells span more than CELLS. Only a tab with a cell past column Z or row 99,999
    (26 columns of 99,999 rows are well within) is searched through: a part with no Worksheet.far need not be
    passed here."""
    if _plain_cells(xml) and not _FAR_PLAIN.search(xml):
        return
    if not _FAR.search(xml):
        return
    refs = _REFS.findall(xml)
    rows = max(int(row) for _, row in refs)
    letters = max((column for column, _ in refs), key=lambda column: (len(column), column)).decode()
    columns = column_index(letters) + 1
    if rows * columns > CELLS:
        raise StorageError(
            f"Tab '{name}' of {path} has cells out to column {letters} and row {rows:,}, more than the "
            f"{CELLS:,} cells a spreadsheet holds; delete whatever is typed far beyond the table and save it again."
        )


_FAR_PLAIN = re.compile(rb'<c r="(?:[A-Z]{2}|[A-Z]\d{6})')


def _plain_cells(xml: bytes) -> bool:
    """Whether every cell's tag starts `<c r="` (as hostkit, Excel and LibreOffice write it): then a far cell is
    found by a search many times faster than _FAR's, which tries every tag."""
    return (
        xml.count(b"<c ") == xml.count(b'<c r="')
        and b":c" not in xml
        and b"<c\t" not in xml
        and b"<c\n" not in xml
        and b"<c\r" not in xml
    )


def values(grid: Sequence[Sequence[object]]) -> tuple[list[list[object]], bool]:
    """The reader's cells as hostkit reads them (_cell), and whether any is a date: a column at a time, so that
    a column with nothing to change (text and dates, as most are) is taken as it is."""
    widths = set(map(len, grid))
    if len(widths) != 1 or 0 in widths:  # columns are made of rows of one width, as the reader gives them
        rows = [list(map(_cell, row)) for row in grid]
        return rows, Real.date in set(map(type, itertools.chain.from_iterable(rows)))
    columns = []
    dated = False
    for column in zip(*grid):
        kinds = set(map(type, column))
        dated = dated or Real.date in kinds
        columns.append(_column(column, kinds))
    return list(map(list, zip(*columns))), dated


def _column(column: tuple[object, ...], kinds: set[type]) -> Sequence[object]:
    """A column of the reader's cells (of these types) as hostkit reads them, the same column when nothing in it
    changes; a whole number made an int inline, as it is most of a column of numbers."""
    if kinds <= _KEPT:
        return [None if v == "" else v for v in column] if str in kinds and "" in column else column
    return [int(v) if type(v) is float and v.is_integer() and -_WHOLE < v < _WHOLE else _cell(v) for v in column]


_NO_TIME = dt.timedelta(0)


def _cell(value: object) -> object:
    """A cell as hostkit's readers take it: a whole number as an int, a duration shorter than a day as the time
    of day it shows (a negative or longer one as its number of days), a blank ("") as None."""
    if type(value) is float:
        return int(value) if value.is_integer() and abs(value) < 2**53 else value
    if type(value) is dt.timedelta:  # a duration cell: the time of day it shows, or its number of days
        return time_of_day(value) if _NO_TIME <= value < DAY else value.total_seconds() / 86400
    return None if value == "" else value


_KEPT = {str, bool, int, dt.time, Real.date, Real.datetime}
"""What the reader gives that is read as it is (but a blank, "")."""
_WHOLE = float(2**53)
"""Whole numbers smaller than it are read as ints."""
