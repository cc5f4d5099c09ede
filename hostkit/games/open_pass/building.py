"""A deck-building round of Open, Pass read from its tabs (packs, bids, trades) and decided from the
inventories the round before left; and whether players may see its results yet."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from typing import Protocol

from hostkit.core.game import Context
from hostkit.core.stamped import RoundTimes
from hostkit.core.tables import BookError, Problem, Tables
from hostkit.core.times import format_time
from hostkit.core.words import plural
from hostkit.games.open_pass.packs import RoundResult, decide_round, judge_bids
from hostkit.games.open_pass.tabs import (
    PACKS_TAB,
    TRADES_TAB,
    read_bids,
    read_deadlines,
    read_packs,
    read_trades,
)

RESULTS_TAB = re.compile(r"round (.*) results", re.S)  # as the public tabs 'Round * Results'


def building_round(
    tables: Tables,
    ctx: Context,
    number: int,
    before: dict[str, tuple[str, ...]],
    deadlines: dict[int, tuple[int, dt.datetime]],
) -> RoundResult:
    packs, problems = read_packs(tables, number, ctx.config["building_rounds"])
    if not packs:
        raise BookError(
            f"The Packs tab has no packs for round {number}; type the round's packs "
            f"(Round, Pack, Kind, Size, Cards) first."
        )
    if len(packs) != ctx.config["packs_per_round"]:
        problems.append(
            Problem(
                PACKS_TAB,
                None,
                f"round {number} offers {plural(len(packs), 'pack')}, not "
                f"{ctx.config['packs_per_round']}; scored as typed.",
            )
        )
    bids, bid_problems = read_bids(tables, ctx, number, packs, deadlines)
    trades, trade_problems = read_trades(tables, ctx, number)
    deadline = deadlines.get(number, (None, None))[1]
    bids = judge_bids(bids, deadline, ctx.config.tz)
    result = decide_round(
        number,
        deadline,
        packs,
        bids,
        trades,
        before,
        ctx.roster.names,
        ctx.config["pity_card"],
        ctx.config["pity_without_bid"] == "yes",
    )
    rejected = [Problem(TRADES_TAB, t.row, f"trade rejected: {t.reason}.") for t in result.trades if not t.accepted]
    return replace(result, problems=tuple(problems + bid_problems + trade_problems + rejected))


class Reads(Protocol):
    def context(self, tables: Tables) -> Context: ...


class Withholding:
    """Game.withheld for Open, Pass: a deck-building round's results (how often each pack was chosen) until its
    bids close at the round's Deadline (as `score` writes them), so a round whose Deadline moves later is
    withdrawn."""

    def withheld(self: Reads, tables: Tables, now: dt.datetime) -> dict[str, str]:
        """Each deck-building round's results until its Deadline has passed (a round with no Deadline takes no
        late bids, so its results stand); while the settings or the Rounds tab cannot be read, all of them."""
        tabs = results_tabs(tables)
        if not tabs:
            return {}
        try:
            ctx = self.context(tables)
            read = read_deadlines(tables, ctx)
        except BookError as error:
            return {name: f"Whether its round's bids have closed cannot be told: {error}" for name in tabs}
        found = {}
        for name, number in tabs.items():
            reason = bids_open(ctx, read, number, now)
            if reason is not None:
                found[name] = reason
        return found


def results_tabs(tables: Tables) -> dict[str, int | None]:
    """Each 'Round N Results' tab in the workbook, and its round (None when its name gives none)."""
    found = {}
    for name in tables.names():
        match = RESULTS_TAB.fullmatch(name.casefold())
        if match is not None:
            number = match[1].strip()
            found[name] = int(number) if number.isdecimal() else None
    return found


def bids_open(ctx: Context, read: RoundTimes, number: int | None, now: dt.datetime) -> str | None:
    """Why round `number`'s results are not public yet, or None once its bids have closed."""
    if number is None:
        return (
            "The tab's name gives no round number, so when it may be public cannot be told; name it like "
            "'Round 3 Results'."
        )
    rounds = ctx.config["building_rounds"]
    if not 1 <= number <= rounds:
        return f"Round {number} is not a deck-building round of this match (Config building_rounds: 1–{rounds})."
    if number in read.unreadable:
        return f"Round {number}'s Deadline cannot be read, so its bids may still be open: {read.unreadable[number]}"
    if number in read.times and now < read.times[number][1]:
        deadline = format_time(read.times[number][1], ctx.config.tz)
        return f"Round {number}'s bids close at {deadline} {ctx.config['timezone']}; its results are public after that."
    return None
