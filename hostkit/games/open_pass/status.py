"""What an Open, Pass match is waiting for: each bidding round, then the play phase, and the next command."""

from __future__ import annotations

import datetime as dt
import shlex
from collections.abc import Callable
from typing import Any

from hostkit.core.game import Context
from hostkit.core.status import GameStatus, Phase, match_phase, waiting_in
from hostkit.core.tables import BookError, Tables
from hostkit.core.times import format_span, format_time
from hostkit.games.open_pass.tabs import FINAL_TAB, read_bids, read_deadlines, read_packs, results_tab


def _round(number: int, state: str, line: str, command: str | None = None, **more: Any) -> dict[str, Any]:
    return {
        "round": number,
        "state": state,
        "phase": PHASES[state].value,
        "says": line,
        "next": command,
        "not_submitted": [],
        "waiting_for": None,
        "seconds_left": None,
        **more,
    }


PHASES = {
    "problem": Phase.SETUP,
    "no packs": Phase.SETUP,
    "waiting": Phase.SETUP,
    "bids open": Phase.OPEN,
    "decks": Phase.OPEN,
    "to score": Phase.CLOSED,
    "playing": Phase.LIVE,
    "scored": Phase.OVER,
    "over": Phase.OVER,
}
"""Each of a round's states, as a phase: a bidding round once scored, and the play phase once ranked, are over."""


def bidding_round(tables: Tables, ctx: Context, number: int, now: dt.datetime) -> dict[str, Any]:
    packs, _ = read_packs(tables, number, ctx.config["building_rounds"])
    if not packs:
        return _round(number, "no packs", "no packs typed into Packs yet", f"type round {number}'s packs in Packs")
    deadlines = read_deadlines(tables, ctx).times
    bids, _ = read_bids(tables, ctx, number, packs, deadlines)
    bidders = {b.player for b in bids}
    missing = [p for p in ctx.roster.names if p not in bidders]
    deadline = deadlines.get(number, (None, None))[1]
    score = f"hostkit score --round {number}"
    if deadline is not None and now < deadline:
        left = deadline - now
        return _round(
            number,
            "bids open",
            f"bids open, {format_span(left)} left (close at "
            f"{format_time(deadline, ctx.config.tz)}); {len(bidders)} of {len(ctx.roster.names)} have bid"
            + (f"; no bid yet from {', '.join(missing)}" if missing else ""),
            score,
            not_submitted=missing,
            seconds_left=int(left.total_seconds()),
        )
    if results_tab(number) in tables:
        return _round(number, "scored", f"scored ({len(bidders)} players bid)")
    return _round(
        number,
        "to score",
        "bids closed; not scored yet"
        if deadline
        else f"no deadline; {len(bidders)} of {len(ctx.roster.names)} have bid",
        score,
        not_submitted=missing,
    )


def play_phase(number: int, phase: Callable[[], tuple], tables: Tables, ctx: Context) -> dict[str, Any]:
    """The play phase (round `number`) as `phase` reads it: its decks, who is waiting and each player's play."""
    _, waiting, plays, _ = phase()
    unfinished = [p for p in ctx.roster.names if p in plays and not plays[p].is_over()]
    if waiting:
        missing = list(waiting)
        line = f"waiting for decks from {', '.join(missing)}"
        if unfinished:
            line += f"; still playing: {', '.join(unfinished)}"
        command = f"hostkit play --player {shlex.quote(unfinished[0])}" if unfinished else None
        return _round(number, "decks", line, command, not_submitted=missing)
    if unfinished:
        first = plays[unfinished[0]]
        return _round(
            number,
            "playing",
            "still playing: "
            + ", ".join(f"{p} (card {plays[p].next_card()} of {len(plays[p].deal.dealt)} next)" for p in unfinished),
            f"hostkit play --player {shlex.quote(unfinished[0])}",
            waiting_for={"player": unfinished[0], "card": first.next_card()},
            not_submitted=unfinished,
        )
    if FINAL_TAB in tables:
        return _round(number, "over", f"every player has finished; {FINAL_TAB} is written")
    return _round(number, "to score", "every player has finished; not ranked yet", f"hostkit score --round {number}")


def match_status(
    tables: Tables, ctx: Context, title: str, now: dt.datetime, play_round: int, phase: Callable[[], tuple]
) -> GameStatus:
    """Each round's state, the round in play with its phase and who it waits for, and the next command: the
    bidding rounds, then the play phase (round `play_round`, read by `phase`). `title` names the match."""
    rounds = []
    for number in range(1, ctx.config["building_rounds"] + 1):
        try:
            rounds.append(bidding_round(tables, ctx, number, now))
        except BookError as error:
            rounds.append(_round(number, "problem", str(error)))
    if all(r["state"] == "scored" for r in rounds):
        try:
            rounds.append(play_phase(play_round, phase, tables, ctx))
        except BookError as error:
            rounds.append(_round(play_round, "problem", str(error)))
    else:
        rounds.append(_round(play_round, "waiting", "the play phase starts once every bidding round is scored"))
    in_play_round, in_play = match_phase([(r["round"], Phase(r["phase"])) for r in rounds])
    current = next((r for r in rounds if r["round"] == in_play_round), None)
    waiting = () if current is None else waiting_in(in_play, _players(current), current["not_submitted"])
    lines = [f"{title}, as of {format_time(now.replace(microsecond=0), ctx.config.tz)}:"]
    lines += [f"  Round {r['round']}: {r['says'].rstrip('.')}." for r in rounds]
    command = next((r["next"] for r in rounds if r["next"]), None)
    return GameStatus(in_play_round, in_play, waiting, command, tuple(lines), ctx.problems, {"rounds": rounds})


def _players(listed: dict[str, Any]) -> list[str]:
    """The player a round's own waiting_for names, if any."""
    return [listed["waiting_for"]["player"]] if listed["waiting_for"] else []
