"""What a Paths and PAHs match is waiting for: the board, the deal, each round open or closed, who has not sent
anything, and the next command."""

from __future__ import annotations

import datetime as dt
from typing import Any

from hostkit.core.game import Context
from hostkit.core.status import GameStatus, Phase, match_phase, waiting_in
from hostkit.core.tables import Tables
from hostkit.core.times import format_span, format_time
from hostkit.games.paths_and_pahs.match import ENDGAME
from hostkit.games.paths_and_pahs.tabs import (
    ROUNDS_TAB,
    STARTING_TAB,
    RoundTimes,
    board_cells,
    has_cards,
    read_rounds,
    read_submissions,
    results_tab,
    round_name,
)

PHASES = {"not scheduled": Phase.SETUP, "not open": Phase.SETUP, "open": Phase.OPEN, "closed": Phase.CLOSED}
"""Each state of a round not scored yet, as a phase (a scored round is over)."""


def _state(times: RoundTimes | None, now: dt.datetime, tz: dt.tzinfo) -> tuple[str, str]:
    if times is None:
        return "not scheduled", f"no Opens time in {ROUNDS_TAB} yet"
    if now < times.opens:
        return "not open", f"opens at {format_time(times.opens, tz)} (in {format_span(times.opens - now)})"
    if now < times.closes:
        return "open", f"open until {format_time(times.closes, tz)} ({format_span(times.closes - now)} left)"
    return "closed", f"closed at {format_time(times.closes, tz)}"


def match_status(ctx: Context, tables: Tables, now: dt.datetime) -> GameStatus:
    """The board and the deal, each round's state, the round in play with who it waits for (nothing sent in
    the open round, or never a start), and the next step."""
    rounds = read_rounds(tables, ctx)
    laid = has_cards(board_cells(tables)[0])
    starting = tables.get(STARTING_TAB)
    dealt = starting is not None and bool(starting.filled_rows())
    lines = [f"Board: {'laid' if laid else 'not laid yet'}. Starting cards: {'dealt' if dealt else 'not dealt yet'}."]
    listed: list[dict[str, Any]] = []
    waiting: dict[str, Any] | None = None
    upcoming: str | None = None
    for number in range(1, ENDGAME + 1):
        entry, words = _round(tables, rounds.get(number), number, now, ctx.config.tz)
        listed.append(entry)
        lines.append(f"{round_name(number).capitalize()}: {words}" + ("; scored." if entry["scored"] else "."))
        if entry["state"] == "open":
            waiting = _waiting(tables, ctx, rounds, number)
            lines += _waiting_lines(waiting)
        if upcoming is None and not entry["scored"]:
            upcoming, note = _upcoming(number, entry["state"])
            lines += note
    if not laid:
        upcoming = "hostkit board --round 1"
    elif not dealt:
        upcoming = "hostkit deal --round 1"
    phases = [(r["round"], Phase(r["phase"])) for r in listed]
    current, phase = match_phase(phases) if laid and dealt else (None, Phase.SETUP)
    names = waiting["not_submitted"] + waiting["no_start"] if waiting and waiting["round"] == current else []
    details = {"rounds": listed, "waiting_for": waiting}
    return GameStatus(
        current, phase, waiting_in(phase, names), upcoming or "hostkit standings", tuple(lines), ctx.problems, details
    )


def _round(
    tables: Tables, times: RoundTimes | None, number: int, now: dt.datetime, tz: dt.tzinfo
) -> tuple[dict[str, Any], str]:
    """Round `number` as status lists it, and its state in words."""
    state, words = _state(times, now, tz)
    scored = results_tab(number) in tables
    phase = Phase.OVER if scored else PHASES[state]
    entry = {
        "round": number,
        "state": state,
        "phase": phase.value,
        "scored": scored,
        "opens": format_time(times.opens, tz) if times else None,
        "closes": format_time(times.closes, tz) if times else None,
    }
    return entry, words


def _waiting_lines(waiting: dict[str, Any]) -> list[str]:
    lines = [f"  nothing sent yet by: {', '.join(waiting['not_submitted']) or 'nobody, all have sent'}"]
    if waiting["no_start"]:
        lines.append(f"  no start sent yet (off the board): {', '.join(waiting['no_start'])}")
    return lines


def _upcoming(number: int, state: str) -> tuple[str, list[str]]:
    """The step the first round not scored needs, and a line when it has not closed yet."""
    if state == "not scheduled":
        return f"type {round_name(number)}'s Opens time in {ROUNDS_TAB}", []
    note = [f"  score it once {round_name(number)} closes"] if state != "closed" else []
    return f"hostkit score --round {number}", note


def _waiting(tables: Tables, ctx: Context, rounds: dict[int, RoundTimes], number: int) -> dict[str, Any]:
    """Who has sent no row in the open round, and (rounds 1–4) who has never sent a start."""
    sent: set[str] = set()
    started: set[str] = set()
    for n in range(1, number + 1):
        subs, _ = read_submissions(tables, ctx, rounds, n)
        for s in subs:
            if n == number:
                sent.add(s.player)
            if s.action.strip().casefold() == "start":
                started.add(s.player)
    names = ctx.roster.names
    return {
        "round": number,
        "not_submitted": [p for p in names if p not in sent],
        "no_start": [p for p in names if p not in started] if number < ENDGAME else [],
    }
