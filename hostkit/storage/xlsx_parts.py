"""Writing an .xlsx file part by part: the tabs a command replaces are written anew (keeping the host's
own cells in them, xlsx_keep.py), every other part of the zip (the host's own tabs with their formulas,
cached values, images and charts) is copied byte for byte.

An .xlsx file is a zip of XML parts: xl/workbook.xml lists the tabs, xl/_rels/workbook.xml.rels maps
each to its part, [Content_Types].xml types every part, xl/styles.xml holds the cell formats. The first
three are read and written with an XML parser (lxml), so any encoding, quoting or prefix a program wrote
is understood; a tab's own XML comes from xlsx_cells.py.
"""

from __future__ import annotations

import copy
import io
import os
import posixpath
import re
import struct
import time
import zipfile
import zlib
from collections.abc import Generator, Iterator, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lxml import etree

from hostkit.core.tables import Rows
from hostkit.storage.xlsx_cells import MAIN, REL, PackageError, StyleBook, sheet_xml
from hostkit.storage.xlsx_deflate import Deflated, deflated, is_own, marked, own_mark
from hostkit.storage.xlsx_keep import has_host_content, kept

WORKBOOK = "xl/workbook.xml"
WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"
TYPES = "[Content_Types].xml"
STYLES = "xl/styles.xml"
WORKSHEET_REL = REL + "/worksheet"
WORKSHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
CALC_CHAIN_REL = REL + "/calcChain"
KEPT_RELS = {REL + "/drawing", REL + "/vmlDrawing", REL + "/comments"}
"""What a rewritten tab keeps hanging on it: the host's pictures, charts and notes."""
PACKAGE_RELS = "_rels/.rels"
RELS_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
TYPES_NS = "http://schemas.openxmlformats.org/package/2006/content-types"
PARSER = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=False)

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
    element: Any


class Parts(MutableMapping[str, bytes]):
    """The package's parts by name, each decompressed only when it is first looked at; the parts nobody looks
    at or changes are copied to the saved file as they are, still compressed (`unchanged`)."""

    def __init__(self, archive: zipfile.ZipFile | None, names: list[str]):
        self.archive = archive
        self._names = set(names)
        self._read: dict[str, bytes] = {}
        self.changed: set[str] = set()

    def __getitem__(self, name: str) -> bytes:
        if name not in self._read:
            if name not in self._names or self.archive is None:
                raise KeyError(name)
            try:
                self._read[name] = self.archive.read(name)
            except (zipfile.BadZipFile, zlib.error, OSError, EOFError) as error:
                raise PackageError(f"the part {name} cannot be read ({error})") from None
        return self._read[name]

    def head(self, name: str, size: int) -> bytes:
        """The first bytes of a part, decompressing no more of it than that."""
        pieces = self.pieces(name, size)
        try:
            return next(pieces, b"")
        finally:
            pieces.close()

    def pieces(self, name: str, size: int = 1 << 20) -> Generator[bytes, None, None]:
        """A part a megabyte at a time, never inflated whole (a part already read, from memory)."""
        if name in self._read or self.archive is None:
            data = self[name]
            yield from (data[at : at + size] for at in range(0, len(data), size))
            return
        try:
            with self.archive.open(name) as part:
                while chunk := part.read(size):
                    yield chunk
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError) as error:
            raise PackageError(f"the part {name} cannot be read ({error})") from None

    def __setitem__(self, name: str, data: bytes) -> None:
        self._names.add(name)
        self._read[name] = data
        self.changed.add(name)

    def __delitem__(self, name: str) -> None:
        self._names.remove(name)
        self._read.pop(name, None)
        self.changed.discard(name)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._names))

    def __len__(self) -> int:
        return len(self._names)

    def unchanged(self, name: str) -> bool:
        return self.archive is not None and name not in self.changed


LOCAL_HEADER = struct.Struct("<4s2B4HL2L2H")
"""A zip entry's local header (APPNOTE 4.3.7): signature, versions, flags, method, time, date, CRC, sizes,
then the lengths of the name and of the extra field."""


def _stored(source: zipfile.ZipFile, name: str) -> tuple[zipfile.ZipInfo, bytes]:
    """A part's zip entry and its data as it is stored (compressed)."""
    info = source.getinfo(name)
    assert source.fp is not None
    source.fp.seek(info.header_offset)
    header = LOCAL_HEADER.unpack(source.fp.read(LOCAL_HEADER.size))
    if header[0] != b"PK\x03\x04":
        raise PackageError(f"the part {name} has no local header where the zip's directory says")
    source.fp.seek(header[10] + header[11], 1)  # past the name and the extra field
    return info, source.fp.read(info.compress_size)


