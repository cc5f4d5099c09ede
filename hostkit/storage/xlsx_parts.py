"""Writing an .xlsx file part by part: the tabs a command replaces are written anew, every other part
of the zip (the host's own tabs with their formulas, cached values, images and charts) is copied as it is.

An .xlsx file is a zip of XML parts: xl/workbook.xml lists the tabs, xl/_rels/workbook.xml.rels maps
each to its part, [Content_Types].xml types every part, xl/styles.xml holds the cell formats. Text is
written as inline strings, so the shared-strings part is never touched and nothing typed can become a
formula.
"""

from __future__ import annotations

import datetime as dt
import math
import posixpath
import re
import zipfile
from dataclasses import dataclass
from typing import Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from hostkit.core.styles import Styled, plain
from hostkit.core.tables import Cell, Rows
from hostkit.storage.layout import look, number_format

WORKBOOK = "xl/workbook.xml"
WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"
TYPES = "[Content_Types].xml"
STYLES = "xl/styles.xml"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
WORKSHEET_REL = REL + "/worksheet"
WORKSHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
CALC_CHAIN_REL = REL + "/calcChain"
EPOCH = dt.datetime(1899, 12, 30)
ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")

EMPTY_PACKAGE = {
    TYPES: (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/styles.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>'),
    "_rels/.rels": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="' + REL + '/officeDocument" Target="xl/workbook.xml"/></Relationships>'),
    WORKBOOK: (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><bookViews><workbookView/></bookViews>'
        '<sheets></sheets></workbook>'),
    WORKBOOK_RELS: (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rIdStyles" Type="' + REL + '/styles" Target="styles.xml"/></Relationships>'),
    STYLES: (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<styleSheet xmlns="{MAIN}">'
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
        '<fills count="2"><fill><patternFill patternType="none"/></fill>'
        '<fill><patternFill patternType="gray125"/></fill></fills>'
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'),
}


class PackageError(ValueError):
    """The file is not an .xlsx package this module can rewrite."""


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
        self.prefix = _prefix(xml, "styleSheet")
        self._existing = {element: self._children(element, child)
                          for element, child in (("fonts", "font"), ("fills", "fill"), ("cellXfs", "xf"))}
        self._new: dict[str, list[str]] = {"fonts": [], "fills": [], "cellXfs": [], "numFmts": []}
        self._xfs: dict[Look, int] = {Look(): 0}
        self._formats = {_unescape(code): int(number) for number, code in
                         re.findall(rf'<{self.prefix}numFmt numFmtId="(\d+)" formatCode="([^"]*)"', xml)}
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
        attributes += "".join(f' apply{what}="1"' for what, used in (
            ("NumberFormat", number), ("Font", font), ("Fill", fill), ("Alignment", look.wrap or look.centred))
            if used)
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
        return self._place("fills", f'<{p}fill><{p}patternFill patternType="solid"><{p}fgColor rgb="FF{colour.upper()}"/>'
                                    f'<{p}bgColor indexed="64"/></{p}patternFill></{p}fill>')

    def _format(self, code: str) -> int:
        if code not in self._formats:
            self._formats[code] = self._next_format + len(self._new["numFmts"])
            self._new["numFmts"].append(f'<{self.prefix}numFmt numFmtId="{self._formats[code]}" '
                                        f"formatCode={quoteattr(code)}/>")
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
                xml = xml[:opening.end()] + block + xml[opening.end():]
        return xml


def _prefix(xml: str, element: str) -> str:
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
        return xml[:opening.start()] + f'<{prefix}{element} count="{count}">' + "".join(new) + closing + xml[opening.end():]
    head = re.sub(r'\scount="\d+"', "", opening.group(0)[:-1]) + f' count="{count}">'
    at = xml.index(closing, opening.end())
    return xml[:opening.start()] + head + xml[opening.end():at] + "".join(new) + xml[at:]


def column_letter(number: int) -> str:
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def serial(moment: dt.datetime) -> float:
    return (moment - EPOCH) / dt.timedelta(days=1)


def sheet_xml(rows: Rows, styles: StyleBook) -> str:
    """A worksheet part laid out as storage/layout.py says: header bold and frozen, columns fitted, long text
    wrapped, date-times shown as date-times, Styled cells drawn."""
    layout = look(rows)
    body: list[str] = []
    for r, row in enumerate(rows):
        cells = []
        for c, value in enumerate(row):
            drawn = value if isinstance(value, Styled) else None
            cell_look = Look(bold=r < layout.frozen or bool(drawn and drawn.bold),
                             fill=drawn.fill if drawn else None, font=drawn.font if drawn else None,
                             number_format=number_format(value), wrap=(r, c) in layout.wrapped,
                             centred=bool(drawn and drawn.centred))
            xml = _cell_xml(f"{column_letter(c + 1)}{r + 1}", plain(value), cell_look, styles)
            if xml:
                cells.append(xml)
        body.append(f'<row r="{r + 1}">{"".join(cells)}</row>')
    view = (f'<sheetViews><sheetView workbookViewId="0"><pane ySplit="{layout.frozen}" '
            f'topLeftCell="A{layout.frozen + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
            if layout.frozen else "")
    columns = "".join(f'<col min="{c}" max="{c}" width="{w + 2}" customWidth="1"/>'
                      for c, w in enumerate(layout.widths, start=1))
    width = max((len(r) for r in rows), default=0)
    dimension = f'<dimension ref="A1:{column_letter(width)}{len(rows)}"/>' if rows and width else ""
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{MAIN}" xmlns:r="{REL}">'
            f'{dimension}{view}<sheetFormatPr defaultRowHeight="15"/>' + (f"<cols>{columns}</cols>" if columns else "")
            + f'<sheetData>{"".join(body)}</sheetData></worksheet>')


def _cell_xml(ref: str, value: Cell, look: Look, styles: StyleBook) -> str:
    """A cell's XML; none for a blank cell that is not drawn."""
    if value is None or value == "":
        return f'<c r="{ref}" s="{styles.index(look)}"/>' if look.fill else ""
    if isinstance(value, bool):
        return _styled(ref, look, styles, 't="b"', f"<v>{int(value)}</v>")
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            return _styled(ref, look, styles, 't="inlineStr"', f"<is><t>{value}</t></is>")
        return _styled(ref, look, styles, "", f"<v>{value!r}</v>")
    if isinstance(value, dt.datetime):
        if value.tzinfo is not None:
            raise ValueError("aware datetimes are written as local text by the rules core")
        return _styled(ref, look, styles, "", f"<v>{serial(value)!r}</v>")
    if isinstance(value, dt.date):
        return _styled(ref, look, styles, "", f"<v>{serial(dt.datetime(value.year, value.month, value.day))!r}</v>")
    text = ILLEGAL.sub("", str(value))
    space = ' xml:space="preserve"' if text != text.strip() or "\n" in text else ""
    return _styled(ref, look, styles, 't="inlineStr"', f"<is><t{space}>{escape(text)}</t></is>")


def _styled(ref: str, look: Look, styles: StyleBook, kind: str, inner: str) -> str:
    index = styles.index(look)
    style = f' s="{index}"' if index else ""
    kind = f" {kind}" if kind else ""
    return f'<c r="{ref}"{style}{kind}>{inner}</c>'


@dataclass
class SheetEntry:
    name: str
    sheet_id: int
    rel_id: str
    part: str
    element: str


class Package:
    """An .xlsx file's parts in memory; `replace` rewrites whole tabs, `save` writes the zip."""

    def __init__(self, parts: dict[str, bytes], order: list[str]):
        self.parts = parts
        self.order = order
        self._styles: StyleBook | None = None

    @classmethod
    def read(cls, source) -> "Package":
        try:
            with zipfile.ZipFile(source) as archive:
                order = archive.namelist()
                parts = {name: archive.read(name) for name in order}
        except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError) as error:
            raise PackageError(str(error)) from None
        for needed in (WORKBOOK, WORKBOOK_RELS, TYPES):
            if needed not in parts:
                raise PackageError(f"the part {needed} is missing")
        return cls(parts, order)

    @classmethod
    def empty(cls) -> "Package":
        return cls({name: xml.encode() for name, xml in EMPTY_PACKAGE.items()}, list(EMPTY_PACKAGE))

    def _text(self, name: str) -> str:
        return self.parts[name].decode("utf-8")

    def _set(self, name: str, text: str) -> None:
        if name not in self.parts:
            self.order.append(name)
        self.parts[name] = text.encode("utf-8")

    def sheets(self) -> list[SheetEntry]:
        workbook = self._text(WORKBOOK)
        prefix = _prefix(workbook, "workbook")
        targets = self._relationships()
        entries = []
        for element in re.findall(rf"<{prefix}sheet\b[^>]*?/>", workbook):
            attributes = dict(re.findall(r'([\w:]+)="([^"]*)"', element))
            rel_id = next((v for k, v in attributes.items() if k.endswith(":id")), "")
            name = _unescape(attributes.get("name", ""))
            entries.append(SheetEntry(name, int(attributes.get("sheetId", 0)), rel_id, targets.get(rel_id, ""), element))
        return entries

    def _relationships(self) -> dict[str, str]:
        rels = self._text(WORKBOOK_RELS)
        targets = {}
        for element in re.findall(r"<(?:\w+:)?Relationship\b[^>]*?/?>", rels):
            attributes = dict(re.findall(r'(\w+)="([^"]*)"', element))
            target = attributes.get("Target", "")
            part = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))
            targets[attributes.get("Id", "")] = part
        return targets

    def styles(self) -> StyleBook:
        if self._styles is None:
            if STYLES not in self.parts:
                self._set(STYLES, EMPTY_PACKAGE[STYLES])
                self._add_relationship(REL + "/styles", "styles.xml")
                self._add_override("/" + STYLES, "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml")
            self._styles = StyleBook(self._text(STYLES))
        return self._styles

    def replace(self, tabs: Mapping[str, Rows]) -> None:
        """Write each tab whole (a new tab goes last); every other tab and part stays as it is."""
        styles = self.styles()
        existing = {entry.name.casefold(): entry for entry in self.sheets()}
        for name, rows in tabs.items():
            name = name[:31]
            xml = sheet_xml(rows, styles)
            entry = existing.get(name.casefold())
            if entry is None or not entry.part:
                entry = self._add_sheet(name)
                existing[name.casefold()] = entry
            self._drop_sheet_relationships(entry.part)
            self._set(entry.part, xml)
        if styles.is_changed():
            self._set(STYLES, styles.serialise())
        self._drop_calc_chain()

    def arrange(self, names: Sequence[str]) -> None:
        """Put the tabs in this order (tabs not named keep theirs, after the named ones); the workbook opens on
        the first tab."""
        workbook = self._text(WORKBOOK)
        entries = self.sheets()
        wanted = [e for n in names for e in entries if e.name.casefold() == n.casefold()]
        ordered = wanted + [e for e in entries if e not in wanted]
        if ordered == entries:
            return
        prefix = _prefix(workbook, "workbook")
        block = re.search(rf"(<{prefix}sheets\b[^>]*>)(.*?)(</{prefix}sheets>)", workbook, re.S)
        assert block is not None
        workbook = workbook[:block.start(2)] + "".join(e.element for e in ordered) + workbook[block.end(2):]
        workbook = re.sub(r'\s(activeTab|firstSheet)="\d+"', "", workbook)
        self._set(WORKBOOK, workbook)
        for entry in ordered[1:]:
            if entry.part in self.parts and b'tabSelected="1"' in self.parts[entry.part][:4096]:
                self.parts[entry.part] = self.parts[entry.part].replace(b'tabSelected="1"', b'tabSelected="0"', 1)

    def _add_sheet(self, name: str) -> SheetEntry:
        entries = self.sheets()
        number = 1
        while f"xl/worksheets/sheet{number}.xml" in self.parts:
            number += 1
        part = f"xl/worksheets/sheet{number}.xml"
        rel_id = self._add_relationship(WORKSHEET_REL, f"worksheets/sheet{number}.xml")
        sheet_id = max((e.sheet_id for e in entries), default=0) + 1
        workbook = self._text(WORKBOOK)
        prefix = _prefix(workbook, "workbook")
        r = _namespace_prefix(workbook, REL) or "r"
        if f"xmlns:{r}=" not in workbook:
            workbook = workbook.replace(f"<{prefix}workbook", f'<{prefix}workbook xmlns:{r}="{REL}"', 1)
        element = f"<{prefix}sheet name={quoteattr(name)} sheetId=\"{sheet_id}\" {r}:id=\"{rel_id}\"/>"
        if re.search(rf"<{prefix}sheets\s*/>", workbook):
            workbook = re.sub(rf"<{prefix}sheets\s*/>", f"<{prefix}sheets>{element}</{prefix}sheets>", workbook, 1)
        else:
            at = workbook.index(f"</{prefix}sheets>")
            workbook = workbook[:at] + element + workbook[at:]
        self._set(WORKBOOK, workbook)
        self._add_override("/" + part, WORKSHEET_TYPE)
        self._set(part, "")
        return SheetEntry(name, sheet_id, rel_id, part, element)

    def _add_relationship(self, kind: str, target: str) -> str:
        rels = self._text(WORKBOOK_RELS)
        used = set(re.findall(r'Id="([^"]+)"', rels))
        number = len(used) + 1
        while f"rId{number}" in used:
            number += 1
        rel_id = f"rId{number}"
        element = f'<Relationship Id="{rel_id}" Type="{kind}" Target="{target}"/>'
        at = rels.rindex("</")
        self._set(WORKBOOK_RELS, rels[:at] + element + rels[at:])
        return rel_id

    def _add_override(self, part_name: str, content_type: str) -> None:
        types = self._text(TYPES)
        if f'PartName="{part_name}"' in types:
            return
        at = types.rindex("</")
        self._set(TYPES, types[:at] + f'<Override PartName="{part_name}" ContentType="{content_type}"/>' + types[at:])

    def _drop_sheet_relationships(self, part: str) -> None:
        """A replaced tab loses what hung on the old one (its drawings, comments, tables)."""
        folder, file = posixpath.split(part)
        rels = posixpath.join(folder, "_rels", file + ".rels")
        if rels in self.parts:
            del self.parts[rels]
            self.order.remove(rels)

    def _drop_calc_chain(self) -> None:
        """Excel rebuilds the calculation chain; an old one may name cells of a replaced tab."""
        for name in [n for n in self.parts if n.endswith("calcChain.xml")]:
            del self.parts[name]
            self.order.remove(name)
            self._set(TYPES, re.sub(rf'<Override PartName="/{re.escape(name)}"[^>]*/>', "", self._text(TYPES)))
            self._set(WORKBOOK_RELS, re.sub(rf'<Relationship [^>]*Type="{re.escape(CALC_CHAIN_REL)}"[^>]*/>', "",
                                            self._text(WORKBOOK_RELS)))

    def save(self, target) -> None:
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
            for name in self.order:
                archive.writestr(name, self.parts[name])


def _namespace_prefix(xml: str, uri: str) -> str | None:
    match = re.search(rf'xmlns:(\w+)="{re.escape(uri)}"', xml)
    return match.group(1) if match else None


def _unescape(text: str) -> str:
    return (text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&apos;", "'")
            .replace("&amp;", "&"))
