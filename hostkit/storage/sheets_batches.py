"""A write to a Google Sheet as request bodies: each request serialised once, packed in order into bodies of at
most a given size; and the host's cells in a rewritten tab that the write keeps."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from hostkit.core.styles import plain
from hostkit.core.tables import Cell


def compact(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def batch_body(requests: list[bytes]) -> bytes:
    return b'{"requests":[' + b",".join(requests) + b"]}"


class Part:
    """One request of a batch, serialised once; an updateCells request's rows each on their own, so that
    they can be sent in chunks without serialising them again."""

    def __init__(self, request: dict):
        self.request = request
        cells = request.get("updateCells")
        self.rows: list[bytes] | None = None
        if cells is not None and cells.get("rows"):
            self.rows = [compact(row) for row in cells["rows"]]
            self._head = compact({k: v for k, v in cells.items() if k != "rows"})[:-1]
            self.size = len(self._head) + sum(map(len, self.rows)) + len(self.rows) + 30
        else:
            self._json = compact(request)
            self.size = len(self._json)

    def json(self) -> bytes:
        if self.rows is None:
            return self._json
        return update_cells(self._head, self.rows)


def update_cells(head: bytes, rows: list[bytes]) -> bytes:
    """An updateCells request from its serialised range and fields (`head`, an object missing its closing
    brace) and its rows, each serialised once."""
    return b'{"updateCells":' + head + b',"rows":[' + b",".join(rows) + b"]}}"


class Batches:
    """Requests packed into batchUpdate bodies in order, each body filled to `limit` bytes before the next."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.bodies: list[bytes] = []
        self.parts: list[bytes] = []
        self.size = 0

    def room(self) -> int:
        return self.limit - 16 - self.size - len(self.parts)

    def add(self, request: bytes) -> None:
        if self.parts and len(request) + 1 > self.room():
            self.flush()
        self.parts.append(request)
        self.size += len(request)

    def flush(self) -> None:
        if self.parts:
            self.bodies.append(batch_body(self.parts))
            self.parts, self.size = [], 0


@dataclass(frozen=True)
class HostCells:
    rows: int = 0
    """The rows the host's cells right of hostkit's columns reach: the grid keeps them."""
    columns: int = 0
    formulas: dict[tuple[int, int], str] = field(default_factory=dict)


def is_same(new: Cell, old: Cell) -> bool:
    """Whether hostkit writes back the value a formula showed."""
    new = plain(new)
    if isinstance(new, bool) or isinstance(old, bool):
        return new is old
    if isinstance(new, (int, float)) and isinstance(old, (int, float)):
        return abs(new - old) <= 1e-9 * max(1.0, abs(old))
    return new == old