def _copy_raw(source: zipfile.ZipFile, name: str, target: zipfile.ZipFile) -> None:
    """A part copied from one zip to another as it is stored (compressed), without inflating it again."""
    info, raw = _stored(source, name)
    copied = copy.copy(info)
    copied.flag_bits &= ~0x08  # the sizes go in the local header: no data descriptor after the data
    copied.extra = b""
    _append_raw(target, copied, raw)


def _write_deflated(target: zipfile.ZipFile, name: str, part: Deflated, own: bool, when: DateTime) -> None:
    """A written part's zip entry; `own` (nothing of the host's in it) is recorded in the entry's comment."""
    info = zipfile.ZipInfo(name, date_time=when)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o600 << 16  # as ZipFile.writestr gives a part
    info.CRC, info.compress_size, info.file_size = part.crc, len(part.data), part.size
    if own:
        info.comment = own_mark(part)
    _append_raw(target, info, part.data)


DateTime = tuple[int, int, int, int, int, int]


def _entry_time(source: zipfile.ZipFile | None, name: str, crc: int, size: int) -> DateTime:
    """The time a written part's entry records: its old one when the part is written again as it was (same
    CRC-32 and size), so scoring a round again gives the same file byte for byte; else now."""
    old = source.NameToInfo.get(name) if source is not None else None
    if old is not None and old.CRC == crc and old.file_size == size:
        return old.date_time
    return time.localtime()[:6]


def _append_raw(target: zipfile.ZipFile, info: zipfile.ZipInfo, raw: bytes) -> None:
    """An entry whose data is already compressed, written with its local header."""
    assert target.fp is not None
    info.header_offset = target.fp.tell()
    target.fp.write(info.FileHeader(zip64=info.file_size > zipfile.ZIP64_LIMIT))
    target.fp.write(raw)
    target.filelist.append(info)
    target.NameToInfo[info.filename] = info
    target.start_dir = target.fp.tell()  # type: ignore[attr-defined]


def rels_of(part: str) -> str:
    """The relationships part of a part: xl/worksheets/sheet1.xml -> xl/worksheets/_rels/sheet1.xml.rels."""
    folder, file = posixpath.split(part)
    return posixpath.join(folder, "_rels", file + ".rels")


def _local(element: Any) -> str:
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


def _attribute(element: Any, local: str) -> str:
    """An attribute by its local name, in whatever namespace (r:id in transitional or strict files)."""
    for key, value in element.attrib.items():
        if key == local or key.endswith("}" + local):
            return value
    return ""


def _text(xml: bytes) -> str:
    """An XML part as text, whatever encoding it declares."""
    from hostkit.storage.xlsx_read import is_utf8

    if is_utf8(xml[:256]):
        return xml.decode("utf-8")
    return etree.tostring(etree.fromstring(xml, PARSER), encoding="unicode")


_STYLE_INDEX = re.compile(
    rb"""<(?:\w+:)?(?:c|row)\b[^>]*?\ss\s*=\s*["'](\d+)["']|<(?:\w+:)?col\b[^>]*?\sstyle\s*=\s*["'](\d+)["']"""
)
"""A cell's or row's style index (s), or a column's (style), in a worksheet part."""


