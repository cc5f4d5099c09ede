"""A Hap and Grab match as the workbook holds it: the rounds played, the match result, and the public tabs
(and which of them players must not see yet)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Protocol

from hostkit.core.game import Context
from hostkit.core.stamped import RoundTimes
from hostkit.core.tables import BookError, Rows, Tables, is_blank
from hostkit.core.times import format_time
from hostkit.games.hap_and_grab.match_result import MatchResult, RoundTally, settle_match, tally_round
from hostkit.games.hap_and_grab.parts import Part1, Part2, judge_part1, shown_part2
from hostkit.games.hap_and_grab.render import match_rows, part2_rows, results_rows
from hostkit.games.hap_and_grab.tabs import LEADERBOARD_TAB, RoundPlan, read_piles, read_round_plans, results_tab

ROUND_TAB = re.compile(r"round (.*) (board|results)", re.S)  # as the public tabs 'Round * Board' and 'Round * Results'
UNNUMBERED = "The tab's name gives no round number, so when it may be public cannot be told; name it like 'Round 3 {}'."

Played = tuple[Part1, Part2 | None]
"""A round's Part 1 and its published Part 2 (None until the host records a decision)."""


def tie_winner(ctx: Context) -> str | None:
    typed = ctx.config["tie_winner"]
    if is_blank(typed):
        return None
    name = ctx.roster.match(typed)
    if name is None:
        raise BookError(
            f"Config tie_winner {typed!r} is not a player ({', '.join(ctx.roster.names)}); fix it or leave it blank."
        )
    return name


def rounds_played(tables: Tables, ctx: Context, current: Played | None = None, dealt: bool = True) -> list[Played]:
    """Each round that has a results tab (or, with dealt, a reveal pile), with `current` in place of its round."""
    piles = read_piles(tables) if dealt else {}
    played = []
    for number in range(1, ctx.config["rounds"] + 1):
        if current is not None and current[0].round.number == number:
            played.append(current)
            continue
        if results_tab(number) not in tables and number not in piles:
            continue
        try:
            part, _ = judge_part1(tables, ctx, number)
        except BookError:
            continue
        played.append((part, shown_part2(tables, ctx, part)))
    return played


def match_result(tables: Tables, ctx: Context, current: Played | None = None) -> tuple[list[RoundTally], MatchResult]:
    tallies = [
        tally_round(part.round.number, part.turns, part2.game if part2 is not None else None)
        for part, part2 in rounds_played(tables, ctx, current)
    ]
    return tallies, settle_match(ctx.roster.names, tallies, ctx.config["rounds"], tie_winner(ctx))


def round_tab(played: Played, ctx: Context) -> Rows:
    """A round's public results tab: Part 1, and Part 2's revealed cards once it may be published."""
    part, part2 = played
    return results_rows(part, ctx) + (part2_rows(part2, ctx) if part2 is not None else [])


def leaderboard(
    tables: Tables, ctx: Context, listed: list[Played], with_match: bool = False, current: Played | None = None
) -> Rows:
    """Part 1 of each listed round, then the match table once any treasure is won (or with_match)."""
    rows: Rows = [["Round", "Player", "Correct", "Penalties", "Turns", "Status"]]
    for part, _ in listed:
        t = part.turns
        for p in ctx.roster.names:
            rows.append(
                [
                    part.round.number,
                    p,
                    t.correct[p],
                    t.penalties[p],
                    t.turns(p),
                    "lost the match (more penalties than turns)" if t.has_lost(p) else "",
                ]
            )
    tallies, result = match_result(tables, ctx, current)
    if with_match or result.final or any(t.treasure for t in tallies):
        rows += [[]] + match_rows(ctx, tallies, result)
    return rows


def published_tabs(
    tables: Tables, ctx: Context, current: Played | None = None, every_round: bool = False, with_match: bool = False
) -> dict[str, Rows]:
    """The public tabs as they stand: `current`'s results tab (with every_round, every round played's) and the
    Leaderboard of the rounds with a results tab."""
    listed = rounds_played(tables, ctx, current, dealt=every_round)
    shown = listed if every_round else [current] if current is not None else []
    tabs = {results_tab(played[0].round.number): round_tab(played, ctx) for played in shown}
    tabs[LEADERBOARD_TAB] = leaderboard(tables, ctx, listed, with_match, current)
    return tabs


class Reads(Protocol):
    def context(self, tables: Tables) -> Context: ...


class Withholding:
    """Game.withheld for Hap and Grab: a round's board until the round opens, its results until its Part 1 has
    closed (as `score` writes them), so a round the host moves later is withdrawn."""

    def withheld(self: Reads, tables: Tables, now: dt.datetime) -> dict[str, str]:
        """Each round's board until the round opens, its results until its Part 1 has closed; while the
        settings or the Rounds tab cannot be read, every round's tabs."""
        tabs = round_tabs(tables)
        if not tabs:
            return {}
        try:
            ctx = self.context(tables)
            plans, read = read_round_plans(tables, ctx)
        except BookError as error:
            return {name: f"Whether its round has opened cannot be told: {error}" for name in tabs}
        found = {}
        for name, (number, kind) in tabs.items():
            reason = UNNUMBERED.format(kind.title()) if number is None else not_opened(ctx, number, plans, read, now)
            if reason is None and number is not None and kind == "results":
                reason = part1_open(tables, ctx, plans[number], now)
            if reason is not None:
                found[name] = reason
        return found


def round_tabs(tables: Tables) -> dict[str, tuple[int | None, str]]:
    """Each 'Round N Board' and 'Round N Results' tab in the workbook: its round (None when its name gives none)
    and kind."""
    found = {}
    for name in tables.names():
        match = ROUND_TAB.fullmatch(name.casefold())
        if match is not None:
            number = match[1].strip()
            found[name] = (int(number) if number.isdecimal() else None, match[2])
    return found


def at(moment: dt.datetime, ctx: Context) -> str:
    return f"{format_time(moment, ctx.config.tz)} {ctx.config['timezone']}"


def not_opened(
    ctx: Context, number: int, plans: dict[int, RoundPlan], read: RoundTimes, now: dt.datetime
) -> str | None:
    """Why round `number` has not opened at `now`, or None once it has."""
    rounds = ctx.config["rounds"]
    if not 1 <= number <= rounds:
        return f"Round {number} is not a round of this match (Config rounds: 1–{rounds})."
    if number in read.unreadable:
        return f"Round {number} has no readable Opens time, so it has not opened: {read.unreadable[number]}"
    if number not in plans:
        return f"Round {number} has no Opens time in the Rounds tab yet, so it has not opened."
    if now < plans[number].opens:
        return f"Round {number} opens at {at(plans[number].opens, ctx)}."
    return None


def part1_open(tables: Tables, ctx: Context, plan: RoundPlan, now: dt.datetime) -> str | None:
    """Why a round's results are not public yet, or None once its Part 1 has closed: judged only while Part 1
    may still be open (before Opens + part1_minutes), as it closes early once every anti-hap is found."""
    number = plan.number
    if now >= plan.opens + dt.timedelta(minutes=ctx.config["part1_minutes"]):
        return None
    try:
        part, _ = judge_part1(tables, ctx, number)
    except BookError as error:
        return f"Round {number}'s Part 1 cannot be judged, so its results stay private: {error}"
    if now < part.closes:
        return f"Round {number}'s Part 1 is open until {at(part.closes, ctx)}; its results are public after that."
    return None
