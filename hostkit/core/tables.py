"""A workbook as the rules core sees it: named tabs of rows, read by header names."""

from __future__ import annotations

import datetime as dt
import functools
import itertools
import operator
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hostkit.core.styles import Styled, plain
from hostkit.core.words import some
from hostkit.errors import BookError as BookError

Cell = str | int | float | bool | dt.datetime | dt.date | dt.time | None | Styled
Rows = list[list[Any]]
"""A tab's rows of Cell values. Typed Any: a list is invariant, so rows built from a header of str and rows of
Cell could not be one Rows otherwise."""


class CellError(str):
    """A cell holding a spreadsheet error (#DIV/0!, #N/A, #REF!...) instead of a value: its text is the error's
    code. It is never blank and never a number, so no reader takes it for 0 or for nothing."""

    __slots__ = ()


ERRORS = {
    "#NULL!": "two ranges that do not meet",
    "#DIV/0!": "a division by zero",
    "#VALUE!": "a value of the wrong kind",
    "#REF!": "a reference to a cell that was deleted",
    "#NAME?": "a name the spreadsheet does not know",
    "#NUM!": "a number out of range",
    "#N/A": "a value not found",
}
"""The error codes a spreadsheet program shows, and what each means."""


def error_value(value: object) -> CellError | None:
    """The spreadsheet error a cell holds: a CellError, or text that is exactly an error's code (a reader that
    gives errors as text, like the Sheets API's formatted values); None for anything else."""
    if type(value) is CellError:
        return value
    if type(value) is str and value in ERRORS:
        return CellError(value)
    return None


def refuse_error(value: object, wanted: str = "a number") -> None:
    """Raise the one sentence that a cell holding a spreadsheet error is not `wanted`, with the fix."""
    error = error_value(value)
    if error is not None:
        meaning = ERRORS.get(error, "a formula that failed")
        raise ValueError(
            f"is a spreadsheet error ({meaning}), not {wanted}; fix its formula, or type {wanted} in its place"
        )


HANDLED = "Handled"
"""The column a host adds to any input tab to mark rows dealt with (see Table.is_handled)."""


@dataclass(frozen=True)
class Problem:
    """One unusable row or value, reported to the host and skipped."""

    tab: str
    row: int | None
    message: str

    def __str__(self) -> str:
        where = f"{self.tab} row {self.row}" if self.row is not None else self.tab
        return f"{where}: {self.message}"

    def as_json(self) -> dict:
        return {"tab": self.tab, "row": self.row, "message": self.message}


def is_blank(value: Cell) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def is_blank_row(row: Sequence[Cell]) -> bool:
    for value in row:  # a loop, not all(is_blank(...)): called once per row of every tab read
        if value is not None and not (isinstance(value, str) and not value.strip()):
            return False
    return True


