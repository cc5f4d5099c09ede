"""The board as players see it: a PNG to post in chat, and coloured cells for the public board tab."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from hostkit.core.cards import FULL_DECK, Card
from hostkit.core.drawing import COLOURS, Pattern, Picture, Shape, draw_grid
from hostkit.core.glyphs import GLYPHS, cell_face
from hostkit.core.styles import Styled
from hostkit.games.hap_tac_toe.board import COLUMNS, SIZE, Board, Square
from hostkit.games.hap_tac_toe.judge import Claimed
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


def _grid(
    rules: HapTacToe, board: Board, marks: Mapping[Square, Sequence[str]] | None = None
) -> list[list[Picture | None]]:
    marks = marks or {}
    return [
        [
            replace(block_picture(rules, block), marks=tuple(marks.get(Square(c, r), ())))
            if (block := board.block_at(Square(c, r))) is not None
            else None
            for c in range(SIZE)
        ]
        for r in range(SIZE)
    ]


def claim_marks(claimed: Mapping[frozenset[Square], Claimed]) -> dict[Square, list[str]]:
    """Each square of a claimed set marked with the first three letters of who claimed it, once per claim."""
    marks: dict[Square, list[str]] = {}
    for squares, claim in sorted(claimed.items(), key=lambda item: item[1].turn):
        for square in squares:
            marks.setdefault(square, []).append(claim.player[:3])
    return marks


def board_png(
    rules: HapTacToe, board: Board, title: str, claimed: Mapping[frozenset[Square], Claimed] | None = None
) -> bytes:
    """The 5x5 board as a picture: row 1 at the top, columns A–E, empty squares grey, and each block of a
    claimed set marked with who claimed it."""
    return draw_grid(
        _grid(rules, board, claim_marks(claimed or {})),
        row_labels=[str(r + 1) for r in range(SIZE)],
        column_labels=list(COLUMNS),
        title=title,
    )


LIGHT = {"yellow": "FFF3BF", "blue": "D0EBFF", "white": "FFFFFF", "red": "FFE3E3"}
"""A star's cell fill, a light tint of its colour under dark text: a blue star's glyph on the dark sky was
faint, and a striped star's glyph looked like a hollow one at a cell's size."""


def board_cells(rules: HapTacToe, board: Board) -> list[list[Any]]:
    """Column letters, then one row per board row: its number and a coloured cell per square. A star (When
    Stars Align) is named in words as well (`★ yellow striped 4`), on a tint of its colour."""
    rows: list[list[Any]] = [[""] + [Styled(c, bold=True, centred=True) for c in COLUMNS]]
    for r, pictures in enumerate(_grid(rules, board)):
        row: list[Any] = [Styled(r + 1, bold=True, centred=True)]
        for c, picture in enumerate(pictures):
            face = cell_face(picture)
            block = board.block_at(Square(c, r))
            if picture is not None and picture.shape is Shape.STAR and block is not None:
                words = f"{face.glyph[0]} {rules.faces.format(block)}"
                row.append(
                    Styled(words, fill=LIGHT.get(picture.colour, "FFFFFF"), font="212529", bold=True, centred=True)
                )
            else:
                row.append(Styled(face.glyph, fill=face.fill, font=face.font, bold=True, centred=True))
        rows.append(row)
    return rows


def key_lines(rules: HapTacToe) -> list[str]:
    """How to read the coloured cells, in the game's own names."""
    faces = rules.faces
    if "pattern" in rules.drawn_as:  # stars: each cell names its star in words
        colour = rules.drawn_as.index("colour")
        return [
            f"Each cell names its star in words ({', '.join(faces.attributes)}), like "
            f"'{faces.format(FULL_DECK[0])}', on a tint of its {faces.attributes[colour]} "
            f"({', '.join(faces.values[colour])})."
        ]
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
        elif role == "points":
            lines.append(f"The number after the symbol is its {name} ({', '.join(values)}).")
    return lines
