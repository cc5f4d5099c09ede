"""The season workbook a match belongs to (the one named with --season, else the one Config season names), and
where each workbook names the other: a match's Config season, the season's Matches tab."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from hostkit.core.season import PLAYING, WAITING
from hostkit.core.settings import CONFIG_TAB, given_setting
from hostkit.errors import StorageError

SEASON_SETTING = "season"
"""The match Config setting naming the season workbook the match belongs to."""

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


def open_season(value: str, match: Book | None, credentials: str | None, sheet: bool = False) -> Book:
    """The season workbook Config season names: an .xlsx path (from the match's folder), or a Google Sheet's
    key (or address)."""
    if not sheet and value.casefold().endswith(".xlsx"):
        from hostkit.storage.xlsx import XlsxBook

        path = Path(value).expanduser()
        home = getattr(match, "path", None) if match is not None else None
        if not path.is_absolute() and home is not None:
            path = Path(home).parent / path
        return XlsxBook(season_file(path, f"Config season ({value})"))
    from hostkit.storage.sheets import SheetsBook

    return SheetsBook.open(value, credentials)


def season_file(path: Path, named: str) -> Path:
    """The path of a season workbook, refused in one sentence when it is there but is no file (a folder, a FIFO,
    a device), which no workbook can be read from."""
    if path.exists() and not path.is_file():
        what = "a folder" if path.is_dir() else "a pipe or a device, not a file"
        raise StorageError(f"{named} names {path}, which is {what}; give the path of the season's .xlsx workbook.")
    return path


def recorded_season(tables: Tables) -> str:
    """Config season of a match workbook ('' when the match is in no season)."""
    config = tables.get(CONFIG_TAB)
    if config is None or not (config.has_column("Key") and config.has_column("Value")):
        return ""
    return given_setting(tables, SEASON_SETTING)
