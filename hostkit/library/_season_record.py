"""What a match's final standings record in its season: the result in Matches, Cast and the public Season tab,
written by the same commit that settles the season's Ledger."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from hostkit.core.season import is_season
from hostkit.core.settings import CONFIG_TAB
from hostkit.core.tables import Tables
from hostkit.library._plan import MATCH

if TYPE_CHECKING:
    from hostkit.core.game import Game, Outcome
    from hostkit.core.ledger import Entry
    from hostkit.library._plan import Plan
    from hostkit.library._workbooks import Workbooks


def in_season(books: Workbooks, game: Game, tables: Tables, outcome: Outcome, plan: Plan) -> Plan:
    """The standings' plan with what the season records (the plan as it is outside a season, or in a season
    ledger that is not a season workbook): a Death Match's result adds the Main Match's DM garnets to what it
    pays, so that a correction reverses them too, and a match joining the season now names it in its Config."""
    from hostkit.core.season_steps import next_step
    from hostkit.library._season import season_tabs
    from hostkit.library._season_matches import ending
    from hostkit.library._workbooks import where

    season = books.ledger
    if season is None or not books.pays_elsewhere() or books.match is None:
        return plan
    held = Tables(season.read() if season.exists() else {})
    if not is_season(held):
        return plan
    ended = ending(books.match, game, tables, outcome, season, books.identity)
    if ended is None:
        return plan

    def record(entries: Sequence[Entry], posted: bool) -> tuple[dict, list[str]]:
        tabs = season_tabs(ended.after, entries, held) if ended.changed or posted else {}
        nxt = next_step(ended.after, where(season), where(season, "season"))
        return tabs, [*ended.lines, f"Next in the season: {nxt}"]

    match = {**plan.writes.get(MATCH, {}), **({CONFIG_TAB: ended.config} if ended.config is not None else {})}
    return replace(plan, payout=ended.payout, record=record, writes={**plan.writes, MATCH: match})
