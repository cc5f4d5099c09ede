"""Tabs of an .xlsx file read with their looks (fills, font colours, bold, number formats, centring), so a
public tab copied from the match workbook to the players' workbook looks as hostkit drew it."""

from __future__ import annotations

import io
from collections.abc import Collection
from typing import Any

from hostkit.core.styles import Styled
from hostkit.core.tables import Rows


def read_styled(data: bytes, names: Collection[str]) -> dict[str, Rows]:
    """The named tabs' rows, each cell a Styled value where it has a look of its own."""
    import openpyxl

    workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    try:
        wanted = {name.casefold() for name in names}
        tabs: dict[str, Rows] = {}
        for sheet in workbook.worksheets:
            if sheet.title.casefold() in wanted:
                rows = [[_styled(cell) for cell in row] for row in sheet.iter_rows()]
                while rows and all(value is None for value in rows[-1]):
                    rows.pop()
                tabs[sheet.title] = rows
        return tabs
    finally:
        workbook.close()


def _styled(cell: Any) -> Any:
    value = getattr(cell, "value", None)
    if value is None:
        return None
    fill = _colour(cell.fill.fgColor) if getattr(cell.fill, "patternType", None) == "solid" else None
    font = _colour(cell.font.color) if cell.font is not None and cell.font.color is not None else None
    bold = bool(cell.font is not None and cell.font.b)
    number_format = cell.number_format if cell.number_format not in (None, "General") else None
    centred = cell.alignment is not None and cell.alignment.horizontal == "center"
    if not (fill or font or bold or number_format or centred):
        return value
    return Styled(value, fill=fill, font=font, bold=bold, number_format=number_format, centred=centred)


def _colour(colour: Any) -> str | None:
    rgb = getattr(colour, "rgb", None)
    if not isinstance(rgb, str) or len(rgb) < 6 or getattr(colour, "type", "rgb") != "rgb":
        return None
    code = rgb[-6:].upper()
    return None if code in ("000000",) and rgb.startswith("00") else code
