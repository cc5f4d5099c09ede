"""A Hap and Grab round as judged: Part 1's answers and turn order, Part 2's reveals replayed."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Sequence
from dataclasses import dataclass

from hostkit.core.game import Context
from hostkit.core.tables import BookError, Problem, Tables
from hostkit.core.words import plural
from hostkit.games.hap_and_grab.anti_hap import Answer, Board, TurnOrder, Verdict, closing_time, earned_turns, judge
from hostkit.games.hap_and_grab.tabs import (
    DECISIONS_TAB,
    PILE_TAB,
    RoundPlan,
    board_problems,
    decision_records,
    read_board,
    read_decision,
    read_piles,
    read_round_plans,
    read_submissions,
)
from hostkit.games.hap_and_grab.tobago import UNSEEN_CARDS, Rejected, Tobago


@dataclass(frozen=True)
class Part1:
    """A round's Part 1 judged: the answers, the turn order, and when it closed."""

    round: RoundPlan
    board: Board
    answers: tuple[Answer, ...]
    turns: TurnOrder
    closes: dt.datetime

    def found(self) -> int:
        """How many anti-haps were found."""
        return self._found

    @functools.cached_property
    def _found(self) -> int:
        """Counted once: the results tab, the summary and the chat message each say it."""
        right = Verdict.CORRECT  # looked up once: a member looked up on Verdict takes long
        return sum(a.verdict is right for a in self.answers)


@dataclass(frozen=True)
class Part2:
    """A round's Part 2 replayed from the Decisions tab: the game as it stands and where the replay stopped."""

    round: int
    game: Tobago
    decisions: int
    rejection: Problem | None
    problems: tuple[Problem, ...]

    def is_shown(self) -> bool:
        """Whether the reveals may be published: the host has recorded a decision, or none was ever needed."""
        return self.decisions > 0 or self.game.is_over()

    def reported(self) -> list[Problem]:
        """The problems found replaying it, the rejected decision last."""
        return list(self.problems) + ([self.rejection] if self.rejection else [])


def order_text(ctx: Context, order: Sequence[str]) -> str:
    """A turn order as the players read it (Reds, Craw x2, Reds), or (empty)."""
    return ctx.roster.compact(list(order)) or "(empty)"


def judge_part1(tables: Tables, ctx: Context, round_number: int) -> tuple[Part1, list[Problem]]:
    """Judge one round's Part 1 from the workbook."""
    plans, rounds = read_round_plans(tables, ctx)
    if round_number not in plans:
        raise BookError(
            rounds.unreadable.get(
                round_number,
                (
                    f"Round {round_number} has no Opens time in the Rounds tab; type when Part 1 opened "
                    f"(like 2026-11-21 20:00) on its row."
                ),
            )
        )
    plan = plans[round_number]
    board, unreadable = read_board(tables, round_number)
    if not board.cards:
        raise BookError(
            f"The Board tab has no cards for round {round_number}; run `hostkit board --round {round_number}` "
            f"or type the board in."
        )
    problems = rounds.problems + board_problems(board, unreadable, ctx, round_number)
    subs, sub_problems = read_submissions(tables, ctx, plans, round_number)
    problems += sub_problems
    limit = plan.opens + dt.timedelta(minutes=ctx.config["part1_minutes"])
    answers = judge(subs, board, limit, ctx.config.tz)
    closes = closing_time(answers, len(board.anti_haps()), limit)
    return Part1(plan, board, tuple(answers), earned_turns(answers, ctx.roster.names), closes), problems


def replay_part2(tables: Tables, ctx: Context, part: Part1) -> Part2 | None:
    """Replay a dealt round's Decisions against the rules; None when the round is not dealt."""
    number = part.round.number
    pile = read_piles(tables).get(number)
    if pile is None:
        return None
    records, problems = decision_records(tables, number)
    order = part.turns.order
    strangers = sorted({d.peeked_by for d in pile if d.peeked_by is not None} - set(ctx.roster.names))
    unseen = sum(d.peeked_by is None for d in pile)
    if strangers or unseen > UNSEEN_CARDS:
        odd = (
            f"peeks by {', '.join(map(repr, strangers))}, who {'is' if len(strangers) == 1 else 'are'} not a player"
            if strangers
            else f"{unseen} unseen cards, not {UNSEEN_CARDS}"
        )
        problems.append(
            Problem(
                PILE_TAB,
                None,
                f"round {number}'s pile holds {odd}; re-deal with `hostkit deal --round {number} --force`.",
            )
        )
    for p in ctx.roster.names:
        peeks = sum(1 for d in pile if d.peeked_by == p)
        if peeks != order.count(p):
            problems.append(
                Problem(
                    PILE_TAB,
                    None,
                    (
                        f"round {number} was dealt {plural(peeks, 'peek')} for {p}, but Part 1 now gives {p} "
                        f"{plural(order.count(p), 'turn')}; re-deal with `hostkit deal --round {number} --force`."
                    ),
                )
            )
    game = Tobago(
        order, [d.card for d in pile], ctx.roster.names, ctx.config["skull_value"], show=lambda o: order_text(ctx, o)
    )
    rejection = None
    for record in records:
        try:
            game.push(*read_decision(record, ctx), row=record.row)
        except Rejected as error:
            rejection = Problem(
                DECISIONS_TAB,
                record.row,
                (f"{error}. The replay stops here: fix or delete this row (the rows after it are not replayed yet)."),
            )
            break
    return Part2(number, game, len(records), rejection, tuple(problems))


def shown_part2(tables: Tables, ctx: Context, part: Part1) -> Part2 | None:
    """The round's Part 2 once it may be published, else None."""
    part2 = replay_part2(tables, ctx, part)
    return part2 if part2 is not None and part2.is_shown() else None
