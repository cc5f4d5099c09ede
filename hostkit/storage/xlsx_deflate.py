"""A rewritten tab compressed as it is written, in segments a later save can reuse.

Each segment (a quarter of a million characters of the tab's XML) is compressed on its own: the compressor
starts afresh after it (a full flush), so its compressed bytes decode without what came before them. The zip
entry of a tab hostkit wrote with nothing of the host's in it carries a mark (its comment) naming the tab's
CRC-32, a digest of its compressed bytes and each segment's digest and sizes. Scoring a round again writes
the same tab: each segment whose digest is the one marked takes its compressed bytes from the old entry
instead of being compressed again.
"""

from __future__ import annotations

import re
import threading
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import queue

SEGMENT = 1 << 18
"""Characters of a tab's XML encoded and compressed at a time (a segment)."""
FINAL = b"\x03\x00"
"""The empty last block that ends every stream written here (after the last segment's full flush)."""
MARK_LIMIT = 0xFFFF
"""A zip entry comment's largest size: a tab with more segments than fit is marked without them."""


def _digest(data: bytes) -> bytes:
    """128 bits of SHA-256: two different segments never share one in practice."""
    import hashlib  # here: a read that only asks whether a tab is hostkit's own loads no digest

    return hashlib.sha256(data).digest()[:16]


@dataclass(frozen=True)
class Segment:
    digest: bytes
    """The digest of the segment's XML (its UTF-8 bytes)."""
    size: int
    """Its XML's length in bytes."""
    length: int
    """Its compressed length in bytes."""


@dataclass(frozen=True)
class Deflated:
    """A part compressed as it was written (raw deflate, as a zip entry stores it), with its CRC-32, size and
    segments."""

    data: bytes
    crc: int
    size: int
    segments: tuple[Segment, ...] = ()

    def head(self, size: int) -> bytes:
        return zlib.decompressobj(-15).decompress(self.data, size)


def deflated(pieces: Iterable[str], earlier: Deflated | None = None) -> Deflated:
    """A part written in pieces, compressed a segment at a time as they come (the whole text is never held at
    once). A segment that is `earlier`'s segment at the same place (the same digest and size) takes its
    compressed bytes from there."""
    old = _placed(earlier)
    marks: list[tuple[bytes, int]] = []
    crc = 0
    with _Squeezer() as squeezer:
        for data in _segments(pieces):
            digest = _digest(data)
            at = len(marks)
            if at < len(old) and old[at][0].digest == digest and old[at][0].size == len(data):
                squeezer.keep(old[at][1])
            else:
                squeezer.squeeze(data)
            crc = zlib.crc32(data, crc)  # after the segment is handed over: the thread takes it up meanwhile
            marks.append((digest, len(data)))
        chunks = squeezer.finish()
    segments = tuple(Segment(digest, size, len(chunk)) for (digest, size), chunk in zip(marks, chunks))
    return Deflated(b"".join(chunks), crc, sum(size for _, size in marks), segments)


def _segments(pieces: Iterable[str]) -> Iterator[bytes]:
    """The pieces' UTF-8 bytes a segment at a time (at least one, empty for no pieces)."""
    batch: list[str] = []
    held = 0
    cut = False
    for piece in pieces:
        batch.append(piece)
        held += len(piece)
        if held >= SEGMENT:
            yield "".join(batch).encode("utf-8")
            batch.clear()
            held, cut = 0, True
    if batch or not cut:
        yield "".join(batch).encode("utf-8")


