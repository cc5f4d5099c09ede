"""What a match of Cards on the Table is waiting for, round by round, and the next command to run."""

from __future__ import annotations

import datetime as dt
from typing import Any

from hostkit.core.game import Context
from hostkit.core.status import GameStatus, Phase, match_phase, waiting_in
from hostkit.core.tables import BookError, Tables
from hostkit.core.times import format_span, format_time

from .cards import ROUNDS
from .heat import HeatRule
from .live import round_plays
from .schedule import Schedule, Window
from .tabs import read_boards, read_schedule, results_tab


def match_status(title: str, ctx: Context, rule: HeatRule, tables: Tables, now: dt.datetime) -> GameStatus:
    """Where a match of Cards on the Table stands: its boards, each round's window and phase, who has turned fewer
    than 2 cards in the open round (who it waits for), and the next command."""
    typed = read_boards(tables, rule)
    lines = [f"{title}, {len(ctx.roster.names)} players."]
    lines.append("Boards: " + ("ready." if typed.boards is not None else "none yet: run `hostkit board`."))
    try:
        schedule = read_schedule(tables, ctx)
    except BookError as error:
        lines.append(f"{error}")
        refused: dict[str, Any] = {
            "rounds": [],
            "open_round": None,
            "no_round_open": f"{error}",
            "fewer_than_two_cards": [],
        }
        command = "type round 1's Opens time in the Rounds tab"
        return GameStatus(None, Phase.SETUP, (), command, tuple(lines), ctx.problems, refused)
    rounds = [_window(w, tables, now, ctx.config.tz) for w in schedule.windows]
    lines += [f"Round {r['round']}: {r['opens']} to {r['closes']}: {r['state']}." for r in rounds]
    current = schedule.round_at(now)
    waiting: list[str] = []
    if current is not None and typed.boards is not None:
        plays, _, _ = round_plays(tables, ctx, typed.boards, schedule, current)
        waiting = [p for p, play in plays.items() if len(play.turned) < 2]
        lines.append(
            f"Round {current} is open ({format_span(schedule.window(current).closes - now)} left); "
            f"fewer than 2 cards turned: {', '.join(waiting) or 'nobody'}."
        )
    closed = None if current is not None else schedule.why_closed(now, ctx.config.tz)
    if closed is not None:
        lines.append(f"Now: {closed}.")
    phases = [(r["round"], Phase(r["phase"])) for r in rounds]
    number, phase = match_phase(phases) if typed.boards is not None else (None, Phase.SETUP)
    details: dict[str, Any] = {
        "rounds": rounds,
        "open_round": current,
        "no_round_open": closed,
        "fewer_than_two_cards": waiting,
    }
    return GameStatus(
        number,
        phase,
        waiting_in(phase, waiting) if number == current else (),
        _next_step(typed.boards is not None, schedule, tables, current, now),
        tuple(lines),
        ctx.problems,
        details,
    )


def _window(w: Window, tables: Tables, now: dt.datetime, tz: dt.tzinfo) -> dict[str, Any]:
    """A round's window as status lists it: its times, its state in words and its phase."""
    scored = results_tab(w.round) in tables
    if now < w.opens:
        state, phase = "not open yet", Phase.SETUP
    elif now <= w.closes:
        state, phase = "open", Phase.OPEN
    else:
        state, phase = ("closed, scored", Phase.OVER) if scored else ("closed, not scored", Phase.CLOSED)
    return {
        "round": w.round,
        "opens": format_time(w.opens, tz),
        "closes": format_time(w.closes, tz),
        "state": state,
        "phase": phase.value,
    }


def _next_step(boards: bool, schedule: Schedule, tables: Tables, current: int | None, now: dt.datetime) -> str:
    """The board first, then the first closed round not scored, the open round's play, then the standings."""
    unscored = [w.round for w in schedule.windows if now > w.closes and results_tab(w.round) not in tables]
    if not boards:
        return "hostkit board"
    if unscored:
        return f"hostkit score --round {unscored[0]}"
    if current is not None:
        return "hostkit play --player NAME"
    if results_tab(ROUNDS[-1]) in tables:
        return "hostkit standings"
    return "wait for the next round"
