"""What openpyxl cannot carry through a save of the tabs hostkit does not write: put back, or named before writing.

openpyxl rewrites the whole file. It keeps values, formulas, styles, notes, pictures (with Pillow) and charts,
but it drops the values a spreadsheet program computed for formula cells, and the drawings and controls it
cannot read. The computed values are put back into the saved file; anything else is found before a save, so
that the save can be refused rather than lose it.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from pathlib import Path
from typing import Iterable, Mapping
from xml.etree import ElementTree as ET
from xml.sax.saxutils import escape

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
RELATION = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
PICTURE = "{http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing}pic"
GRAPHIC_FRAME = "{http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing}graphicFrame"
CHART = "{http://schemas.openxmlformats.org/drawingml/2006/chart}chart"
ANCHORS = {f"{{http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing}}{name}"
           for name in ("twoCellAnchor", "oneCellAnchor", "absoluteAnchor")}

DROPPED = {  # the last word of a sheet relationship's type, for the parts openpyxl leaves out of its save
    "ctrlProp": "form controls",
    "control": "form controls",
    "oleObject": "embedded objects",
    "package": "embedded objects",
    "slicer": "slicers",
    "timeline": "timelines",
    "threadedComment": "threaded comments",
}
_FORMULA = re.compile(rb"<(\w+:)?f[\s>/]")
_SAVED_FORMULA = re.compile(
    r'<c r="(?P<r>[A-Z]+[0-9]+)"(?P<attrs>[^>]*)>(?P<f><f(?:\s[^>]*)?>.*?</f>|<f(?:\s[^>]*)?/>)<v\s*/></c>', re.S)

Computed = dict[str, dict[str, tuple[str | None, str]]]
"""Per tab, per cell reference: the formula cell's type attribute and its computed value, as stored."""


def _relations(archive: zipfile.ZipFile, part: str) -> list[tuple[str, str, str]]:
    """A part's relationships: (id, the last word of its type, the part it points at)."""
    folder, name = posixpath.split(part)
    listing = f"{folder}/_rels/{name}.rels"
    if listing not in archive.namelist():
        return []
    found = []
    for rel in ET.fromstring(archive.read(listing)):
        target = rel.get("Target", "")
        if rel.get("TargetMode") != "External":
            target = target[1:] if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
        found.append((rel.get("Id", ""), rel.get("Type", "").rsplit("/", 1)[-1], target))
    return found


def sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Each tab's title and the part of the file that holds its cells."""
    targets = {rid: target for rid, _, target in _relations(archive, "xl/workbook.xml")}
    book = ET.fromstring(archive.read("xl/workbook.xml"))
    return {s.get("name", ""): targets[s.get(RELATION, "")] for s in book.iter(f"{MAIN}sheet")
            if s.get(RELATION) in targets}


def computed_values(data: bytes, titles: Iterable[str]) -> Computed:
    """The computed values of the formula cells in these tabs of an xlsx file (tabs without any are left out)."""
    found: Computed = {}
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        parts = sheet_parts(archive)
        for title in titles:
            xml = archive.read(parts[title]) if title in parts else b""
            if not _FORMULA.search(xml):
                continue
            cells = {}
            for cell in ET.fromstring(xml).iter(f"{MAIN}c"):
                value = cell.find(f"{MAIN}v")
                if cell.find(f"{MAIN}f") is not None and value is not None and value.text is not None:
                    cells[cell.get("r", "")] = (cell.get("t"), value.text)
            if cells:
                found[title] = cells
    return found


def restore_values(path: Path, computed: Computed) -> None:
    """Put the computed values back into the formula cells of a file openpyxl has just saved."""
    with zipfile.ZipFile(path) as archive:
        parts = sheet_parts(archive)
        entries = [(info, archive.read(info.filename)) for info in archive.infolist()]
    by_part = {parts[title]: cells for title, cells in computed.items() if title in parts}

    def put_back(cells: dict[str, tuple[str | None, str]], match: re.Match) -> str:
        if match["r"] not in cells:
            return match[0]
        kind, value = cells[match["r"]]
        attrs = re.sub(r'\st="[^"]*"', "", match["attrs"]) + (f' t="{kind}"' if kind and kind != "n" else "")
        return f'<c r="{match["r"]}"{attrs}>{match["f"]}<v>{escape(value)}</v></c>'

    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, content in entries:
            if info.filename in by_part:
                cells = by_part[info.filename]
                text = _SAVED_FORMULA.sub(lambda m: put_back(cells, m), content.decode("utf-8"))
                content = text.encode("utf-8")
            archive.writestr(info, content)


def unkept(data: bytes, titles: Iterable[str], loaded: Mapping[str, tuple[int, int]]) -> dict[str, list[str]]:
    """What a save would lose in each of these tabs: `loaded` gives how many pictures and charts openpyxl read."""
    lost: dict[str, list[str]] = {}
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        parts = sheet_parts(archive)
        for title in titles:
            if title not in parts:
                continue
            kinds: list[str] = []
            for _, kind, target in _relations(archive, parts[title]):
                if kind in DROPPED and DROPPED[kind] not in kinds:
                    kinds.append(DROPPED[kind])
                elif kind == "drawing" and target in archive.namelist():
                    kinds += _undrawn(archive.read(target), *loaded.get(title, (0, 0)))
            if b"sparklineGroup" in archive.read(parts[title]):
                kinds.append("sparklines")
            if kinds:
                lost[title] = kinds
    return lost


def _undrawn(drawing: bytes, pictures: int, charts: int) -> list[str]:
    """What of a drawing openpyxl did not read, given how many pictures and charts it did."""
    found = {"pictures": 0, "charts": 0, "shapes": 0}
    for anchor in ET.fromstring(drawing):
        tags = {child.tag for child in anchor} if anchor.tag in ANCHORS else set()
        if PICTURE in tags:
            found["pictures"] += 1
        elif GRAPHIC_FRAME in tags and any(e.tag == CHART for e in anchor.iter()):
            found["charts"] += 1
        else:
            found["shapes"] += 1
    missing = []
    if found["pictures"] > pictures:
        missing.append(f"{found['pictures'] - pictures} picture(s)")
    if found["charts"] > charts:
        missing.append(f"{found['charts'] - charts} chart(s)")
    if found["shapes"]:
        missing.append(f"{found['shapes']} shape(s) or text box(es)")
    return missing
