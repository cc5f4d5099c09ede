"""Tabs as the Sheets API's updateCells and updateDimensionProperties requests: values with their formats
(storage/layout.py), column widths."""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

from hostkit.core.styles import Styled, plain
from hostkit.core.tables import Cell, Rows
from hostkit.core.times import SERIAL_EPOCH, to_serial
from hostkit.storage.layout import DATE, TIME, TIME_MS, Look, number_format


def to_json(value: Cell) -> Any:
    """A cell as the API takes it: text stays text (RAW), moments become serial numbers, blanks clear."""
    value = plain(value)
    if value is None:
        return ""
    if isinstance(value, bool) or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else ""
    if isinstance(value, dt.datetime):
        if value.tzinfo is not None:
            raise ValueError("aware datetimes are written as local text by the rules core")
        return to_serial(value)
    if isinstance(value, dt.date):
        return round(to_serial(dt.datetime(value.year, value.month, value.day)))
    if isinstance(value, dt.time) and value.tzinfo is None:
        return to_serial(dt.datetime.combine(SERIAL_EPOCH, value))
    return str(value)


PIXELS_PER_CHARACTER = 7
PADDING_PIXELS = 14
CELL_FIELDS = "userEnteredValue,userEnteredFormat"


def cell_data(value: Cell, header: bool = False, wrapped: bool = False) -> dict:
    """A cell as updateCells takes it: its value (text always as text, never a formula) and its format."""
    data: dict[str, Any] = {}
    shown = to_json(value)
    if isinstance(shown, bool):
        data["userEnteredValue"] = {"boolValue": shown}
    elif isinstance(shown, (int, float)):
        data["userEnteredValue"] = {"numberValue": shown}
    elif shown != "":
        data["userEnteredValue"] = {"stringValue": str(shown)}
    form: dict[str, Any] = {}
    text: dict[str, Any] = {}
    style = value if isinstance(value, Styled) else Styled(None)
    if header or style.bold:
        text["bold"] = True
    if style.font:
        text["foregroundColorStyle"] = {"rgbColor": _colour(style.font)}
    if text:
        form["textFormat"] = text
    if style.fill:
        form["backgroundColorStyle"] = {"rgbColor": _colour(style.fill)}
    pattern = number_format(value)
    if pattern:
        kind = (
            "DATE"
            if pattern == DATE
            else "DATE_TIME"
            if "yy" in pattern
            else "TIME"
            if pattern in (TIME, TIME_MS)
            else "NUMBER"
        )
        form["numberFormat"] = {"type": kind, "pattern": pattern}
    if style.centred:
        form.update(horizontalAlignment="CENTER", verticalAlignment="MIDDLE", wrapStrategy="WRAP")
    elif wrapped:
        form.update(verticalAlignment="TOP", wrapStrategy="WRAP")
    if form:
        data["userEnteredFormat"] = form
    return data


def _colour(code: str) -> dict[str, float]:
    """'RRGGBB' as the API's colour: each part from 0 to 1."""
    code = code.lstrip("#")
    red, green, blue = (int(code[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return {"red": round(red, 4), "green": round(green, 4), "blue": round(blue, 4)}


def cells_request(
    sheet_id: int, rows: Rows, layout: Look, width: int, formulas: dict[tuple[int, int], str] | None = None
) -> dict:
    """Replace hostkit's columns of the tab (the first `width`) whole: cells the rows do not cover are cleared,
    values and formats alike; columns right of them are the host's and are not touched. A host's formula
    whose value hostkit writes back unchanged (`formulas`) is written back as that formula."""
    data = [
        {"values": [cell_data(v, r < layout.frozen, (r, c) in layout.wrapped) for c, v in enumerate(row)]}
        for r, row in enumerate(rows)
    ]
    for (r, c), formula in (formulas or {}).items():
        data[r]["values"][c]["userEnteredValue"] = {"formulaValue": formula}
    return {
        "updateCells": {
            "range": {"sheetId": sheet_id, "startColumnIndex": 0, "endColumnIndex": width},
            "fields": CELL_FIELDS,
            "rows": data,
        }
    }


def widths_requests(sheet_id: int, layout: Look) -> list[dict]:
    """Column widths, one request per run of columns of the same width."""
    requests: list[dict] = []
    start = 0
    for end in range(1, len(layout.widths) + 1):
        if end == len(layout.widths) or layout.widths[end] != layout.widths[start]:
            requests.append(
                {
                    "updateDimensionProperties": {
                        "range": {"sheetId": sheet_id, "dimension": "COLUMNS", "startIndex": start, "endIndex": end},
                        "properties": {"pixelSize": layout.widths[start] * PIXELS_PER_CHARACTER + PADDING_PIXELS},
                        "fields": "pixelSize",
                    }
                }
            )
            start = end
    return requests