class Package:
    """An .xlsx file's parts in memory; `replace` rewrites whole tabs, `save` writes the zip."""

    def __init__(self, parts: Parts, order: list[str]):
        self.parts = parts
        self.order = order
        self._styles: StyleBook | None = None
        self._trees: dict[str, Any] = {}
        self._changed: set[str] = set()
        """The parsed parts changed since they were read: only these are serialised again."""
        self._dropped: set[str] = set()
        self._deflated: dict[str, Deflated] = {}
        """The tabs written anew, compressed as they were written (their entry in `parts` is empty)."""
        self._own: set[str] = set()
        """The tabs written anew with nothing of the host's in them."""

    @classmethod
    def read(cls, source) -> Package:
        """The package of a file or a file object; its parts are read when first needed (the file object
        must stay open until the package is saved)."""
        try:
            if isinstance(source, (str, os.PathLike)):  # in memory: the package may be saved over its own file
                source = io.BytesIO(Path(source).read_bytes())
            archive = zipfile.ZipFile(source)
            order = archive.namelist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError) as error:
            raise PackageError(str(error)) from None
        if len(set(order)) != len(order):
            raise PackageError("a part is in the zip twice")
        parts = Parts(archive, order)
        for needed in (WORKBOOK, WORKBOOK_RELS, TYPES):
            if needed not in parts:
                raise PackageError(f"the part {needed} is missing")
        return cls(parts, order)

    @classmethod
    def empty(cls) -> Package:
        parts = Parts(None, [])
        for name, xml in EMPTY_PACKAGE.items():
            parts[name] = xml.encode()
        return cls(parts, list(EMPTY_PACKAGE))

    # ---- the parsed parts

    def _tree(self, name: str) -> Any:
        """A part parsed (once); changes to it are serialised on save."""
        if name not in self._trees:
            if name not in self.parts:
                raise PackageError(f"the part {name} is missing")
            try:
                self._trees[name] = etree.fromstring(self.parts[name], PARSER)
            except (etree.XMLSyntaxError, ValueError) as error:
                raise PackageError(f"{name} is not well-formed XML ({error})") from None
        return self._trees[name]

    def _child(self, parent: Any, local: str) -> Any:
        return next((c for c in parent if _local(c) == local), None)

    def _new(self, parent: Any, local: str, **attributes: str) -> Any:
        """An element in its parent's namespace (whatever prefix the file uses for it)."""
        namespace = etree.QName(parent).namespace
        return etree.Element(f"{{{namespace}}}{local}" if namespace else local, attributes, nsmap=None)

    def _set(self, name: str, text: str | Deflated) -> None:
        if name not in self.parts:
            self.order.append(name)
        self._own.discard(name)
        if isinstance(text, Deflated):
            self.parts[name] = b""
            self._deflated[name] = text
        else:
            self.parts[name] = text.encode("utf-8")
            self._deflated.pop(name, None)
        self._trees.pop(name, None)
        self._changed.discard(name)

    def _drop(self, name: str) -> None:
        if name in self.parts:
            del self.parts[name]
            self.order.remove(name)
            self._trees.pop(name, None)
            self._changed.discard(name)
            self._deflated.pop(name, None)
            self._own.discard(name)

    def _serialise(self) -> None:
        for name in self._changed & set(self._trees):
            self.parts[name] = etree.tostring(
                self._trees[name], xml_declaration=True, encoding="UTF-8", standalone=True
            )

    # ---- tabs

    def sheets(self) -> list[SheetEntry]:
        workbook = self._tree(WORKBOOK)
        sheets = self._child(workbook, "sheets")
        if sheets is None:
            raise PackageError("workbook.xml has no <sheets>")
        targets = self._relationships(WORKBOOK)
        entries = []
        for element in sheets:
            if _local(element) != "sheet":
                continue
            rel_id = _attribute(element, "id")
            try:
                sheet_id = int(element.get("sheetId", "0"))
            except ValueError:
                raise PackageError(f"workbook.xml gives a tab the sheetId {element.get('sheetId')!r}") from None
            entries.append(SheetEntry(element.get("name", ""), sheet_id, rel_id, targets.get(rel_id, ""), element))
        return entries

    def _relationships(self, source: str) -> dict[str, str]:
        """Relationship id to the part it names, for the relationships of `source` ("" for the package's)."""
        rels = PACKAGE_RELS if not source else rels_of(source)
        if rels not in self.parts:
            return {}
        folder = posixpath.dirname(source)
        targets = {}
        for element in self._tree(rels):
            if _local(element) != "Relationship" or element.get("TargetMode") == "External":
                continue
            target = element.get("Target", "")
            part = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
            targets[element.get("Id", "")] = part
        return targets

    def styles(self) -> StyleBook:
        if self._styles is None:
            if STYLES not in self.parts:
                self._set(STYLES, self._plain_styles())
                self._add_relationship(REL + "/styles", "styles.xml")
                self._add_override(
                    "/" + STYLES, "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"
                )
            self._styles = StyleBook(_text(self.parts[STYLES]))
        return self._styles

    def _plain_styles(self) -> str:
        """A styles.xml for a package that has none: as many plain cell formats as its tabs' highest style
        index asks for (a program that wrote no styles.xml may still number its cells' styles), so every
        style a kept tab uses names a format."""
        highest = -1
        for entry in self.sheets():
            if entry.part in self.parts:
                for found in _STYLE_INDEX.finditer(self.parts[entry.part]):
                    highest = max(highest, int(found.group(1) or found.group(2)))
        plain = '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
        formats = max(highest + 1, 1)
        return EMPTY_PACKAGE[STYLES].replace(
            f'<cellXfs count="1">{plain}', f'<cellXfs count="{formats}">' + plain * formats
        )

    def replace(self, tabs: Mapping[str, Rows]) -> int:
        """Write each tab whole (a new tab goes last), keeping the host's own cells in it; every other tab and
        part stays as it is. The number of the host's formulas kept."""
        styles = self.styles()
        existing = {entry.name.casefold(): entry for entry in self.sheets()}
        formulas = 0
        for name, rows in tabs.items():
            name = name[:31]
            entry = existing.get(name.casefold())
            if entry is None or not entry.part:
                entry = self._add_sheet(name)
                existing[name.casefold()] = entry
            width = max((len(r) for r in rows), default=0)
            own = self._is_own(entry.part)
            earlier = self._earlier(entry.part) if own else None
            host = (
                kept(self.parts[entry.part], rows)
                if not own and has_host_content(self._pieces(entry.part), width)
                else None
            )
            self.parts[entry.part] = b""  # the old tab's XML, let go before the new one is written
            if host is not None:
                formulas += host.formulas
            self._trim_sheet_relationships(entry.part, host.rel_ids if host else set())
            self._set(entry.part, deflated(sheet_xml(rows, styles, host), earlier))
            if host is None:
                self._own.add(entry.part)
        if styles.is_changed():
            self._set(STYLES, styles.serialise())
        self._drop_calc_chain()
        self._drop_orphans()
        return formulas

    def arrange(self, names: Sequence[str]) -> None:
        """Put the tabs in this order (tabs not named keep theirs, after the named ones); the workbook opens on
        the first tab. A name scoped to a tab (a print area, a filter) follows its tab."""
        entries = self.sheets()
        wanted = [e for n in names for e in entries if e.name.casefold() == n.casefold()]
        ordered = wanted + [e for e in entries if e not in wanted]
        if ordered == entries:
            return
        sheets = entries[0].element.getparent()
        for entry in ordered:
            sheets.append(entry.element)  # moves it to the end, in turn
        moved = {str(old): str(ordered.index(entry)) for old, entry in enumerate(entries)}
        workbook = self._tree(WORKBOOK)
        names_block = self._child(workbook, "definedNames")
        for defined in names_block if names_block is not None else ():
            scope = defined.get("localSheetId")
            if scope in moved:
                defined.set("localSheetId", moved[scope])
        self._changed.add(WORKBOOK)
        views = self._child(workbook, "bookViews")
        for view in views if views is not None else ():
            for attribute in ("activeTab", "firstSheet"):
                view.attrib.pop(attribute, None)
        for entry in ordered[1:]:
            if entry.part in self.parts and b'tabSelected="1"' in self._head(entry.part, 4096):
                self.parts[entry.part] = self.parts[entry.part].replace(b'tabSelected="1"', b'tabSelected="0"', 1)

    def _add_sheet(self, name: str) -> SheetEntry:
        entries = self.sheets()
        number = 1
        while f"xl/worksheets/sheet{number}.xml" in self.parts:
            number += 1
        part = f"xl/worksheets/sheet{number}.xml"
        rel_id = self._add_relationship(WORKSHEET_REL, f"worksheets/sheet{number}.xml")
        sheet_id = max((e.sheet_id for e in entries), default=0) + 1
        sheets = self._child(self._tree(WORKBOOK), "sheets")
        element = self._new(sheets, "sheet", name=name, sheetId=str(sheet_id))
        element.set(f"{{{REL}}}id", rel_id)
        sheets.append(element)
        self._changed.add(WORKBOOK)
        self._add_override("/" + part, WORKSHEET_TYPE)
        self._set(part, "")
        return SheetEntry(name, sheet_id, rel_id, part, element)

    def _add_relationship(self, kind: str, target: str) -> str:
        rels = self._tree(WORKBOOK_RELS)
        used = {element.get("Id") for element in rels}
        number = len(used) + 1
        while f"rId{number}" in used:
            number += 1
        rel_id = f"rId{number}"
        rels.append(self._new(rels, "Relationship", Id=rel_id, Type=kind, Target=target))
        self._changed.add(WORKBOOK_RELS)
        return rel_id

    def _add_override(self, part_name: str, content_type: str) -> None:
        types = self._tree(TYPES)
        if any((e.get("PartName") or "").casefold() == part_name.casefold() for e in types):
            return
        types.append(self._new(types, "Override", PartName=part_name, ContentType=content_type))
        self._changed.add(TYPES)

    def _trim_sheet_relationships(self, part: str, keep: set[str]) -> None:
        """A replaced tab loses what hung on the old one (its tables, print settings), but for the host's
        pictures, charts and notes that the new tab still draws."""
        rels = rels_of(part)
        if rels not in self.parts:
            return
        tree, targets = self._tree(rels), self._relationships(part)
        for element in list(tree):
            rel_id = element.get("Id", "")
            if rel_id in keep or (keep and element.get("Type") == REL + "/comments"):
                continue
            self._dropped.add(targets.get(rel_id, ""))
            tree.remove(element)
            self._changed.add(rels)
        if len(tree) == 0:
            self._drop(rels)

    def _drop_calc_chain(self) -> None:
        """Excel rebuilds the calculation chain; an old one may name cells of a replaced tab."""
        rels = self._tree(WORKBOOK_RELS)
        for element in list(rels):
            if element.get("Type") == CALC_CHAIN_REL:
                self._dropped.add(self._relationships(WORKBOOK).get(element.get("Id", ""), ""))
                rels.remove(element)
                self._changed.add(WORKBOOK_RELS)

    def _drop_orphans(self) -> None:
        """The parts only a replaced tab used (its old tables, drawings, print settings), and their types:
        nothing refers to them any more."""
        if not self._dropped:
            return
        reachable: set[str] = set()
        waiting = [""]
        while waiting:
            source = waiting.pop()
            for part in self._relationships(source).values():
                if part not in reachable and part in self.parts:
                    reachable.add(part)
                    waiting.append(part)
        candidates = set(self._dropped)
        while candidates:
            part = candidates.pop()
            if part in reachable or part not in self.parts:
                continue
            candidates |= set(self._relationships(part).values())
            self._drop(part)
            self._drop(rels_of(part))
            types = self._tree(TYPES)
            for element in list(types):
                if (element.get("PartName") or "").lstrip("/").casefold() == part.casefold():
                    types.remove(element)
                    self._changed.add(TYPES)
        self._dropped.clear()

    def ask_recalculation(self) -> None:
        """Have the spreadsheet program recalculate every formula when it opens the file (calcPr
        fullCalcOnLoad), so a host's formula over a tab hostkit rewrote never shows a stale value."""
        workbook = self._tree(WORKBOOK)
        calc = self._child(workbook, "calcPr")
        if calc is None:
            # calcPr follows sheets, functionGroups, externalReferences and definedNames (ECMA-376 CT_Workbook)
            before = [
                c for c in workbook if _local(c) in ("sheets", "functionGroups", "externalReferences", "definedNames")
            ]
            if not before:
                raise PackageError("workbook.xml has no <sheets>")
            calc = self._new(workbook, "calcPr")
            before[-1].addnext(calc)
        if calc.get("fullCalcOnLoad") not in ("1", "true"):
            calc.set("fullCalcOnLoad", "1")
            self._changed.add(WORKBOOK)

    def _is_own(self, name: str) -> bool:
        """Whether a tab is as hostkit last wrote it, with nothing of the host's in it (own_mark)."""
        if self.parts.archive is None or not self.parts.unchanged(name):
            return False
        try:
            info = self.parts.archive.getinfo(name)
        except KeyError:
            return False
        return is_own(info.comment, info.CRC)

    def _earlier(self, name: str) -> Deflated | None:
        """A tab hostkit wrote, as it is stored, for writing it again to reuse its unchanged segments."""
        assert self.parts.archive is not None
        info, data = _stored(self.parts.archive, name)
        return marked(info.comment, info.CRC, data)

    def _pieces(self, name: str) -> Iterator[bytes]:
        """A part in pieces, inflated as they are read (none for a part not there)."""
        return self.parts.pieces(name) if name in self.parts else iter(())

    def _head(self, name: str, size: int) -> bytes:
        if name in self._deflated:
            return self._deflated[name].head(size)
        return self.parts.head(name, size)

    def save(self, target) -> None:
        """Write the zip: changed parts compressed anew, every other part copied as it was stored."""
        self._serialise()
        source = self.parts.archive
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
            for name in self.order:
                if name in self._deflated:
                    part = self._deflated[name]
                    when = _entry_time(source, name, part.crc, part.size)
                    _write_deflated(archive, name, part, name in self._own, when)
                elif source is not None and self.parts.unchanged(name):
                    _copy_raw(source, name, archive)
                else:
                    data = self.parts[name]
                    info = zipfile.ZipInfo(name, date_time=_entry_time(source, name, zlib.crc32(data), len(data)))
                    info.external_attr = 0o600 << 16  # as ZipFile.writestr gives a part named by a string
                    archive.writestr(info, data, zipfile.ZIP_DEFLATED, 1)
