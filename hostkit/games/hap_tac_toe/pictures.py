"""The board as players see it: a PNG to post in chat, and coloured cells for the public board tab."""

from __future__ import annotations

from typing import Any

from hostkit.core.cards import Card
from hostkit.core.drawing import COLOURS, Pattern, Picture, Shape, draw_grid
from hostkit.core.glyphs import GLYPHS, cell_face
from hostkit.core.styles import Styled
from hostkit.games.hap_tac_toe.board import COLUMNS, SIZE, Board, Square
from hostkit.games.hap_tac_toe.variants import HapTacToe

SKY = "#495057"
"""The tile behind a star, since stars have no background of their own; white stars must show on it."""


def block_picture(rules: HapTacToe, block: Card) -> Picture:
    """Each attribute drawn as its role says; a value renamed in Config is drawn as the value it replaces
    unless its new name is itself a colour, shape, pattern or number of points the drawing knows."""
    fields: dict[str, Any] = {"background": SKY, "shape": Shape.STAR}
    for a, role in enumerate(rules.drawn_as):
        index = block.values[a]
        fields[role] = _drawn(role, rules.faces.values[a][index], type(rules).values[a][index])
    return Picture(**fields)


def _drawn(role: str, name: str, default: str) -> Any:
    for candidate in (name, default):
        word = candidate.strip().lower()
        if role in ("background", "colour") and word in COLOURS:
            return word
        if role == "shape" and word in {s.value for s in Shape}:
            return Shape(word)
        if role == "pattern" and word in {p.value for p in Pattern}:
            return Pattern(word)
        if role == "points" and word.isdigit() and 3 <= int(word) <= 12:
            return int(word)
    raise ValueError(f"{default!r} cannot be drawn as a {role}")


def _grid(rules: HapTacToe, board: Board) -> list[list[Picture | None]]:
    return [
        [
            block_picture(rules, block) if (block := board.block_at(Square(c, r))) is not None else None
            for c in range(SIZE)
        ]
        for r in range(SIZE)
    ]


def board_png(rules: HapTacToe, board: Board, title: str) -> bytes:
    """The 5x5 board as a picture: row 1 at the top, columns A–E, empty squares grey."""
    return draw_grid(
        _grid(rules, board), row_labels=[str(r + 1) for r in range(SIZE)], column_labels=list(COLUMNS), title=title
    )


def board_cells(rules: HapTacToe, board: Board) -> list[list[Any]]:
    """Column letters, then one row per board row: its number and a coloured cell per square."""
    rows: list[list[Any]] = [[""] + [Styled(c, bold=True, centred=True) for c in COLUMNS]]
    for r, pictures in enumerate(_grid(rules, board)):
        row: list[Any] = [Styled(r + 1, bold=True, centred=True)]
        for picture in pictures:
            face = cell_face(picture)
            row.append(Styled(face.glyph, fill=face.fill, font=face.font, bold=True, centred=True))
        rows.append(row)
    return rows


def key_lines(rules: HapTacToe) -> list[str]:
    """How to read the coloured cells, in the game's own names."""
    faces = rules.faces
    lines = []
    for a, role in enumerate(rules.drawn_as):
        name, values = faces.attributes[a], faces.values[a]
        if role == "background":
            lines.append(f"The cell's fill is its {name} ({', '.join(values)}).")
        elif role == "colour":
            lines.append(f"The symbol's colour is its {name} ({', '.join(values)}).")
        elif role == "shape":
            shapes = [_drawn("shape", v, type(rules).values[a][i]) for i, v in enumerate(values)]
            lines.append(
                f"The symbol is its {name}: " + ", ".join(f"{GLYPHS[s][0]} {v}" for s, v in zip(shapes, values)) + "."
            )
        elif role == "pattern":
            patterns = [_drawn("pattern", v, type(rules).values[a][i]) for i, v in enumerate(values)]
            lines.append(
                f"The star's look is its {name}: "
                + ", ".join(f"{GLYPHS[Shape.STAR][list(Pattern).index(p)]} {v}" for p, v in zip(patterns, values))
                + "."
            )
        elif role == "points":
            lines.append(f"The number after the star is its {name} ({', '.join(values)}).")
    return lines
