"""A match as its workbook stands: the rules from Config, the Games and Moves tabs, both games replayed."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from hostkit.core.game import Context
from hostkit.core.game import Game as RegisteredGame
from hostkit.core.tables import BookError, Problem, Tables
from hostkit.games.hap_tac_toe.replay import Game, TurnRecord, replay_match
from hostkit.games.hap_tac_toe.standings import Standings, settle
from hostkit.games.hap_tac_toe.tabs import (
    GAMES,
    GAMES_TAB,
    MOVES_TAB,
    Move,
    Start,
    named_player,
    read_moves,
    read_starts,
    rules_from,
    when,
)
from hostkit.games.hap_tac_toe.variants import HapTacToe


@dataclass(frozen=True)
class MatchState:
    ctx: Context
    rules: HapTacToe
    first_player: str
    advantage: str | None
    starts: dict[int, Start]
    moves: dict[int, list[Move]]
    games: list[Game]
    """Game 1 once its clock has started; game 2 once game 1 is over (nobody lost) and its clock has started."""
    problems: list[Problem]

    def game(self, number: int) -> Game | None:
        return self.games[number - 1] if len(self.games) >= number else None

    def row_of(self, record: TurnRecord) -> int | None:
        return next((m.row for moves in self.moves.values() for m in moves if m.record is record), None)

    def rejection(self, number: int) -> Problem | None:
        """The Moves row that stops game `number`'s replay, with its reason."""
        game = self.game(number)
        if game is None or game.rejected is None:
            return None
        return Problem(
            MOVES_TAB,
            self.row_of(game.rejected.record),
            f"{game.rejected.describe()}. Nothing of this "
            f"turn is scored and the replay stops here until the row is fixed.",
        )

    def current(self) -> int:
        """The game in play: game 1 until it is over, then game 2."""
        first = self.game(1)
        return 2 if first is not None and first.is_over() and not first.lost else 1

    def why_not(self, number: int) -> str:
        """Why game `number` has not been replayed."""
        if number == 2:
            first = self.game(1)
            if first is None or not first.is_over():
                waiting = first.waiting_for() if first is not None else None
                detail = (
                    f" (it waits for {waiting.player}, turn {waiting.turn})"
                    if waiting
                    else " (its clock has not started)"
                    if first is None
                    else ""
                )
                return f"game 2 starts once game 1 is over{detail}"
            if first.lost:
                return f"the match ended in game 1: {first.end_reason()}; there is no game 2"
        row = self.starts[number].row
        where = f"{GAMES_TAB} row {row}" if row else f"the {GAMES_TAB} tab (add a row for game {number})"
        return (
            f"game {number}'s clock has not started: type its Starts time in {where}, or run "
            f"`hostkit play --round {number}` and type start"
        )

    def standings(self) -> Standings | None:
        return settle(self.games, self.advantage) if self.games else None

    def starts_text(self, number: int) -> str:
        at = self.starts[number].at
        return when(at, self.ctx) if at else "not yet"


def load_state(match: RegisteredGame, variant: type[HapTacToe], tables: Tables) -> MatchState:
    """The match as its tabs hold it, under the rules of `variant` (Hap-Tac-Toe or When Stars Align)."""
    ctx = match.context(tables)
    if len(ctx.roster.names) != 2:
        raise BookError(
            f"{match.title} is a Death Match for 2 players; the Players tab lists "
            f"{len(ctx.roster.names)} ({', '.join(ctx.roster.names)})."
        )
    rules = rules_from(ctx, variant)
    first = named_player(ctx, "first_player")
    if first is None:
        raise BookError(
            f"Config first_player is blank: name who moves first in game 1 "
            f"({' or '.join(ctx.roster.names)}; the advantage holder chooses), then run this again."
        )
    advantage = named_player(ctx, "advantage")
    starts, problems = read_starts(tables, ctx)
    moves, move_problems = read_moves(tables, ctx, starts)
    played: list[tuple[dt.datetime, list[TurnRecord]]] = []
    for number in GAMES:
        at = starts[number].at
        if at is None:
            break
        played.append((at, [m.record for m in moves[number]]))
    try:
        games = replay_match(rules, ctx.roster.names, first, played)
    except ValueError as error:
        raise BookError(f"{error}.") from None
    return MatchState(ctx, rules, first, advantage, starts, moves, games, list(ctx.problems) + problems + move_problems)
