"""The styles of an .xlsx workbook's cells. Read: each cell's style from the tab's XML without building a
workbook, and what its number format shows (the fast reader gives a date for a date-time at exactly midnight,
and only the cell's format tells the two apart). Written: the styles.xml entries the cells a save writes need
(the StyleBook)."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from hostkit.core.tables import Rows, column_index
from hostkit.storage.layout import Real
from hostkit.storage.xlsx_formulas import CELL_REF
from hostkit.storage.xlsx_zip import PackageError

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


_QUOTED = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;", "\t": "&#9;"})
_ENTITIES = re.compile(r"&(amp|lt|gt|quot|apos);")
_ENTITY = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


def quoteattr(text: str) -> str:
    """Text as a double-quoted XML attribute value."""
    return f'"{text.translate(_QUOTED)}"'


@dataclass(frozen=True)
class Look:
    """How one cell is drawn; the default Look is a plain cell."""

    bold: bool = False
    fill: str | None = None
    font: str | None = None
    number_format: str | None = None
    wrap: bool = False
    centred: bool = False


class StyleBook:
    """The workbook's styles.xml, with the formats this write needs: one already there is reused (so saving
    again never grows the file), a missing one is appended; nothing there is changed."""

    def __init__(self, xml: str):
        self.xml = xml
        self.prefix = prefix_of(xml, "styleSheet")
        self._existing = {
            element: self._children(element, child)
            for element, child in (("fonts", "font"), ("fills", "fill"), ("cellXfs", "xf"))
        }
        self._new: dict[str, list[str]] = {"fonts": [], "fills": [], "cellXfs": [], "numFmts": []}
        self._xfs: dict[Look, int] = {Look(): 0}
        self._formats = {
            unescape(code): int(number)
            for number, code in re.findall(rf'<{self.prefix}numFmt numFmtId="(\d+)" formatCode="([^"]*)"', xml)
        }
        self._next_format = max([163, *map(int, re.findall(r'numFmtId="(\d+)"', xml))]) + 1

    def _children(self, element: str, child: str) -> list[str]:
        block = re.search(rf"<{self.prefix}{element}\b[^>]*>(.*?)</{self.prefix}{element}>", self.xml, re.S)
        if block is None:
            return []
        return re.findall(rf"<{self.prefix}{child}\b(?:[^>]*/>|.*?</{self.prefix}{child}>)", block.group(1), re.S)

    def _place(self, element: str, xml: str) -> int:
        """The index of this exact element in its list, appended when it is not there yet."""
        existing, new = self._existing[element], self._new[element]
        if xml in existing:
            return existing.index(xml)
        if xml not in new:
            new.append(xml)
        return len(existing) + new.index(xml)

    def index(self, look: Look) -> int:
        """The cellXfs index that draws `look`."""
        if look in self._xfs:
            return self._xfs[look]
        p = self.prefix
        font = self._font(look)
        fill = self._fill(look.fill) if look.fill else 0
        number = self._format(look.number_format) if look.number_format else 0
        attributes = f'numFmtId="{number}" fontId="{font}" fillId="{fill}" borderId="0" xfId="0"'
        attributes += "".join(
            f' apply{what}="1"'
            for what, used in (
                ("NumberFormat", number),
                ("Font", font),
                ("Fill", fill),
                ("Alignment", look.wrap or look.centred),
            )
            if used
        )
        alignment = ""
        if look.wrap or look.centred:
            horizontal = ' horizontal="center"' if look.centred else ""
            vertical = ' vertical="center"' if look.centred else ' vertical="top"'
            alignment = f"<{p}alignment{horizontal}{vertical}" + (' wrapText="1"' if look.wrap else "") + "/>"
        xf = f"<{p}xf {attributes}>{alignment}</{p}xf>" if alignment else f"<{p}xf {attributes}/>"
        self._xfs[look] = self._place("cellXfs", xf)
        return self._xfs[look]

    def _font(self, look: Look) -> int:
        if not look.bold and not look.font:
            return 0
        p = self.prefix
        parts = (f"<{p}b/>" if look.bold else "") + (f'<{p}color rgb="FF{look.font.upper()}"/>' if look.font else "")
        return self._place("fonts", f'<{p}font>{parts}<{p}sz val="11"/><{p}name val="Calibri"/></{p}font>')

    def _fill(self, colour: str) -> int:
        p = self.prefix
        return self._place(
            "fills",
            f'<{p}fill><{p}patternFill patternType="solid"><{p}fgColor rgb="FF{colour.upper()}"/>'
            f'<{p}bgColor indexed="64"/></{p}patternFill></{p}fill>',
        )

    def _format(self, code: str) -> int:
        if code not in self._formats:
            self._formats[code] = self._next_format + len(self._new["numFmts"])
            self._new["numFmts"].append(
                f'<{self.prefix}numFmt numFmtId="{self._formats[code]}" formatCode={quoteattr(code)}/>'
            )
        return self._formats[code]

    def is_changed(self) -> bool:
        return any(self._new.values())

    def serialise(self) -> str:
        xml = self.xml
        for element in ("fonts", "fills", "cellXfs"):
            if self._new[element]:
                count = len(self._existing[element]) + len(self._new[element])
                xml = _append(xml, self.prefix, element, self._new[element], count)
        formats = self._new["numFmts"]
        if formats:
            if re.search(rf"<{self.prefix}numFmts\b", xml):
                existing = len(re.findall(rf"<{self.prefix}numFmt\b", xml))
                xml = _append(xml, self.prefix, "numFmts", formats, existing + len(formats))
            else:
                opening = re.search(rf"<{self.prefix}styleSheet\b[^>]*>", xml)
                assert opening is not None
                block = f'<{self.prefix}numFmts count="{len(formats)}">' + "".join(formats) + f"</{self.prefix}numFmts>"
                xml = xml[: opening.end()] + block + xml[opening.end() :]
        return xml


def prefix_of(xml: str, element: str) -> str:
    match = re.search(rf"<(\w+:)?{element}\b", xml)
    if match is None:
        raise PackageError(f"no <{element}> element")
    return match.group(1) or ""


def _append(xml: str, prefix: str, element: str, new: list[str], count: int) -> str:
    closing = f"</{prefix}{element}>"
    opening = re.search(rf"<{prefix}{element}\b[^>]*?(/?)>", xml)
    if opening is None:
        raise PackageError(f"styles.xml has no <{element}>")
    if opening.group(1):  # an empty <cellXfs/> element
        return (
            xml[: opening.start()]
            + f'<{prefix}{element} count="{count}">'
            + "".join(new)
            + closing
            + xml[opening.end() :]
        )
    head = re.sub(r'\scount="\d+"', "", opening.group(0)[:-1]) + f' count="{count}">'
    at = xml.index(closing, opening.end())
    return xml[: opening.start()] + head + xml[opening.end() : at] + "".join(new) + xml[at:]


def unescape(text: str) -> str:
    """An XML attribute's text as written, its entities read."""
    return _ENTITIES.sub(lambda found: _ENTITY[found.group(1)], text)
