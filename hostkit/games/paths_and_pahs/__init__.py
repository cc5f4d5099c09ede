"""Paths and PAHs (Main Match, 5 to 16 players): a shifting 6x6 board of hap cards, walked to make PAHs.

Rule sheet: seeds/002_40f9e284857a4163.txt; rulings: RULINGS.md, Paths and PAHs. The pure rules are exported
here; the workbook glue (settings, tabs, garnets, render, status, game) is built on them.
"""

from hostkit.games.paths_and_pahs.actions import (
    Action, ActionKind, Change, Judged, Move, Pah, ShiftLine, Start, Submission, Verdict, format_action,
    parse_action,
)
from hostkit.games.paths_and_pahs.board import (
    TILES, Axis, Board, Direction, Line, Shift, Tile, board_problems, describe_net, format_board, generate_board,
    net_shifts, parse_board, path,
)
from hostkit.games.paths_and_pahs.cards import NAMES, CardNames, is_pah_set, shares_no_value
from hostkit.games.paths_and_pahs.match import (
    ENDGAME, ROUNDS, RULES, Match, PlayerState, Rules, deal, deal_starting, is_endgame, new_match, shift_axis,
)
from hostkit.games.paths_and_pahs.messages import private_message
from hostkit.games.paths_and_pahs.rounds import GAME, RoundResult, resolve_round
from hostkit.games.paths_and_pahs.standings import Draw, Place, Standings, rank_players

__all__ = [
    "Action", "ActionKind", "Axis", "Board", "CardNames", "Change", "Direction", "Draw", "ENDGAME", "GAME",
    "Judged", "Line", "Match", "Move", "NAMES", "Pah", "Place", "PlayerState", "ROUNDS", "RULES", "RoundResult",
    "Rules", "Shift", "ShiftLine", "Standings", "Start", "Submission", "TILES", "Tile", "Verdict",
    "board_problems", "deal", "deal_starting", "describe_net", "format_action", "format_board", "generate_board",
    "is_endgame", "is_pah_set", "net_shifts", "new_match", "parse_action", "parse_board", "path", "private_message",
    "rank_players", "resolve_round", "shares_no_value", "shift_axis",
]
