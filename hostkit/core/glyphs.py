"""Card pictures as spreadsheet cells, for public tabs: a shape glyph in the shape's colour on the card's background."""

from __future__ import annotations

from typing import NamedTuple

from hostkit.core.picture import EMPTY, Pattern, Picture, Shape, hex_code

GLYPHS: dict[Shape, tuple[str, str, str]] = {  # solid, hollow, striped
    Shape.CIRCLE: ("●", "○", "◐"),
    Shape.SQUARE: ("■", "□", "◧"),
    Shape.TRIANGLE: ("▲", "△", "◭"),
    Shape.STAR: ("★", "☆", "✫"),
}


class CellFace(NamedTuple):
    glyph: str
    font: str  # 'RRGGBB'
    fill: str  # 'RRGGBB'


def cell_face(picture: Picture | None) -> CellFace:
    """One card as a cell: a glyph in the shape's colour on the card's background, in the PNG's colours.

    A star's glyph is followed by its number of points, edges by their colours' initials (up, right, down, left),
    then the text and the marks, each a word. An empty cell (None) is blank, filled as on the PNG.
    """
    if picture is None:
        return CellFace("", hex_code("black"), hex_code(EMPTY))
    return CellFace(_glyph(picture), hex_code(picture.colour), hex_code(picture.background))


def _glyph(picture: Picture) -> str:
    words = []
    if picture.shape is Shape.NUMBER:
        words.append(picture.text)
    elif picture.shape is not None:
        glyph = GLYPHS[picture.shape][tuple(Pattern).index(picture.pattern)]
        words.append(glyph + (str(picture.points) if picture.shape is Shape.STAR else ""))
        words.append(picture.text)
    if picture.edges:
        words.append("".join(_edge_letter(c) for c in picture.edges))
    words.extend(picture.marks)
    return " ".join(w for w in words if w)


def _edge_letter(colour: str) -> str:
    return colour.strip().lstrip("#")[:1].upper()
