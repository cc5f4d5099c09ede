"""Reading an .xlsx workbook's tabs with python-calamine (a Rust reader, about ten times faster than
openpyxl's): every cell as its computed value (a formula's cached result), each tab parsed when first used."""

from __future__ import annotations

import contextlib
import copy
import io
import os
import re
import threading
import zipfile
from collections.abc import Iterator, MutableMapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from hostkit.core.tables import Rows
from hostkit.storage.book import StorageError
from hostkit.storage.xlsx_formulas import Worksheet, sheet_parts, spanned, unread, values

if TYPE_CHECKING:
    from python_calamine import CalamineSheet, CalamineWorkbook


class Tabs(MutableMapping[str, Rows]):
    """A workbook's tabs, each parsed on first use; a dict to its users."""

    def __init__(self, path: Path, data: bytes, seen: Signature | None = None):
        import python_calamine

        self.path = path
        self.data = data
        self._utf8: bytes | None = None
        """The package recoded in UTF-8, when one of its XML parts is in another encoding (UTF-16)."""
        self._parts: dict[str, str] | None = None
        with readable(path):
            if not zipfile.is_zipfile(io.BytesIO(data)):  # the reader also takes .xls and .ods: hostkit writes .xlsx
                raise zipfile.BadZipFile(path)
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                reason = refusal(archive)
            if reason is not None:
                raise StorageError(f"{path} {reason}.")
            try:
                self._book, self._seen = _opened(path, data, seen)
            except Exception:
                if self._recode() is None:
                    raise
            self._names = [
                m.name for m in self._book.sheets_metadata if m.typ == python_calamine.SheetTypeEnum.WorkSheet
            ]
        self._rows: dict[str, Rows] = {}
        self._ahead = self._read_ahead() if self._utf8 is None else None

    def _recode(self) -> bytes | None:
        """Read the package's XML parts in UTF-8 (the fast reader takes no other encoding): the reader made
        again from the bytes recoded; None when every part was UTF-8 already."""
        if self._utf8 is not None:
            return None
        self._utf8 = recoded(self.data)
        if self._utf8 is not None:
            self._book, self._seen = _from_bytes(self._utf8), None
        return self._utf8

    def __getitem__(self, name: str) -> Rows:
        if name not in self._rows:
            if name not in self._names:
                raise KeyError(name)
            part, grid = self._taken(name) or self._parsed(name)
            rows, dated = values(grid)
            if part is not None:
                self._mark_unread(rows, part, dated)
            while rows and all(v is None for v in rows[-1]):
                rows.pop()
            self._rows[name] = rows
        return self._rows[name]

    def _read_ahead(self) -> Ahead | None:
        """The largest tab being parsed ahead, once the span of its cells is checked here (the thread only waits
        on the reader); None when no tab is big enough, or a step fails (the look-up takes every step again)."""
        try:
            with zipfile.ZipFile(io.BytesIO(self.data)) as archive:
                self._parts = sheet_parts(archive)
                name = _largest(archive, self._names, self._parts)
                if name is None:
                    return None
                xml = archive.read(self._parts[name])
            if not is_utf8(xml[:256]):
                return None
            part = _checked(self.path, name, xml)
            book, seen = _opened(self.path, self.data, self._seen)
        except BaseException as error:
            if not failed_reading(error):
                raise
            return None
        return Ahead(name, part, book, seen)

    def _parsed(self, name: str) -> tuple[Worksheet | None, Sequence[Sequence[object]]]:
        """A tab's worksheet part (None if the package names none) and its cells as the reader gives them,
        parsed now: a tab that spans too many cells is refused before the reader makes them."""
        xml = self._part(name)
        part = None if xml is None else _checked(self.path, name, xml)
        return part, self._grid(name)

    def _taken(self, name: str) -> tuple[Worksheet, Sequence[Sequence[object]]] | None:
        """A tab's worksheet part and cells as the thread parsing it ahead found them (waiting for it); None if
        no thread parsed this tab, or it failed (the look-up reports what fails), or the file was written over."""
        parsed = self._ahead.take(name) if self._ahead is not None else None
        if parsed is None:
            return None
        part, sheet, seen = parsed
        try:
            grid = sheet.to_python(skip_empty_area=False)
        except BaseException as error:
            if not failed_reading(error):
                raise
            return None
        return (part, grid) if seen is None or signature(self.path) == seen else None

    def _grid(self, name: str) -> list[list[object]]:
        """A tab's cells as the reader gives them. A reader that opened the file parses the tab from it only
        now: if the file was written over meanwhile (its signature changed), the tab is parsed from the bytes
        read instead."""
        if self._seen is not None:
            try:
                grid = self._book.get_sheet_by_name(name).to_python(skip_empty_area=False)
                if signature(self.path) == self._seen:
                    return grid
            except BaseException as error:
                if not failed_reading(error):
                    raise
            self._book, self._seen = _from_bytes(self._utf8 or self.data), None
        with readable(self.path):
            try:
                return self._book.get_sheet_by_name(name).to_python(skip_empty_area=False)
            except BaseException as error:
                if not failed_reading(error) or self._recode() is None:
                    raise
                return self._book.get_sheet_by_name(name).to_python(skip_empty_area=False)

    def _part(self, name: str) -> bytes | None:
        """The XML of a tab's worksheet part in UTF-8 (the package is recoded if it is not), None if the package
        names none."""
        with readable(self.path), zipfile.ZipFile(io.BytesIO(self._utf8 or self.data)) as archive:
            if self._parts is None:
                self._parts = sheet_parts(archive)
            part = self._parts.get(name)
            if not part or part not in archive.namelist():
                return None
            xml = archive.read(part)
        return xml if is_utf8(xml[:256]) or self._recode() is None else self._part(name)

    def _mark_unread(self, rows: Rows, part: Worksheet, dated: bool) -> None:
        """Formula cells with no computed value read as UNCALCULATED, and error cells as their CellError (both
        blank to the fast reader); the dates (if any) of cells whose format shows a time as date-times."""
        for r, c, value in unread(part.xml) if part.unread else ():
            while len(rows) <= r:
                rows.append([])
            rows[r].extend([None] * (c + 1 - len(rows[r])))
            if rows[r][c] is None:
                rows[r][c] = value
        if dated:
            from hostkit.storage.xlsx_cell_styles import clocked

            with zipfile.ZipFile(io.BytesIO(self._utf8 or self.data)) as archive:
                if "xl/styles.xml" in archive.namelist():
                    clocked(rows, part.xml, archive.read("xl/styles.xml"))

    def again(self) -> Tabs:
        """The same workbook's tabs read anew (each parsed again when looked up), sharing this one's reader."""
        fresh = copy.copy(self)
        fresh._names = list(self._names)
        fresh._rows = {}
        return fresh

    def __setitem__(self, name: str, rows: Rows) -> None:
        if name not in self._names:
            self._names.append(name)
        self._rows[name] = rows

    def __delitem__(self, name: str) -> None:
        self._names.remove(name)
        self._rows.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._names))

    def __len__(self) -> int:
        return len(self._names)


