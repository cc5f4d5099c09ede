"""Paths and PAHs' board drawn: a PNG for chat, and coloured cells for the public board tabs (the Opening Board
published once round 1 has opened)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from hostkit.core.cards import Card
from hostkit.core.drawing import EMPTY, Picture, Shape, draw_grid, hex_code
from hostkit.core.game import Context, Outcome
from hostkit.core.glyphs import cell_face
from hostkit.core.styles import Styled
from hostkit.core.tables import Cell, Rows, Tables
from hostkit.core.times import format_time
from hostkit.games.paths_and_pahs.board import COLUMNS, SIZE, Board, Tile
from hostkit.games.paths_and_pahs.match import PlayerState
from hostkit.games.paths_and_pahs.tabs import BOARD_TAB, HEADERS, OPENING_BOARD_TAB, round_one_opens

# Drawn by value index, whatever names Config gives the values.
BACKGROUND_COLOURS = ("black", "white", "grey")
SHAPE_KINDS = (Shape.CIRCLE, Shape.SQUARE, Shape.TRIANGLE)
SHAPE_COLOURS = ("red", "yellow", "blue")
EMPTY_FILL = "#" + hex_code(EMPTY)
OFF_BOARD = "off the board"


def picture(card: Card | None, marks: tuple[str, ...] = ()) -> Picture | None:
    """A tile as drawn: the card (None: an empty tile) with the marks of the players standing on it."""
    if card is None:
        return Picture(background=EMPTY_FILL, marks=marks) if marks else None
    background, shape, colour = card.values
    return Picture(
        background=BACKGROUND_COLOURS[background], shape=SHAPE_KINDS[shape], colour=SHAPE_COLOURS[colour], marks=marks
    )


def standing_on(players: Mapping[str, PlayerState], marks: Mapping[str, str]) -> dict[Tile, tuple[str, ...]]:
    here: dict[Tile, list[str]] = {}
    for name, p in players.items():
        if p.tile is not None:
            here.setdefault(p.tile, []).append(marks[name])
    return {tile: tuple(names) for tile, names in here.items()}


def board_png(board: Board, players: Mapping[str, PlayerState], marks: Mapping[str, str], title: str) -> bytes:
    here = standing_on(players, marks)
    cells = [[picture(board[Tile(r, c)], here.get(Tile(r, c), ())) for c in range(SIZE)] for r in range(SIZE)]
    return draw_grid(cells, row_labels=[str(r + 1) for r in range(SIZE)], column_labels=list(COLUMNS), title=title)


def public_board_rows(
    board: Board, players: Mapping[str, PlayerState], marks: Mapping[str, str], heading: str, shifts: list[str]
) -> Rows:
    """The board as coloured cells (each card's shape in its colour on its background; the names of the players
    standing there), then where every player stands. Public: no inventory, no starting card."""
    here = standing_on(players, marks)
    rows: Rows = [[Styled(h, bold=True, centred=True) for h in HEADERS[BOARD_TAB]]]
    for r in range(SIZE):
        row: list[Cell] = [Styled(r + 1, bold=True, centred=True)]
        for c in range(SIZE):
            face = cell_face(picture(board[Tile(r, c)], here.get(Tile(r, c), ())))
            row.append(Styled(face.glyph, fill=face.fill, font=face.font, bold=True, centred=True))
        rows.append(row)
    rows += [
        [],
        [heading],
        [
            "Each tile shows its card's shape, in the shape's colour, on the card's background, "
            "and the players standing there."
        ],
    ]
    rows += [["Shifts", "; ".join(shifts) or "none"], [], [Styled("Player", bold=True), Styled("Tile", bold=True)]]
    rows += [[name, OFF_BOARD if p.tile is None else str(p.tile)] for name, p in players.items()]
    return rows


def publish_opening(tables: Tables, ctx: Context, board: Board, outcome: Outcome, now: dt.datetime) -> None:
    """The board as the public Opening Board once round 1 has opened at `now`; before that it stays private."""
    opens = round_one_opens(tables, ctx)
    if opens is not None and opens <= now:
        outcome.writes[OPENING_BOARD_TAB] = public_board_rows(board, {}, {}, "The board as round 1 opens", [])
        outcome.summary.append(
            f"Written: {OPENING_BOARD_TAB} (public: round 1 has opened; --image draws it for chat). Next: "
            f"`hostkit deal --round 1`."
        )
        return
    when = "it has no Opens time in Rounds yet" if opens is None else f"it opens {format_time(opens, ctx.config.tz)}"
    outcome.summary.append(
        f"The board stays private until round 1 opens ({when}); run this command again then to publish "
        f"it as the tab {OPENING_BOARD_TAB}. Next: `hostkit deal --round 1`."
    )
