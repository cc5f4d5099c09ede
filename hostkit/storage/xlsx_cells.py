"""What every part hostkit writes into an .xlsx package shares: text as XML holds it, and the styles.xml
entries a tab's cells need (the StyleBook); the worksheet itself is xlsx_sheet.py's."""

from __future__ import annotations

import re
from dataclasses import dataclass

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


class Refused(PackageError):
    """A package hostkit will not read at all (xlsx_read.refusal): its text ends a sentence naming the file."""


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
