"""The 5x5 grid: squares like C3, the lines that hold claims, and the board of placed blocks.

Rules: docs/games/hap-tac-toe.md; rulings: that page, Hap-Tac-Toe and When Stars Align.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum

from hostkit.core.cards import Card

SIZE = 5
COLUMNS = "ABCDE"
MIN_LINE = 3
_SQUARE = re.compile(r"([A-Za-z])\s*(\d+)")


@dataclass(frozen=True, order=True)
class Square:
    """A square as column and row indexes from 0; it sorts column first (A1, A2, ..., B1)."""

    column: int
    row: int

    def __post_init__(self) -> None:
        if not (0 <= self.column < SIZE and 0 <= self.row < SIZE):
            raise ValueError(f"column {self.column} and row {self.row} are off the 5x5 board (0 to 4 each)")

    @property
    def name(self) -> str:
        return f"{COLUMNS[self.column]}{self.row + 1}"

    def __str__(self) -> str:
        return self.name


SQUARES: tuple[Square, ...] = tuple(Square(c, r) for r in range(SIZE) for c in range(SIZE))
"""In reading order: A1, B1, ..., E1, A2, ..."""


def parse_square(text: object) -> Square:
    """`C3`, `c3` or ` C 3 ` as a Square; anything else, or a square off the board, is a ValueError."""
    raw = str(text if text is not None else "").strip()
    match = _SQUARE.fullmatch(raw)
    if not match:
        raise ValueError(f"{raw!r} is not a square; write a column A–E and a row 1–5, like C3")
    letter, digits = match.group(1).upper(), match.group(2)
    if letter not in COLUMNS or not 1 <= int(digits) <= SIZE:
        raise ValueError(f"{letter}{digits} is off the board; columns run A–E and rows 1–5, like C3")
    return Square(COLUMNS.index(letter), int(digits) - 1)


def format_square(square: Square) -> str:
    return square.name


def format_squares(squares: Iterable[Square]) -> str:
    return " ".join(s.name for s in squares)


class Direction(Enum):
    """A line's direction as (column step, row step)."""

    ROW = (1, 0)
    COLUMN = (0, 1)
    DIAGONAL = (1, 1)
    """Down-right: A1–E5."""
    ANTI_DIAGONAL = (1, -1)
    """Up-right: A5–E1."""


@dataclass(frozen=True)
class Line:
    direction: Direction
    squares: tuple[Square, ...]
    """In order of column, then row for a column."""

    @property
    def name(self) -> str:
        first, last = self.squares[0], self.squares[-1]
        if self.direction is Direction.ROW:
            return f"row {first.row + 1}"
        if self.direction is Direction.COLUMN:
            return f"column {COLUMNS[first.column]}"
        return f"the diagonal {first.name}–{last.name}"

    def __contains__(self, square: object) -> bool:
        return square in self.squares

    def triples(self) -> Iterator[tuple[Square, Square, Square]]:
        return itertools.combinations(self.squares, 3)  # type: ignore[return-value]


def _walk(start: Square, direction: Direction) -> tuple[Square, ...]:
    dc, dr = direction.value
    squares = []
    column, row = start.column, start.row
    while 0 <= column < SIZE and 0 <= row < SIZE:
        squares.append(Square(column, row))
        column, row = column + dc, row + dr
    return tuple(squares)


def _lines() -> tuple[Line, ...]:
    lines = []
    for direction in Direction:
        dc, dr = direction.value
        for start in SQUARES:
            before = (start.column - dc, start.row - dr)
            if 0 <= before[0] < SIZE and 0 <= before[1] < SIZE:
                continue
            squares = _walk(start, direction)
            if len(squares) >= MIN_LINE:
                lines.append(Line(direction, squares))
    return tuple(lines)


LINES: tuple[Line, ...] = _lines()
"""5 rows, 5 columns and 10 diagonals of 3 to 5 squares: no wrapping."""

_LINE_OF: dict[frozenset[Square], Line] = {frozenset(triple): line for line in LINES for triple in line.triples()}


def line_through(squares: Iterable[Square]) -> Line | None:
    """The line holding these three squares (not necessarily adjacent), or None."""
    return _LINE_OF.get(frozenset(squares))


def is_on_one_line(squares: Iterable[Square]) -> bool:
    """Three different squares on one row, column or 45° diagonal."""
    return line_through(squares) is not None


def line_triples() -> Iterator[tuple[Square, Square, Square]]:
    """Every claimable triple of squares: 140 in all."""
    for line in LINES:
        yield from line.triples()


@dataclass(frozen=True)
class Placement:
    block: Card
    turn: int
    player: str


@dataclass(frozen=True)
class Board:
    """Placed blocks by square. Immutable: `place` gives a new board."""

    placements: Mapping[Square, Placement]

    @classmethod
    def empty(cls) -> Board:
        return cls({})

    @classmethod
    def of(cls, blocks: Mapping[Square, Card]) -> Board:
        """A board built directly (examples, tests): turn 0, no player."""
        return cls({sq: Placement(card, 0, "") for sq, card in blocks.items()})

    def block_at(self, square: Square) -> Card | None:
        placement = self.placements.get(square)
        return placement.block if placement else None

    def is_occupied(self, square: Square) -> bool:
        return square in self.placements

    def square_of(self, block: Card) -> Square | None:
        return next((sq for sq, p in self.placements.items() if p.block == block), None)

    def is_full(self) -> bool:
        return len(self.placements) == SIZE * SIZE

    def empty_squares(self) -> list[Square]:
        return [sq for sq in SQUARES if sq not in self.placements]

    def blocks(self) -> dict[Square, Card]:
        return {sq: self.placements[sq].block for sq in sorted(self.placements)}

    def place(self, square: Square, block: Card, turn: int = 0, player: str = "") -> Board:
        if square in self.placements:
            raise ValueError(f"{square} is already taken; place on an empty square")
        if self.square_of(block) is not None:
            raise ValueError(f"block {block.values} is already on {self.square_of(block)}; pick an unplaced one")
        return Board({**self.placements, square: Placement(block, turn, player)})

    def __len__(self) -> int:
        return len(self.placements)
