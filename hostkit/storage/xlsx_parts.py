"""Writing an .xlsx file part by part: the tabs a command replaces are written anew, every other part
of the zip (the host's own tabs with their formulas, cached values, images and charts) is copied as it is.

An .xlsx file is a zip of XML parts: xl/workbook.xml lists the tabs, xl/_rels/workbook.xml.rels maps
each to its part, [Content_Types].xml types every part, xl/styles.xml holds the cell formats. A tab's own
XML comes from xlsx_cells.py.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hostkit.core.tables import Rows
from hostkit.storage.xlsx_cells import MAIN, REL, PackageError, StyleBook, prefix_of, quoteattr, sheet_xml, unescape

WORKBOOK = "xl/workbook.xml"
WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"
TYPES = "[Content_Types].xml"
STYLES = "xl/styles.xml"
WORKSHEET_REL = REL + "/worksheet"
WORKSHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
CALC_CHAIN_REL = REL + "/calcChain"

EMPTY_PACKAGE = {
    TYPES: (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/styles.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>'
    ),
    "_rels/.rels": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="' + REL + '/officeDocument" Target="xl/workbook.xml"/></Relationships>'
    ),
    WORKBOOK: (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><bookViews><workbookView/></bookViews>'
        "<sheets></sheets></workbook>"
    ),
    WORKBOOK_RELS: (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rIdStyles" Type="' + REL + '/styles" Target="styles.xml"/></Relationships>'
    ),
    STYLES: (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<styleSheet xmlns="{MAIN}">'
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
        '<fills count="2"><fill><patternFill patternType="none"/></fill>'
        '<fill><patternFill patternType="gray125"/></fill></fills>'
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
    ),
}


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
    def read(cls, source) -> Package:
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
    def empty(cls) -> Package:
        return cls({name: xml.encode() for name, xml in EMPTY_PACKAGE.items()}, list(EMPTY_PACKAGE))

    def _text(self, name: str) -> str:
        return self.parts[name].decode("utf-8")

    def _set(self, name: str, text: str) -> None:
        if name not in self.parts:
            self.order.append(name)
        self.parts[name] = text.encode("utf-8")

    def sheets(self) -> list[SheetEntry]:
        workbook = self._text(WORKBOOK)
        prefix = prefix_of(workbook, "workbook")
        targets = self._relationships()
        entries = []
        for element in re.findall(rf"<{prefix}sheet\b[^>]*?/>", workbook):
            attributes = dict(re.findall(r'([\w:]+)="([^"]*)"', element))
            rel_id = next((v for k, v in attributes.items() if k.endswith(":id")), "")
            name = unescape(attributes.get("name", ""))
            entries.append(
                SheetEntry(name, int(attributes.get("sheetId", 0)), rel_id, targets.get(rel_id, ""), element)
            )
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
                self._add_override(
                    "/" + STYLES, "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"
                )
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
        prefix = prefix_of(workbook, "workbook")
        block = re.search(rf"(<{prefix}sheets\b[^>]*>)(.*?)(</{prefix}sheets>)", workbook, re.S)
        assert block is not None
        workbook = workbook[: block.start(2)] + "".join(e.element for e in ordered) + workbook[block.end(2) :]
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
        prefix = prefix_of(workbook, "workbook")
        r = _namespaceprefix_of(workbook, REL) or "r"
        if f"xmlns:{r}=" not in workbook:
            workbook = workbook.replace(f"<{prefix}workbook", f'<{prefix}workbook xmlns:{r}="{REL}"', 1)
        element = f'<{prefix}sheet name={quoteattr(name)} sheetId="{sheet_id}" {r}:id="{rel_id}"/>'
        if re.search(rf"<{prefix}sheets\s*/>", workbook):
            workbook = re.sub(
                rf"<{prefix}sheets\s*/>", f"<{prefix}sheets>{element}</{prefix}sheets>", workbook, count=1
            )
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
            self._set(
                WORKBOOK_RELS,
                re.sub(rf'<Relationship [^>]*Type="{re.escape(CALC_CHAIN_REL)}"[^>]*/>', "", self._text(WORKBOOK_RELS)),
            )

    def ask_recalculation(self) -> None:
        """Have the spreadsheet program recalculate every formula when it opens the file (calcPr
        fullCalcOnLoad), so a host's formula over a tab hostkit rewrote never shows a stale value."""
        workbook = self._text(WORKBOOK)
        p = prefix_of(workbook, "workbook")
        existing = re.search(rf"<{p}calcPr\b[^>]*?/?>", workbook)
        if existing is not None:
            element = re.sub(r"""\sfullCalcOnLoad=("[^"]*"|'[^']*')""", "", existing.group(0))
            element = re.sub(r"\s*(/?)>$", r' fullCalcOnLoad="1"\1>', element)
            workbook = workbook[: existing.start()] + element + workbook[existing.end() :]
        else:
            # calcPr follows sheets, functionGroups, externalReferences and definedNames (ECMA-376 CT_Workbook)
            ends = [
                found.end()
                for element in ("sheets", "functionGroups", "externalReferences", "definedNames")
                for found in re.finditer(rf"</{p}{element}>|<{p}{element}\b[^>]*/>", workbook)
            ]
            if not ends:
                raise PackageError("workbook.xml has no <sheets>")
            at = max(ends)
            workbook = workbook[:at] + f'<{p}calcPr fullCalcOnLoad="1"/>' + workbook[at:]
        self._set(WORKBOOK, workbook)

    def save(self, target) -> None:
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
            for name in self.order:
                archive.writestr(name, self.parts[name])


def _namespaceprefix_of(xml: str, uri: str) -> str | None:
    match = re.search(rf'xmlns:(\w+)="{re.escape(uri)}"', xml)
    return match.group(1) if match else None
