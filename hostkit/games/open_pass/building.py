"""A deck-building round of Open, Pass read from its tabs (packs, bids, trades) and decided from the
inventories the round before left."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from hostkit.core.game import Context
from hostkit.core.tables import BookError, Problem, Tables
from hostkit.core.words import plural
from hostkit.games.open_pass.packs import RoundResult, decide_round, judge_bids
from hostkit.games.open_pass.tabs import (
    PACKS_TAB,
    TRADES_TAB,
    read_bids,
    read_packs,
    read_trades,
)


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
