"""The 6x6 board: tiles A1–F6, directions, lines and their shifts, generation and checking.

Row 1 is the top row and column A the left column: `up` lowers the row number, `right` raises the column.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from hostkit.core.cards import FULL_DECK, Card
from hostkit.core.rng import rng
from hostkit.games.paths_and_pahs.cards import NAMES, CardNames

SIZE = 6
COLUMNS = "ABCDEF"
EMPTY_TILES = SIZE * SIZE - len(FULL_DECK)
_TILE = re.compile(r"\s*([A-Za-z])\s*(\d+)\s*")


@dataclass(frozen=True, order=True)
class Tile:
    """A square of the board, 0-based: column 0 is A, row 0 is row 1."""

    row: int
    column: int

    def __post_init__(self) -> None:
        if not (0 <= self.row < SIZE and 0 <= self.column < SIZE):
            raise ValueError(f"tile row {self.row}, column {self.column} is off the 6x6 board")

    @classmethod
    def parse(cls, text: object) -> Tile:
        """'C4', case and spaces ignored."""
        typed = str(text or "").strip()
        match = _TILE.fullmatch(typed)
        if match is None:
            raise ValueError(f"tile {typed!r} is not a tile; type a column A–F and a row 1–6, like C4")
        column, row = COLUMNS.find(match[1].upper()), int(match[2]) - 1
        if column < 0 or not 0 <= row < SIZE:
            raise ValueError(f"tile {typed!r} is off the board; columns run A–F and rows 1–6")
        return cls(row, column)

    def __str__(self) -> str:
        return f"{COLUMNS[self.column]}{self.row + 1}"

    def step(self, direction: Direction) -> Tile | None:
        """The neighbouring tile that way, or None at the edge."""
        row, column = self.row + direction.rows, self.column + direction.columns
        return Tile(row, column) if 0 <= row < SIZE and 0 <= column < SIZE else None

    def room(self, direction: Direction) -> int:
        """How many tiles a walk that way can go before the edge."""
        if direction.rows:
            return self.row if direction.rows < 0 else SIZE - 1 - self.row
        return self.column if direction.columns < 0 else SIZE - 1 - self.column


TILES: tuple[Tile, ...] = tuple(Tile(r, c) for r in range(SIZE) for c in range(SIZE))


class Direction(Enum):
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"

    @property
    def rows(self) -> int:
        return {"up": -1, "down": 1}.get(self.value, 0)

    @property
    def columns(self) -> int:
        return {"left": -1, "right": 1}.get(self.value, 0)

    @property
    def opposite(self) -> Direction:
        return _OPPOSITE[self]

    @property
    def axis(self) -> Axis:
        """The kind of line a shift this way moves: left and right move rows, up and down columns."""
        return Axis.ROW if self.columns else Axis.COLUMN

    @classmethod
    def parse(cls, text: object) -> Direction:
        word = str(text or "").strip().lower()
        for direction in cls:
            if direction.value == word:
                return direction
        raise ValueError(f"direction {str(text or '').strip()!r} is not up, down, left or right")


_OPPOSITE = {
    Direction.UP: Direction.DOWN,
    Direction.DOWN: Direction.UP,
    Direction.LEFT: Direction.RIGHT,
    Direction.RIGHT: Direction.LEFT,
}


class Axis(Enum):
    ROW = "row"
    COLUMN = "column"


@dataclass(frozen=True)
class Line:
    """A row (index 0 is row 1) or a column (index 0 is column A)."""

    axis: Axis
    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index < SIZE:
            raise ValueError(f"line index {self.index} is off the board (0–{SIZE - 1})")

    def __lt__(self, other: Line) -> bool:
        return (self.axis.value, self.index) < (other.axis.value, other.index)

    @classmethod
    def parse(cls, text: object) -> Line:
        """'row 3' or 'column D' (also 'col D'), case ignored."""
        typed = str(text or "").strip()
        words = typed.lower().split()
        if len(words) != 2 or words[0] not in ("row", "column", "col"):
            raise ValueError(f"line {typed!r} is not a line; type 'row 3' (rows 1–6) or 'column D' (columns A–F)")
        if words[0] == "row":
            if words[1] not in "123456" or len(words[1]) != 1:
                raise ValueError(f"line {typed!r}: rows are numbered 1–6, like 'row 3'")
            return cls(Axis.ROW, int(words[1]) - 1)
        if len(words[1]) != 1 or words[1].upper() not in COLUMNS:
            raise ValueError(f"line {typed!r}: columns are lettered A–F, like 'column D'")
        return cls(Axis.COLUMN, COLUMNS.index(words[1].upper()))

    def __str__(self) -> str:
        if self.axis is Axis.ROW:
            return f"row {self.index + 1}"
        return f"column {COLUMNS[self.index]}"


@dataclass(frozen=True)
class Shift:
    """One player's shift: a line moved one space, left or right for a row, up or down for a column."""

    line: Line
    direction: Direction

    def __post_init__(self) -> None:
        if self.direction.axis is not self.line.axis:
            ways = "left or right" if self.line.axis is Axis.ROW else "up or down"
            raise ValueError(f"shift {self.line} {self.direction.value}: a {self.line.axis.value} shifts {ways}")

    @property
    def step(self) -> int:
        """+1 for right and down, -1 for left and up."""
        return self.direction.rows + self.direction.columns

    @classmethod
    def parse(cls, text: object) -> Shift:
        """'row 3 left', 'column D down'."""
        typed = str(text or "").strip()
        words = typed.split()
        if len(words) != 3:
            raise ValueError(f"shift {typed!r} is not a shift; type 'row 3 left' or 'column D up'")
        return cls(Line.parse(" ".join(words[:2])), Direction.parse(words[2]))

    def __str__(self) -> str:
        return f"{self.line} {self.direction.value}"


