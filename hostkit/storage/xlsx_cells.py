"""Cells of an .xlsx worksheet written by hostkit: each tab's XML as storage/layout.py lays it out, its cells'
styles asked of the StyleBook (xlsx_cell_styles.py). Text is written as inline strings, so nothing typed can
become a formula and the shared-strings part is never touched."""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable, Container, Iterator, Sequence
from itertools import repeat, zip_longest
from operator import attrgetter
from typing import Any

from hostkit.core.styles import Styled, plain
from hostkit.core.tables import Cell, CellError, Rows, column_index, column_letter
from hostkit.core.times import DAY, SERIAL_EPOCH
from hostkit.storage.layout import DATE_TIME, DATE_TIME_MS, Real, look, number_format
from hostkit.storage.layout import Look as TabLook
from hostkit.storage.xlsx_cell_styles import Look, StyleBook
from hostkit.storage.xlsx_keep import Kept

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
"""Control characters XML 1.0 cannot hold: dropped."""
UNWRITABLE = re.compile("[\ufffe\uffff\ud800-\udfff]")
"""Non-characters and lone surrogates (undecodable bytes from a shell): replaced by U+FFFD, which shows where."""


def xml_text(text: str) -> str:
    """Text as an XML 1.0 part can hold it."""
    if text.isprintable():  # no control character, non-character or surrogate: the common case, at C speed
        return text
    return UNWRITABLE.sub("\ufffd", ILLEGAL.sub("", text))


def escape(text: str) -> str:
    """Text as XML element content.

    (The standard library's xml.sax.saxutils does the same, but importing it imports urllib.request and the
    e-mail parser: a tenth of a second on every command that saves.)"""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if "\r" in text:  # a parser reads a carriage return written as it is as a line feed
        text = text.replace("\r", "&#13;")
    return text.replace(">", "&gt;") if ">" in text else text


def sheet_xml(rows: Rows, styles: StyleBook, kept: Kept | None = None) -> Iterator[str]:
    """A worksheet part, in pieces, laid out as storage/layout.py says: header bold and frozen, columns fitted,
    long text wrapped, date-times shown as date-times, Styled cells drawn; the host's own cells of the old tab
    (`kept`, storage/xlsx_keep.py) merged in as they were.

    Written row by row, each row a piece (so a big tab is never held whole)."""
    columns = list(zip_longest(*rows))
    layout = look(rows, columns)
    tab = _Tab(rows, layout, _Cells(styles, len(columns)), kept)
    yield _opening(layout, len(rows), len(columns), kept)
    yield from tab.one_by_one(0, min(layout.frozen, len(rows)))
    for start in range(layout.frozen, len(rows), BLOCK):
        yield from tab.block(columns, start, min(start + BLOCK, len(rows)))
    if kept is not None:
        for n in sorted(kept.cells):
            if n > len(rows):
                yield f'<row r="{n}">{"".join(x for _, x in kept.cells[n])}</row>'
    yield "</sheetData>" + ("".join(kept.carried) if kept is not None else "") + "</worksheet>"


BLOCK = 512
"""Rows below the header written a column at a time, when all their cells are common ones (_Cells.block)."""
LEAST = 32
"""Rows of a block that is not written a column at a time are halved down to this, to find the rows that can."""


class _Heights(dict[int, str]):
    """A row's opening tag after its number, by the lines its tallest wrapped cell takes."""

    def __missing__(self, lines: int) -> str:
        self[lines] = '">' if lines == 1 else f'" ht="{15 * lines}" customHeight="1">'
        return self[lines]


