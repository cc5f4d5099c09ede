"""A round's board as players see it: a PNG to post in chat, and the public tab of coloured cells.

Imported only by the steps that draw (it loads Pillow).
"""

from __future__ import annotations

from hostkit.core.drawing import Picture, draw_grid
from hostkit.core.glyphs import cell_face
from hostkit.core.styles import Styled
from hostkit.core.tables import Rows
from hostkit.games.hap_and_grab.anti_hap import FACES, Board


def pictures(board: Board) -> list[Picture]:
    """Each card in reading order: its background, its shape in its colour, its letter under it."""
    cards = []
    for name in sorted(board.cards):
        background, shape, colour = FACES.format(board.cards[name])
        cards.append(Picture(background=background, shape=shape, colour=colour, label=name))
    return cards


def board_png(board: Board, round_number: int) -> bytes:
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