def _checked(path: Path, name: str, xml: bytes) -> Worksheet:
    """A tab's worksheet part, refused (StorageError) when its cells span too far for the reader to make them."""
    part = Worksheet.of(xml)
    if part.far:
        spanned(path, name, xml)
    return part


AHEAD = 256 << 10
"""The unpacked size from which a tab is parsed ahead (about 1,200 rows): a smaller one is parsed when it is
looked up, with no thread started."""


class Ahead:
    """The largest tab of a workbook that hostkit did not write itself (the one a command most likely reads and
    waits longest for), parsed in a thread of its own while the command does other work: the reader lets go of
    the interpreter while it parses. The thread has a reader of its own (one reader is never used by two
    threads at once). A tab never looked up is simply dropped."""

    def __init__(self, name: str, part: Worksheet, book: CalamineWorkbook, seen: Signature | None):
        self.name: str | None = name
        self._part: Worksheet | None = part
        self._seen = seen
        self._sheet: CalamineSheet | None = None
        self._thread = threading.Thread(target=self._parse, args=(book, name), name="hostkit-read", daemon=True)
        self._thread.start()

    def _parse(self, book: CalamineWorkbook, name: str) -> None:
        with contextlib.suppress(BaseException):  # the look-up parses the tab again, and reports what fails
            self._sheet = book.get_sheet_by_name(name)

    def take(self, name: str) -> tuple[Worksheet, CalamineSheet, Signature | None] | None:
        """The tab's worksheet part, the reader's sheet of it and the file signature that reader depends on,
        once, when this is the tab parsed ahead and its parse worked; waits for the parse to finish."""
        if name != self.name:
            return None
        self.name = None
        self._thread.join()
        part, sheet, self._part, self._sheet = self._part, self._sheet, None, None
        return None if part is None or sheet is None else (part, sheet, self._seen)


def _largest(archive: zipfile.ZipFile, names: list[str], parts: dict[str, str]) -> str | None:
    """The tab with the largest worksheet part, if it unpacks to AHEAD bytes or more, among those hostkit did
    not write itself (a command's output, which the next command seldom reads)."""
    from hostkit.storage.xlsx_deflate import is_own

    sizes = {
        name: info.file_size
        for name in names
        if (info := archive.NameToInfo.get(parts.get(name, ""))) is not None and not is_own(info.comment, info.CRC)
    }
    largest = max(sizes, key=sizes.__getitem__, default=None)
    return largest if largest is not None and sizes[largest] >= AHEAD else None