class _Tab:
    """One tab's rows as XML, a row at a time or a block of rows at once."""

    def __init__(self, rows: Rows, layout: TabLook, cells: _Cells, kept: Kept | None):
        self.rows, self.layout, self.cells, self.kept = rows, layout, cells, kept
        self.lines = layout.lines or {}
        self.heights = _Heights()

    def one_by_one(self, start: int, end: int) -> Iterator[str]:
        """Rows `start` to `end` (0-based, the header's too), each cell on its own."""
        cells, kept, wrapping = self.cells, self.kept, self.layout.wrapping
        for r in range(start, end):
            at = str(r + 1)  # the row number as it is written in each cell's reference, made text once
            wraps = [c for c, wrapped in enumerate(wrapping) if r in wrapped]
            xml = cells.row(self.rows[r], at, r < self.layout.frozen, wraps)
            if kept is not None and r + 1 in kept.cells:
                xml = _merged(xml, kept.cells[r + 1])
            yield f'<row r="{at}{self.heights[self.lines.get(r, 1)]}{"".join(xml)}</row>'

    def block(self, columns: Sequence[Sequence[Any]], start: int, end: int) -> Iterator[str]:
        """Rows `start` to `end` of the body (`columns`: the tab's columns): a column at a time when their cells
        are common ones and none of them holds a cell the host kept, else each half the same way, and rows
        fewer than LEAST one by one."""
        if self.kept is None or self.kept.cells.keys().isdisjoint(range(start + 1, end + 1)):
            block = self.cells.block([column[start:end] for column in columns], start, self.layout.wrapping)
            if block is not None:
                ats, cells = block
                tags = map(self.heights.__getitem__, map(self.lines.get, range(start, end), repeat(1)))
                yield from map("".join, zip(repeat('<row r="'), ats, tags, *cells, repeat("</row>")))
                return
        if end - start < 2 * LEAST:
            yield from self.one_by_one(start, end)
            return
        middle = (start + end) // 2
        yield from self.block(columns, start, middle)
        yield from self.block(columns, middle, end)


def _opening(layout: TabLook, height: int, width: int, kept: Kept | None) -> str:
    """The worksheet's XML up to its first row: its extent, the frozen header, the columns' widths."""
    view = (
        f'<sheetViews><sheetView workbookViewId="0"><pane ySplit="{layout.frozen}" '
        f'topLeftCell="A{layout.frozen + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
        if layout.frozen
        else ""
    )
    columns = "".join(
        f'<col min="{c}" max="{c}" width="{w + 2}" customWidth="1"/>' for c, w in enumerate(layout.widths, start=1)
    )
    reach = width
    if kept is not None:
        columns += "".join(kept.columns)
        last_row, last_column = kept.extent()
        height, reach = max(height, last_row), max(width, last_column)
    dimension = f'<dimension ref="A1:{column_letter(reach - 1)}{height}"/>' if height and reach else ""
    return (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{MAIN}" xmlns:r="{REL}">'
        f'{dimension}{view}<sheetFormatPr defaultRowHeight="15"/>'
        + (f"<cols>{columns}</cols>" if columns else "")
        + "<sheetData>"
    )


class _Attributes(dict[tuple[bool, "str | None", bool], str]):
    """The style attribute of a cell drawn with no Look of its own, by (header, number format, wrap): "" for
    the plain style. Each is asked of the StyleBook when a cell first needs it, so styles.xml gains only the
    styles a tab uses, in the order its cells use them."""

    def __init__(self, styles: StyleBook):
        super().__init__()
        self.styles = styles

    def __missing__(self, key: tuple[bool, str | None, bool]) -> str:
        header, code, wrap = key
        index = self.styles.index(Look(bold=header, number_format=code, wrap=wrap))
        self[key] = f' s="{index}"' if index else ""
        return self[key]


