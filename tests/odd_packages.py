"""Odd packages: a good match workbook as other programs (or accidents) leave it, for tests/sweep.py. Each entry
of ODD changes the file at a path and returns the path to name as the workbook."""

from __future__ import annotations

import os
import re
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

from hostkit.storage.xlsx import XlsxBook


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def _rezip(path: Path, parts: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> None:
    with zipfile.ZipFile(path, "w", compression) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def _changed(change: Callable[[dict[str, bytes]], None], compression: int = zipfile.ZIP_DEFLATED):
    def damage(path: Path) -> Path:
        parts = _parts(path)
        change(parts)
        _rezip(path, parts, compression)
        return path

    return damage


def _utf16(parts: dict[str, bytes], names: list[str]) -> None:
    for name in names:
        text = re.sub(r"^<\?xml[^>]*\?>\s*", "", parts[name].decode("utf-8"))
        parts[name] = ('<?xml version="1.0" encoding="UTF-16" standalone="yes"?>' + text).encode("utf-16")


def _no_styles(parts: dict[str, bytes]) -> None:
    del parts["xl/styles.xml"]
    rels = "xl/_rels/workbook.xml.rels"
    parts[rels] = re.sub(rb'<Relationship [^>]*styles\.xml"\s*/>', b"", parts[rels])
    types = "[Content_Types].xml"
    parts[types] = re.sub(rb'<Override PartName="/xl/styles.xml"[^>]*/>', b"", parts[types])
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet] = re.sub(rb'<c r="([A-C]1)"( s="\d+")?', rb'<c r="\1" s="11"', parts[sheet])


def _single_quoted(parts: dict[str, bytes]) -> None:
    text = parts["xl/workbook.xml"].decode("utf-8").replace('"', "'")
    parts["xl/workbook.xml"] = text.replace("encoding='UTF-8'", "encoding='UTF-16'").encode("utf-16")


def _cut(name: str, keep: Callable[[bytes], bytes]) -> Callable[[dict[str, bytes]], None]:
    def change(parts: dict[str, bytes]) -> None:
        parts[name] = keep(parts[name])

    return change


def _shared(parts: dict[str, bytes]) -> dict[str, bytes]:
    _shared_strings(parts)
    return parts


def _shared_strings(parts: dict[str, bytes]) -> None:
    """Every text cell's text moved to xl/sharedStrings.xml, as Excel and LibreOffice write a package."""
    strings: list[bytes] = []

    def share(found: re.Match) -> bytes:
        strings.append(found.group(1))
        return b't="s"><v>' + str(len(strings) - 1).encode() + b"</v>"

    for name in [n for n in parts if n.startswith("xl/worksheets/sheet")]:
        parts[name] = re.sub(rb't="inlineStr"><is>(<t[^>]*>.*?</t>|<t/>)</is>', share, parts[name], flags=re.S)
    main = b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
    items = b"".join(b"<si>" + text + b"</si>" for text in strings)
    parts["xl/sharedStrings.xml"] = b'<?xml version="1.0" encoding="UTF-8"?><sst ' + main + b">" + items + b"</sst>"
    kind = b"application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>", b'<Override PartName="/xl/sharedStrings.xml" ContentType="' + kind + b'"/></Types>'
    )
    relation = b"http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings"
    rels = "xl/_rels/workbook.xml.rels"
    parts[rels] = parts[rels].replace(
        b"</Relationships>",
        b'<Relationship Id="rIdShared" Type="' + relation + b'" Target="sharedStrings.xml"/></Relationships>',
    )


def _past_the_end(parts: dict[str, bytes]) -> None:
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet] = re.sub(rb't="s"><v>\d+</v>', b't="s"><v>99999</v>', parts[sheet], count=1)


def _without(name: str) -> Callable[[dict[str, bytes]], None]:
    def change(parts: dict[str, bytes]) -> None:
        del parts[name]

    return change


def _every_sheet(change: Callable[[bytes], bytes]) -> Callable[[dict[str, bytes]], None]:
    def each(parts: dict[str, bytes]) -> None:
        for name in [n for n in parts if n.startswith("xl/worksheets/sheet")]:
            parts[name] = change(parts[name])

    return each


