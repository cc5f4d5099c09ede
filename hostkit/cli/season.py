"""`hostkit season`: make a season workbook and move the season along between its matches."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from hostkit.cli.options import as_json_text, hold, open_book
from hostkit.errors import BadInput

if TYPE_CHECKING:
    from hostkit.library._report import Report
    from hostkit.library._seasons import Season
    from hostkit.storage.book import Book


def _where(command: Callable) -> Callable:
    options = (
        click.option(
            "--book",
            "book_path",
            type=click.Path(dir_okay=False),
            envvar="HOSTKIT_SEASON_BOOK",
            help="The season's .xlsx workbook (or set HOSTKIT_SEASON_BOOK).",
        ),
        click.option("--sheet", metavar="KEY_OR_URL", help="Or the season's Google Sheet: its key or address."),
        click.option(
            "--credentials",
            type=click.Path(dir_okay=False),
            envvar=["HOSTKIT_CREDENTIALS", "GOOGLE_APPLICATION_CREDENTIALS"],
            help="With --sheet: the service account's JSON key.",
        ),
        click.option("--json", "as_json", is_flag=True, help="Also print the season's cast and next step as JSON."),
    )
    for option in reversed(options):
        command = option(command)
    return command


def _open(book_path: str | None, sheet: str | None, credentials: str | None, as_json: bool, made: bool = False) -> Book:
    """The season workbook the options name, held until the command ends; one that does not exist is refused
    before anything is locked or written beside it (unless the command makes it)."""
    from hostkit.cli.progress import progress_for
    from hostkit.storage.book import StorageError

    try:
        book = open_book(book_path, sheet, credentials, progress_for(as_json), public=True)
        if not made and not book.exists():
            raise BadInput(
                f"{book.location} does not exist; give the season workbook's path, or make one with `hostkit season "
                f'new --book {book.location} --cast "A,B,..."`.'
            )
        hold(book)
    except StorageError as error:
        raise BadInput(str(error)) from None
    return book


def _season(book: Book) -> Season:
    """The library's season on this command's workbook, held until the command ends, with its --send."""
    from hostkit.cli.delivering import sending, stopped
    from hostkit.library._seasons import Season

    send, resend = sending()
    return Season(book, send=send, resend=resend, on_stop=stopped, hold=hold)


def _report(report: Report, book: Book, as_json: bool) -> None:
    """The step's lines and next step (or its JSON), its warnings on stderr, then any problem reading the season
    (exit 1)."""
    from hostkit.cli.options import report_problems, shown

    for warning in report.notes:
        click.echo(warning, err=True)
    if as_json:
        click.echo(as_json_text(report.to_dict()))
    else:
        for line in shown(book, report, {}):
            click.echo(line)
    report_problems(list(report.problems), book)


@click.group("season")
def season() -> None:
    """Run a season: its cast, Main Matches, Death Matches and who is eliminated.

    Every match of the season names the season workbook (`hostkit new GAME
    --season season.xlsx`); its payouts go to the season's Ledger and its end
    moves the season along. `hostkit season status` says what comes next.

    \b
    Examples:
      hostkit season new --book season.xlsx --cast "Ann,Bea,Cal,Dee,Eve"
      hostkit season status --book season.xlsx --json
    """


@season.command("new")
@_where
@click.option("--cast", required=True, help='The players of the season, comma-separated: "Ann,Bea,Cal".')
@click.option("--name", default="", help="The season's name, shown to the players.")
@click.option("--force", is_flag=True, help="Start the season again in a workbook that already holds one.")
def new_command(
    book_path: str | None, sheet: str | None, credentials: str | None, as_json: bool, cast: str, name: str, force: bool
) -> None:
    """Make a season workbook: Config, Cast, Matches, Ledger and the public Season tab.

    A season ledger already kept with --ledger keeps its entries: its Ledger tab
    becomes the season's.

    \b
    Example:
      hostkit season new --book season.xlsx --cast "Ann,Bea,Cal,Dee,Eve" --name "Season 3"
    """
    from hostkit.library._seasons import new_season

    book = _open(book_path, sheet, credentials, as_json, made=True)
    _report(new_season(book, cast, name=name, force=force), book, as_json)


@season.command("status")
@_where
def status_command(book_path: str | None, sheet: str | None, credentials: str | None, as_json: bool) -> None:
    """Say who is still in, each player's garnets and Tokens of Life, and the command to run next.

    --json has `cast` (each member's player, status playing or eliminated,
    garnets, tokens_of_life, and candidate: true while an elimination candidate
    in danger) and `next`.

    \b
    Example:
      hostkit season status --book season.xlsx --json
    """
    book = _open(book_path, sheet, credentials, as_json)
    _report(_season(book).status(), book, as_json)


@season.command("tol")
@_where
@click.option("--player", required=True, help="The elimination candidate who spends a Token of Life.")
def tol_command(book_path: str | None, sheet: str | None, credentials: str | None, as_json: bool, player: str) -> None:
    """Spend a Token of Life an elimination candidate holds, to leave the candidates.

    Refused when the player is no candidate in danger, holds too few Tokens of
    Life (Config tol_per_save), or the Death Match is already set.

    \b
    Example:
      hostkit season tol --book season.xlsx --player Bea
    """
    book = _open(book_path, sheet, credentials, as_json)
    _report(_season(book).tol(player), book, as_json)


@season.command("dm")
@_where
@click.option("--players", required=True, help="A,B: A an elimination candidate in danger, B a player still in.")
def dm_command(book_path: str | None, sheet: str | None, credentials: str | None, as_json: bool, players: str) -> None:
    """Set the next Death Match; the other candidates dodge it and are paid.

    Each dodger is paid the dodge garnets of the Main Match they came from (its
    Config dodge_garnets). A warning (on stderr) when B holds a Token of Life
    (Config dm_opponent_with_tol). In the season's final stage (too few players
    for a Main Match), it pairs any two players still in for a Final Match.
    --json adds `match`, `pair`, `dodgers` (each `player` and the `garnets` paid)
    and `warnings`.

    \b
    Example:
      hostkit season dm --book season.xlsx --players Cal,Eve
    """
    pair = _names("--players", players)
    book = _open(book_path, sheet, credentials, as_json)
    _report(_season(book).dm(pair), book, as_json)


@season.command("undo")
@_where
def undo_command(book_path: str | None, sheet: str | None, credentials: str | None, as_json: bool) -> None:
    """Take back the latest season step.

    The step is a Token of Life spent, a Death Match (or Final Match) set, or
    a match started whose workbook is lost. What it paid is reversed in the season's Ledger with reversing entries
    (no row is deleted). Refused when the latest step is a match played to
    its end, or one under way whose workbook is still there.

    \b
    Example:
      hostkit season undo --book season.xlsx
    """
    book = _open(book_path, sheet, credentials, as_json)
    _report(_season(book).undo(), book, as_json)


@season.command("cast")
@_where
@click.option("--add", "added", required=True, help='Players to add to the Cast, comma-separated: "Zed,Yan".')
def cast_command(book_path: str | None, sheet: str | None, credentials: str | None, as_json: bool, added: str) -> None:
    """Add players to the season's Cast.

    They play from the next match on, and `hostkit ledger import` takes their
    entries. Refused for a player already in the Cast, and once the season is
    over.

    \b
    Example:
      hostkit season cast --book season.xlsx --add Zed
    """
    names = _names("--add", added)
    book = _open(book_path, sheet, credentials, as_json)
    _report(_season(book).cast(names), book, as_json)


def _names(option: str, text: str) -> list[str]:
    from hostkit.core.players import parse_player_list

    try:
        return parse_player_list(text)
    except ValueError as error:
        raise BadInput(f"{option}: {error}.") from None


COMMANDS = (season,)


def season_demo(book_path: str, force: bool) -> None:
    """`hostkit demo --season`: the sample season played into book_path, its matches' workbooks beside it."""
    from pathlib import Path

    from hostkit.library._season_demo import play_season
    from hostkit.storage.xlsx import XlsxBook

    season = XlsxBook(book_path)
    path = Path(book_path)
    books = {name: path.with_name(f"{path.stem}-{name}.xlsx") for name in ("main-1", "death-1", "main-2")}
    taken = [str(p) for p in [path, *books.values()] if p.exists()]
    if taken and not force:
        raise BadInput(f"{', '.join(taken)} already exist; pass --force to overwrite them, or give another --book.")
    made = [season, *(XlsxBook(p) for p in books.values())]
    play_season(season, lambda name: made[1 + list(books).index(name)], click.echo)
    for book in made:  # the demo made these workbooks: nothing else waits on them
        book.lock()
        book.release(remove_lock=True)
    click.echo(f"Open {book_path} to see the season: Cast, Matches, Ledger and the public Season tab.")


def is_season_book(book: Book) -> bool:
    from hostkit.core.season import is_season
    from hostkit.core.tables import Tables

    return book.exists() and is_season(Tables(book.read()))


def publish_season(book: Book, public: Book, as_json: bool) -> None:
    """`hostkit publish` of a season workbook: the public Season tab, and with --send the season's news."""
    report = _season(book).publish(public)
    if as_json:
        click.echo(as_json_text({"public": public.location, "tabs": report.data["tabs"]}))
    else:
        _report(report, book, False)


def import_into_season(book: Book, source: str, as_json: bool) -> None:
    """`hostkit ledger import` into a season workbook: an older season ledger's entries, each posted once."""
    _report(_season(book).bring_in(source), book, as_json)
