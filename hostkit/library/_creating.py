"""`new`: a match workbook made from its game's template, on its own or in a season."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from hostkit.errors import BadInput
from hostkit.library._plan import LEDGER, MATCH, Plan
from hostkit.library._report import Report
from hostkit.library._workbooks import Workbooks, open_book

if TYPE_CHECKING:
    from hostkit.core.game import Game
    from hostkit.storage.book import Book


def new_match(
    book: Book | str | Path,
    game: str,
    players: str | Sequence[str] | None = None,
    *,
    seed: int | None = None,
    force: bool = False,
    season: Book | str | Path | None = None,
    season_sheet: str | None = None,
    credentials: str | Path | None = None,
    hold: Callable[[Book], None] = lambda book: None,
) -> Report:
    """Lay a new match of `game` into `book` (a workbook, or an .xlsx path) for `players` (a list, or names
    separated by commas): seeded with `seed` (else a fresh random one), over an existing match only with force.
    In a season (`season`, a season workbook or its .xlsx path, or `season_sheet`), the players default to those
    still in, its Config records the season, and the season records its start; `hold` locks the season workbook."""
    import secrets

    from hostkit.games import load_game
    from hostkit.library._commit import commit

    names = _names(players)
    rules = load_game(game)
    match = book if not isinstance(book, (str, Path)) else open_book(book, None)
    joined = _season(season, season_sheet, credentials)
    if joined is not None:
        hold(joined)
    if joined is None and names is None:
        raise BadInput('Say who plays: --players "Reds,Craw" (or --season FILE for the players still in).')
    name = ""
    if joined is not None:
        from hostkit.library._season_matches import starting

        name, names = starting(joined, rules, names)
    assert names is not None
    seed = secrets.randbelow(10**9) if seed is None else seed
    match_id = f"{rules.name}-{secrets.token_hex(5)}"
    plan = _plan(match, joined, rules, names, seed, match_id, name, force)
    report = commit(Workbooks(match, ledger=joined), plan)
    data = {"game": rules.name, "match_id": match_id, "players": names, "seed": seed}
    return Report("new", report.summary, data=data, next=report.next)


def _names(players: str | Sequence[str] | None) -> list[str] | None:
    from hostkit.core.players import parse_player_list

    try:
        return parse_player_list(players) if isinstance(players, str) else None if players is None else list(players)
    except ValueError as error:
        raise BadInput(f"--players: {error}.") from None


def _season(season: Book | str | Path | None, sheet: str | None, credentials: str | Path | None) -> Book | None:
    if season is not None and sheet is not None:
        raise BadInput("Give --season or --season-sheet, not both.")
    if season is None and sheet is None:
        return None
    if season is not None and not isinstance(season, (str, Path)):
        return season
    return open_book(season, sheet, credentials)


def _plan(
    match: Book, season: Book | None, rules: Game, names: list[str], seed: int, match_id: str, name: str, force: bool
) -> Plan:
    """The new match's tabs (its Config naming its season), and the season's tabs with the match started."""
    from hostkit.core.settings import CONFIG_TAB, with_setting

    tabs = rules.new_book(names, seed, match_id=match_id)
    if match.timezone:
        tabs[CONFIG_TAB] = with_setting(tabs[CONFIG_TAB], "timezone", match.timezone)
    summary = [f"Created {match.location}: {rules.title} for {', '.join(names)}, seed {seed}."]
    writes = {MATCH: tabs}
    if season is not None:
        from hostkit.library._season_matches import match_config, record_start

        tabs[CONFIG_TAB] = match_config(tabs[CONFIG_TAB], season, match, name, rules)
        writes[LEDGER], said = record_start(season, match, rules, name, names, match_id)
        summary.append(said)
    if rules.first_steps:
        summary.append(f"Next: {rules.first_steps}")
    return Plan("new", writes=writes, summary=tuple(summary), messages=False, create=True, force=force)
