"""The tabs players see: each game's results and board, and the Leaderboard."""

from __future__ import annotations

from typing import Any

from hostkit.core.styles import Styled
from hostkit.core.tables import Rows
from hostkit.games.hap_tac_toe.board import format_squares, line_through
from hostkit.games.hap_tac_toe.clock import ZERO
from hostkit.games.hap_tac_toe.pictures import board_cells, key_lines
from hostkit.games.hap_tac_toe.replay import Game, PlayedTurn
from hostkit.games.hap_tac_toe.scoring import Scoring, as_number, format_points
from hostkit.games.hap_tac_toe.standings import Standings, plural_points
from hostkit.games.hap_tac_toe.state import MatchState
from hostkit.games.hap_tac_toe.tabs import GAMES, local


def _bold(*values: Any) -> list[Any]:
    return [Styled(v, bold=True) for v in values]


def _strikes(game: Game) -> bool:
    return game.rules.settings.scoring is Scoring.STRIKES


def results_rows(state: MatchState, game: Game) -> Rows:
    """Every turn: its block, square, clock, and each claim with its verdict, points and reason."""
    strikes = _strikes(game)
    header = (
        [
            "Turn",
            "Player",
            "Block",
            "Square",
            "Done",
            "Seconds",
            "From reserve",
            "Reserve left",
            "Claim",
            "Verdict",
            "Points",
        ]
        + (["Strikes"] if strikes else [])
        + ["Reason"]
    )
    rows: Rows = [
        _bold(f"{game.rules.title}, game {game.number} (clock started {state.starts_text(game.number)})"),
        _bold(*header),
    ]
    for turn in game.turns:
        rows += _turn_rows(state, game, turn, strikes)
    rows += [[], _bold("Player", "Points", *(["Strikes"] if strikes else []), "Reserve left", "Status")]
    for p in game.players:
        status = game.lost.get(p, "")
        rows.append(
            [
                p,
                as_number(game.points[p]),
                *([game.strikes[p]] if strikes else []),
                as_number(max(ZERO, game.reserves[p])),
                status,
            ]
        )
    rows += [[]] + _state_rows(state, game)
    return rows


def _turn_rows(state: MatchState, game: Game, turn: PlayedTurn, strikes: bool) -> Rows:
    faces = game.rules.faces
    clock = turn.clock
    head = [
        turn.number,
        turn.player,
        faces.format(turn.block) if turn.block else "",
        turn.square.name if turn.square else "",
        Styled(local(clock.ended, state.ctx), number_format="yyyy-mm-dd hh:mm:ss"),
        as_number(clock.seconds),
        as_number(clock.from_reserve),
        as_number(clock.reserve_left),
    ]
    blank = [None] * len(head)
    if turn.lost:
        return [head + ["", "lost on time", 0] + ([None] if strikes else []) + [turn.lost]]
    if not turn.claims:
        return [head]
    rows = []
    for i, claim in enumerate(turn.claims):
        rows.append(
            (head if i == 0 else blank)
            + [claim.claim.text, claim.verdict.value, as_number(claim.points)]
            + ([claim.strikes] if strikes else [])
            + [f"{claim.reason} ({claim.note})"]
        )
    return rows


def _state_rows(state: MatchState, game: Game) -> Rows:
    rows: Rows = []
    rejection = state.rejection(game.number)
    if rejection is not None:
        rows.append(_bold("Stopped") + [str(rejection)])
    waiting = game.waiting_for()
    if waiting is not None:
        rows.append(_bold("Next") + [f"{waiting.player}, turn {waiting.turn}"])
    else:
        rows.append(_bold("Over") + [f"Game {game.number} is over: {game.end_reason()}."])
    return rows


def board_rows(state: MatchState, game: Game) -> Rows:
    """The board as coloured cells, how to read them, the claimed sets, the points and who plays next."""
    rules = game.rules
    last = game.turns[-1].number if game.turns else 0
    rows: Rows = [_bold(f"{rules.title}, game {game.number}, after turn {last}"), []]
    rows += board_cells(rules, game.board)
    rows += [[]] + [[line] for line in key_lines(rules)]
    rows += [[], _bold(f"Claimed {rules.claim_noun}s", "Line", "Player", "Turn")]
    listed = sorted(game.claimed.items(), key=lambda kv: (kv[1].turn, sorted(kv[0])))
    for squares, who in listed:
        line = line_through(squares)
        rows.append([format_squares(sorted(squares)), line.name if line else "", who.player, who.turn])
    if not listed:
        rows.append([f"No {rules.claim_noun} claimed yet."])
    rows += [[], _bold("Player", "Points", *(["Strikes"] if _strikes(game) else []))]
    rows += [[p, as_number(game.points[p]), *([game.strikes[p]] if _strikes(game) else [])] for p in game.players]
    return rows + [[]] + _state_rows(state, game)


def leaderboard_rows(state: MatchState, standings: Standings | None) -> Rows:
    """Each player's points per game, the exact sum, the final score, and the result."""
    strikes = state.rules.settings.scoring is Scoring.STRIKES
    rows: Rows = [
        _bold(
            "Player",
            *(f"Game {n}" for n in GAMES),
            "Points",
            "Score",
            *(["Strikes"] if strikes else []),
            "Reserve left",
            "Status",
        )
    ]
    if standings is None:
        return rows + [[], _bold("Result") + ["Game 1 has not started."]]
    last = state.games[-1]
    for p in last.players:
        standing = standings.players[p]
        per_game = [as_number(g.points[p]) for g in state.games] + [None] * (len(GAMES) - len(state.games))
        status = "winner" if standings.winner == p else "eliminated" if standings.winner else ""
        if standing.lost:
            status = f"lost on time, {status}"
        rows.append(
            [
                p,
                *per_game,
                as_number(standing.points),
                as_number(standing.score),
                *([last.strikes[p]] if strikes else []),
                as_number(max(ZERO, last.reserves[p])),
                status,
            ]
        )
    return rows + [[], _bold("Result") + [standings.reason]]


def standings_lines(state: MatchState, standings: Standings) -> list[str]:
    lines = []
    for p in state.games[-1].players:
        s = standings.players[p]
        games = ", ".join(f"game {g.number} {format_points(g.points[p])}" for g in state.games)
        rounded = f" (scored {format_points(s.score)})" if s.score != s.points else ""
        lines.append(f"{p}: {plural_points(s.points)}{rounded}; {games}" + (f"; {s.lost}" if s.lost else ""))
    return lines + [f"Result: {standings.reason}"]