class _Cells:
    """One tab's cells as XML: a row's cells one by one (`row`), or a block of rows of common cells (text with
    nothing to escape, numbers, naive date-times to the millisecond) a column at a time (`block`), each
    column's kind and text checked once for all its cells and their style attributes looked up once per tab."""

    def __init__(self, styles: StyleBook, width: int):
        self.styles = styles
        self.letters = [column_letter(c) for c in range(width)]
        self.attributes = _Attributes(styles)

    def attribute(self, header: bool, code: str | None, wrap: bool) -> str:
        """The style attribute of a cell drawn with no Look of its own ("" for the plain style)."""
        return self.attributes[header, code, wrap]

    def block(
        self, columns: Sequence[Sequence[Any]], start: int, wrapping: Sequence[frozenset[int]]
    ) -> tuple[list[str], list[list[str]]] | None:
        """Rows of the body from `start` (0-based; `columns`: their columns, `wrapping`: each column's wrapped
        rows) a column at a time: their row numbers as written and each column's cells. None unless every cell
        is a common one whose style the tab has asked for already, so styles are still asked for in the order
        the cells use them; every column is checked before any is written."""
        if not columns:
            return None
        end = start + len(columns[0])
        planned = []
        for values, wrapped in zip(columns, wrapping):
            wraps = None if wrapped.isdisjoint(range(start, end)) else [r in wrapped for r in range(start, end)]
            writer = self._writer(values, wraps)
            if writer is None:
                return None
            planned.append((writer, values, wraps))
        ats = list(map(str, range(start + 1, end + 1)))
        return ats, [write(values, letter, ats, wraps) for (write, values, wraps), letter in zip(planned, self.letters)]

    def _writer(self, values: Sequence[Any], wraps: _Wraps) -> _Writer | None:
        """What writes a column's cells in a block of rows (`wraps`: whether each one's text wraps, None if none
        does), or None unless they are all common ones of one kind whose style the tab has asked for already."""
        kinds = set(map(type, values))
        kinds.discard(type(None))
        if kinds <= {str}:  # a column of blank cells too
            texts = list(filter(None, values))  # a blank cell or empty text is written as nothing
            as_they_are = not texts or _as_they_are(texts)
            return self._texts if as_they_are and (wraps is None or _WRAP in self.attributes) else None
        if wraps is not None:
            return None
        if kinds <= {int, float}:
            return _numbers if _are_cell_numbers(values, float in kinds) else None
        if kinds == {Real.datetime}:
            return self._moments if self._are_common_moments(values) else None
        return None

    def _are_common_moments(self, values: Sequence[dt.datetime | None]) -> bool:
        """Whether a column's date-times are naive, to the millisecond, from 1 March 1900 on, and the styles they
        are shown in asked for already."""
        moments = list(filter(None, values))  # a date-time is true
        if set(map(attrgetter("tzinfo"), moments)) != {None}:
            return False
        microseconds = list(map(attrgetter("microsecond"), moments))
        if any([m % 1000 for m in microseconds]) or min(moments) < _LEAP_DAY:
            return False
        asked = self.attributes
        return (all(microseconds) or _SECONDS in asked) and (not any(microseconds) or _MILLIS in asked)

    def _texts(self, values: Sequence[str | None], letter: str, ats: Sequence[str], wraps: _Wraps) -> list[str]:
        """A column of text cells (and blanks) written as they are."""
        styles = repeat("") if wraps is None else [self.attributes[_WRAP] if wrap else "" for wrap in wraps]
        return [
            f'<c r="{letter}{at}"{style} t="inlineStr"><is><t>{v}</t></is></c>' if v else ""
            for at, style, v in zip(ats, styles, values)
        ]

    def _moments(self, values: Sequence[dt.datetime | None], letter: str, ats: Sequence[str], _: _Wraps) -> list[str]:
        """A column of common date-time cells (and blanks)."""
        seconds, millis = self.attributes.get(_SECONDS, ""), self.attributes.get(_MILLIS, "")
        return [
            f'<c r="{letter}{at}"{millis if v.microsecond else seconds}><v>{(v - SERIAL_EPOCH) / DAY!r}</v></c>'
            if v is not None
            else ""
            for at, v in zip(ats, values)
        ]

    def row(self, row: Sequence[Any], at: str, header: bool, wraps: Container[int]) -> list[str]:
        """A row's cells (`wraps`: the columns whose text wraps in it); the header's drawn bold."""
        if header:
            self.attribute(True, None, False)  # the header's style is the first one a tab's cells ask for
        cells = (
            self.cell(letter + at, value, header, c in wraps)
            for c, (letter, value) in enumerate(zip(self.letters, row))
            if value is not None and value != ""
        )
        return [xml for xml in cells if xml]

    def cell(self, ref: str, value: Any, header: bool, wrap: bool) -> str:
        """Any cell's XML (none for a blank one)."""
        style = self.attribute(header, None, wrap)
        kind = type(value)
        if kind is str:
            tail = _text(value)
            return f'<c r="{ref}"{style}{tail}' if tail else ""
        if (kind is int or kind is float) and -_HUGE < value < _HUGE:
            return f'<c r="{ref}"{style}><v>{value!r}</v></c>'
        if kind is Real.datetime and value.tzinfo is None and not value.microsecond % 1000 and value >= _LEAP_DAY:
            style = self.attribute(header, DATE_TIME_MS if value.microsecond else DATE_TIME, wrap)  # as a block asks
            return f'<c r="{ref}"{style}><v>{(value - SERIAL_EPOCH) / DAY!r}</v></c>'
        drawn = value if kind is Styled else None
        cell_look = Look(
            bold=header or bool(drawn and drawn.bold),
            fill=drawn.fill if drawn else None,
            font=drawn.font if drawn else None,
            number_format=number_format(value),
            wrap=wrap,
            centred=bool(drawn and drawn.centred),
        )
        return _cell_xml(ref, plain(value), cell_look, self.styles)


