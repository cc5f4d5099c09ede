"""Hap and Grab (Death Match, 2 players): anti-haps race for turns, then Tobago treasure drafting.

Rule sheet: seeds/000_8acb406e1f75c262.txt; rulings: RULINGS.md, Hap and Grab.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from hostkit.core.anti_hap import (
    FACES,
    Answer,
    Board,
    Submission,
    TurnOrder,
    Verdict,
    board_warnings,
    build_turn_order,
    closing_time,
    generate_board,
    judge,
)
from hostkit.core.cards import Card
from hostkit.core.game import Context, Game, Outcome
from hostkit.core.rng import rng
from hostkit.core.settings import Setting, integer, text
from hostkit.core.tables import BookError, Problem, Rows, Tables, is_blank
from hostkit.core.times import format_span, format_time, parse_time

ROUNDS_TAB = "Rounds"
BOARD_TAB = "Board"
SUBMISSIONS_TAB = "Submissions"
DRAWS_TAB = "Draws"
LEADERBOARD_TAB = "Leaderboard"
BOARD_HEADER = ["Round", "Label", "Background", "Shape", "Colour"]
DRAWS_HEADER = ["Command", "Round", "Seed", "Drawn"]


def results_tab(round_number: int) -> str:
    return f"Round {round_number} Results"


@dataclass(frozen=True)
class RoundPlan:
    number: int
    row: int
    opens: dt.datetime


@dataclass(frozen=True)
class Part1:
    """A round's Part 1 judged: the answers, the turn order, and when it closed."""

    round: RoundPlan
    board: Board
    answers: tuple[Answer, ...]
    turns: TurnOrder
    closes: dt.datetime


