"""How every tab hostkit writes is laid out, on any backend: a bold header row frozen at the top, columns
fitted to their content, long text wrapped, date-times shown as date-times, and the public tabs first.

Pure: the backends (xlsx.py, sheets.py) turn a Look into their own formats.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar, cast

from hostkit.core.styles import Styled, plain
from hostkit.core.tables import Rows, is_blank
from hostkit.storage.book import Order

MAX_WIDTH = 50
"""Characters: a column is never wider; longer text wraps inside it."""
MIN_WIDTH = 4
DATE_TIME = "yyyy-mm-dd hh:mm:ss"
DATE_TIME_MS = "yyyy-mm-dd hh:mm:ss.000"
DATE = "yyyy-mm-dd"
TIME = "hh:mm:ss"
TIME_MS = "hh:mm:ss.000"
_SECONDS_WIDTH, _MILLIS_WIDTH = len(DATE_TIME), len(DATE_TIME_MS)
_T = TypeVar("_T")


def _real(kind: type[_T]) -> type[_T]:
    """The standard library's own class under a test double's subclass of it."""
    return cast("type[_T]", next((c for c in kind.__mro__ if c.__module__ == "datetime"), kind))


class Real:
    """The standard library's date and datetime classes, for `type(value) is ...` checks that hold while a library
    user's test freezes the clock: freezegun puts its subclasses (FakeDate, FakeDatetime) in place of every
    module's `date` and `datetime` names then, but leaves a class's attributes alone. Cells the reader makes are
    of these classes; a cell of a subclass takes the slower, isinstance path."""

    date = _real(dt.date)
    datetime = _real(dt.datetime)


@dataclass(frozen=True)
class Look:
    """A tab's layout: each column's width in characters, the rows (0-based) whose text wraps in each column,
    and how many rows stay frozen at the top (the header, drawn bold)."""

    widths: tuple[int, ...]
    wrapping: tuple[frozenset[int], ...]
    frozen: int
    lines: dict[int, int] | None = None
    """Rows holding wrapped text (0-based) to the lines their tallest cell takes: a spreadsheet program that
    does not fit rows to wrapped text on opening (LibreOffice) is given their height."""

    @cached_property
    def wrapped(self) -> frozenset[tuple[int, int]]:
        """The cells whose text wraps (0-based row, column)."""
        return frozenset((row, column) for column, rows in enumerate(self.wrapping) for row in rows)


def look(rows: Rows, columns: Sequence[Sequence[Any]] | None = None) -> Look:
    """Each column as wide as its widest text, up to MAX_WIDTH; text wider than its column wraps (`columns`:
    the rows' columns, itertools.zip_longest(*rows), when the caller has them already).

    A row's last filled cell may spill over the blank cells to its right (a note, a reason at the end of a
    row), so it neither widens its column nor wraps; the header row always counts. Each cell is measured
    once, a column at a time.
    """
    if columns is None:
        columns = list(itertools.zip_longest(*rows))
    measured = [_lengths(column) for column in columns]
    _spill(measured, len(rows))
    widths = []
    wrapping = []
    lines: dict[int, int] = {}
    for cells, lengths in zip(columns, measured):
        widest = max(lengths)
        width = min(MAX_WIDTH, max(MIN_WIDTH, widest))
        widths.append(width)
        numbers = [number for number in range(1, len(lengths)) if lengths[number] > width] if widest > width else []
        _fit(lines, numbers, cells, max(width - 1, 1))  # words wrap before the edge
        wrapping.append(frozenset(numbers))
    return Look(tuple(widths), tuple(wrapping), 1 if rows else 0, lines)


def _spill(measured: list[list[int]], height: int) -> None:
    """Each row's last filled cell measured as none (0), the header's excepted: a column at a time from the
    right, over the rows whose cells to its right are all blank."""
    pending: Sequence[int] = range(1, height)
    for lengths in reversed(measured):
        if not pending:
            return
        blank = [number for number in pending if not lengths[number]]
        if len(pending) == height - 1:
            lengths[1:] = itertools.repeat(0, height - 1)
        else:
            for number in pending:
                lengths[number] = 0
        pending = blank


def _lengths(values: Sequence[Any]) -> list[int]:
    """Each cell's length, the common kinds inline."""
    datetime = Real.datetime
    return [
        0
        if v is None
        else len(v)
        if (kind := type(v)) is str and "\n" not in v and not v.isspace()
        else len(repr(v))
        if kind is int
        else (_MILLIS_WIDTH if v.microsecond else _SECONDS_WIDTH)
        if kind is datetime
        else _length(v)
        for v in values
    ]


def _fit(lines: dict[int, int], numbers: list[int], cells: Sequence[Any], width: int) -> None:
    """Each row's lines as many as the tallest of its wrapped cells of a column takes (`numbers`: their rows)."""
    for number in numbers:
        value = cells[number]
        text = value if type(value) is str else str(plain(value))
        tall = (
            -(-len(text) // width)
            if "\n" not in text
            else sum(-(-len(line) // width) or 1 for line in text.split("\n"))
        )
        if tall > lines.get(number, 1):
            lines[number] = tall


def _length(value: Any) -> int:
    """About how many characters wide a cell shows; a bold or centred (drawn) cell gets some room around it."""
    kind = type(value)
    if kind is str:
        if "\n" in value:
            return max((len(line) for line in value.splitlines()), default=0) if value.strip() else 0
        return len(value) if value.strip() else 0
    if value is None:
        return 0
    if kind is int:
        return len(str(value))
    shown = plain(value)
    if is_blank(shown):
        return 0
    if isinstance(shown, dt.datetime):
        length = _MILLIS_WIDTH if shown.microsecond else _SECONDS_WIDTH
    elif isinstance(shown, dt.date):
        length = len(DATE)
    elif isinstance(shown, float):
        length = min(len(f"{shown:.6g}"), 12)
    else:
        length = max(len(line) for line in str(shown).splitlines() or [""])
    if isinstance(value, Styled) and (value.bold or value.centred):
        length += 2
    return length


_LAST_MILLISECOND = dt.time(23, 59, 59, 999_500)
"""A time of day from this on is written as 23:59:59.999 (the next millisecond is the next day)."""


def number_format(value: Any) -> str | None:
    """The format a cell is shown in: a Styled cell's own, else one for date-times, dates and times, with
    milliseconds when there are any once rounded to the millisecond."""
    if isinstance(value, Styled) and value.number_format:
        return value.number_format
    shown = plain(value)
    if isinstance(shown, dt.datetime):
        return DATE_TIME_MS if 500 <= shown.microsecond < 999_500 else DATE_TIME
    if isinstance(shown, dt.date):
        return DATE
    if isinstance(shown, dt.time) and shown.tzinfo is None:
        return TIME_MS if 500 <= shown.microsecond < 999_500 or shown >= _LAST_MILLISECOND else TIME
    return None


def arranged(names: Sequence[str], order: Order | None) -> list[str]:
    """Every tab, the public ones first in reading order, the others after them as they were."""
    if order is None:
        return list(names)
    first = order(names)
    return first + [n for n in names if n not in first]
