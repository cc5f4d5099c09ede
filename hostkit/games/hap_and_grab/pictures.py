"""A round's board as players see it: a PNG to post in chat, and the public tab of coloured cells.

The PNG's drawing (hostkit.core.drawing, and Pillow) is loaded only when a picture is drawn.
"""

from __future__ import annotations

import datetime as dt

from hostkit.core.game import Context, Outcome
from hostkit.core.glyphs import cell_face
from hostkit.core.picture import Picture, Shape
from hostkit.core.styles import Styled
from hostkit.core.tables import Rows, Tables
from hostkit.core.times import format_time
from hostkit.games.hap_and_grab.anti_hap import FACES, Board
from hostkit.games.hap_and_grab.tabs import board_tab, read_rounds


def pictures(board: Board) -> list[Picture]:
    """Each card in reading order: its background, its shape in its colour, its letter under it."""
    cards = []
    for name in sorted(board.cards):
        background, shape, colour = FACES.format(board.cards[name])
        cards.append(Picture(background=background, shape=Shape(shape), colour=colour, label=name))
    return cards


def board_png(board: Board, round_number: int) -> bytes:
    from hostkit.core.drawing import draw_grid

    return draw_grid([pictures(board)], title=f"Hap and Grab: round {round_number}")


def board_rows(board: Board) -> Rows:
    """The public board tab: the letters, the cards drawn as coloured cells, then each attribute in words."""
    cards = pictures(board)
    rows: Rows = [["Card", *[p.label for p in cards]]]
    drawn = [cell_face(p) for p in cards]
    rows.append(["", *[Styled(face.glyph, fill=face.fill, font=face.font, centred=True) for face in drawn]])
    for index, attribute in enumerate(FACES.attributes):
        rows.append([attribute.capitalize(), *[FACES.format(board.cards[p.label])[index] for p in cards]])
    return rows


def show_board(
    tables: Tables, ctx: Context, round_number: int, board: Board, outcome: Outcome, now: dt.datetime
) -> None:
    """Draw the board for --image; publish it as the tab 'Round N Board' only once its round has opened."""
    outcome.image = lambda: board_png(board, round_number)
    opens = read_rounds(tables, ctx).get(round_number)
    if opens is not None and opens.opens <= now:
        outcome.writes[board_tab(round_number)] = board_rows(board)
        outcome.summary.append(f"Published the board as the tab {board_tab(round_number)} (the round has opened).")
        return
    when = (
        f"it opens at {format_time(opens.opens, ctx.config.tz)}"
        if opens is not None
        else "it has no Opens time in Rounds yet"
    )
    outcome.summary.append(
        f"The board stays private until round {round_number} opens ({when}); run this "
        f"command again after that to publish it as the tab {board_tab(round_number)}."
    )
