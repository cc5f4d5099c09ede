"""What a match's final standings record in its season: the result in Matches, Cast and the public Season tab,
written by the same commit that settles the season's Ledger."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hostkit.core.season import is_season
from hostkit.core.tables import Tables

if TYPE_CHECKING:
    from hostkit.core.game import Game, Outcome
    from hostkit.core.ledger import Entry
    from hostkit.library._plan import Record
    from hostkit.library._workbooks import Workbooks


def season_ending(books: Workbooks, game: Game, tables: Tables, outcome: Outcome) -> Record | None:
    """How the standings' result is recorded in the season the match pays into (None outside a season, or a
    season ledger that is not a season workbook). A Death Match's result adds the Main Match's DM garnets to the
    outcome's payout, so that a correction reverses them too."""
    from hostkit.core.season_steps import next_step
    from hostkit.library._season import season_option, season_tabs, where_option
    from hostkit.library._season_matches import ending

    season = books.ledger
    if season is None or not books.pays_elsewhere() or books.match is None:
        return None
    held = Tables(season.read() if season.exists() else {})
    if not is_season(held):
        return None
    ended = ending(books.match, game, tables, outcome, season, books.identity)
    if ended is None:
        return None

    def record(entries: Sequence[Entry], posted: bool) -> tuple[dict, list[str]]:
        tabs = season_tabs(ended.after, entries, held) if ended.changed or posted else {}
        nxt = next_step(ended.after, where_option(season), season_option(season))
        return tabs, [*ended.lines, f"Next in the season: {nxt}"]

    return record
