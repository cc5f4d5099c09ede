"""The season workbook a match belongs to (the one named with --season, else the one Config season names), and
where each workbook names the other: a match's Config season, the season's Matches tab."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from hostkit.core.season import PLAYING, WAITING

if TYPE_CHECKING:
    from hostkit.core.season import Season
    from hostkit.core.tables import Tables
    from hostkit.storage.book import Book


def season_of_match(
    season_path: str | None, season_sheet: str | None, book: Book, tables: Tables | None
) -> Book | None:
    """The season workbook --season/--season-sheet names, else the one Config season names (None when the
    match is in no season), for the caller to lock; StorageError when the two disagree."""
    from hostkit.errors import BadInput
    from hostkit.season_matches import open_season, recorded_season, season_file
    from hostkit.storage.book import StorageError
    from hostkit.storage.xlsx import XlsxBook

    if season_path and season_sheet:
        raise BadInput("Give --season or --season-sheet, not both.")
    recorded = recorded_season(tables) if tables is not None else ""
    if not (season_path or season_sheet or recorded):
        return None
    credentials = book.credentials
    if season_path:
        found: Book = XlsxBook(season_file(Path(season_path), "--season"))
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


def lost_workbooks(book: Book, season: Season) -> list[str]:
    """The matches under way whose .xlsx workbook (a path from the season workbook's folder) is not there."""
    home = getattr(book, "path", None)
    if home is None:
        return []
    return [
        m.name
        for m in season.matches
        if m.state in (PLAYING, WAITING)
        and m.workbook.casefold().endswith(".xlsx")
        and not (Path(home).parent / Path(m.workbook).expanduser()).is_file()
    ]


def recorded_where(season: Book, match: Book) -> str:
    """How a match's Config names its season: the season file's path from the match's folder, or the key."""
    if season.key:
        return season.key
    where = Path(str(getattr(season, "path", season.location))).resolve()
    home = getattr(match, "path", None)
    if home is not None and where.is_relative_to(Path(home).resolve().parent):
        return str(where.relative_to(Path(home).resolve().parent))
    return str(where)


def workbook_where(match: Book, season: Book) -> str:
    """Where a match's workbook is, as the season's Matches tab names it."""
    if match.key:
        return match.key
    where = Path(str(getattr(match, "path", match.location))).resolve()
    home = getattr(season, "path", None)
    if home is not None and where.is_relative_to(Path(home).resolve().parent):
        return str(where.relative_to(Path(home).resolve().parent))
    return str(where)
