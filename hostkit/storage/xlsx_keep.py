"""The host's own cells in a tab hostkit rewrites, kept exactly as they were.

hostkit's columns of a tab are its own: it writes them whole. A host who extends the tab keeps what they
added: every cell right of hostkit's columns (values, formulas, formats), every formula in hostkit's columns
whose value hostkit writes back unchanged (a Ledger row's `=D2*10` read as 50 and written as 50 stays
`=D2*10`), the widths of those columns, and the pictures, charts and notes drawn on the tab."""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from hostkit.core.tables import Cell, Rows, column_index
from hostkit.core.times import SERIAL_EPOCH, to_serial
from hostkit.storage.xlsx_formulas import CELL_REF, UNCALCULATED, has_formula, is_prefixed

_DRAWING = re.compile(rb"<(?:\w+:)?(?:drawing|legacyDrawing|legacyDrawingHF)\b")


_DIMENSION = re.compile(rb'<(?:\w+:)?dimension ref="[A-Z]*\d*:?([A-Z]+)\d+"')
_OVERLAP = 64
"""Bytes each piece of a tab is searched with from the one before: no tag is split unseen."""
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CARRIED = ("drawing", "legacyDrawing", "legacyDrawingHF")
"""The elements that hang pictures, charts and notes on a tab, in the order a worksheet holds them."""


@dataclass
class Kept:
    """What a rewritten tab takes over from the old one."""

    cells: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    """Row number to [(column number, the cell's XML)], in column order."""
    columns: list[str] = field(default_factory=list)
    """<col> elements of the host's columns."""
    carried: list[str] = field(default_factory=list)
    """<drawing>/<legacyDrawing> elements, whose relationships the tab keeps."""
    rel_ids: set[str] = field(default_factory=set)
    formulas: int = 0

    def is_empty(self) -> bool:
        return not (self.cells or self.columns or self.carried)

    def extent(self) -> tuple[int, int]:
        """The last row and column the kept cells reach."""
        rows = max(self.cells, default=0)
        columns = max((c for cells in self.cells.values() for c, _ in cells), default=0)
        return rows, columns


def kept(old: bytes, rows: Rows) -> Kept | None:
    """What of the old tab's XML is the host's, parsed, for a tab has_host_content says may hold some; None
    when it holds nothing after all."""
    width = max((len(r) for r in rows), default=0)
    from lxml import etree

    try:
        root = etree.fromstring(old, etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True))
    except etree.XMLSyntaxError:
        return None
    ns = etree.QName(root).namespace or ""
    q = (lambda local: f"{{{ns}}}{local}") if ns else (lambda local: local)
    result = Kept()
    _keep_cells(root.find(q("sheetData")), q, rows, width, result)
    cols = root.find(q("cols"))
    for col in cols.iterfind(q("col")) if cols is not None else ():
        low, high = int(col.get("min", "0")), int(col.get("max", "0"))
        if high > width:
            col.set("min", str(max(low, width + 1)))
            result.columns.append(_xml(col))
    for name in CARRIED:
        element = root.find(q(name))
        if element is not None:
            result.rel_ids.add(element.get(f"{{{REL}}}id", ""))
            result.carried.append(_xml(element))
    return None if result.is_empty() else result


def _keep_cells(data: Any, q: Callable[[str], str], rows: Rows, width: int, result: Kept) -> None:
    """The host's cells of the old tab's sheetData, into `result`: right of hostkit's columns, or a formula
    whose value hostkit writes back unchanged. A shared formula's dependent keeps it only while its master is kept."""
    masters: set[str] = set()
    dependents: list[tuple[int, int, Any, Any]] = []
    for row in data.iterfind(q("row")) if data is not None else ():
        for cell in row.iterfind(q("c")):
            found = CELL_REF.fullmatch(cell.get("r", ""))
            if not found:
                continue
            column, number = column_index(found.group(1)) + 1, int(found.group(2))
            formula = cell.find(q("f"))
            if column <= width and (formula is None or not _is_unchanged(cell, q, _at(rows, number, column))):
                continue
            if formula is not None:
                if formula.get("t") == "shared" and formula.get("ref") is None and not formula.text:
                    dependents.append((number, column, cell, formula))
                    continue
                if formula.get("t") == "shared":
                    masters.add(formula.get("si", ""))
                result.formulas += 1
            result.cells.setdefault(number, []).append((column, _xml(cell)))
    for number, column, cell, formula in dependents:
        if formula.get("si", "") not in masters:
            cell.remove(formula)  # its formula was in hostkit's column, now rewritten: the value stays
        else:
            result.formulas += 1
        result.cells.setdefault(number, []).append((column, _xml(cell)))
    for cells in result.cells.values():
        cells.sort()


def has_host_content(chunks: Iterable[bytes], width: int) -> bool:
    """Whether an old tab, read in pieces, may hold anything of the host's: a formula, a drawing, or a cell
    right of hostkit's columns (by its dimension). Byte searches, no parse, and never the whole tab inflated
    at once: a big results tab costs milliseconds and no memory."""
    tail = b""
    prefixed = False
    for number, chunk in enumerate(chunks):
        if number == 0:
            dimension = _DIMENSION.search(chunk, 0, 4096)
            if dimension is None or column_index(dimension.group(1).decode()) + 1 > width:
                return True
            prefixed = is_prefixed(chunk)
        window = tail + chunk
        if has_formula(window, prefixed) or (b"rawing" in window and _DRAWING.search(window)):
            return True
        tail = window[-_OVERLAP:]
    return False


def _is_unchanged(cell, q, new: Cell) -> bool:
    """Whether hostkit writes back the value the formula showed (so the formula, not the value, is kept)."""
    shown = cell.find(q("v"))
    text = shown.text if shown is not None and shown.text is not None else None
    kind = cell.get("t", "n")
    if text is None:
        return new is None or new == "" or new == UNCALCULATED
    if kind == "b":
        return isinstance(new, (bool, int)) and int(new) == int(text == "1")
    if kind in ("str", "e", "inlineStr"):
        return isinstance(new, str) and new == text
    if isinstance(new, dt.time):  # a formula's time of day, date or date-time, read as one
        new = to_serial(dt.datetime.combine(SERIAL_EPOCH, new))
    elif isinstance(new, dt.date):
        new = to_serial(new if isinstance(new, dt.datetime) else dt.datetime.combine(new, dt.time()))
    if isinstance(new, bool) or not isinstance(new, (int, float)):
        return False
    try:
        return math.isclose(float(text), new, rel_tol=1e-12, abs_tol=1e-9)
    except ValueError:
        return False


def _at(rows: Rows, number: int, column: int) -> Cell:
    if number > len(rows) or column > len(rows[number - 1]):
        return None
    return rows[number - 1][column - 1]


def _xml(element) -> str:
    from lxml import etree

    element.tail = None
    return etree.tostring(element, encoding="unicode")
