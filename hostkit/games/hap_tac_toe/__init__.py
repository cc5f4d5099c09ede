"""Hap-Tac-Toe and its re-skin When Stars Align: the pure rules (no workbook, no CLI).

Rule sheet: seeds/001_b5c301b16a5ecef5.txt; rulings: RULINGS.md, Hap-Tac-Toe and When Stars Align.
"""

from hostkit.games.hap_tac_toe.board import (
    LINES, SQUARES, Board, Direction, Line, Square, format_square, format_squares, is_on_one_line,
    line_through, line_triples, parse_square,
)
from hostkit.games.hap_tac_toe.blocks import BlockFaces, make_faces
from hostkit.games.hap_tac_toe.claims import (
    Claim, Message, format_claims, format_clock_time, format_message, parse_claims, parse_clock_time,
    parse_message,
)