_Wraps = Sequence[bool] | None  # whether each cell of a column in a block wraps its text; None if none does
_Writer = Callable[[Sequence[Any], str, Sequence[str], _Wraps], list[str]]


def _are_cell_numbers(values: Sequence[float | None], floats: bool) -> bool:
    """Whether every number of a column fits a cell's number (no nan, infinity or whole number too big)."""
    numbers = list(filter(None, values))  # blanks and zeros (which fit) left out
    return all(-_HUGE < v < _HUGE for v in numbers) if floats else max(map(abs, numbers), default=0) < _HUGE


def _numbers(values: Sequence[float | None], letter: str, ats: Sequence[str], _: _Wraps) -> list[str]:
    """A column of number cells (and blanks)."""
    return [f'<c r="{letter}{at}"><v>{v!r}</v></c>' if v is not None else "" for at, v in zip(ats, values)]


def _as_they_are(texts: list[str]) -> bool:
    """Whether each of these (non-empty) texts is written as it is: nothing to escape, no space to keep."""
    joined = "".join(texts)
    if joined.isascii():  # the common case, where bytes.translate finds them a few times faster than isprintable
        plain = len(joined.encode().translate(None, _UNWRITTEN)) == len(joined)
    else:
        plain = joined.isprintable() and "&" not in joined and "<" not in joined and ">" not in joined
    return plain and list(map(str.strip, texts, repeat(" "))) == texts  # a text with no space at either end is itself


_UNWRITTEN = bytes(range(32)) + b"\x7f&<>"  # the ASCII characters a text is not written as it is with
_WRAP = (False, None, True)
_SECONDS = (False, DATE_TIME, False)
_MILLIS = (False, DATE_TIME_MS, False)


def _text(value: str) -> str:
    """A text cell's XML after its reference and style; none for text of control characters only."""
    if value.isprintable():  # no line break nor control character: only a space can need keeping
        text, space = value, ' xml:space="preserve"' if value[0] == " " or value[-1] == " " else ""
    else:
        text = xml_text(value)
        if not text:
            return ""
        space = ' xml:space="preserve"' if "\n" in text or text[:1].isspace() or text[-1:].isspace() else ""
    return f' t="inlineStr"><is><t{space}>{escape(text)}</t></is></c>'


_CELL_COLUMN = re.compile(r'<c r="([A-Z]+)')


