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
    from hostkit.cli.targets import same_file
    from hostkit.season_matches import open_season, recorded_season
    from hostkit.storage.book import StorageError
    from hostkit.storage.xlsx import XlsxBook

    if season_path and season_sheet:
        raise StorageError("Give --season or --season-sheet, not both.")
    recorded = recorded_season(tables) if tables is not None else ""
    if not (season_path or season_sheet or recorded):
        return None
    credentials = click.get_current_context().params.get("credentials")
    if season_path:
        found: Book = XlsxBook(season_path)
    elif season_sheet:
        found = open_season(season_sheet, None, credentials, sheet=True)
    else:
        return open_season(recorded, book, credentials)
    if recorded and not same_file(found, open_season(recorded, book, credentials)):
        raise StorageError(
            f"This match belongs to the season in {recorded} (Config season), not {found.location}; leave out "
            f"--season, or change Config season if the season workbook moved."
        )
    return found
