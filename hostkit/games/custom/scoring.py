"""A custom round judged from the workbook: its key, its answers, its turn order, its points and its Threshold."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from hostkit.core.game import Context
from hostkit.core.tables import Problem, Tables
from hostkit.core.threshold import Award, threshold
from hostkit.core.words import plural
from hostkit.games.custom.judge import Judged, KeyAnswer, Verdict, closing_time, judge
from hostkit.games.custom.settings import Rules, rules_of
from hostkit.games.custom.tabs import RoundPlan, Schedule, read_key, read_schedule, read_sent, round_plan
from hostkit.games.custom.turns import TurnOrder, build_turns


@dataclass(frozen=True)
class Scored:
    """A round judged: what each player's answers scored, and the Threshold award on top."""

    plan: RoundPlan
    rules: Rules
    key: tuple[KeyAnswer, ...]
    answers: tuple[Judged, ...]
    turns: TurnOrder | None
    closes: dt.datetime | None
    points: dict[str, int]
    award: Award | None
    award_points: int

    @property
    def number(self) -> int:
        return self.plan.number

    def bonus(self, player: str) -> int:
        return self.award_points if self.award is not None and player in self.award.winners else 0

    def total(self, player: str) -> int:
        return self.points[player] + self.bonus(player)

    def count(self, player: str, verdict: Verdict) -> int:
        return sum(a.player == player and a.verdict is verdict for a in self.answers)

    def incorrect(self, player: str) -> int:
        return sum(a.player == player and a.incorrect for a in self.answers)

    def missed(self) -> list[KeyAnswer]:
        """The key's answers nobody found."""
        found = {a.normal for a in self.answers if a.first}
        return [k for k in self.key if k.normal not in found]

    def waiting(self) -> int:
        return sum(a.verdict is Verdict.WAITING for a in self.answers)


def score_round(
    tables: Tables, ctx: Context, round_number: int, schedule: Schedule | None = None
) -> tuple[Scored, list[Problem]]:
    """Judge round N from the workbook; BookError when it cannot be (no Opens time)."""
    schedule = schedule or read_schedule(tables, ctx)
    plan = round_plan(schedule, round_number)
    rules = rules_of(ctx.config)
    problems = list(schedule.problems)
    key: list[KeyAnswer] = []
    if rules.judge != "host":
        key, key_problems = read_key(tables, round_number, rules, schedule.listed)
        problems += key_problems
    sent, sent_problems = read_sent(tables, ctx, schedule, round_number, rules)
    problems += sent_problems
    answers = judge(sent, key, rules, plan.closes, ctx.config.tz)
    names = ctx.roster.names
    points = {p: sum(a.points for a in answers if a.player == p) for p in names}
    n = ctx.config["round_threshold"]
    award = threshold(points, n, what=f"{plural(ctx.config['round_threshold_points'], 'point')}") if n else None
    return Scored(
        plan,
        rules,
        tuple(key),
        tuple(answers),
        build_turns(answers, names, rules) if rules.turn_every else None,
        closing_time(answers, key, plan.closes, rules),
        points,
        award,
        ctx.config["round_threshold_points"],
    ), problems