def _merged(cells: list[str], kept: list[tuple[int, str]]) -> list[str]:
    """A row's new cells with the host's kept cells put in column order; a kept cell takes the place of
    the new cell at its address (a formula whose value hostkit wrote back unchanged)."""
    placed = {column_index(_CELL_COLUMN.match(xml).group(1)) + 1: xml for xml in cells}  # type: ignore[union-attr]
    placed.update(kept)
    return [placed[c] for c in sorted(placed)]


def _cell_xml(ref: str, value: Cell, look: Look, styles: StyleBook) -> str:
    """A cell's XML; none for a blank cell that is not drawn."""
    if value is None or value == "":
        return f'<c r="{ref}" s="{styles.index(look)}"/>' if look.fill else ""
    if isinstance(value, bool):
        return _styled(ref, look, styles, 't="b"', f"<v>{int(value)}</v>")
    if isinstance(value, (int, float)):
        if not (math.isfinite(value) if isinstance(value, float) else -_HUGE < value < _HUGE):
            return _styled(ref, look, styles, 't="inlineStr"', f"<is><t>{value}</t></is>")
        return _styled(ref, look, styles, "", f"<v>{value!r}</v>")
    if isinstance(value, dt.time) and value.tzinfo is None:
        return _styled(ref, look, styles, "", f"<v>{time_serial(value)!r}</v>")
    if isinstance(value, dt.date):
        if isinstance(value, dt.datetime) and value.tzinfo is not None:
            raise ValueError("aware datetimes are written as local text by the rules core")
        moment = value if isinstance(value, dt.datetime) else dt.datetime(value.year, value.month, value.day)
        number = serial(moment)
        if number is not None:
            return _styled(ref, look, styles, "", f"<v>{number!r}</v>")
        value = (
            value.isoformat(" ", "milliseconds" if value.microsecond else "seconds") if value is moment else str(value)
        )
        look = Look(look.bold, look.fill, look.font, None, look.wrap, look.centred)
    if type(value) is CellError:  # a spreadsheet error read from the tab, written back as the error it was
        return _styled(ref, look, styles, 't="e"', f"<v>{escape(value)}</v>")
    text = xml_text(str(value))
    if not text:
        return _cell_xml(ref, None, look, styles)
    space = ' xml:space="preserve"' if text != text.strip() or "\n" in text else ""
    return _styled(ref, look, styles, 't="inlineStr"', f"<is><t{space}>{escape(text)}</t></is>")


_HUGE = 2**1024
"""Whole numbers from this size on are more than a cell's number (a double) can hold: written as text."""
_LEAP_DAY = dt.datetime(1900, 3, 1)
_FIRST_DAY = dt.datetime(1900, 1, 1)


def serial(moment: dt.datetime) -> float | None:
    """The number a cell holds for a naive date-time, to the millisecond,
    counted as spreadsheet programs count it: they take 1900 for a leap year, so a moment before 1 March 1900
    is one day less. None for a moment before 1900, which no date cell shows (it is written as text)."""
    if moment.microsecond % 1000:
        try:
            moment = moment.replace(microsecond=0) + dt.timedelta(milliseconds=(moment.microsecond + 500) // 1000)
        except OverflowError:  # the last millisecond of 9999
            moment = moment.replace(microsecond=999_000)
    if moment >= _LEAP_DAY:
        return (moment - SERIAL_EPOCH) / DAY
    if moment >= _FIRST_DAY:
        return (moment - SERIAL_EPOCH) / DAY - 1
    return None


def time_serial(clock: dt.time) -> float:
    """The fraction of a day a time cell holds for a time of day, to the millisecond (never the next day)."""
    milliseconds = ((clock.hour * 60 + clock.minute) * 60 + clock.second) * 1000 + (clock.microsecond + 500) // 1000
    return min(milliseconds, 86_399_999) / 86_400_000


def _styled(ref: str, look: Look, styles: StyleBook, kind: str, inner: str) -> str:
    index = styles.index(look)
    style = f' s="{index}"' if index else ""
    kind = f" {kind}" if kind else ""
    return f'<c r="{ref}"{style}{kind}>{inner}</c>'
