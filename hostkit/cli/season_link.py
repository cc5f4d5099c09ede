"""--season on `new` and `standings`: the season workbook a match belongs to, from the option or Config season."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from hostkit.core.tables import Tables
    from hostkit.storage.book import Book


def season_options(command: Callable) -> Callable:
    """--season FILE / --season-sheet KEY: the season workbook the match belongs to."""
    command = click.option(
        "--season-sheet", metavar="KEY_OR_URL", help="Or the season's Google Sheet: its key or address."
    )(command)
    return click.option(
        "--season",
        "season_path",
        type=click.Path(dir_okay=False),
        help="The season workbook this match belongs to: its players and pair come from there, and every "
        "payout goes to its Ledger.",
    )(command)


def season_of_match(
    season_path: str | None, season_sheet: str | None, book: Book, tables: Tables | None
) -> Book | None:
    """The season workbook --season/--season-sheet names, else the one Config season names (None when the
    match is in no season), for the caller to lock; StorageError when the two disagree."""
    from hostkit.season_matches import open_season, recorded_season
    from hostkit.storage.book import StorageError
    from hostkit.storage.xlsx import XlsxBook

    if season_path and season_sheet:
        raise StorageError("Give --season or --season-sheet, not both.")
    recorded = recorded_season(tables) if tables is not None else ""
    if not (season_path or season_sheet or recorded):
        return None
    context = click.get_current_context(silent=True)
    credentials = context.params.get("credentials") if context is not None else None
    if season_path:
        found: Book = XlsxBook(season_path)
    elif season_sheet:
        found = open_season(season_sheet, None, credentials, sheet=True)
    else:
        return open_season(recorded, book, credentials)
    if recorded and not _same(found, open_season(recorded, book, credentials)):
        raise StorageError(
            f"This match belongs to the season in {recorded} (Config season), not {found.location}; leave out "
            f"--season, or change Config season if the season workbook moved."
        )
    return found


def _same(one: Book, other: Book) -> bool:
    """Whether two workbooks are one: the same Google Sheet, or the same file behind any link."""
    from pathlib import Path

    paths = [getattr(b, "path", None) for b in (one, other)]
    if paths[0] is None or paths[1] is None:
        return one.key is not None and one.key == other.key
    return Path(paths[0]).resolve() == Path(paths[1]).resolve()
