"""Cards on the Table's boards drawn: a PNG for chat and the host, and coloured cells for the public board tabs."""

from __future__ import annotations

from collections.abc import Sequence

from hostkit.core.drawing import Picture, Shape, draw_grid
from hostkit.core.glyphs import cell_face
from hostkit.core.styles import Styled
from hostkit.core.tables import Rows

from .cards import Board, Card, Colour, Shade
from .cells import SIZE, Cell, row_cells

SHADES = {Shade.BLACK: "black", Shade.GREY: "grey", Shade.WHITE: "white"}
CARD_BACKGROUNDS = {Colour.RED: "red", Colour.BLUE: "blue", Colour.YELLOW: "yellow"}


def card_picture(card: Card, marks: Sequence[str] = (), heat: bool = True) -> Picture:
    """The card's number on its colour, with the heat triangles (up, right, down, left) when heat is shown."""
    edges = None
    if heat and card.heat is not None:
        top, right, bottom, left = (SHADES[s] for s in card.heat.shades)
        edges = (top, right, bottom, left)
    return Picture(
        background=CARD_BACKGROUNDS[card.colour],
        shape=Shape.NUMBER,
        text=str(card.number),
        colour="black" if card.colour is Colour.YELLOW else "white",
        edges=edges,
        marks=tuple(marks),
    )


def board_png(board: Board, title: str, marks: dict[Cell, list[str]] | None = None) -> bytes:
    """The whole board for the host: numbers on their colours, heat triangles, and who turned what."""
    marks = marks or {}
    grid = [[card_picture(board[cell], marks.get(cell, ())) for cell in row_cells(r)] for r in range(1, SIZE + 1)]
    return draw_grid(
        grid,
        row_labels=[f"R{r}" for r in range(1, SIZE + 1)],
        column_labels=[f"C{c}" for c in range(1, SIZE + 1)],
        title=title,
    )


def public_board_rows(round_number: int, board: Board) -> Rows:
    """A finished round's board as coloured cells: each card's number and colour, in words too (for players
    who cannot tell the colours apart), on its colour (no heat)."""
    rows: Rows = [[f"Round {round_number}", *[f"C{c}" for c in range(1, SIZE + 1)]]]
    for r in range(1, SIZE + 1):
        cells: list = [f"R{r}"]
        for cell in row_cells(r):
            card = board[cell]
            face = cell_face(card_picture(card, heat=False))
            cells.append(
                Styled(f"{card.number} {card.colour}", fill=face.fill, font=face.font, bold=True, centred=True)
            )
        rows.append(cells)
    rows.append([])
    rows.append(["Each cell: the card's number and colour, on its colour's fill (no heat: it stays secret)."])
    return rows
