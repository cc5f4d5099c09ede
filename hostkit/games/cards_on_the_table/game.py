"""Cards on the Table (Main Match, 6 to 16 players, 10 on the sheet): three 5x5 boards of numbered,
coloured cards; each round every player turns over cards with >R2C4 and scores from nine sources.

Rules: docs/games/cards-on-the-table.md; rulings: that page, Cards on the Table, and the README.
"""

from __future__ import annotations

import datetime as dt
import functools

from hostkit.core.game import Context, Demo, Game, Outcome, Prompt
from hostkit.core.hindsight import HINDSIGHT_TAB, Hindsight
from hostkit.core.ledger import Entry, Payout, Refused, spend
from hostkit.core.season import season_pays
from hostkit.core.settings import CONFIG_TAB, Setting, choice, integer, text
from hostkit.core.status import GameStatus
from hostkit.core.tables import BookError, Problem, Tables
from hostkit.core.times import format_span, format_time

from .cards import ROUNDS, BoardSet
from .cells import Cell
from .heat import HEAT_RULES, HeatRule, heat_rule, heat_rule_setting
from .live import Live, open_live, prompt, record_message, take_back
from .payout import match_payout
from .pictures import board_png, public_board_rows
from .plays import REVEAL_ROUNDS, reveal_answer
from .render import (
    chat_message,
    final_rows,
    private_messages,
    results_rows,
    score_summary,
    scores_rows,
    table_text,
    written_tabs,
)
from .schedule import Schedule
from .scoring import Match, RoundResult, score_rounds
from .standings import Standings, final_standings
from .status import match_status
from .tabs import (
    FINAL_TAB,
    HEAT_GUESSES_TAB,
    ROUNDS_TAB,
    Sent,
    board_tab,
    lay_boards,
    messages_by_round,
    read_board_guesses,
    read_heat_guesses,
    read_messages,
    read_schedule,
    read_top_guesses,
    require_boards,
    results_tab,
    scores_tab,
)
from .withholding import Withholding

PUBLIC_BOARDS = ("match-end", "round-end", "never")


