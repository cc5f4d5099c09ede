"""Writing an .xlsx file part by part: the tabs a command replaces are written anew (keeping the host's
own cells in them, xlsx_keep.py), every other part of the zip (the host's own tabs with their formulas,
cached values, images and charts) is copied byte for byte.

An .xlsx file is a zip of XML parts: xl/workbook.xml lists the tabs, xl/_rels/workbook.xml.rels maps
each to its part, [Content_Types].xml types every part, xl/styles.xml holds the cell formats. The first
three are read and written with an XML parser (lxml), so any encoding, quoting or prefix a program wrote
is understood; a tab's own XML comes from xlsx_cells.py.
"""

from __future__ import annotations

import io
import os
import posixpath
import zipfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lxml import etree

from hostkit.core.tables import Rows
from hostkit.storage.xlsx_cell_styles import StyleBook
from hostkit.storage.xlsx_cells import REL, sheet_xml
from hostkit.storage.xlsx_deflate import Deflated, deflated, is_own, marked
from hostkit.storage.xlsx_keep import has_host_content, kept
from hostkit.storage.xlsx_package import (
    CALC_CHAIN_REL,
    EMPTY_PACKAGE,
    PACKAGE_RELS,
    PARSER,
    STYLES,
    TYPES,
    WORKBOOK,
    WORKBOOK_RELS,
    WORKSHEET_REL,
    WORKSHEET_TYPE,
    attribute,
    local_name,
    plain_styles,
    rels_of,
    xml_text,
)
from hostkit.storage.xlsx_read import refusal
from hostkit.storage.xlsx_zip import PackageError, Parts, UnreadablePackage, stored, write_package


@dataclass
class SheetEntry:
    name: str
    sheet_id: int
    rel_id: str
    part: str
    element: Any


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
        reason = refusal(archive)
        if reason is not None:
            raise UnreadablePackage(reason)
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
        return next((c for c in parent if local_name(c) == local), None)

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
            if local_name(element) != "sheet":
                continue
            rel_id = attribute(element, "id")
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
            if local_name(element) != "Relationship" or element.get("TargetMode") == "External":
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
            self._styles = StyleBook(xml_text(self.parts[STYLES]))
        return self._styles

    def _plain_styles(self) -> str:
        return plain_styles(self.parts[entry.part] for entry in self.sheets() if entry.part in self.parts)

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
            for name in ("activeTab", "firstSheet"):
                view.attrib.pop(name, None)
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
                c
                for c in workbook
                if local_name(c) in ("sheets", "functionGroups", "externalReferences", "definedNames")
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
        info, data = stored(self.parts.archive, name)
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
        write_package(target, self.order, self.parts, self._deflated, self._own)
