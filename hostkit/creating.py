"""`new`: a match workbook made from its game's template, on its own or in a season."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from hostkit.errors import BadInput
from hostkit.report import Report

if TYPE_CHECKING:
    from hostkit.storage.book import Book


def new_match(
    book: Book,
    game: str,
    players: str | Sequence[str] | None = None,
    *,
    seed: int | None = None,
    force: bool = False,
    season: str | None = None,
    season_sheet: str | None = None,
    hold: Callable[[Book], None] = lambda book: None,
) -> Report:
    """Lay a new match of `game` into `book` for `players` (a list, or names separated by commas): seeded with
    `seed` (else a fresh random one), over an existing match only with force. In a season (`season`, a season
    workbook, or `season_sheet`), the players default to those still in, its Config records the season, and the
    season records its start; `hold` locks the season workbook."""
    import secrets

    from hostkit.core.players import parse_player_list
    from hostkit.core.settings import CONFIG_TAB, with_setting
    from hostkit.games import load_game
    from hostkit.season_link import season_of_match

    try:
        names = parse_player_list(players) if isinstance(players, str) else None if players is None else list(players)
    except ValueError as error:
        raise BadInput(f"--players: {error}.") from None
    rules = load_game(game)
    in_season = season_of_match(season, season_sheet, book, None)
    if in_season is not None:
        hold(in_season)
    if in_season is None and names is None:
        raise BadInput('Say who plays: --players "Reds,Craw" (or --season FILE for the players still in).')
    if in_season is not None:
        from hostkit.season_matches import starting

        name, names = starting(in_season, rules, names)
    assert names is not None
    seed = secrets.randbelow(10**9) if seed is None else seed
    match_id = f"{rules.name}-{secrets.token_hex(5)}"
    tabs = rules.new_book(names, seed, match_id=match_id)
    if book.timezone:
        tabs[CONFIG_TAB] = with_setting(tabs[CONFIG_TAB], "timezone", book.timezone)
    if in_season is not None:
        from hostkit.season_matches import match_config

        tabs[CONFIG_TAB] = match_config(tabs[CONFIG_TAB], in_season, book, name, rules)
    book.create(tabs, force=force)
    summary = [f"Created {book.location}: {rules.title} for {', '.join(names)}, seed {seed}."]
    if in_season is not None:
        from hostkit.season_matches import record_start

        summary.append(record_start(in_season, book, rules, name, names, match_id))
    if rules.first_steps:
        summary.append(f"Next: {rules.first_steps}")
    data = {"game": rules.name, "match_id": match_id, "players": list(names), "seed": seed}
    return Report("new", tuple(summary), data=data)
