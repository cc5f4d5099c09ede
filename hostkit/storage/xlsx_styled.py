"""Tabs of an .xlsx file read with their looks (fills, font colours, bold, number formats, centring), so a
public tab copied from the match workbook to the players' workbook looks as hostkit drew it.

The values are the tabs as hostkit reads them (xlsx_read.py); the looks come from each cell's style index in
the tab's XML and the formats it names in xl/styles.xml, read with lxml (no workbook model is built)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Collection, Mapping
from typing import Any

from hostkit.core.styles import Styled
from hostkit.core.tables import Rows
from hostkit.storage.xlsx_cell_styles import style_indexes
from hostkit.storage.xlsx_formulas import UNCALCULATED, sheet_parts
from hostkit.storage.xlsx_parts import PARSER, STYLES

BUILTIN_FORMATS = {
    1: "0",
    2: "0.00",
    3: "#,##0",
    4: "#,##0.00",
    5: '"$"#,##0_);("$"#,##0)',
    6: '"$"#,##0_);[Red]("$"#,##0)',
    7: '"$"#,##0.00_);("$"#,##0.00)',
    8: '"$"#,##0.00_);[Red]("$"#,##0.00)',
    9: "0%",
    10: "0.00%",
    11: "0.00E+00",
    12: "# ?/?",
    13: "# ??/??",
    14: "mm-dd-yy",
    15: "d-mmm-yy",
    16: "d-mmm",
    17: "mmm-yy",
    18: "h:mm AM/PM",
    19: "h:mm:ss AM/PM",
    20: "h:mm",
    21: "h:mm:ss",
    22: "m/d/yy h:mm",
    37: "#,##0_);(#,##0)",
    38: "#,##0_);[Red](#,##0)",
    39: "#,##0.00_);(#,##0.00)",
    40: "#,##0.00_);[Red](#,##0.00)",
    41: r'_(* #,##0_);_(* \(#,##0\);_(* "-"_);_(@_)',
    42: r'_("$"* #,##0_);_("$"* \(#,##0\);_("$"* "-"_);_(@_)',
    43: r'_(* #,##0.00_);_(* \(#,##0.00\);_(* "-"??_);_(@_)',
    44: r'_("$"* #,##0.00_)_("$"* \(#,##0.00\)_("$"* "-"??_)_(@_)',
    45: "mm:ss",
    46: "[h]:mm:ss",
    47: "mmss.0",
    48: "##0.0E+0",
    49: "@",
}
"""The number formats a spreadsheet program knows by number alone (ECMA-376 Part 1, 18.8.30), as openpyxl
names them."""

Look = tuple[str | None, str | None, bool, str | None, bool]
"""A cell style as a Styled value carries it: fill, font colour, bold, number format, centred."""
PLAIN: Look = (None, None, False, None, False)


def read_styled(tabs: Mapping[str, Rows], data: bytes, names: Collection[str]) -> dict[str, Rows]:
    """The named tabs' rows, each cell a Styled value where it has a look of its own."""
    from lxml import etree

    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        parts = sheet_parts(archive)
        looks = _looks(etree.fromstring(archive.read(STYLES), PARSER)) if STYLES in archive.namelist() else []
        wanted = {name.casefold() for name in names}
        styled: dict[str, Rows] = {}
        for name in tabs:
            if name.casefold() not in wanted:
                continue
            part = parts.get(name, "")
            indexes = style_indexes(archive.read(part)) if part in archive.namelist() else {}
            styled[name] = _rows(tabs[name], indexes, looks)
        return styled


def _rows(rows: Rows, indexes: dict[tuple[int, int], int], looks: list[Look]) -> Rows:
    shown: Rows = []
    for r, row in enumerate(rows):
        cells: list[Any] = []
        for c, value in enumerate(row):
            if value is None or value == UNCALCULATED:
                cells.append(None)
                continue
            index = indexes.get((r, c), 0)
            look = looks[index] if index < len(looks) else PLAIN
            cells.append(value if look == PLAIN else Styled(value, *look))
        shown.append(cells)
    return shown


def _looks(styles: Any) -> list[Look]:
    """The look of each cell style (cellXfs) in styles.xml."""
    formats = {int(f.get("numFmtId", "-1")): f.get("formatCode", "") for f in styles.iterfind("{*}numFmts/{*}numFmt")}
    fonts = [_font(font) for font in styles.iterfind("{*}fonts/{*}font")]
    fills = [_fill(fill) for fill in styles.iterfind("{*}fills/{*}fill")]
    looks = []
    for xf in styles.iterfind("{*}cellXfs/{*}xf"):
        font_id, fill_id, format_id = (_number(xf.get(key)) for key in ("fontId", "fillId", "numFmtId"))
        colour, bold = fonts[font_id] if font_id < len(fonts) else (None, False)
        code = formats.get(format_id, BUILTIN_FORMATS.get(format_id))
        alignment = xf.find("{*}alignment")
        centred = alignment is not None and alignment.get("horizontal") == "center"
        fill = fills[fill_id] if fill_id < len(fills) else None
        looks.append((fill, colour, bold, code if code not in (None, "General") else None, centred))
    return looks


def _font(font: Any) -> tuple[str | None, bool]:
    bold = font.find("{*}b")
    return _colour(font.find("{*}color")), bold is not None and bold.get("val", "1") not in ("0", "false")


def _fill(fill: Any) -> str | None:
    pattern = fill.find("{*}patternFill")
    if pattern is None or pattern.get("patternType") != "solid":
        return None
    return _colour(pattern.find("{*}fgColor"))


def _colour(colour: Any) -> str | None:
    """An 'RRGGBB' code of a colour given as ARGB (theme and indexed colours are left to the program)."""
    rgb = colour.get("rgb") if colour is not None else None
    if not isinstance(rgb, str) or len(rgb) < 6:
        return None
    code = rgb[-6:].upper()
    return None if code in ("000000",) and rgb.startswith("00") else code


def _number(text: str | None) -> int:
    try:
        return int(text or 0)
    except ValueError:
        return 0