class HapAndGrab(Game):
    name = "hap-and-grab"
    title = "Hap and Grab"
    rule_sheet = "000_8acb406e1f75c262.txt"
    min_players = 2
    max_players = 2
    settings = (
        Setting("tie_winner", "", "The player who wins a tied match (the rule sheet's Joker).", text),
        Setting("rounds", 4, "Rounds in the match.", integer(1, 20)),
        Setting("part1_minutes", 8, "Minutes Part 1 stays open after the round's Opens time.", integer(1, 600)),
        Setting("board_min_cards", 8, "Fewest cards on a generated or checked board.", integer(3, 27)),
        Setting("board_max_cards", 11, "Most cards on a generated or checked board (at most 26 labels A–Z).", integer(3, 26)),
        Setting("skulls", 3, "Skull cards in the treasure deck.", integer(0, 100)),
        Setting("sevens", 7, "7-treasure cards in the treasure deck.", integer(0, 100)),
        Setting("each_of_3_to_6", 10, "Cards of each of the treasures 3, 4, 5 and 6 in the deck.", integer(0, 100)),
        Setting("skull_value", -3, "Treasure a skull is worth.", integer(-100, 0)),
        Setting("winner_garnets", 6, "Garnets paid to the match winner.", integer(0, 1000)),
    )
    public_tabs = (LEADERBOARD_TAB, "Round * Results")
    first_steps = "fill in each round's Opens time in Rounds, then `hostkit board --round 1`."

    # ---- reading the workbook

    def _rounds(self, tables: Tables, ctx: Context) -> dict[int, RoundPlan]:
        table = tables.require(ROUNDS_TAB)
        plans: dict[int, RoundPlan] = {}
        for record in table.records("Round", "Opens"):
            try:
                number = int(record["Round"])  # type: ignore[arg-type]
            except (TypeError, ValueError):
                raise BookError(f"Rounds row {record.row}: round {record['Round']!r} is not a whole number; fix it.") from None
            if is_blank(record["Opens"]):
                continue
            try:
                opens = parse_time(record["Opens"], ctx.config.tz, ctx.config["date_order"])
            except ValueError as error:
                raise BookError(f"Rounds row {record.row}: Opens {record['Opens']!r} {error}.") from None
            plans[number] = RoundPlan(number, record.row, opens)
        return plans

    def _board(self, tables: Tables, round_number: int) -> tuple[Board, list[str]]:
        table = tables.require(BOARD_TAB)
        cards: dict[str, Card] = {}
        problems: list[str] = []
        for record in table.records(*BOARD_HEADER):
            if not _same_round(record["Round"], round_number):
                continue
            name = record.text("Label").upper()
            where = f"Board row {record.row}"
            if len(name) != 1 or not name.isalpha():
                problems.append(f"{where}: label {record['Label']!r} is not one letter; the card is left out")
                continue
            if name in cards:
                problems.append(f"{where}: label {name} is used twice; this card is left out")
                continue
            try:
                cards[name] = FACES.parse((record["Background"], record["Shape"], record["Colour"]))
            except ValueError as error:
                problems.append(f"{where}: {error}; card {name} is left out until it is fixed")
        return Board(cards), problems

    def _submissions(
        self, tables: Tables, ctx: Context, plans: dict[int, RoundPlan], round_number: int
    ) -> tuple[list[Submission], list[Problem]]:
        table = tables.require(SUBMISSIONS_TAB)
        subs: list[Submission] = []
        problems: list[Problem] = []
        for record in table.records("Timestamp", "Player", "Answer", optional=("Round",)):
            def problem(message: str) -> None:
                problems.append(Problem(table.name, record.row, message))

            try:
                at = parse_time(record["Timestamp"], ctx.config.tz, ctx.config["date_order"])
            except ValueError as error:
                problem(f"Timestamp {error}; the row is not scored.")
                continue
            round_cell = record.cells.get("Round")
            if is_blank(round_cell):
                started = [p for p in plans.values() if p.opens <= at]
                if not started:
                    problem(f"came at {format_time(at, ctx.config.tz)}, before any round opened, and its Round "
                            f"is blank; type its round or fix the Opens times.")
                    continue
                row_round = max(started, key=lambda p: p.opens).number
            else:
                try:
                    row_round = int(round_cell)  # type: ignore[arg-type]
                except (TypeError, ValueError):
                    problem(f"Round {round_cell!r} is not a round number; type the round (1–{ctx.config['rounds']}).")
                    continue
                if row_round not in range(1, ctx.config["rounds"] + 1):
                    problem(f"Round {round_cell!r} is not a round of this match (1–{ctx.config['rounds']}); "
                            f"fix the round number.")
                    continue
            if row_round != round_number:
                continue
            player = ctx.roster.match(record["Player"])
            if player is None:
                problem(f"{record.text('Player')!r} is not a player ({', '.join(ctx.roster.names)}); "
                        f"fix the name or add the player to Players.")
                continue
            if is_blank(record["Answer"]):
                problem(f"{player}'s answer is blank; nothing to score.")
                continue
            opens = plans[round_number].opens
            if at < opens:
                problem(f"came at {format_time(at, ctx.config.tz)}, before round {round_number} opened at "
                        f"{format_time(opens, ctx.config.tz)}; the row is not scored.")
                continue
            subs.append(Submission(record.row, at, player, str(record["Answer"])))
        return subs, problems

    def part1(self, tables: Tables, ctx: Context, round_number: int) -> tuple[Part1, list[Problem]]:
        """Judge one round's Part 1 from the workbook."""
        plans = self._rounds(tables, ctx)
        if round_number not in plans:
            raise BookError(
                f"Round {round_number} has no Opens time in the Rounds tab; type when Part 1 opened "
                f"(like 2026-11-21 20:00) on its row."
            )
        plan = plans[round_number]
        board, board_problems = self._board(tables, round_number)
        if not board.cards:
            raise BookError(
                f"The Board tab has no cards for round {round_number}; run `hostkit board --round {round_number}` "
                f"or type the board in."
            )
        problems = [Problem(BOARD_TAB, None, p) for p in board_problems]
        problems += [Problem(BOARD_TAB, None, f"round {round_number}: {w}") for w in board_warnings(
            board, ctx.config["board_min_cards"], ctx.config["board_max_cards"])]
        subs, sub_problems = self._submissions(tables, ctx, plans, round_number)
        problems += sub_problems
        limit = plan.opens + dt.timedelta(minutes=ctx.config["part1_minutes"])
        answers = judge(subs, board, limit, ctx.config.tz)
        correct_by = [a.player for a in answers if a.verdict is Verdict.CORRECT]
        penalties = {p: sum(a.penalty for a in answers if a.player == p) for p in ctx.roster.names}
        turns = build_turn_order(correct_by, penalties, ctx.roster.names)
        closes = closing_time(answers, len(board.anti_haps()), limit)
        return Part1(plan, board, tuple(answers), turns, closes), problems

    # ---- commands

    def board(self, tables: Tables, round_number: int, seed: int | None = None, force: bool = False) -> Outcome:
        ctx = self.context(tables)
        outcome = Outcome(problems=list(ctx.problems))
        existing, problems = self._board(tables, round_number)
        low, high = ctx.config["board_min_cards"], ctx.config["board_max_cards"]
        if existing.cards and not force:
            outcome.problems += [Problem(BOARD_TAB, None, p) for p in problems]
            warnings = board_warnings(existing, low, high)
            outcome.problems += [Problem(BOARD_TAB, None, f"round {round_number}: {w}") for w in warnings]
            outcome.summary.append(
                f"Round {round_number} already has a board of {len(existing.cards)} cards with "
                f"{len(existing.anti_haps())} anti-haps; checked it"
                + (", no warnings." if not warnings and not problems else f", {len(warnings) + len(problems)} warning(s).")
                + " Use --force to replace it with a generated one."
            )
            outcome.data = _board_json(round_number, existing, None)
            return outcome
        used = ctx.config["seed"] if seed is None else seed
        draw = f"{used}:board:{round_number}"
        board = generate_board(rng(used, "board", round_number), low, high)
        table = tables.require(BOARD_TAB)
        kept = [r for r in table.rows if not _same_round(r[0] if r else None, round_number) and any(not is_blank(v) for v in r)]
        new = [[round_number, name, *FACES.format(board.cards[name])] for name in sorted(board.cards)]
        outcome.writes[BOARD_TAB] = [table.header or list(BOARD_HEADER)] + _by_round(kept + new)
        drawn = f"{len(board.cards)} cards, {len(board.anti_haps())} anti-haps: " + "; ".join(
            f"{name} {FACES.describe(board.cards[name])}" for name in sorted(board.cards))
        outcome.writes[DRAWS_TAB] = _record_draw(tables, ["board", round_number, draw, drawn])
        outcome.summary.append(
            f"Round {round_number}: generated a board of {len(board.cards)} cards with "
            f"{len(board.anti_haps())} anti-haps (seed {draw}), written to {BOARD_TAB}."
        )
        outcome.data = _board_json(round_number, board, draw)
        return outcome

    def score(self, tables: Tables, round_number: int, now: dt.datetime) -> Outcome:
        ctx = self.context(tables)
        if round_number not in range(1, ctx.config["rounds"] + 1):
            raise BookError(f"Round {round_number} is not a round of this match; rounds run 1–{ctx.config['rounds']}.")
        part, problems = self.part1(tables, ctx, round_number)
        outcome = Outcome(problems=list(ctx.problems) + problems)
        tz = ctx.config.tz
        if now < part.round.opens:
            outcome.problems.append(Problem(ROUNDS_TAB, part.round.row, (
                f"round {round_number} has not opened yet: it opens at {format_time(part.round.opens, tz)} "
                f"({format_span(part.round.opens - now)} from now). Nothing was scored.")))
            return outcome
        if now < part.closes:
            outcome.problems.append(Problem(ROUNDS_TAB, part.round.row, (
                f"round {round_number} is still open: {format_span(part.closes - now)} left "
                f"(Part 1 closes at {format_time(part.closes, tz)}). Score it after that; nothing was scored.")))
            return outcome
        outcome.writes[results_tab(round_number)] = self._results_rows(part, ctx)
        outcome.writes[LEADERBOARD_TAB] = self._leaderboard(tables, ctx, round_number, part)
        outcome.summary += self._summary(part, ctx)
        outcome.data = self._json(part, ctx)
        return outcome

    # ---- rendering

    def _results_rows(self, part: Part1, ctx: Context) -> Rows:
        tz = ctx.config.tz
        t = part.turns
        rows: Rows = [["Timestamp", "Player", "Cards", "Verdict", "Penalty", "Reason", "Submissions row"]]
        for a in part.answers:
            rows.append([format_time(a.at, tz), a.player, a.shown, a.verdict.value, a.penalty, a.reason, a.row])
        rows += [[], ["Turn order", ctx.roster.compact(list(t.order)), ", ".join(t.order) or "(empty)"]]
        rows += [["Step", step] for step in t.steps]
        rows += [[], ["Player", "Correct", "Penalties", "Turns earned", "Turns", "Lost the match"]]
        for p in ctx.roster.names:
            rows.append([p, t.correct[p], t.penalties[p], t.earned[p], t.turns(p), _lost_text(t, p)])
        found = sum(1 for a in part.answers if a.verdict is Verdict.CORRECT)
        rows += [[], ["Anti-haps on the board", len(part.board.anti_haps())], ["Anti-haps found", found],
                 ["Part 1 closed", format_time(part.closes, tz)]]
        return rows

    def _leaderboard(self, tables: Tables, ctx: Context, round_number: int, current: Part1) -> Rows:
        rows: Rows = [["Round", "Player", "Correct", "Penalties", "Turns", "Status"]]
        for number in range(1, ctx.config["rounds"] + 1):
            if number == round_number:
                part = current
            elif results_tab(number) in tables:
                try:
                    part, _ = self.part1(tables, ctx, number)
                except BookError:
                    continue
            else:
                continue
            for p in ctx.roster.names:
                t = part.turns
                rows.append([number, p, t.correct[p], t.penalties[p], t.turns(p),
                             "lost the match (more penalties than turns)" if t.has_lost(p) else ""])
        return rows

    def _summary(self, part: Part1, ctx: Context) -> list[str]:
        t = part.turns
        lines = [f"Round {part.round.number}: {len(part.answers)} answers judged; "
                 f"{sum(a.verdict is Verdict.CORRECT for a in part.answers)} of "
                 f"{len(part.board.anti_haps())} anti-haps found."]
        for p in ctx.roster.names:
            lines.append(f"  {p}: {t.correct[p]} correct, {_count(t.penalties[p], 'penalty', 'penalties')}, "
                         f"{_count(t.turns(p), 'turn', 'turns')}"
                         + (f" - {_lost_text(t, p)}" if t.has_lost(p) else ""))
        lines.append(f"Turn order: {ctx.roster.compact(list(t.order)) or '(empty)'}")
        lines.append(f"Written: {results_tab(part.round.number)}, {LEADERBOARD_TAB}.")
        return lines

    def _json(self, part: Part1, ctx: Context) -> dict[str, Any]:
        t = part.turns
        return {
            "game": self.name,
            "round": part.round.number,
            "turn_order": list(t.order),
            "players": {p: {"correct": t.correct[p], "penalties": t.penalties[p], "turns": t.turns(p),
                            "lost": t.has_lost(p)} for p in ctx.roster.names},
            "answers": [{"timestamp": a.at.isoformat(), "player": a.player, "row": a.row, "cards": a.shown,
                         "verdict": a.verdict.value, "penalty": a.penalty, "reason": a.reason} for a in part.answers],
            "anti_haps_total": len(part.board.anti_haps()),
            "anti_haps_found": sum(a.verdict is Verdict.CORRECT for a in part.answers),
        }


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _lost_text(turns: TurnOrder, player: str) -> str:
    if not turns.has_lost(player):
        return ""
    return (f"loses the match: {turns.penalties[player]} penalties against "
            f"{turns.earned[player]} turns earned this round")


def _same_round(cell: Any, round_number: int) -> bool:
    try:
        return int(cell) == round_number
    except (TypeError, ValueError):
        return False


def _by_round(rows: Rows) -> Rows:
    def key(row: list) -> tuple:
        try:
            return (0, int(row[0]), str(row[1]))
        except (TypeError, ValueError, IndexError):
            return (1, 0, "")
    return sorted(rows, key=key)


def _record_draw(tables: Tables, entry: list) -> Rows:
    """The Draws tab with this draw's row replacing any earlier row of the same command and round."""
    table = tables.get(DRAWS_TAB)
    rows = [r for r in (table.rows if table else []) if any(not is_blank(v) for v in r)]
    rows = [r for r in rows if not (len(r) > 1 and r[0] == entry[0] and _same_round(r[1], entry[1]))]
    return [list(DRAWS_HEADER)] + rows + [entry]


def _board_json(round_number: int, board: Board, draw: str | None) -> dict[str, Any]:
    return {
        "round": round_number,
        "seed": draw,
        "cards": [{"label": name, **dict(zip(FACES.attributes, FACES.format(board.cards[name])))}
                  for name in sorted(board.cards)],
        "anti_haps": sorted(board.anti_haps()),
    }
