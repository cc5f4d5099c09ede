"""The style of each cell of an .xlsx tab, read from the tab's XML without building a workbook, and what its
number format shows: the fast reader gives a date for a date-time at exactly midnight, and only the cell's
format tells the two apart."""

from __future__ import annotations

import datetime as dt
import re

from hostkit.core.tables import Rows, column_index
from hostkit.storage.layout import Real
from hostkit.storage.xlsx_formulas import CELL_REF

_CELL_OR_ROW = re.compile(rb"<(?:\w+:)?(c|row)\b([^>]*)>")
_ATTRIBUTE = re.compile(rb'\s(r|s)="([^"]*)"')


def style_indexes(xml: bytes) -> dict[tuple[int, int], int]:
    """Each styled cell's (row, column), 0-based, and its style index; a cell or row without its reference
    takes the place after the one before, as spreadsheet programs read it."""
    found: dict[tuple[int, int], int] = {}
    row, column = -1, -1
    for tag, attributes in _CELL_OR_ROW.findall(xml):
        named = dict(_ATTRIBUTE.findall(attributes))
        if tag == b"row":
            row = int(named[b"r"]) - 1 if b"r" in named else row + 1
            column = -1
            continue
        where = CELL_REF.fullmatch(named.get(b"r", b"").decode())
        if where:
            row, column = int(where.group(2)) - 1, column_index(where.group(1))
        else:
            column += 1
        style = named.get(b"s")
        if style and style != b"0":
            found[(row, column)] = int(style)
    return found


_TIME_FORMATS = {18, 19, 20, 21, 22, 45, 46, 47}
"""The built-in number formats that show a time of day (h:mm AM/PM to [h]:mm:ss, and m/d/yy h:mm)."""
_LITERAL = re.compile(r'"[^"]*"|\\.|\[[^\]]*\]|_.|\*.')


def shows_time(code: str) -> bool:
    """Whether a number format shows a time of day (hours, seconds or AM/PM), its quoted text, escaped
    characters and [colour] or [$-locale] sections aside."""
    shown = _LITERAL.sub("", code).lower()
    return "h" in shown or "s" in shown or "am/pm" in shown or "a/p" in shown


def clock_styles(styles: bytes) -> set[int]:
    """The cell styles (cellXfs indexes) of styles.xml whose number format shows a time of day."""
    from lxml import etree

    tree = etree.fromstring(styles, etree.XMLParser(resolve_entities=False, no_network=True))
    codes = {f.get("numFmtId", ""): f.get("formatCode", "") for f in tree.iterfind("{*}numFmts/{*}numFmt")}
    clocks = set()
    for index, xf in enumerate(tree.iterfind("{*}cellXfs/{*}xf")):
        number = xf.get("numFmtId", "0")
        if shows_time(codes[number]) if number in codes else number.isdigit() and int(number) in _TIME_FORMATS:
            clocks.add(index)
    return clocks


def clocked(rows: Rows, xml: bytes, styles: bytes) -> None:
    """Turn back into date-times the dates of cells whose number format shows a time of day."""
    clocks = clock_styles(styles)
    for (r, c), index in style_indexes(xml).items():
        if index in clocks and r < len(rows) and c < len(rows[r]) and type(value := rows[r][c]) is Real.date:
            rows[r][c] = dt.datetime(value.year, value.month, value.day)
