"""Hap-Tac-Toe and When Stars Align (Death Match, 2 players) as hostkit games: the workbook, the
commands and the live referee. The rules are the pure modules beside this one.

Rules: docs/games/hap-tac-toe.md; rulings: that page, Hap-Tac-Toe and When Stars Align.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, ClassVar

from hostkit.core.game import Demo, Game, Outcome, Prompt
from hostkit.core.hindsight import HINDSIGHT_TAB, Hindsight
from hostkit.core.ledger import Entry, Payout
from hostkit.core.status import GameStatus, Phase
from hostkit.core.tables import BookError, Problem, Table, Tables, is_blank_row
from hostkit.games.hap_tac_toe.live import (
    CLOCK,
    Turn,
    instructions,
    overdue,
    read_turn,
    stamp,
    start_time,
    starts_rows,
    timeout_turn,
    with_turn,
)
from hostkit.games.hap_tac_toe.pictures import board_png
from hostkit.games.hap_tac_toe.public import board_rows, leaderboard_rows, results_rows, standings_lines
from hostkit.games.hap_tac_toe.render import render_update
from hostkit.games.hap_tac_toe.replay import Game as PureGame
from hostkit.games.hap_tac_toe.state import MatchState, load_state
from hostkit.games.hap_tac_toe.tabs import (
    GAMES,
    GAMES_TAB,
    LEADERBOARD_TAB,
    MOVES_TAB,
    board_tab,
    match_settings,
    moves_rows,
    results_tab,
    when,
)
from hostkit.games.hap_tac_toe.variants import HapTacToe, WhenStarsAlign

WIN_REASON = "won the Death Match"


class HapTacToeMatch(Game):
    """A two-game Death Match on a 5x5 grid with a chess clock; `rules` names the variant."""

    rules: ClassVar[type[HapTacToe]] = HapTacToe
    name = HapTacToe.name
    title = HapTacToe.title
    rule_sheet = "001_b5c301b16a5ecef5.txt"
    min_players = 2
    max_players = 2
    settings = match_settings(HapTacToe)
    public_tabs = (LEADERBOARD_TAB, "Game * Board", "Game * Results", HINDSIGHT_TAB)
    first_steps = (
        "set advantage and first_player in Config, then `hostkit play --round 1` and type start "
        "when game 1's clock starts."
    )

    def demo(self) -> Demo:
        from hostkit.games.hap_tac_toe.demo import demo_book

        return demo_book(self)

    def _game(self, state: MatchState, number: int) -> PureGame:
        if number not in GAMES:
            raise BookError(f"Game {number} is not a game of this match; a Death Match has games 1 and 2.")
        game = state.game(number)
        if game is None:
            raise BookError(f"Nothing to show yet: {state.why_not(number)}.")
        return game

    def _picture(self, game: PureGame) -> Callable[[], bytes]:
        last = f", after turn {game.turns[-1].number}" if game.turns else ""
        title = f"{game.rules.title}, game {game.number}{last}"
        return lambda: board_png(game.rules, game.board, title, game.claimed)

    # ---- commands

    def score(self, tables: Tables, round_number: int, now: dt.datetime) -> Outcome:
        """Replay game G's moves: its results and board tabs and the Leaderboard."""
        state = load_state(self, self.rules, tables)
        if round_number not in GAMES:
            raise BookError(f"Game {round_number} is not a game of this match; a Death Match has games 1 and 2.")
        outcome = Outcome(problems=list(state.problems))
        game = state.game(round_number)
        if game is None:
            unplayed = [m.row for m in state.moves[round_number]]
            outcome.problems.append(
                Problem(
                    MOVES_TAB if unplayed else GAMES_TAB,
                    unplayed[0] if unplayed else None,
                    f"{state.why_not(round_number)}. Nothing was scored.",
                )
            )
            return outcome
        rejection = state.rejection(round_number)
        if rejection is not None:
            outcome.problems.append(rejection)
        outcome.writes[results_tab(round_number)] = results_rows(state, game)
        outcome.writes[board_tab(round_number)] = board_rows(state, game)
        standings = state.standings()
        outcome.writes[LEADERBOARD_TAB] = leaderboard_rows(state, standings)
        outcome.summary.append(render_update(game))
        outcome.image = self._picture(game)
        outcome.message = "\n".join(["```", render_update(game), "```"])  # the board and points, as the tabs show
        if standings is not None and standings.final:
            outcome.summary += standings_lines(state, standings)
        outcome.summary.append(
            f"Written: {results_tab(round_number)}, {board_tab(round_number)} and {LEADERBOARD_TAB}."
        )
        outcome.data = game.as_json()
        return outcome

    def board(
        self,
        tables: Tables,
        round_number: int | None,
        seed: int | None = None,
        force: bool = False,
        *,
        now: dt.datetime,
    ) -> Outcome:
        """Game G's board as it stands: the text board to paste and, for --image, its picture."""
        round_number = self.round_needed(round_number)
        state = load_state(self, self.rules, tables)
        game = self._game(state, round_number)
        return Outcome(
            problems=list(state.problems), summary=[render_update(game)], data=game.as_json(), image=self._picture(game)
        )

    def hindsight(self, tables: Tables) -> Hindsight:
        from hostkit.games.hap_tac_toe.hindsight import hindsight

        return hindsight(self.name, load_state(self, self.rules, tables).games)

    def standings(self, tables: Tables) -> Outcome:
        state = load_state(self, self.rules, tables)
        standings = state.standings()
        if standings is None:
            raise BookError(f"No standings yet: {state.why_not(1)}.")
        outcome = Outcome(problems=list(state.problems), data=standings.as_json())
        outcome.writes[LEADERBOARD_TAB] = leaderboard_rows(state, standings)
        outcome.summary += standings_lines(state, standings)
        if standings.final and standings.winner is None:
            outcome.problems.append(Problem("Config", None, standings.reason))
        garnets = state.ctx.config["winner_garnets"]
        if standings.final:
            match, match_id = self.match_name(state.ctx), self.match_id(state.ctx)
            due = (
                (Entry(match, None, standings.winner, garnets=garnets, reason=WIN_REASON, match_id=match_id),)
                if standings.winner is not None and garnets
                else ()
            )
            outcome.payout = Payout(match_id, match, due, frozenset({WIN_REASON}))
        return outcome

    def status(self, tables: Tables, now: dt.datetime) -> GameStatus:
        """What the match waits for: a Config setting, a game's start, a player's move; and the next command."""
        try:
            state = load_state(self, self.rules, tables)
        except BookError as error:
            return GameStatus(None, Phase.SETUP, next=str(error), details={"waiting_for": "host", "reason": str(error)})
        number = state.current()
        game, rejection = state.game(number), state.rejection(number)
        problems = tuple(state.problems)
        details: dict[str, Any] = {"waiting_for": None, "clock": None}
        if game is None:
            return GameStatus(
                number,
                Phase.SETUP,
                (),
                f"hostkit play --round {number}",
                (f"Game {number}: {state.why_not(number)}.",),
                problems,
                details,
            )
        if rejection is not None:
            command = f"fix {MOVES_TAB} row {rejection.row}, then hostkit score --round {number}"
            return GameStatus(
                number, Phase.LIVE, (), command, (f"Game {number} is stopped: {rejection}",), problems, details
            )
        if game.is_over():
            final = state.standings()
            lines = [f"Game {number} is over: {game.end_reason()}."]
            lines += standings_lines(state, final) if final is not None else []
            return GameStatus(number, Phase.OVER, (), "hostkit standings", tuple(lines), problems, details)
        reading = game.clock_at(stamp(now))
        assert reading is not None
        details["waiting_for"] = {"player": reading.player, "turn": reading.turn}
        details["clock"] = {
            "minute_left": reading.minute_left.total_seconds(),
            "reserves": {p: r.total_seconds() for p, r in reading.reserves.items()},
        }
        line = f"Game {number} (clock started {state.starts_text(number)}): {reading.describe()}."
        return GameStatus(
            number, Phase.LIVE, (reading.player,), f"hostkit play --round {number}", (line,), problems, details
        )

    # ---- live play

    def _state(self, tables: Tables, round_number: int | None, player: str | None) -> tuple[MatchState, int]:
        """The match as the workbook has it, and the game asked for (the current one when none is)."""
        if player is not None:
            raise BookError(f"{self.title} takes both players' turns in one run; leave out --player.")
        state = load_state(self, self.rules, tables)
        return state, state.current() if round_number is None else round_number

    def _live(
        self, tables: Tables, round_number: int | None, player: str | None
    ) -> tuple[MatchState, int, PureGame | None]:
        state, number = self._state(tables, round_number, player)
        if number not in GAMES:
            raise BookError(f"Game {number} is not a game of this match; a Death Match has games 1 and 2.")
        if number == 2 and state.current() == 1:
            raise BookError(f"Not yet: {state.why_not(2)}.")
        rejection = state.rejection(number)
        if rejection is not None:
            raise BookError(f"{rejection} Fix or delete that row, then run play again.")
        return state, number, state.game(number)

    def next_prompt(
        self, tables: Tables, round_number: int | None, player: str | None, now: dt.datetime
    ) -> tuple[Prompt | None, list[str]]:
        state, number, game = self._live(tables, round_number, player)
        if game is None:
            return Prompt(
                f"{self.title}, game {number}: the clock has not started. Type start when it starts "
                f"(or start @20:00:00 for a time already past)"
            ), []
        lines = [render_update(game)]
        if game.is_over():
            after = (
                "Next: `hostkit score --round 1`, then `hostkit play --round 2` for game 2."
                if number == 1 and not game.lost
                else f"The match is over. Next: `hostkit score --round {number}` and `hostkit standings`."
            )
            return None, lines + [f"Game {number} is over: {game.end_reason()}. {after}"]
        reading = game.clock_at(stamp(now))
        assert reading is not None
        if reading.out_of_time:
            return Prompt(overdue(game)), lines
        return Prompt(f"{reading.describe()}. {instructions(game)}"), lines

    def decide(
        self, tables: Tables, round_number: int | None, player: str | None, choice: str, now: dt.datetime
    ) -> Outcome:
        state, number, game = self._live(tables, round_number, player)
        moment = stamp(now)
        started = start_time(choice, state, moment)
        if started is not None:
            if game is not None:
                raise BookError(f"Game {number}'s clock already started at {state.starts_text(number)}.")
            first = (
                state.first_player
                if number == 1
                else next(p for p in state.ctx.roster.names if p != state.first_player)
            )
            return Outcome(
                writes={GAMES_TAB: starts_rows(tables, number, started, state)},
                summary=[f"Game {number}'s clock started at {when(started, state.ctx)}; {first} moves first."],
                image=self._picture(PureGame.new(state.rules, state.ctx.roster.names, first, started, number)),
            )
        if game is None:
            raise BookError(f"Game {number}'s clock has not started; type start first.")
        if game.is_over():
            raise BookError(f"Game {number} is over: {game.end_reason()}.")
        if choice.strip().casefold() == CLOCK:
            reading = game.clock_at(moment)
            assert reading is not None
            if not reading.out_of_time:
                return Outcome(summary=[f"{reading.describe()}."])
            return self._record(tables, state, game, timeout_turn(state, game, moment))
        turn = read_turn(choice, state, game, moment)
        refused = game.check(turn.record)
        if refused is not None:
            raise BookError(refused.reason)
        return self._record(tables, state, game, turn)

    def _record(self, tables: Tables, state: MatchState, game: PureGame, turn: Turn) -> Outcome:
        """Write the turn's Moves row and give the board update to paste."""
        after = game.play(turn.record)
        rows, row = with_turn(tables, turn)
        played = after.turns[-1]
        head = (
            f"{played.lost}."
            if played.lost
            else f"Turn {played.number} of game {game.number} ({played.player}) is in {MOVES_TAB} row {row}."
        )
        summary = [f"{head} The board update to paste:", render_update(after)]
        confirm = None
        if played.lost:
            past = " (a message sent earlier needs its time: answer no, then add it, like @20:01:15)"
            confirm = f"{played.lost}: this ends the match{past if turn.cells.get('block') else ''}. Record it?"
        return Outcome(
            writes={MOVES_TAB: rows},
            summary=summary,
            image=self._picture(after),
            data={"round": game.number, "turn": played.as_json(game.rules.faces)},
            confirm=confirm,
            message=render_update(after),  # the board update both players read: `play --send` posts it
            about=f"game {game.number} turn {played.number}",
        )

    def undo(self, tables: Tables, round_number: int | None, player: str | None) -> Outcome:
        """Take back the game's last Moves row (the highest turn), showing the game as it was before it."""
        state, number = self._state(tables, round_number, player)
        moves = state.moves.get(number, [])
        if not moves:
            raise BookError(f"Game {number} has no move in {MOVES_TAB} to take back.")
        last = max(moves, key=lambda m: (m.record.turn, m.row))
        table = tables.require(MOVES_TAB)
        header, _ = moves_rows(tables)
        kept = [r for i, r in enumerate(table.rows, start=2) if i != last.row and not is_blank_row(r)]
        before = load_state(self, self.rules, tables.replaced(MOVES_TAB, Table(table.name, [header] + kept)))
        record = last.record
        what = f"{record.block} on {record.square}" if record.block else "no block (out of time)"
        claims = f", claims {record.claims}" if record.claims else ""
        done = f", done at {when(record.done, state.ctx)}" if record.done else ""
        previous = before.game(number)
        return Outcome(
            writes={MOVES_TAB: [header] + kept},
            summary=[
                f"Take back {MOVES_TAB} row {last.row}: game {number}, turn {record.turn}, {record.player}: "
                f"{what}{claims}{done}.",
                "Before it:",
                render_update(previous) if previous is not None else before.why_not(number),
            ],
        )


class WhenStarsAlignMatch(HapTacToeMatch):
    """The re-skin: stars of colour, pattern and points, and strikes scoring."""

    rules = WhenStarsAlign
    name = WhenStarsAlign.name
    title = WhenStarsAlign.title
    settings = match_settings(WhenStarsAlign)