def _opened(path: Path, data: bytes, seen: Signature | None):
    """The reader of these bytes, and the file signature it depends on. It opens the file itself when the file
    is still the one they were read from (`seen`, checked after opening), which is much faster than handing it
    the bytes: it reads those back through Python a few kilobytes at a time. A file saved since gets the bytes."""
    import python_calamine

    if seen is not None and path.suffix.lower() in (".xlsx", ".xlsm"):  # it picks its format by the name's ending
        book = python_calamine.CalamineWorkbook.from_path(str(path))
        if signature(path) == seen:
            return book, seen
    return _from_bytes(data), None


LARGEST_PART = 200 << 20
"""The most bytes one part of a package may unpack to: a tab of 50,000 rows is about 10 MiB. Both readers stop
at a part's declared size (a part that inflates past it fails its check), so the declared sizes bound them."""
STRICT = "purl.oclc.org/ooxml/"
"""In the namespaces of a package saved as Strict Open XML, which hostkit neither reads nor writes."""


def refusal(archive: zipfile.ZipFile) -> str | None:
    """Why hostkit will not read a package, before any part is inflated (the end of a sentence that names the
    file); None for a package it reads."""
    for info in archive.infolist():
        if info.file_size > LARGEST_PART:
            return (
                f"has a part ({info.filename}) that unpacks to {info.file_size / (1 << 20):,.0f} MiB, more than the "
                f"{LARGEST_PART >> 20} MiB hostkit reads from one part (a damaged file, or one made to exhaust memory), "
                f"so hostkit left it unread and unchanged; open it in your spreadsheet program and save it again, or "
                f"use a backup copy"
            )
    for name in ("_rels/.rels", "xl/workbook.xml"):
        if name in archive.NameToInfo:
            with archive.open(name) as part:
                head = part.read(4096)
            if STRICT.encode() in head or STRICT.encode("utf-16-le") in head or STRICT.encode("utf-16-be") in head:
                return (
                    "is saved as Strict Open XML Spreadsheet, which hostkit neither reads nor writes; save it from your "
                    "spreadsheet program as Excel Workbook (.xlsx), not Strict Open XML, and run again"
                )
    return None


_DECLARED = re.compile(rb"""^(?:\xef\xbb\xbf)?\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']+)["']""")


def is_utf8(head: bytes) -> bool:
    """Whether an XML part is in UTF-8, by its first bytes: no UTF-16 or UTF-32 byte order mark or zero byte,
    and no other encoding declared."""
    if b"\x00" in head[:4] or head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return False
    declared = _DECLARED.match(head)
    return declared is None or declared.group(1).strip().lower() in (b"utf-8", b"utf8")


def recoded(data: bytes) -> bytes | None:
    """The package with each XML part written in another encoding (as its declaration or byte order mark says)
    rewritten in UTF-8; None when every part is UTF-8 already or the package cannot be read."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
    changed: dict[str, bytes] = {}
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
            for info in infos:
                if info.filename.endswith((".xml", ".rels", ".vml")):
                    with archive.open(info) as part:
                        head = part.read(256)
                    if not is_utf8(head):
                        tree = etree.fromstring(archive.read(info), parser)
                        changed[info.filename] = etree.tostring(
                            tree, xml_declaration=True, encoding="UTF-8", standalone=True
                        )
            if not changed:
                return None
            out = io.BytesIO()
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as new:
                for info in infos:
                    new.writestr(info, changed.get(info.filename) or archive.read(info))
    except (zipfile.BadZipFile, etree.XMLSyntaxError, OSError, EOFError, ValueError):
        return None
    return out.getvalue()


def _from_bytes(data: bytes):
    import python_calamine

    return python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))


Signature = tuple[int, int, int]
"""A file's inode, modification time (ns) and size: which file a name holds, and whether it was written."""


def signature(path: Path | int) -> Signature | None:
    """The signature of the file at a path, or of an open file (by its descriptor); None if there is none."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_ino, found.st_mtime_ns, found.st_size


@contextlib.contextmanager
def readable(path: Path) -> Iterator[None]:
    """A file the reader cannot parse, named in one sentence."""
    import python_calamine

    try:
        yield
    except StorageError:
        raise
    except (zipfile.BadZipFile, python_calamine.ZipError):
        raise StorageError(
            f"{path} is not a readable .xlsx workbook; save it from your spreadsheet program as Excel Workbook (.xlsx)."
        ) from None
    except BaseException as error:  # a damaged part inside the zip: the XML parser, zlib or the reader fails on it
        if not failed_reading(error):
            raise
        raise damaged(path) from None


def failed_reading(error: BaseException) -> bool:
    """An error of reading a file: an Exception, or the panic older python-calamine releases raise on
    a damaged part, which is a BaseException (pyo3's PanicException); never Ctrl-C or an exit."""
    return isinstance(error, Exception) or type(error).__name__ == "PanicException"


def damaged(path: Path) -> StorageError:
    return StorageError(
        f"{path} is damaged (a part inside the file cannot be read); open it in your spreadsheet "
        f"program to repair it, or use a backup copy."
    )
