"""Cells of a 5x5 board: R2C4 is row 2, column 4; rows and columns run 1 to 5."""

from __future__ import annotations

import re
from dataclasses import dataclass

SIZE = 5

_CELL = re.compile(r"r\s*(\d+)\s*c\s*(\d+)", re.IGNORECASE)


@dataclass(frozen=True, order=True)
class Cell:
    """One square of a board; ordered in reading order (row by row)."""

    row: int
    column: int

    def __post_init__(self) -> None:
        if not (1 <= self.row <= SIZE and 1 <= self.column <= SIZE):
            raise ValueError(f"R{self.row}C{self.column} is not a cell: rows and columns run 1 to {SIZE}, as in R2C4")

    @classmethod
    def parse(cls, text: str) -> Cell:
        """'R2C4', case-insensitive, spaces allowed around the parts ('r2 c4')."""
        match = _CELL.fullmatch(str(text).strip())
        if match is None:
            raise ValueError(f"{text!r} is not a cell; write it as R2C4 (row 2, column 4, each 1 to {SIZE})")
        return cls(int(match.group(1)), int(match.group(2)))

    def format(self) -> str:
        return f"R{self.row}C{self.column}"

    def __str__(self) -> str:
        return self.format()

    @property
    def index(self) -> int:
        """0 to 24 in reading order."""
        return (self.row - 1) * SIZE + self.column - 1

    @classmethod
    def from_index(cls, index: int) -> Cell:
        if not 0 <= index < SIZE * SIZE:
            raise ValueError(f"cell index {index} is out of range; use 0 to {SIZE * SIZE - 1}")
        return cls(index // SIZE + 1, index % SIZE + 1)

    def neighbours(self) -> tuple[Cell, ...]:
        """The orthogonal neighbours on the board (up, right, down, left), without wrapping."""
        steps = ((-1, 0), (0, 1), (1, 0), (0, -1))
        return tuple(
            Cell(self.row + dr, self.column + dc)
            for dr, dc in steps
            if 1 <= self.row + dr <= SIZE and 1 <= self.column + dc <= SIZE
        )

    def wrapped(self, rows: int, columns: int) -> Cell:
        """The cell that many rows down and columns right, the board wrapping round (as for heat)."""
        return Cell((self.row - 1 + rows) % SIZE + 1, (self.column - 1 + columns) % SIZE + 1)


CELLS: tuple[Cell, ...] = tuple(Cell.from_index(i) for i in range(SIZE * SIZE))


def row_cells(row: int) -> tuple[Cell, ...]:
    return tuple(Cell(row, column) for column in range(1, SIZE + 1))


def column_cells(column: int) -> tuple[Cell, ...]:
    return tuple(Cell(row, column) for row in range(1, SIZE + 1))


def format_cells(cells: tuple[Cell, ...] | list[Cell]) -> str:
    return ", ".join(cell.format() for cell in cells)
