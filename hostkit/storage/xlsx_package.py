"""The names an .xlsx package is made of (its parts, relationship types, namespaces), the XML of an empty
one, and reading its XML whatever prefix or encoding a program wrote."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from typing import Any

from lxml import etree

from hostkit.storage.xlsx_cells import MAIN, REL

WORKBOOK = "xl/workbook.xml"
WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"
TYPES = "[Content_Types].xml"
STYLES = "xl/styles.xml"
WORKSHEET_REL = REL + "/worksheet"
WORKSHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
CALC_CHAIN_REL = REL + "/calcChain"
PACKAGE_RELS = "_rels/.rels"
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


def rels_of(part: str) -> str:
    """The relationships part of a part: xl/worksheets/sheet1.xml -> xl/worksheets/_rels/sheet1.xml.rels."""
    folder, file = posixpath.split(part)
    return posixpath.join(folder, "_rels", file + ".rels")


def local_name(element: Any) -> str:
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


def attribute(element: Any, local: str) -> str:
    """An attribute by its local name, in whatever namespace (r:id in transitional or strict files)."""
    for key, value in element.attrib.items():
        if key == local or key.endswith("}" + local):
            return value
    return ""


def xml_text(xml: bytes) -> str:
    """An XML part as text, whatever encoding it declares."""
    from hostkit.storage.xlsx_read import is_utf8

    if is_utf8(xml[:256]):
        return xml.decode("utf-8")
    return etree.tostring(etree.fromstring(xml, PARSER), encoding="unicode")


_STYLE_INDEX = re.compile(
    rb"""<(?:\w+:)?(?:c|row)\b[^>]*?\ss\s*=\s*["'](\d+)["']|<(?:\w+:)?col\b[^>]*?\sstyle\s*=\s*["'](\d+)["']"""
)
"""A cell's or row's style index (s), or a column's (style), in a worksheet part."""


def plain_styles(worksheets: Iterable[bytes]) -> str:
    """A styles.xml for a package that has none: as many plain cell formats as its tabs' highest style
    index asks for (a program that wrote no styles.xml may still number its cells' styles), so every
    style a kept tab uses names a format."""
    highest = -1
    for xml in worksheets:
        for found in _STYLE_INDEX.finditer(xml):
            highest = max(highest, int(found.group(1) or found.group(2)))
    plain = '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    formats = max(highest + 1, 1)
    return EMPTY_PACKAGE[STYLES].replace(
        f'<cellXfs count="1">{plain}', f'<cellXfs count="{formats}">' + plain * formats
    )
