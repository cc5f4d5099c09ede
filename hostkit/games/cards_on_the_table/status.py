"""What a match of Cards on the Table is waiting for, round by round, and the next command to run."""

from __future__ import annotations

import datetime as dt

from hostkit.core.game import Context, Outcome
from hostkit.core.status import Phase, match_phase
from hostkit.core.tables import BookError, Tables
from hostkit.core.times import format_span, format_time

from .cards import ROUNDS
from .heat import HeatRule
from .live import round_plays
from .tabs import read_boards, read_schedule, results_tab


def match_status(title: str, ctx: Context, rule: HeatRule, tables: Tables, now: dt.datetime) -> Outcome:
    """Where a match of Cards on the Table stands: its boards, each round's window and phase, who has turned fewer
    than 2 cards in the open round, and the next command."""
    typed = read_boards(tables, rule)
    outcome = Outcome(problems=list(ctx.problems))
    lines = [f"{title}, {len(ctx.roster.names)} players."]
    lines.append("Boards: " + ("ready." if typed.boards is not None else "none yet: run `hostkit board`."))
    try:
        schedule = read_schedule(tables, ctx)
    except BookError as error:
        outcome.summary = lines + [f"{error}"]
        outcome.data = {
            "round": None,
            "phase": Phase.SETUP,
            "rounds": [],
            "open_round": None,
            "no_round_open": f"{error}",
            "fewer_than_two_cards": [],
            "next": "type round 1's Opens time in the Rounds tab",
        }
        return outcome
    tz = ctx.config.tz
    rounds = []
    phases: list[tuple[int, Phase]] = []
    for w in schedule.windows:
        scored = results_tab(w.round) in tables
        state = (
            "not open yet"
            if now < w.opens
            else "open"
            if now <= w.closes
            else "closed, scored"
            if scored
            else "closed, not scored"
        )
        phase = (
            Phase.SETUP if now < w.opens else Phase.OPEN if now <= w.closes else Phase.OVER if scored else Phase.CLOSED
        )
        phases.append((w.round, phase))
        rounds.append(
            {
                "round": w.round,
                "opens": format_time(w.opens, tz),
                "closes": format_time(w.closes, tz),
                "state": state,
                "phase": phase.value,
            }
        )
        lines.append(f"Round {w.round}: {format_time(w.opens, tz)} to {format_time(w.closes, tz)}: {state}.")
    current = schedule.round_at(now)
    waiting: list[str] = []
    if current is not None and typed.boards is not None:
        plays, _, _ = round_plays(tables, ctx, typed.boards, schedule, current)
        waiting = [p for p, play in plays.items() if len(play.turned) < 2]
        lines.append(
            f"Round {current} is open ({format_span(schedule.window(current).closes - now)} left); "
            f"fewer than 2 cards turned: {', '.join(waiting) or 'nobody'}."
        )
    closed = None if current is not None else schedule.why_closed(now, tz)
    if closed is not None:
        lines.append(f"Now: {closed}.")
    unscored = [w.round for w in schedule.windows if now > w.closes and results_tab(w.round) not in tables]
    next_command = (
        "hostkit board"
        if typed.boards is None
        else f"hostkit score --round {unscored[0]}"
        if unscored
        else "hostkit play --player NAME"
        if current is not None
        else "hostkit standings"
        if results_tab(ROUNDS[-1]) in tables
        else "wait for the next round"
    )
    outcome.summary = lines
    number, phase = match_phase(phases) if typed.boards is not None else (None, Phase.SETUP)
    outcome.data = {
        "round": number,
        "phase": phase,
        "rounds": rounds,
        "open_round": current,
        "no_round_open": closed,
        "fewer_than_two_cards": waiting,
        "next": next_command,
    }
    return outcome