def _retabbed(change: Callable[[dict[str, list]], object]) -> Callable[[Path], Path]:
    def damage(path: Path) -> Path:
        read = XlsxBook(path).read()
        tabs = {name: [list(row) for row in read[name]] for name in read}
        change(tabs)
        path.unlink()
        XlsxBook(path).create(tabs)
        path.with_name(f".{path.name}.hostkit-lock").unlink(missing_ok=True)
        return path

    return damage


def _garbled(path: Path) -> Path:
    data = bytearray(path.read_bytes())
    start = data.index(b"xl/worksheets/sheet1.xml") + len("xl/worksheets/sheet1.xml")
    data[start : start + 40] = b"\xff" * 40
    path.write_bytes(bytes(data))
    return path


def _truncated(path: Path) -> Path:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    return path


def _replaced(content: bytes) -> Callable[[Path], Path]:
    def damage(path: Path) -> Path:
        path.write_bytes(content)
        return path

    return damage


def _missing(path: Path) -> Path:
    path.unlink()
    return path


def _link_loop(path: Path) -> Path:
    a, b = path.with_name("a.xlsx"), path.with_name("b.xlsx")
    a.symlink_to(b)
    b.symlink_to(a)
    return a


def _folder(path: Path) -> Path:
    path.unlink()
    path.mkdir()
    return path


def _read_only(path: Path) -> Path:
    path.chmod(0o444)
    return path


def _read_only_folder(path: Path) -> Path:
    path.parent.chmod(0o555)
    return path


def _lock_folder(path: Path) -> Path:
    path.with_name(f".{path.name}.hostkit-lock").mkdir()
    return path


def _lock_link(path: Path) -> Path:
    path.with_name(f".{path.name}.hostkit-lock").symlink_to(path.with_name("elsewhere"))
    return path


def _open_elsewhere(name: str) -> Callable[[Path], Path]:
    def damage(path: Path) -> Path:
        path.with_name(name.format(path.name)).write_text("someone")
        return path

    return damage


def _hard_link(path: Path) -> Path:
    os.link(path, path.with_name("other.xlsx"))
    return path


def _via_link(path: Path) -> Path:
    link = path.with_name("link.xlsx")
    link.symlink_to(path)
    return link


def _saved_by_openpyxl(formula: bool) -> Callable[[Path], Path]:
    def damage(path: Path) -> Path:
        import openpyxl

        wb = openpyxl.load_workbook(path)
        if formula:  # openpyxl saves a formula without its value: every number it feeds is uncalculated
            for sheet in wb.worksheets:
                for row in sheet.iter_rows(min_row=2, max_row=3):
                    for cell in row:
                        if isinstance(cell.value, (int, float)) and not isinstance(cell.value, bool):
                            cell.value = f"={cell.value}+0"
        wb.save(path)
        return path

    return damage


_STRICT = {
    b"http://schemas.openxmlformats.org/spreadsheetml/2006/main": b"http://purl.oclc.org/ooxml/spreadsheetml/main",
    b"http://schemas.openxmlformats.org/officeDocument/2006/relationships": (
        b"http://purl.oclc.org/ooxml/officeDocument/relationships"
    ),
}


def _strict(parts: dict[str, bytes]) -> None:
    """The package as Excel saves it as Strict Open XML Spreadsheet: the ISO namespaces and relationship types."""
    for name, data in parts.items():
        for transitional, strict in _STRICT.items():
            data = data.replace(transitional, strict)
        parts[name] = data
    parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(b"<workbook ", b'<workbook conformance="strict" ', 1)


ZEROS_CRC = 0x5B64C2B0
"""zlib.crc32(bytes(1 << 30)): the CRC-32 of a GiB of zero bytes."""


def _zip_bomb(path: Path) -> Path:
    """The first tab's part replaced by a GiB of zero bytes, deflated to about a megabyte (one MiB of zeros
    compressed with a full flush, which makes the same bytes each time, repeated 1,024 times)."""
    parts = _parts(path)
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = squeeze.compress(bytes(1 << 20)) + squeeze.flush(zlib.Z_FULL_FLUSH)
    data = block * 1024 + b"\x03\x00"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, part in parts.items():
            if name != "xl/worksheets/sheet1.xml":
                archive.writestr(name, part)
                continue
            info = zipfile.ZipInfo(name)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.CRC, info.compress_size, info.file_size = ZEROS_CRC, len(data), 1 << 30
            assert archive.fp is not None
            info.header_offset = archive.fp.tell()
            archive.fp.write(info.FileHeader())
            archive.fp.write(data)
            archive.filelist.append(info)
            archive.NameToInfo[name] = info
            archive.start_dir = archive.fp.tell()  # type: ignore[attr-defined]
    return path


