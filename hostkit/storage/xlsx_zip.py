"""The zip an .xlsx file is: its parts read when first asked for (or only their head, or in pieces), and
written back either copied raw, byte for byte, or deflated as hostkit compressed them."""

from __future__ import annotations

import copy
import struct
import time
import zipfile
import zlib
from collections.abc import Container, Generator, Iterator, Mapping, MutableMapping, Sequence
from typing import Any

from hostkit.storage.xlsx_deflate import Deflated, own_mark


class PackageError(ValueError):
    """The file is not an .xlsx package hostkit can rewrite (a part missing or not as the format says)."""


class UnreadablePackage(PackageError):
    """A package hostkit will not read at all (xlsx_read.refusal): its text ends a sentence naming the file."""


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


def stored(source: zipfile.ZipFile, name: str) -> tuple[zipfile.ZipInfo, bytes]:
    """A part's zip entry and its data as it is stored (compressed)."""
    info = source.getinfo(name)
    assert source.fp is not None
    source.fp.seek(info.header_offset)
    header = LOCAL_HEADER.unpack(source.fp.read(LOCAL_HEADER.size))
    if header[0] != b"PK\x03\x04":
        raise PackageError(f"the part {name} has no local header where the zip's directory says")
    source.fp.seek(header[10] + header[11], 1)  # past the name and the extra field
    return info, source.fp.read(info.compress_size)


def copy_raw(source: zipfile.ZipFile, name: str, target: zipfile.ZipFile) -> None:
    """A part copied from one zip to another as it is stored (compressed), without inflating it again."""
    info, raw = stored(source, name)
    copied = copy.copy(info)
    copied.flag_bits &= ~0x08  # the sizes go in the local header: no data descriptor after the data
    copied.extra = b""
    append_raw(target, copied, raw)


def write_deflated(target: zipfile.ZipFile, name: str, part: Deflated, own: bool, when: DateTime) -> None:
    """A written part's zip entry; `own` (nothing of the host's in it) is recorded in the entry's comment."""
    info = zipfile.ZipInfo(name, date_time=when)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o600 << 16  # as ZipFile.writestr gives a part
    info.CRC, info.compress_size, info.file_size = part.crc, len(part.data), part.size
    if own:
        info.comment = own_mark(part)
    append_raw(target, info, part.data)


DateTime = tuple[int, int, int, int, int, int]


def entry_time(source: zipfile.ZipFile | None, name: str, crc: int, size: int) -> DateTime:
    """The time a written part's entry records: its old one when the part is written again as it was (same
    CRC-32 and size), so scoring a round again gives the same file byte for byte; else now."""
    old = source.NameToInfo.get(name) if source is not None else None
    if old is not None and old.CRC == crc and old.file_size == size:
        return old.date_time
    return time.localtime()[:6]


def append_raw(target: zipfile.ZipFile, info: zipfile.ZipInfo, raw: bytes) -> None:
    """An entry whose data is already compressed, written with its local header."""
    assert target.fp is not None
    info.header_offset = target.fp.tell()
    target.fp.write(info.FileHeader(zip64=info.file_size > zipfile.ZIP64_LIMIT))
    target.fp.write(raw)
    target.filelist.append(info)
    target.NameToInfo[info.filename] = info
    target.start_dir = target.fp.tell()  # type: ignore[attr-defined]


def write_package(
    target: Any, order: Sequence[str], parts: Parts, deflated: Mapping[str, Deflated], own: Container[str]
) -> None:
    """Write the zip in `order`: each part hostkit compressed (`deflated`) as it is, every part unchanged since
    it was read copied as it was stored, and any other part compressed anew."""
    source = parts.archive
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for name in order:
            if name in deflated:
                part = deflated[name]
                when = entry_time(source, name, part.crc, part.size)
                write_deflated(archive, name, part, name in own, when)
            elif source is not None and parts.unchanged(name):
                copy_raw(source, name, archive)
            else:
                data = parts[name]
                info = zipfile.ZipInfo(name, date_time=entry_time(source, name, zlib.crc32(data), len(data)))
                info.external_attr = 0o600 << 16  # as ZipFile.writestr gives a part named by a string
                archive.writestr(info, data, zipfile.ZIP_DEFLATED, 1)