def net_shifts(shifts: Iterable[Shift]) -> dict[Line, int]:
    """Every shifted line's sum of steps; opposite shifts cancel, and a line whose shifts cancel maps to 0."""
    nets: dict[Line, int] = {}
    for shift in shifts:
        nets[shift.line] = nets.get(shift.line, 0) + shift.step
    return dict(sorted(nets.items()))


def describe_net(line: Line, net: int) -> str:
    """'row 3 moved 1 left', 'column D did not move'; a net of 6 spaces wraps right round."""
    if net % SIZE == 0:
        return f"{line} did not move"
    ways = (Direction.RIGHT, Direction.LEFT) if line.axis is Axis.ROW else (Direction.DOWN, Direction.UP)
    return f"{line} moved {abs(net)} {ways[0 if net > 0 else 1].value}"


@dataclass(frozen=True)
class Board:
    """36 tiles in reading order (A1, B1, … F1, A2, …): a card, or None for an empty tile."""

    cells: tuple[Card | None, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != SIZE * SIZE:
            raise ValueError(f"a board has {SIZE * SIZE} tiles, not {len(self.cells)}")

    def __getitem__(self, tile: Tile) -> Card | None:
        return self.cells[tile.row * SIZE + tile.column]

    def is_empty(self, tile: Tile) -> bool:
        return self[tile] is None

    def empty_tiles(self) -> list[Tile]:
        return [tile for tile in TILES if self[tile] is None]

    def where(self, card: Card) -> Tile | None:
        return next((tile for tile in TILES if self[tile] == card), None)

    def shifted(self, nets: Mapping[Line, int]) -> Board:
        """The board with each line moved by its net steps, wrapping round: the tile pushed off one end
        comes back at the other."""
        grid = [list(self.cells[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)]
        for line, net in nets.items():
            i = line.index
            if line.axis is Axis.ROW:
                grid[i] = [grid[i][(c - net) % SIZE] for c in range(SIZE)]
            else:
                column = [grid[(r - net) % SIZE][i] for r in range(SIZE)]
                for r in range(SIZE):
                    grid[r][i] = column[r]
        return Board(tuple(card for row in grid for card in row))

    def as_json(self, names: CardNames = NAMES) -> dict[str, str | None]:
        cards = {str(tile): self[tile] for tile in TILES}
        return {tile: None if card is None else names.format(card) for tile, card in cards.items()}


def path(start: Tile, direction: Direction | None, tiles: int) -> list[Tile] | None:
    """The tiles from start to the landing tile inclusive, or None when the walk would leave the board."""
    walked = [start]
    for _ in range(tiles):
        nxt = walked[-1].step(direction) if direction is not None else None
        if nxt is None:
            return None
        walked.append(nxt)
    return walked


def generate_board(seed: int | str) -> Board:
    """The 27 cards once each and 9 empty tiles, shuffled by rng(seed, 'board')."""
    cells: list[Card | None] = [*FULL_DECK, *([None] * EMPTY_TILES)]
    rng(seed, "board").shuffle(cells)
    return Board(tuple(cells))


def format_board(board: Board, names: CardNames = NAMES) -> list[list[str | None]]:
    """Rows 1 to 6 of card names, None for an empty tile: what a host types, and parse_board reads."""
    names_of = [None if card is None else names.format(card) for card in board.cells]
    return [names_of[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)]


def board_problems(rows: Sequence[Sequence[object]], names: CardNames = NAMES) -> list[str]:
    """What is wrong with a typed board (rows 1 to 6, columns A to F), each problem with its cells."""
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        shape = ", ".join(str(len(row)) for row in rows)
        return [f"the board has {len(rows)} rows of {shape or 'no'} cells; type 6 rows of 6 cells (A–F)"]
    problems: list[str] = []
    cells: dict[Tile, Card] = {}
    empty: list[Tile] = []
    for tile in TILES:
        typed = rows[tile.row][tile.column]
        if typed is None or not str(typed).strip():
            empty.append(tile)
            continue
        try:
            cells[tile] = names.parse(typed)
        except ValueError as error:
            problems.append(f"{tile}: {error}")
    counts = Counter(cells.values())
    for card in sorted(c for c, n in counts.items() if n > 1):
        where = ", ".join(str(t) for t in TILES if cells.get(t) == card)
        problems.append(f"{names.format(card)} is on {where}; each card goes on the board once")
    missing = [card for card in FULL_DECK if card not in counts]
    if missing:
        problems.append(f"missing {names.format_all(missing)}; each of the 27 cards goes on the board once")
    if len(empty) != EMPTY_TILES:
        problems.append(
            f"{len(empty)} empty tiles ({', '.join(map(str, empty)) or 'none'}); the board has {EMPTY_TILES}"
        )
    return problems


def parse_board(rows: Sequence[Sequence[object]], names: CardNames = NAMES) -> Board:
    """A typed board, or ValueError listing every problem."""
    problems = board_problems(rows, names)
    if problems:
        raise ValueError("the board cannot be used: " + "; ".join(problems))
    return Board(
        tuple(
            None
            if rows[t.row][t.column] is None or not str(rows[t.row][t.column]).strip()
            else names.parse(rows[t.row][t.column])
            for t in TILES
        )
    )
