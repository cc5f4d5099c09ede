"""Cells and styles of an .xlsx worksheet written by hostkit: each tab's XML as storage/layout.py lays it out,
and the styles.xml entries its cells need. Text is written as inline strings, so nothing typed can become a
formula and the shared-strings part is never touched."""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

from hostkit.core.styles import Styled, plain
from hostkit.core.tables import Cell, CellError, Rows, column_index, column_letter
from hostkit.core.times import DAY, SERIAL_EPOCH
from hostkit.storage.layout import DATE_TIME, look, number_format
from hostkit.storage.xlsx_keep import Kept

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
"""Control characters XML 1.0 cannot hold: dropped."""
UNWRITABLE = re.compile("[\ufffe\uffff\ud800-\udfff]")
"""Non-characters and lone surrogates (undecodable bytes from a shell): replaced by U+FFFD, which shows where."""
_ATTRIBUTE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;", "\t": "&#9;"})
_ENTITIES = re.compile(r"&(amp|lt|gt|quot|apos);")
_ENTITY = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


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


def quoteattr(text: str) -> str:
    """Text as a double-quoted XML attribute value."""
    return f'"{text.translate(_ATTRIBUTE)}"'


class PackageError(ValueError):
    """The file is not an .xlsx package hostkit can rewrite (a part missing or not as the format says)."""


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


def sheet_xml(rows: Rows, styles: StyleBook, kept: Kept | None = None) -> Iterator[str]:
    """A worksheet part, in pieces, laid out as storage/layout.py says: header bold and frozen, columns fitted,
    long text wrapped, date-times shown as date-times, Styled cells drawn; the host's own cells of the old tab
    (`kept`, storage/xlsx_keep.py) merged in as they were.

    Written row by row, each row a piece (so a big tab is never held whole): a plain cell's style index is
    looked up once per (header, format, wrap) and its XML is one f-string; only Styled cells go through a Look
    of their own."""
    layout = look(rows)
    width = max((len(r) for r in rows), default=0)
    letters = [column_letter(c) for c in range(width)]
    wrapped: dict[int, set[int]] = {}
    for r, c in layout.wrapped:
        wrapped.setdefault(r, set()).add(c)
    tall = {r: n for r, n in (layout.lines or {}).items() if n > 1}
    indexes: dict[tuple[bool, str | None, bool], str] = {}

    def attribute(header: bool, code: str | None, wrap: bool) -> str:
        key = (header, code, wrap)
        if key not in indexes:
            index = styles.index(Look(bold=header, number_format=code, wrap=wrap))
            indexes[key] = f' s="{index}"' if index else ""
        return indexes[key]

    view = (
        f'<sheetViews><sheetView workbookViewId="0"><pane ySplit="{layout.frozen}" '
        f'topLeftCell="A{layout.frozen + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
        if layout.frozen
        else ""
    )
    columns = "".join(
        f'<col min="{c}" max="{c}" width="{w + 2}" customWidth="1"/>' for c, w in enumerate(layout.widths, start=1)
    )
    height, reach = len(rows), width
    if kept is not None:
        columns += "".join(kept.columns)
        last_row, last_column = kept.extent()
        height, reach = max(height, last_row), max(width, last_column)
    dimension = f'<dimension ref="A1:{column_letter(reach - 1)}{height}"/>' if height and reach else ""
    yield (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{MAIN}" xmlns:r="{REL}">'
        f'{dimension}{view}<sheetFormatPr defaultRowHeight="15"/>'
        + (f"<cols>{columns}</cols>" if columns else "")
        + "<sheetData>"
    )
    for r, row in enumerate(rows):
        n = r + 1
        at = str(n)  # the row number as it is written in each cell's reference, made text once
        header = r < layout.frozen
        plain_style = attribute(header, None, False)
        cells: list[str] = []
        append = cells.append
        wraps = wrapped.get(r)
        for c, value in enumerate(row):
            kind = type(value)
            if value is None or (kind is str and not value):
                continue
            wrap = c in wraps if wraps else False
            style = attribute(header, None, True) if wrap else plain_style
            if kind is str:
                if value.isprintable():  # no line break nor control character: only a space can need keeping
                    text, space = value, ' xml:space="preserve"' if value[0] == " " or value[-1] == " " else ""
                    if "&" in text or "<" in text or ">" in text:
                        text = escape(text)
                else:
                    text = xml_text(value)
                    if not text:  # control characters only: a blank cell
                        continue
                    space = ' xml:space="preserve"' if "\n" in text or text[:1].isspace() or text[-1:].isspace() else ""
                    text = escape(text)
                append(f'<c r="{letters[c]}{at}"{style} t="inlineStr"><is><t{space}>{text}</t></is></c>')
            elif (kind is int and -_HUGE < value < _HUGE) or (kind is float and math.isfinite(value)):
                append(f'<c r="{letters[c]}{at}"{style}><v>{value!r}</v></c>')
            elif kind is dt.datetime and value.tzinfo is None and value >= _LEAP_DAY and not value.microsecond:
                append(
                    f'<c r="{letters[c]}{at}"{attribute(header, DATE_TIME, wrap)}><v>{(value - SERIAL_EPOCH) / DAY!r}</v></c>'
                )
            else:
                drawn = value if kind is Styled else None
                cell_look = Look(
                    bold=header or bool(drawn and drawn.bold),
                    fill=drawn.fill if drawn else None,
                    font=drawn.font if drawn else None,
                    number_format=number_format(value),
                    wrap=wrap,
                    centred=bool(drawn and drawn.centred),
                )
                xml = _cell_xml(f"{letters[c]}{at}", plain(value), cell_look, styles)
                if xml:
                    append(xml)
        if kept is not None and n in kept.cells:
            cells = _merged(cells, kept.cells[n])
        fitted = f' ht="{15 * tall[r]}" customHeight="1"' if r in tall else ""
        yield f'<row r="{at}"{fitted}>{"".join(cells)}</row>'
    if kept is not None:
        for n in sorted(kept.cells):
            if n > len(rows):
                yield f'<row r="{n}">{"".join(x for _, x in kept.cells[n])}</row>'
    yield "</sheetData>" + ("".join(kept.carried) if kept is not None else "") + "</worksheet>"


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


def unescape(text: str) -> str:
    """An XML attribute's text as written, its entities read."""
    return _ENTITIES.sub(lambda found: _ENTITY[found.group(1)], text)
