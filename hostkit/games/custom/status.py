"""What a custom match is waiting for, round by round, and the next step for the host."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from hostkit.core.game import Context
from hostkit.core.status import GameStatus, Phase, match_phase
from hostkit.core.tables import Tables
from hostkit.core.times import format_span, format_time
from hostkit.core.words import plural
from hostkit.games.custom.scoring import score_round
from hostkit.games.custom.tabs import Schedule, results_tab


@dataclass(frozen=True)
class RoundState:
    number: int
    phase: Phase
    line: str
    next: str | None = None
    waiting_for: tuple[str, ...] = ()

    def as_json(self) -> dict:
        return {
            "round": self.number,
            "phase": self.phase.value,
            "says": self.line,
            "next": self.next,
            "waiting_for": list(self.waiting_for),
        }


def round_state(tables: Tables, ctx: Context, schedule: Schedule, number: int, now: dt.datetime) -> RoundState:
    tz = ctx.config.tz
    plan = schedule.plans.get(number)
    if plan is None:
        return RoundState(
            number, Phase.SETUP, "no Opens time", f"Type round {number}'s Opens and Closes times in Rounds"
        )
    if now < plan.opens:
        line = f"opens at {format_time(plan.opens, tz)} (in {format_span(plan.opens - now)})"
        return RoundState(number, Phase.SETUP, line, f"Wait for round {number} to open")
    scored, _ = score_round(tables, ctx, number, schedule)
    score = f"hostkit score --round {number}"
    if scored.closes is not None and now < scored.closes:
        silent = tuple(p for p in ctx.roster.names if not any(a.player == p for a in scored.answers))
        line = f"open until {format_time(scored.closes, tz)} ({format_span(scored.closes - now)} left)"
        return RoundState(number, Phase.OPEN, line, f"Wait for round {number} to close", silent)
    if results_tab(number) not in tables:
        closed = "closed" if scored.closes is not None else "open, with no Closes time: score it when you end it"
        return RoundState(number, Phase.CLOSED, f"{closed}; not scored yet", score)
    if scored.waiting():
        waits = "waits" if scored.waiting() == 1 else "wait"
        line = f"scored; {plural(scored.waiting(), 'answer')} {waits} for your Verdict in Submissions"
        return RoundState(number, Phase.SCORED, line, f"Type the Verdicts, then run `{score}` again")
    return RoundState(number, Phase.OVER, "scored")


def match_status(tables: Tables, ctx: Context, schedule: Schedule, now: dt.datetime) -> GameStatus:
    states = [round_state(tables, ctx, schedule, n, now) for n in schedule.listed]
    number, phase = match_phase([(s.number, s.phase) for s in states])
    current = next((s for s in states if s.number == number), None)
    lines = [f"  Round {s.number}: {s.line}." for s in states] or ["  The Rounds tab lists no round; add one."]
    return GameStatus(
        round=number,
        phase=phase,
        waiting_for=current.waiting_for if current else (),
        next=current.next if current else "Add round 1 to the Rounds tab",
        lines=tuple(lines),
        problems=tuple(ctx.problems),
        details={"rounds": [s.as_json() for s in states]},
    )