class _Squeezer:
    """A part's compressed segments, in order: each compressed with a full flush after it, or kept as it was.

    From a second segment to compress on, they are compressed on a thread of the squeezer's own while the
    caller writes the next ones (zlib lets go of the interpreter as it compresses): a part of one segment
    starts no thread. Used as a context manager, which stops the thread when the caller fails."""

    def __init__(self) -> None:
        self.compressor = zlib.compressobj(1, zlib.DEFLATED, -15)
        self.chunks: list[bytes | memoryview] = []
        self.waiting: list[tuple[int, bytes]] = []  # to compress, before the thread starts
        self.todo: queue.Queue[tuple[int, bytes] | None] | None = None
        self.worker: threading.Thread | None = None
        self.failure: Exception | None = None

    def __enter__(self) -> _Squeezer:
        return self

    def __exit__(self, *_: object) -> None:
        self._stop()

    def keep(self, chunk: bytes | memoryview) -> None:
        """The next segment, already compressed."""
        self.chunks.append(chunk)

    def squeeze(self, data: bytes) -> None:
        """The next segment, to compress."""
        self.chunks.append(b"")
        if self.todo is not None:
            self.todo.put((len(self.chunks) - 1, data))
            return
        self.waiting.append((len(self.chunks) - 1, data))
        if len(self.waiting) > 1:
            self._start()

    def finish(self) -> list[bytes | memoryview]:
        """Every segment's compressed bytes, the stream's end after them."""
        self._stop()
        for at, data in self.waiting:
            self._compress(at, data)
        if self.failure is not None:
            raise self.failure
        self.chunks.append(self.compressor.flush())
        return self.chunks

    def _compress(self, at: int, data: bytes) -> None:
        self.chunks[at] = self.compressor.compress(data) + self.compressor.flush(zlib.Z_FULL_FLUSH)

    def _start(self) -> None:
        import queue  # here: a part of one segment needs none

        self.todo = todo = queue.Queue[tuple[int, bytes] | None](maxsize=_AHEAD)
        for item in self.waiting:
            todo.put(item)
        self.waiting = []
        self.worker = threading.Thread(target=self._work, args=(todo,), name="hostkit-deflate", daemon=True)
        self.worker.start()

    def _work(self, todo: queue.Queue[tuple[int, bytes] | None]) -> None:
        while (item := todo.get()) is not None:
            if self.failure is None:  # after a failure the rest is only taken off the queue, so puts never block
                try:
                    self._compress(*item)
                except Exception as error:  # raised again in the caller's thread
                    self.failure = error

    def _stop(self) -> None:
        if self.todo is not None and self.worker is not None and self.worker.is_alive():
            self.todo.put(None)
            self.worker.join()


_AHEAD = 4
"""Segments written and waiting to be compressed at most (each a quarter of a megabyte or so)."""


def _placed(part: Deflated | None) -> list[tuple[Segment, memoryview]]:
    """Each segment of a part with its compressed bytes (a view: not copied until the new part is joined)."""
    if part is None:
        return []
    placed, at, data = [], 0, memoryview(part.data)
    for segment in part.segments:
        placed.append((segment, data[at : at + segment.length]))
        at += segment.length
    return placed


def own_mark(part: Deflated) -> bytes:
    """The zip entry comment of a tab hostkit wrote with nothing of the host's in it. It names the tab's CRC-32:
    a tab whose entry still says so, with that CRC, is hostkit's output untouched (any change to its bytes
    changes the CRC; a program that saves the file drops entry comments), so a re-score need not look for the
    host's cells in it. Then the digest of its compressed bytes and its segments, for a re-score to reuse."""
    mark = _mark(part.crc)
    if not part.segments:
        return mark
    listed = b" ".join(b"%s-%x-%x" % (s.digest.hex().encode(), s.size, s.length) for s in part.segments)
    full = b"%s %s %s" % (mark, _digest(part.data).hex().encode(), listed)
    return full if len(full) <= MARK_LIMIT else mark


def is_own(comment: bytes, crc: int) -> bool:
    """Whether a zip entry's comment is hostkit's mark for a tab with this CRC-32."""
    mark = _mark(crc)
    return comment == mark or comment.startswith(mark + b" ")


def _mark(crc: int) -> bytes:
    return b"hostkit own %08x" % crc


_SEGMENT = re.compile(rb"([0-9a-f]{32})-([0-9a-f]+)-([0-9a-f]+)")


def marked(comment: bytes, crc: int, data: bytes) -> Deflated | None:
    """The tab hostkit wrote, from its entry's mark and compressed bytes: None unless the mark lists segments
    and the bytes are the very ones it names (a tool that compressed the tab anew keeps the CRC, not them)."""
    words = comment.split(b" ")
    if not is_own(comment, crc) or len(words) < 5 or words[3] != _digest(data).hex().encode():
        return None
    segments = []
    for word in words[4:]:
        found = _SEGMENT.fullmatch(word)
        if found is None:
            return None
        digest, size, length = found.groups()
        segments.append(Segment(bytes.fromhex(digest.decode()), int(size, 16), int(length, 16)))
    if sum(s.length for s in segments) + len(FINAL) != len(data):
        return None
    return Deflated(data, crc, sum(s.size for s in segments), tuple(segments))
