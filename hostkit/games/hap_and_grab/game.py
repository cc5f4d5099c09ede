"""Hap and Grab (Death Match, 2 players): anti-haps race for turns, then Tobago treasure drafting.

Rules: docs/games/hap-and-grab.md; rulings: that page, Hap and Grab.
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import replace
from typing import TYPE_CHECKING

from hostkit.core.game import Context, Demo, Game, LazyData, Outcome, Prompt
from hostkit.core.rng import rng
from hostkit.core.settings import CONFIG_TAB, HINDSIGHT_TAB, Setting, integer, text
from hostkit.core.tables import BookError, Problem, Table, Tables
from hostkit.core.times import format_span, format_time
from hostkit.core.words import plural
from hostkit.games.hap_and_grab.anti_hap import FACES, Board, generate_board
from hostkit.games.hap_and_grab.match import Withholding, match_result, published_tabs, rounds_played
from hostkit.games.hap_and_grab.parts import Part1, Part2, judge_part1, replay_part2
from hostkit.games.hap_and_grab.render import as_json, chat_message, match_rows, next_step, summary, table_text
from hostkit.games.hap_and_grab.tabs import (
    BOARD_HEADER,
    BOARD_TAB,
    DECISIONS_HEADER,
    DECISIONS_TAB,
    DRAWS_TAB,
    LEADERBOARD_TAB,
    ROUNDS_TAB,
    board_problems,
    board_tab,
    by_round,
    filled,
    other_rounds,
    peek_problems,
    read_board,
    read_piles,
    record_draw,
)
from hostkit.games.hap_and_grab.tobago import Choice, Rejected, parse_choice

if TYPE_CHECKING:
    from hostkit.core.hindsight import Hindsight
    from hostkit.core.status import GameStatus

WIN_REASON = "won the Death Match"


def _show_board(
    tables: Tables, ctx: Context, round_number: int, board: Board, outcome: Outcome, now: dt.datetime
) -> None:
    from hostkit.games.hap_and_grab.pictures import show_board

    show_board(tables, ctx, round_number, board, outcome, now)


class HapAndGrab(Withholding, Game):
    name = "hap-and-grab"
    title = "Hap and Grab"
    rule_sheet = "000_8acb406e1f75c262.txt"
    min_players = 2
    max_players = 2
    _last_judged: tuple | None = None
    settings = (
        Setting("tie_winner", "", "The player who wins a tied match (the rule sheet's Joker).", text),
        Setting("rounds", 4, "Rounds in the match.", integer(1, 20)),
        Setting("part1_minutes", 8, "Minutes Part 1 stays open after the round's Opens time.", integer(1, 600)),
        Setting("board_min_cards", 8, "Fewest cards on a generated or checked board.", integer(3, 27)),
        Setting(
            "board_max_cards", 11, "Most cards on a generated or checked board (at most 26 labels A–Z).", integer(3, 26)
        ),
        Setting("skulls", 3, "Skull cards in the treasure deck (the rule sheet: at most 3).", integer(0, 3)),
        Setting("sevens", 7, "7-treasure cards in the treasure deck (the rule sheet: at most 7).", integer(0, 7)),
        Setting(
            "each_of_3_to_6",
            None,
            "Cards of each of the treasures 3, 4, 5 and 6 in the deck; blank: as many as "
            "the longest possible game needs on boards of up to board_max_cards cards (at least 10).",
            integer(0, 1000),
        ),
        Setting("skull_value", -3, "Treasure a skull is worth.", integer(-100, 0)),
        Setting("winner_garnets", 6, "Garnets paid to the match winner.", integer(0, 1000)),
    )
    public_tabs = (LEADERBOARD_TAB, "Round * Board", "Round * Results", HINDSIGHT_TAB)
    first_steps = "fill in each round's Opens time in Rounds, then `hostkit board --round 1`."

    def demo(self) -> Demo:
        from hostkit.games.hap_and_grab.demo import demo_book

        return demo_book(self)

    # ---- commands

    def round_closes(self, tables: Tables, round_number: int) -> dt.datetime | None:
        return self._judged(tables, round_number)[1].closes

    def _judged(self, tables: Tables, round_number: int) -> tuple[Context, Part1, Outcome]:
        """A round command's start: the settings, the round's Part 1 judged, and the problems found so far.
        The same tabs and round are judged once (`watch` asks when the round closes after scoring it)."""
        last = self._last_judged
        if last is not None and last[0] is tables and last[1] == round_number:
            ctx, part, problems = last[2]
        else:
            ctx = self.context(tables)
            self._check_round(ctx, round_number)
            part, problems = judge_part1(tables, ctx, round_number)
            self._last_judged = (tables, round_number, (ctx, part, problems))
        return ctx, part, Outcome(problems=list(ctx.problems) + problems)

    def board(
        self,
        tables: Tables,
        round_number: int | None,
        seed: int | None = None,
        force: bool = False,
        *,
        now: dt.datetime,
    ) -> Outcome:
        """Generate or check round N's board, draw it (Outcome.image), and once the round has opened publish it
        as the tab 'Round N Board'; before that the board stays private."""
        round_number = self.round_needed(round_number)
        ctx = self.context(tables)
        self._check_round(ctx, round_number)
        low, high = ctx.config["board_min_cards"], ctx.config["board_max_cards"]
        if low > high:
            raise BookError(
                f"Config board_min_cards {low} is more than board_max_cards {high}, so no board can "
                f"meet both; lower board_min_cards or raise board_max_cards (defaults 8 and 11)."
            )
        outcome = Outcome(problems=list(ctx.problems))
        existing, problems = read_board(tables, round_number)
        if existing.cards and not force:
            warnings = board_problems(existing, problems, ctx, round_number)
            outcome.problems += warnings
            outcome.summary.append(
                f"Round {round_number} already has a board of {plural(len(existing.cards), 'card')} with "
                f"{plural(len(existing.anti_haps()), 'anti-hap')}; checked it"
                + (", no warnings." if not warnings else f", {plural(len(warnings), 'warning')}.")
                + " Use --force to replace it with a generated one."
            )
            outcome.data = {"round": round_number, "seed": None, **existing.as_json()}
            _show_board(tables, ctx, round_number, existing, outcome, now)
            return self._with_deck_check(tables, ctx, outcome)
        used = ctx.config["seed"] if seed is None else seed
        draw = f"{used}:board:{round_number}"
        try:
            board = generate_board(rng(used, "board", round_number), low, high)
        except ValueError as error:
            raise BookError(
                f"Config board_min_cards {low} and board_max_cards {high} cannot be met: {error}; allow "
                f"more cards (defaults 8 and 11)."
            ) from None
        table = tables.require(BOARD_TAB)
        kept = other_rounds(tables, BOARD_TAB, round_number)
        new = [[round_number, name, *FACES.format(board.cards[name])] for name in sorted(board.cards)]
        outcome.writes[BOARD_TAB] = [table.header or list(BOARD_HEADER)] + by_round(kept + new)
        drawn = f"{len(board.cards)} cards, {len(board.anti_haps())} anti-haps: " + "; ".join(
            f"{name} {FACES.describe(board.cards[name])}" for name in sorted(board.cards)
        )
        outcome.writes[DRAWS_TAB] = record_draw(tables, ["board", round_number, draw, drawn])
        outcome.summary.append(
            f"Round {round_number}: generated a board of {len(board.cards)} cards with "
            f"{len(board.anti_haps())} anti-haps (seed {draw}), written to {BOARD_TAB}."
        )
        outcome.data = {"round": round_number, "seed": draw, **board.as_json()}
        _show_board(tables, ctx, round_number, board, outcome, now)
        return self._with_deck_check(
            tables.replaced(BOARD_TAB, Table(BOARD_TAB, outcome.writes[BOARD_TAB])), ctx, outcome
        )

    def _with_deck_check(self, tables: Tables, ctx: Context, outcome: Outcome) -> Outcome:
        from hostkit.games.hap_and_grab.dealing import deck_too_small

        too_small = deck_too_small(tables, ctx)
        if too_small:
            outcome.problems.append(Problem(CONFIG_TAB, None, too_small))
        return outcome

    def score(self, tables: Tables, round_number: int, now: dt.datetime) -> Outcome:
        ctx, part, outcome = self._judged(tables, round_number)
        outcome.problems += peek_problems(tables, ctx)
        tz = ctx.config.tz
        if now < part.round.opens:
            outcome.problems.insert(
                0,
                Problem(
                    ROUNDS_TAB,
                    part.round.row,
                    (
                        f"round {round_number} has not opened yet: it opens at {format_time(part.round.opens, tz)} "
                        f"({format_span(part.round.opens - now)} from now). Nothing was scored."
                    ),
                ),
            )
            return outcome
        if now < part.closes:
            outcome.problems.insert(
                0,
                Problem(
                    ROUNDS_TAB,
                    part.round.row,
                    (
                        f"round {round_number} is still open: {format_span(part.closes - now)} left "
                        f"(Part 1 closes at {format_time(part.closes, tz)}). Score it after that; nothing was scored."
                    ),
                ),
            )
            return outcome
        part2 = replay_part2(tables, ctx, part)
        shown = part2 if part2 is not None and part2.is_shown() else None
        from hostkit.games.hap_and_grab.pictures import board_png, board_rows

        outcome.writes[board_tab(round_number)] = board_rows(part.board)
        outcome.image = functools.partial(board_png, part.board, round_number)
        outcome.writes.update(published_tabs(tables, ctx, (part, shown)))
        outcome.summary += summary(part, ctx)
        outcome.message = chat_message(part, ctx, shown)

        def data() -> dict:
            built = as_json(part, ctx)
            if part2 is not None:
                built["part2"] = part2.game.as_json()
            return built

        outcome.data = LazyData(data)
        if part2 is not None:
            outcome.problems += part2.reported()
            outcome.summary += part2.game.story(part2.round, brief=True)
        outcome.summary.append(next_step(part, part2, ctx))
        return outcome

    def status(self, tables: Tables, now: dt.datetime) -> GameStatus:
        from hostkit.games.hap_and_grab.status import match_status

        ctx = self.context(tables)
        return match_status(tables, ctx, self.match_name(ctx), now)

    # ---- Part 2, Tobago

    def deal(self, tables: Tables, round_number: int, now: dt.datetime, force: bool = False) -> Outcome:
        """Deal round N's peeks and 3 unseen cards into the reveal pile, from the match's one shuffled deck."""
        from hostkit.games.hap_and_grab.dealing import deal_round

        ctx, part, outcome = self._judged(tables, round_number)
        return deal_round(tables, ctx, part, outcome, round_number, now, force)

    # ---- live play

    def _live(self, tables: Tables, round_number: int | None, player: str | None) -> tuple[Context, Part1, Part2]:
        if player is not None:
            raise BookError("Hap and Grab's Part 2 takes both players' decisions in one run; leave out --player.")
        ctx = self.context(tables)
        numbers = [round_number] if round_number is not None else sorted(read_piles(tables))
        if round_number is not None:
            self._check_round(ctx, round_number)
        found = None
        for number in numbers:
            part, _ = judge_part1(tables, ctx, number)
            found = replay_part2(tables, ctx, part)
            if found is None:
                raise BookError(f"Round {number} is not dealt yet; run `hostkit deal --round {number}` first.")
            if round_number is not None or not found.game.is_over():
                break
        if found is None:
            raise BookError("No round is dealt yet; deal the round in play first, like `hostkit deal --round 1`.")
        if found.rejection is not None:
            raise BookError(f"{found.rejection}")
        return ctx, part, found

    def next_prompt(
        self, tables: Tables, round_number: int | None, player: str | None, now: dt.datetime
    ) -> tuple[Prompt | None, list[str]]:
        return self._prompt(tables, round_number, player)

    def _prompt(self, tables: Tables, round_number: int | None, player: str | None) -> tuple[Prompt | None, list[str]]:
        """The option Part 2 waits for (None once it has ended) and its story so far; Part 2 keeps no clock."""
        ctx, _, part2 = self._live(tables, round_number, player)
        game = part2.game
        lines = game.story(part2.round)
        waiting = game.waiting()
        if waiting is None:
            number = part2.round
            after = (
                f"Next: round {number + 1}: `hostkit score --round {number + 1}` once its Part 1 has closed, "
                f"then `hostkit deal --round {number + 1}`."
                if number < ctx.config["rounds"]
                else "Next: `hostkit standings` names the winner and pays the garnets."
            )
            return None, lines + [f"Part 2 of round {number} has ended: {game.ended}.", game.describe_treasure(), after]
        order = ctx.roster.compact(game.order)
        return Prompt(
            f"Round {part2.round}, card {waiting.number} is {waiting.card.describe()}; the option is "
            f"{waiting.player}'s (turn {game.option + 1} of {order}). {waiting.player}: take or pass?",
            (Choice.TAKE.value, Choice.PASS.value),
        ), lines

    def decide(
        self, tables: Tables, round_number: int | None, player: str | None, choice: str, now: dt.datetime
    ) -> Outcome:
        ctx, part, part2 = self._live(tables, round_number, player)
        game = part2.game
        waiting = game.waiting()
        if waiting is None:
            raise BookError(f"Part 2 of round {part2.round} has already ended ({game.ended}); no decision is needed.")
        try:
            step = game.push(waiting.player, parse_choice(choice), waiting.number)
        except (Rejected, ValueError) as error:
            raise BookError(str(error)) from None
        forced = [(r.number, s) for r in game.reveals for s in r.steps if s.forced and s.row is None]
        new = (
            [[part2.round, n, s.player, s.choice.value] for n, s in forced if n < waiting.number]
            + [[part2.round, waiting.number, waiting.player, step.choice.value]]
            + [[part2.round, n, s.player, s.choice.value] for n, s in forced if n > waiting.number]
        )
        table = tables.get(DECISIONS_TAB)
        header = table.header if table and table.header else list(DECISIONS_HEADER)
        writes = {DECISIONS_TAB: [header] + filled(tables, DECISIONS_TAB) + new}
        writes.update(published_tabs(tables, ctx, (part, replace(part2, decisions=part2.decisions + 1))))
        return Outcome(writes=writes, summary=[step.reason])

    def undo(self, tables: Tables, round_number: int | None, player: str | None) -> Outcome:
        """Take back the round's last recorded decision, with the forced skull takes recorded after it."""
        ctx, part, part2 = self._live(tables, round_number, player)
        steps = sorted((s.row, s) for r in part2.game.reveals for s in r.steps if s.row is not None)
        gone = []
        while steps and steps[-1][1].forced:
            gone.append(steps.pop())
        if not steps:
            raise BookError(f"Round {part2.round} has no recorded decision to take back.")
        gone.append(steps.pop())
        rows = {row for row, _ in gone}
        table = tables.require(DECISIONS_TAB)
        kept = [
            r for number, r in enumerate(table.rows, start=2) if number not in rows and any(v is not None for v in r)
        ]
        left = [table.header or list(DECISIONS_HEADER)] + kept
        before = tables.replaced(DECISIONS_TAB, Table(table.name, left))
        prompt, _ = self._prompt(before, part2.round, None)
        last = gone[-1][1]
        summary = [f"Take back {DECISIONS_TAB} row {gone[-1][0]}: {last.reason}"]
        summary += [f"  and row {row}, recorded with it: {step.reason}" for row, step in reversed(gone[:-1])]
        summary.append(f"Before it: {prompt.text if prompt else 'Part 2 had ended.'}")
        undone = replay_part2(before, ctx, part)
        shown = undone if undone is not None and undone.is_shown() else None
        writes = {DECISIONS_TAB: left, **published_tabs(before, ctx, (part, shown))}
        return Outcome(writes=writes, summary=summary)

    # ---- the match

    def _check_round(self, ctx: Context, round_number: int) -> None:
        if round_number not in range(1, ctx.config["rounds"] + 1):
            raise BookError(f"Round {round_number} is not a round of this match; rounds run 1–{ctx.config['rounds']}.")

    def hindsight(self, tables: Tables) -> Hindsight:
        from hostkit.games.hap_and_grab.hindsight import hindsight

        return hindsight(tables, self.context(tables))

    def standings(self, tables: Tables) -> Outcome:
        """The match table, the public tabs of every round it sums, and (once final) what the result pays."""
        from hostkit.core.ledger import Entry, Payout

        ctx = self.context(tables)
        tallies, result = match_result(tables, ctx)
        outcome = Outcome(problems=list(ctx.problems))
        for _part, part2 in rounds_played(tables, ctx):
            if part2 is not None:
                outcome.problems += part2.reported()
        if result.final and result.winner is None:
            outcome.problems.append(Problem(CONFIG_TAB, None, result.reason))
        outcome.writes.update(published_tabs(tables, ctx, every_round=True, with_match=True))
        outcome.summary += table_text(match_rows(ctx, tallies, result))
        outcome.data = {
            "players": {p: {"treasure": result.treasure[p], "lost": p in result.lost} for p in ctx.roster.names},
            "winner": result.winner,
            "reason": result.reason,
            "final": result.final,
            "rounds": {t.number: {"treasure": t.treasure, "status": t.status} for t in tallies},
        }
        if result.final:
            match, match_id = self.match_name(ctx), self.match_id(ctx)
            due = (
                (
                    Entry(
                        match,
                        None,
                        result.winner,
                        garnets=ctx.config["winner_garnets"],
                        reason=WIN_REASON,
                        match_id=match_id,
                    ),
                )
                if result.winner is not None and ctx.config["winner_garnets"]
                else ()
            )
            outcome.payout = Payout(match_id, match, due, frozenset({WIN_REASON}))
        return outcome
