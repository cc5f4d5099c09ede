"""A cell drawn for players: its value with a fill, a font colour and weight, a number format.

Rows a game writes may hold `Styled` cells where the look carries meaning (a board drawn as coloured
cells); every storage backend writes the value and draws the style, and the rules read the value only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Styled:
    """A value and how it looks; colours are 'RRGGBB' hex codes."""

    value: Any
    fill: str | None = None
    font: str | None = None
    bold: bool = False
    number_format: str | None = None
    centred: bool = False


def plain(value: Any) -> Any:
    """The value of a cell, styled or not."""
    return value.value if isinstance(value, Styled) else value


def plain_rows(rows: list[list[Any]]) -> list[list[Any]]:
    return [[plain(v) for v in row] for row in rows]


def bold_row(row: list[Any]) -> list[Any]:
    """A row drawn bold, such as the header of a second table further down a tab."""
    return [v if v is None or isinstance(v, Styled) else Styled(v, bold=True) for v in row]
