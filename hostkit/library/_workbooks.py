"""The workbooks of a step, resolved once: the match workbook, the players' workbook and the workbook the match
pays into, with the match's identity. The only place that decides where a match pays, whether two workbooks are
one, and how a workbook is named to a host (a path from a folder, a --book or --sheet option).

A match pays into the workbook its Config `season` names (a season workbook, or a season ledger), else into its
own Ledger tab. `--ledger` and `--season` name it for a step; the first step that pays into another workbook
records it in Config `season`. Config `ledger_book`, which older matches wrote, is still read.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from hostkit.errors import BadInput, StorageError

if TYPE_CHECKING:
    from hostkit.core.game import Identity
    from hostkit.core.tables import Tables
    from hostkit.storage.book import Book

PAYS_INTO = "season"
"""The match Config setting naming the workbook it belongs to and pays into."""
OLD_PAYS_INTO = "ledger_book"
"""What older matches wrote for a season ledger given with --ledger: read, never written."""


def open_book(
    path: str | Path | None,
    sheet: str | None,
    credentials: str | Path | None = None,
    progress: Callable[[str], None] | None = None,
) -> Book:
    """The workbook at `path` (an .xlsx file) or the Google Sheet `sheet` (its key or address): exactly one."""
    if path and sheet:
        raise BadInput("Give --book FILE or --sheet KEY, not both.")
    if sheet:
        from hostkit.storage.sheets import SheetsBook

        return SheetsBook.open(sheet, None if credentials is None else str(credentials), progress=progress)
    if not path:
        raise BadInput("Say which workbook: --book FILE (an .xlsx file) or --sheet KEY (a Google Sheet).")
    from hostkit.storage.xlsx import XlsxBook

    return XlsxBook(path, progress=progress)


def same_file(one: Book, other: Book) -> bool:
    """Whether two workbooks are one: the same Google Sheet, or the same file behind any link."""
    if one.path is None or other.path is None:
        return one.key is not None and one.key == other.key
    return one.path.resolve() == other.path.resolve()


def relative(book: Book, home: Book | None) -> str:
    """How `home` names `book` in a cell: a Google Sheet's key, or the file's path from home's folder (whole when
    it lies elsewhere)."""
    if book.key or book.path is None:
        return book.key or book.location
    where = book.path.resolve()
    if home is not None and home.path is not None and where.is_relative_to(home.path.resolve().parent):
        return str(where.relative_to(home.path.resolve().parent))
    return str(where)


def where(book: Book, flag: str = "book") -> str:
    """The option naming this workbook, shell-quoted for a host to copy: `--book FILE` or `--sheet KEY`; with
    flag "public", `--public-book`/`--public-sheet`; "season", `--season`/`--season-sheet`."""
    files = {"book": "--book", "public": "--public-book", "season": "--season", "ledger": "--ledger"}
    sheets = {"book": "--sheet", "public": "--public-sheet", "season": "--season-sheet", "ledger": "--ledger-sheet"}
    if book.key:
        return f"{sheets[flag]} {shlex.quote(book.key)}"
    return f"{files[flag]} {shlex.quote(book.location)}"


def named_in(value: str, home: Book | None, credentials: str | None) -> Book:
    """The workbook a cell names: an .xlsx path (from home's folder), or a Google Sheet's key or address."""
    if value.casefold().endswith(".xlsx"):
        from hostkit.storage.xlsx import XlsxBook

        path = Path(value).expanduser()
        if not path.is_absolute() and home is not None and home.path is not None:
            path = home.path.parent / path
        if path.exists() and not path.is_file():  # no workbook is read from a folder, a pipe or a device
            what = "a folder" if path.is_dir() else "a pipe or a device, not a file"
            raise StorageError(
                f"Config {PAYS_INTO} names {path}, which is {what}; give the path of the .xlsx workbook."
            )
        return XlsxBook(path)
    from hostkit.storage.sheets import SheetsBook

    return SheetsBook.open(value, credentials)


@dataclass
class Workbooks:
    """The workbooks one step reads and writes. `ledger` is where the match pays (the match workbook itself
    unless a season workbook or season ledger is named); `season_named` says a step named it (--ledger,
    --season), so that the match's Config records it."""

    match: Book | None
    public: Book | None = None
    ledger: Book | None = None
    identity: Identity | None = None
    credentials: str | None = None
    season_named: bool = False
    copy: Book | None = None
    """The .xlsx copy a Google Sheet was pulled into (`pull`, `push`)."""

    def pays_elsewhere(self) -> bool:
        return self.ledger is not None and self.ledger is not self.match

    def books(self) -> list[Book]:
        """Every workbook of the step, each once: the match's, the players', the one it pays into."""
        found: list[Book] = []
        for book in (self.match, self.public, self.ledger):
            if book is not None and not any(book is other for other in found):
                found.append(book)
        return found

    def with_public(self, public: Book) -> Workbooks:
        """These workbooks with the players' workbook: never the match workbook itself."""
        if self.match is not None and same_file(public, self.match):
            raise BadInput(
                f"The public workbook {public.location} is the match workbook itself, whose "
                f"private tabs players must not see; give the players a workbook of their own."
            )
        self.public = public
        return self

    def resolve(self, tables: Tables, named: Book | None) -> None:
        """Decide where the match pays, once its tables are read: the workbook `named` (--ledger, --season), else
        the one its Config names, else its own. Refused when they disagree, or when it is the players' workbook."""
        assert self.match is not None
        value = self.recorded(tables)
        if named is not None and same_file(named, self.match):
            self.ledger, self.season_named = self.match, False  # its own Ledger, as the host asked
            return
        recorded = None if not value or named is not None else self._opened(value)
        if named is not None and value and not self._names(value, named):
            raise StorageError(
                f"This match belongs to the season in {value} (Config {PAYS_INTO}), not {named.location}, and pays "
                f"into it; leave out --ledger and --season, or change Config {PAYS_INTO} if that workbook moved."
            )
        ledger = named or recorded or self.match
        if ledger is not self.match and self.public is not None and same_file(ledger, self.public):
            raise BadInput(
                f"{ledger.location} cannot be both the season ledger and the players' public workbook; give "
                f"each a workbook of its own."
            )
        self.ledger = ledger
        self.season_named = named is not None and not value

    @staticmethod
    def recorded(tables: Tables) -> str:
        """The workbook the match's Config names (season, else the older ledger_book) as typed ('' for none)."""
        from hostkit.core.settings import CONFIG_TAB, given_setting

        config = tables.get(CONFIG_TAB)
        if config is None or not (config.has_column("Key") and config.has_column("Value")):
            return ""
        return given_setting(tables, PAYS_INTO) or given_setting(tables, OLD_PAYS_INTO)

    def _opened(self, value: str) -> Book:
        found = named_in(value, self.match, self.credentials)
        return self.match if self.match is not None and same_file(found, self.match) else found

    def _names(self, value: str, book: Book) -> bool:
        """Whether a Config value names this workbook (without opening a Google Sheet it names)."""
        if not value.casefold().endswith(".xlsx"):
            from hostkit.storage.sheets_auth import parse_key

            return book.key is not None and parse_key(value) == book.key
        return same_file(named_in(value, self.match, None), book)
