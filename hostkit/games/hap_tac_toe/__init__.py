"""Hap-Tac-Toe and its re-skin When Stars Align: the pure rules (no workbook, no CLI).

Rule sheet: seeds/001_b5c301b16a5ecef5.txt; rulings: RULINGS.md, Hap-Tac-Toe and When Stars Align.
"""

from hostkit.games.hap_tac_toe.blocks import BlockFaces, make_faces
from hostkit.games.hap_tac_toe.board import (
    LINES, SQUARES, Board, Direction, Line, Square, format_square, format_squares, is_on_one_line,
    line_through, line_triples, parse_square,
)
from hostkit.games.hap_tac_toe.claims import (
    Claim, Message, format_claims, format_clock_time, format_message, parse_claims, parse_clock_time,
    parse_message,
)
from hostkit.games.hap_tac_toe.clock import ClockReading, TurnClock, charge, on_day_of, read_clock
from hostkit.games.hap_tac_toe.game import (
    Carry, Game, JudgedClaim, PlayedTurn, RejectedTurn, Rejection, TurnRecord, Waiting, replay,
)
from hostkit.games.hap_tac_toe.judge import Claimed, Judgement, Verdict, judge_claim
from hostkit.games.hap_tac_toe.render import render_board, render_update
from hostkit.games.hap_tac_toe.scoring import (
    HalfPoint, Scoring, ScoringPolicy, Settings, Strikes, as_number, exact, format_points, parse_scoring,
)
from hostkit.games.hap_tac_toe.standings import PlayerStanding, Standings, settle
from hostkit.games.hap_tac_toe.variants import VARIANTS, HapTacToe, WhenStarsAlign

__all__ = [
    "BlockFaces", "Board", "Carry", "Claim", "Claimed", "ClockReading", "Direction", "Game", "HalfPoint",
    "HapTacToe", "JudgedClaim", "Judgement", "LINES", "Line", "Message", "PlayedTurn", "PlayerStanding",
    "RejectedTurn", "Rejection", "SQUARES", "Scoring", "ScoringPolicy", "Settings", "Square", "Standings",
    "Strikes", "TurnClock", "TurnRecord", "VARIANTS", "Verdict", "Waiting", "WhenStarsAlign", "as_number",
    "charge", "exact", "format_claims", "format_clock_time", "format_message", "format_points",
    "format_square", "format_squares", "is_on_one_line", "judge_claim", "line_through", "line_triples",
    "make_faces", "on_day_of", "parse_claims", "parse_clock_time", "parse_message", "parse_scoring",
    "parse_square", "read_clock", "render_board", "render_update", "replay", "settle",
]