class CardsOnTheTable(Withholding, Game):
    name = "cards-on-the-table"
    title = "Cards on the Table"
    rule_sheet = "004_bf2d8a958d3d5e58.txt"
    min_players = 6
    max_players = 16
    board_spans_rounds = True
    settings = (
        Setting(
            "heat_rule",
            "highest-lowest",
            "How heat indicators are drawn (host only; players may deduce it): "
            f"{'; '.join(f'{r.name}: {r.description}' for r in HEAT_RULES.values())}",
            heat_rule_setting,
        ),
        Setting(
            "round_hours",
            24,
            "Hours a round stays open after its Opens time, when its Closes is blank.",
            integer(1, 720),
        ),
        Setting(
            "reset_minutes",
            60,
            "Minutes of the reset period between rounds, in which players must not post "
            "commands; a blank Opens of round 2 or 3 is the previous Closes plus this.",
            integer(0, 10080),
        ),
        Setting(
            "ec_choice",
            "",
            "The winners' choice of elimination candidate when the fewest points and the sums "
            "of turned-over cards both tie.",
            text,
        ),
        Setting(
            "reveal_rounds",
            "previous",
            "Which rounds a garnet's look may ask about: previous (the rule "
            "sheet: a card from the previous round) or any-earlier.",
            choice(*REVEAL_ROUNDS),
        ),
        Setting(
            "public_boards",
            "match-end",
            "When the boards are published as coloured cells: match-end (all "
            "three once round 3 is scored), round-end (each once its round is scored) or never.",
            choice(*PUBLIC_BOARDS),
        ),
        *season_pays(0, 0),
    )
    public_tabs = ("Round * Results", "Round * Board", FINAL_TAB, HINDSIGHT_TAB)
    first_steps = (
        "type round 1's Opens time in Rounds, then `hostkit board` to generate the three boards; during "
        "a round paste each player's message with `hostkit play --player NAME`."
    )

    def demo(self) -> Demo:
        from hostkit.games.cards_on_the_table.demo import demo_book

        return demo_book(self)

    # ---- reading

    def round_closes(self, tables: Tables, round_number: int) -> dt.datetime | None:
        ctx, _ = self._read(tables)
        return read_schedule(tables, ctx).window(round_number).closes if round_number in ROUNDS else None

    def _read(self, tables: Tables) -> tuple[Context, HeatRule]:
        ctx = self.context(tables)
        return ctx, heat_rule(ctx.config["heat_rule"])

    def _match(
        self, tables: Tables, ctx: Context, schedule: Schedule, boards: BoardSet
    ) -> tuple[Match, list[Sent], list[Problem]]:
        sent, problems = read_messages(tables, ctx, schedule)
        board_guesses, found = read_board_guesses(tables, ctx)
        heat_guesses, more = read_heat_guesses(tables, ctx)
        top_guesses, most = read_top_guesses(tables, ctx)
        match = Match(
            boards,
            ctx.roster.names,
            messages_by_round(sent),
            tuple(board_guesses),
            tuple(heat_guesses),
            tuple(top_guesses),
            ctx.config["ec_choice"] or None,
        )
        return match, sent, problems + found + more + most

    def _rule_problems(self, result: RoundResult) -> list[Problem]:
        """The problems the rules found in a scored round, heat guesses by their rows."""
        heat = result.heat_guesses
        problems = [
            Problem(HEAT_GUESSES_TAB, guess.row, f"{heat.refusal(guess, standing)} The row is not scored.")
            for guess, standing in heat.refused
        ]
        problems += [Problem(HEAT_GUESSES_TAB, guess.row, heat.waiting(guess)) for guess in heat.unjudged]
        problems += [Problem(scores_tab(result.round), None, t) for t in result.problems if t not in heat.problems]
        return problems

    # ---- boards

    def board(
        self,
        tables: Tables,
        round_number: int | None,
        seed: int | None = None,
        force: bool = False,
        *,
        now: dt.datetime,
    ) -> Outcome:
        """Generate all three boards at once (the rules span the rounds), or check the set typed in."""
        ctx, rule = self._read(tables)
        shown = round_number or 1
        if shown not in ROUNDS:
            raise BookError(f"Round {shown} has no board; the rounds are 1, 2 and 3.")
        return lay_boards(tables, ctx, rule, shown, seed, force)

    # ---- scoring

    def score(self, tables: Tables, round_number: int, now: dt.datetime) -> Outcome:
        ctx, rule = self._read(tables)
        if round_number not in ROUNDS:
            raise BookError(f"Round {round_number} is not a round of this match; the rounds are 1, 2 and 3.")
        schedule = read_schedule(tables, ctx)
        boards, left_out = require_boards(tables, rule)
        outcome = Outcome(problems=list(ctx.problems) + left_out)
        outcome.image = functools.partial(
            board_png, boards.board(round_number), f"Round {round_number} board (host only)"
        )
        window = schedule.window(round_number)
        tz = ctx.config.tz
        if not schedule.is_over(round_number, now):
            state = (
                f"is still open: {format_span(window.closes - now)} left"
                if now >= window.opens
                else f"has not opened yet: it opens at {format_time(window.opens, tz)}"
            )
            outcome.problems.append(
                Problem(
                    ROUNDS_TAB,
                    window.row,
                    (
                        f"round {round_number} {state} (it closes at {format_time(window.closes, tz)}). Score it after "
                        "that; nothing was scored."
                    ),
                )
            )
            return outcome
        match, _, problems = self._match(tables, ctx, schedule, boards)
        result = score_rounds(match, round_number)[-1]
        outcome.problems += problems + self._rule_problems(result)
        private = private_messages(result)
        outcome.writes[scores_tab(round_number)] = scores_rows(result, private)
        outcome.writes[results_tab(round_number)] = results_rows(result)
        published = self._published_boards(ctx, round_number)
        for number in published:
            outcome.writes[board_tab(number)] = public_board_rows(number, boards.board(number))
        outcome.summary += score_summary(result, written_tabs(round_number, published))
        outcome.private = {player: "\n".join(texts) for player, texts in private.items()}
        outcome.message = chat_message(result)
        outcome.data = result.as_json()
        return outcome

    def _published_boards(self, ctx: Context, round_number: int) -> list[int]:
        """The boards that become public when round_number is scored (it is over by then)."""
        when = ctx.config["public_boards"]
        if when == "round-end":
            return [round_number]
        if when == "match-end" and round_number == ROUNDS[-1]:
            return list(ROUNDS)
        return []

    # ---- the end of the match

    def hindsight(self, tables: Tables) -> Hindsight:
        from .hindsight import hindsight

        ctx, rule = self._read(tables)
        scored = [n for n in ROUNDS if results_tab(n) in tables]
        if not scored:
            raise BookError("No round is scored yet, so there is nothing to explain; run `hostkit score --round 1`.")
        match, _, _ = self._match(tables, ctx, read_schedule(tables, ctx), require_boards(tables, rule)[0])
        return hindsight(match, score_rounds(match, max(scored)), rule)

    def standings(self, tables: Tables) -> Outcome:
        ctx, rule = self._read(tables)
        if results_tab(ROUNDS[-1]) not in tables:
            raise BookError(
                f"The match is not over: score round {ROUNDS[-1]} after it closes (`hostkit score "
                f"--round {ROUNDS[-1]}`); the final standings are published and paid only then."
            )
        schedule = read_schedule(tables, ctx)
        match, _, problems = self._match(tables, ctx, schedule, require_boards(tables, rule)[0])
        last = score_rounds(match, ROUNDS[-1])[-1]
        result = final_standings(match)
        outcome = Outcome(problems=list(ctx.problems) + problems + self._rule_problems(last))
        outcome.problems += [Problem(CONFIG_TAB, None, t) for t in result.problems if t not in last.problems]
        if result.ec is None:
            outcome.problems.append(Problem(CONFIG_TAB, None, result.ec_reason))
        rows = final_rows(result, ctx.roster.names)
        outcome.writes[FINAL_TAB] = rows
        outcome.summary += table_text(rows[: len(ctx.roster.names) + 1])
        outcome.summary += [
            f"Winners: {', '.join(result.winners)}.",
            result.tokens_of_life.reason,
            f"Elimination candidate: {result.ec_reason}",
            f"Written: {FINAL_TAB} (public).",
        ]
        outcome.data = result.as_json()
        outcome.payout = self._payout(ctx, result)
        return outcome

    def _payout(self, ctx: Context, result: Standings) -> Payout:
        return match_payout(self.match_name(ctx), self.match_id(ctx), ctx.roster.names, result)

    # ---- live play: the host pastes one player's messages

    def _live(self, tables: Tables, round_number: int | None, player: str | None, now: dt.datetime) -> Live:
        ctx, rule = self._read(tables)
        return open_live(tables, ctx, rule, round_number, player, now)

    def next_prompt(
        self, tables: Tables, round_number: int | None, player: str | None, now: dt.datetime
    ) -> tuple[Prompt | None, list[str]]:
        return prompt(tables, self._live(tables, round_number, player, now))

    def decide(
        self, tables: Tables, round_number: int | None, player: str | None, choice: str, now: dt.datetime
    ) -> Outcome:
        return record_message(tables, self._live(tables, round_number, player, now), choice, now)

    def undo(self, tables: Tables, round_number: int | None, player: str | None) -> Outcome:
        ctx, rule = self._read(tables)
        return take_back(tables, ctx, rule, round_number, player)

    # ---- status and the garnet purchase

    def status(self, tables: Tables, now: dt.datetime) -> GameStatus:
        ctx, rule = self._read(tables)
        return match_status(self.title, ctx, rule, tables, now)

    def reveal(
        self, tables: Tables, entries: list[Entry], player: str, asked_round: int, cell: str, now: dt.datetime
    ) -> tuple[str, Entry | None]:
        """A card of the previous round (Config reveal_rounds) for 1 garnet, during round 2 or 3: the private answer, and the ledger
        entry to post (None when this purchase is already in the ledger). Refused says why not."""
        ctx, rule = self._read(tables)
        name = ctx.roster.match(player)
        if name is None:
            raise BookError(f"{player!r} is not a player ({', '.join(ctx.roster.names)}).")
        try:
            where = Cell.parse(cell)
        except ValueError as error:
            raise BookError(f"--cell: {error}.") from None
        boards, _ = require_boards(tables, rule)
        schedule = read_schedule(tables, ctx)
        current = schedule.round_at(now)
        if current is None:
            raise Refused(f"a card can be bought only during round 2 or 3: {schedule.why_closed(now, ctx.config.tz)}")
        try:
            answer = reveal_answer(boards, current, asked_round, where, garnets=1, rounds=ctx.config["reveal_rounds"])
        except ValueError as error:
            raise Refused(str(error)) from None
        match, match_id = self.match_name(ctx), self.match_id(ctx)
        reason = f"a look at round {asked_round}'s {where}"
        bought = Entry(match, current, name, garnets=-1, reason=reason, match_id=match_id)
        if bought.key() in {e.key() for e in entries}:
            return f"{answer} (Already paid for this round: nothing spent again.)", None
        return answer, spend(entries, match, current, name, 1, reason, match_id)
