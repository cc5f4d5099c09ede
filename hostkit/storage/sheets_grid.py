"""A Google Sheet's grid as the Sheets API gives it, read as rows of values (and the formulas behind them), and
the A1 names of its ranges."""

from __future__ import annotations

import datetime as dt
from collections.abc import ItemsView, Iterator, Mapping, ValuesView
from typing import Any

from hostkit.core.tables import Cell, CellError, Rows, column_letter
from hostkit.core.times import from_serial, time_of_day


def quote_title(title: str) -> str:
    return "'" + title.replace("'", "''") + "'"


def a1_range(title: str, rows: int, columns: int) -> str:
    return f"{quote_title(title)}!A1:{column_letter(max(columns, 1) - 1)}{max(rows, 1)}"


GRID_MARGIN = 20
"""Blank rows left under a rewritten tab: room for a host's note without counting against the spreadsheet's
10-million-cell limit the rows of a big round once took."""
MIN_COLUMNS = 26

META_FIELDS = "properties(title,locale,timeZone),sheets(properties)"
GRID_FIELDS = (
    "sheets(properties(title),data(startRow,startColumn,rowData(values(effectiveValue,"
    "effectiveFormat(numberFormat(type)),userEnteredValue(formulaValue)))))"
)
"""Every cell's computed value, its number format's type where it has one (so a date cell reads as a date,
whatever column it is in), and a formula's text only where a cell holds one (to keep the host's formulas
when hostkit rewrites a tab)."""
DATE_TYPES = {"DATE", "DATE_TIME"}
EAGER_CELLS = 50_000
"""A tab whose grid has at most this many cells is read along with the first tab a command looks up (all the
small tabs in one request); a bigger one only when a command looks it up."""


def grid_rows(sheet: dict) -> Rows:
    """A tab's values from spreadsheets.get with includeGridData: a formula's result, never its text;
    trailing blank rows dropped."""
    rows: Rows = []
    for block in sheet.get("data", []):
        top, left = block.get("startRow", 0), block.get("startColumn", 0)
        for r, row in enumerate(block.get("rowData", []), start=top):
            while len(rows) <= r:
                rows.append([])
            cells = [_cell(cell) for cell in row.get("values", [])]
            rows[r] = [None] * left + cells
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    return rows


def grid_formulas(sheet: dict) -> dict[tuple[int, int], str]:
    """The formulas of a tab read with GRID_FIELDS, by 0-based (row, column)."""
    formulas = {}
    for block in sheet.get("data", []):
        top, left = block.get("startRow", 0), block.get("startColumn", 0)
        for r, row in enumerate(block.get("rowData", []), start=top):
            for c, cell in enumerate(row.get("values", []), start=left):
                formula = cell.get("userEnteredValue", {}).get("formulaValue")
                if formula:
                    formulas[r, c] = formula
    return formulas


def _cell(cell: dict) -> Cell:
    """A cell's value as hostkit's readers take it: a number shown as a date or a time is that date-time (a
    naive one, in the spreadsheet's own zone) or time of day, not a bare serial number."""
    value = _effective(cell.get("effectiveValue"))
    kind = cell.get("effectiveFormat", {}).get("numberFormat", {}).get("type")
    if kind is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if kind in DATE_TYPES and 0 <= value < 2958466:
        moment = from_serial(value)
        return moment.date() if kind == "DATE" and moment.time() == dt.time() else moment
    if kind == "TIME" and 0 <= value < 1:
        return time_of_day(dt.timedelta(days=value))
    return value


def _effective(value: dict | None) -> Cell:
    if not value:
        return None
    if "stringValue" in value:
        return value["stringValue"] if value["stringValue"] != "" else None
    if "numberValue" in value:
        return value["numberValue"]
    if "boolValue" in value:
        return value["boolValue"]
    if "errorValue" in value:
        kind = value["errorValue"].get("type", "ERROR")
        return CellError(SHEETS_ERRORS.get(kind, f"#ERROR ({kind})"))
    return None


SHEETS_ERRORS = {
    "NULL_VALUE": "#NULL!",
    "DIVIDE_BY_ZERO": "#DIV/0!",
    "VALUE": "#VALUE!",
    "REF": "#REF!",
    "NAME": "#NAME?",
    "NUM": "#NUM!",
    "N_A": "#N/A",
    "ERROR": "#ERROR!",
    "LOADING": "#LOADING",
}
"""The Sheets API's error types as the codes a spreadsheet shows."""


class Tabs(Mapping[str, Rows]):
    """A Google Sheet's tabs by name, each read when first looked up (from a SheetsBook)."""

    def __init__(self, book: Any):
        self._book = book
        self._titles = book.titles()

    def __getitem__(self, title: str) -> Rows:
        if title not in self._titles:
            raise KeyError(title)
        return grid_rows(self._book._sheet(title))

    def __iter__(self) -> Iterator[str]:
        return iter(self._titles)

    def __len__(self) -> int:
        return len(self._titles)

    def items(self) -> ItemsView[str, Rows]:
        self._book._fetch(self._titles)
        return super().items()

    def values(self) -> ValuesView[Rows]:
        self._book._fetch(self._titles)
        return super().values()