def column_letter(index: int) -> str:
    """A 0-based column index as a spreadsheet names it: 0 is A, 26 is AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def column_index(letters: str) -> int:
    """A column's letters as a 0-based index: A is 0, AA is 26 (column_letter's inverse)."""
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number - 1


def _key(name: Cell) -> str:
    return " ".join(str(name or "").split()).casefold()


class Record:
    """A data row: its row number in the tab (the header is row 1) and its cells by column name. Read, never
    changed: a plain class, not a frozen dataclass, as one is made per row of every tab read and a frozen
    dataclass takes three times as long to make."""

    __slots__ = ("row", "cells")

    def __init__(self, row: int, cells: Mapping[str, Cell]):
        self.row = row
        self.cells = cells

    def __getitem__(self, column: str) -> Cell:
        return self.cells[column]

    def __repr__(self) -> str:
        return f"Record(row={self.row!r}, cells={self.cells!r})"

    def text(self, column: str) -> str:
        value = self.cells.get(column)
        return "" if value is None else str(value).strip()


class Table:
    """One tab: a header row and data rows."""

    def __init__(self, name: str, rows: Sequence[Sequence[Cell]]):
        self.name = name
        self.header = [str(plain(c)).strip() if plain(c) is not None else "" for c in (rows[0] if rows else [])]
        body = rows[1:]
        styled = Styled in set(map(type, itertools.chain.from_iterable(body)))  # seldom: rows then copied as they are
        self.rows: Rows = (
            [[v.value if type(v) is Styled else v for v in r] for r in body] if styled else list(map(list, body))
        )

    def has_column(self, column: str) -> bool:
        return _key(column) in {_key(h) for h in self.header}

    def _index(self, column: str) -> int:
        keys = [_key(h) for h in self.header]
        if _key(column) not in keys:
            found = some(h for h in self.header if h) or "nothing"
            raise BookError(
                f"Tab {self.name!r} has no column {column!r} (its header row holds: {found}); "
                f"name a column {column!r} in row 1."
            )
        places = [i for i, key in enumerate(keys) if key == _key(column)]
        if len(places) > 1:
            named = [column_letter(i) for i in places]
            letters = " and ".join(named) if len(named) == 2 else some(named)
            raise BookError(
                f"Tab {self.name!r} has {len(places)} columns named {column!r} (columns {letters}), so it is not "
                f"clear which one to read; rename or delete all but one of them in row 1."
            )
        return places[0]

    def filled_rows(self, handled: bool = False) -> Rows:
        """The data rows that are not wholly blank, as typed; rows the host marked handled only when asked (a
        command rewriting the tab keeps them)."""
        return [row for row in self.rows if not is_blank_row(row) and (handled or not self.is_handled(row))]

    def is_handled(self, row: Sequence[Cell]) -> bool:
        """Whether the host marked the row handled: its Handled cell holds anything (`hostkit dismiss` writes
        one). A handled row is neither judged nor reported again."""
        column = self._handled_column
        return column is not None and column < len(row) and not is_blank(row[column])

    @functools.cached_property
    def _handled_column(self) -> int | None:
        keys = [_key(h) for h in self.header]
        return keys.index(_key(HANDLED)) if _key(HANDLED) in keys else None

    def records(self, *columns: str, optional: Sequence[str] = ()) -> Iterator[Record]:
        """The rows that are not wholly blank nor handled, with the named columns (a missing optional one reads
        blank)."""
        names = [*columns, *(c for c in optional if c not in columns)]
        for number, cells in self.values(*columns, optional=names[len(columns) :]):
            yield Record(number, dict(zip(names, cells)))

    def values(self, *columns: str, optional: Sequence[str] = ()) -> Iterator[tuple[int, tuple[Cell, ...]]]:
        """The rows that are not wholly blank nor handled, each as its row number and its cells of the named
        columns, then of the optional ones (a missing one reads blank), in order."""
        places: list[int | None] = [self._index(c) for c in columns]
        places += [self._index(c) if self.has_column(c) else None for c in optional]
        reach = max((i for i in places if i is not None), default=-1) + 1
        pick = _picker([reach if i is None else i for i in places])  # a missing column reads the blank put past reach
        whole = None not in places
        for number, row in self._read():
            if whole and len(row) >= reach:  # the common row, every column on it
                yield number, pick(row)
            else:
                yield number, pick([*row[:reach], *[None] * (reach - len(row)), None])

    def _read(self) -> Iterator[tuple[int, list[Cell]]]:
        """The rows that are not wholly blank nor handled, with their row numbers."""
        handled = self._handled_column
        for number, row in enumerate(self.rows, start=2):
            if not (row and row[0] is not None and not isinstance(row[0], str)) and is_blank_row(row):
                continue  # a row whose first cell is a value (a time, a number) is filled, without a call
            if handled is None or not self.is_handled(row):
                yield number, row


def _picker(places: Sequence[int]) -> Callable[[Sequence[Cell]], tuple[Cell, ...]]:
    """A function giving a row's cells at places, as a tuple (itemgetter gives a single place's cell bare)."""
    if len(places) > 1:
        return operator.itemgetter(*places)  # type: ignore[return-value]
    return lambda row: tuple(map(row.__getitem__, places))


class Tables:
    """The tabs of one workbook, looked up by name without regard to case.

    A tab's rows are taken from the mapping only when the tab is first looked up, so a backend that reads
    tabs on demand never reads the ones a command does not use (such as the results it is about to replace).
    """

    def __init__(self, tabs: Mapping[str, Sequence[Sequence[Cell]]]):
        self._source = tabs
        self._names: dict[str, str] = {}
        for name in tabs:
            other = self._names.setdefault(_key(name), name)
            if other != name:
                raise BookError(
                    f"The workbook has two tabs named {other!r} and {name!r}, which differ only in case, so it is "
                    f"not clear which one to read; rename or delete one of them."
                )
        self._tables: dict[str, Table] = {}

    def __contains__(self, name: str) -> bool:
        return _key(name) in self._names

    def names(self) -> list[str]:
        return list(self._names.values())

    def looked_up(self) -> list[str]:
        """The names of the tabs looked up so far: the ones a command read."""
        return [self._names[key] for key in self._tables]

    def get(self, name: str) -> Table | None:
        key = _key(name)
        if key not in self._tables:
            if key not in self._names:
                return None
            self._tables[key] = Table(self._names[key], self._source[self._names[key]])
        return self._tables[key]

    def replaced(self, name: str, table: Table) -> Tables:
        """These tabs with `name` read as `table`, which may keep another tab's name for its messages."""
        tables = Tables(self._source)
        tables._names = {**self._names, _key(name): table.name}
        tables._tables = {**self._tables, _key(name): table}
        return tables

    def require(self, name: str) -> Table:
        table = self.get(name)
        if table is None:
            raise BookError(
                f"The workbook has no tab {name!r}; add it (with its header row) or make the "
                f"workbook again with `hostkit new`."
            )
        return table