def _descriptors(path: Path) -> Path:
    parts = _parts(path)
    with open(path, "wb") as raw:

        class Unseekable:
            def write(self, chunk: bytes) -> int:
                return raw.write(chunk)

            def tell(self) -> int:
                return raw.tell()

            def flush(self) -> None:
                raw.flush()

        with zipfile.ZipFile(Unseekable(), "w", zipfile.ZIP_DEFLATED) as archive:  # type: ignore[call-overload]
            for name, data in parts.items():
                with archive.open(name, "w") as part:
                    part.write(data)
    return path


ODD: dict[str, Callable[[Path], Path]] = {
    "workbook.xml in UTF-16": _changed(lambda parts: _utf16(parts, ["xl/workbook.xml"])),
    "every part in UTF-16": _changed(lambda parts: _utf16(parts, [n for n in parts if n.endswith((".xml", ".rels"))])),
    "workbook.xml single-quoted in UTF-16": _changed(_single_quoted),
    "no styles.xml, styles 11 used": _changed(_no_styles),
    "text in sharedStrings.xml, as Excel keeps it": _changed(_shared_strings),
    "text in sharedStrings.xml, then it lost": _changed(lambda parts: _without("xl/sharedStrings.xml")(_shared(parts))),
    "a shared string index past the end": _changed(lambda parts: _past_the_end(_shared(parts))),
    "a sheet part missing": _changed(_without("xl/worksheets/sheet1.xml")),
    "no [Content_Types].xml": _changed(_without("[Content_Types].xml")),
    "no workbook.xml.rels": _changed(_without("xl/_rels/workbook.xml.rels")),
    "workbook.xml cut short": _changed(_cut("xl/workbook.xml", lambda x: x[:-30])),
    "a sheet cut in half": _changed(_cut("xl/worksheets/sheet1.xml", lambda x: x[: len(x) // 2])),
    "a sheet that is not XML": _changed(_cut("xl/worksheets/sheet1.xml", lambda x: b"\x00\xff not xml")),
    "a sheet that is empty": _changed(_cut("xl/worksheets/sheet1.xml", lambda x: b"")),
    "zip stored uncompressed": _changed(lambda parts: None, zipfile.ZIP_STORED),
    "zip sizes after the data": _descriptors,
    "a sheet's deflate garbled": _garbled,
    "the file cut in half": _truncated,
    "an empty file": _replaced(b""),
    "not a zip": _replaced(b"Player,Round\nAnn,1\n"),
    "missing": _missing,
    "a loop of links": _link_loop,
    "a folder": _folder,
    "a link to the workbook": _via_link,
    "a hard link": _hard_link,
    "read-only": _read_only,
    "in a read-only folder": _read_only_folder,
    "lock file is a folder": _lock_folder,
    "lock file is a link": _lock_link,
    "open in Excel (~$ file)": _open_elsewhere("~${}"),
    "open in LibreOffice (.~lock#)": _open_elsewhere(".~lock.{}#"),
    "dates in the 1904 system": _changed(
        _cut("xl/workbook.xml", lambda x: x.replace(b"<bookViews>", b'<workbookPr date1904="1"/><bookViews>'))
    ),
    "every tab hidden but one": _changed(
        _cut("xl/workbook.xml", lambda x: re.sub(rb'(<sheet (?!name="Config")[^>]*)/>', rb'\1 state="hidden"/>', x))
    ),
    "a cell at XFD1048576": _changed(
        _every_sheet(
            lambda x: x.replace(b"</sheetData>", b'<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>')
        )
    ),
    "no Config tab": _retabbed(lambda tabs: tabs.pop("Config", None)),
    "no Players tab": _retabbed(lambda tabs: tabs.pop("Players", None)),
    "every tab emptied": _retabbed(lambda tabs: tabs.update({name: [] for name in tabs})),
    "every tab its header only": _retabbed(lambda tabs: tabs.update({name: rows[:1] for name, rows in tabs.items()})),
    "saved as Strict Open XML": _changed(_strict),
    "a part that unpacks to a GiB (a zip bomb)": _zip_bomb,
    "saved by openpyxl": _saved_by_openpyxl(False),
    "numbers as uncalculated formulas": _saved_by_openpyxl(True),
}
"""What is done to a copy of a good match before a command runs on it."""
