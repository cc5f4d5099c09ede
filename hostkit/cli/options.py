"""Options shared by commands, and turning domain errors into one clear sentence at the edge."""

from __future__ import annotations

import datetime as dt
import functools
import re
import shlex
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource

from hostkit.cli.progress import progress_for

if TYPE_CHECKING:
    from hostkit.cli.targets import Target
    from hostkit.core.forms import FormMapping
    from hostkit.core.game import Game, Outcome
    from hostkit.core.settings import Config
    from hostkit.core.tables import Problem, Rows, Tables
    from hostkit.storage.book import Book


class Unusable(click.ClickException):
    """Bad usage or an unreadable workbook: exit status 2."""

    exit_code = 2


def book_options(command: Callable) -> Callable:
    """--book FILE or --sheet KEY_OR_URL: the workbook a command works on (and where public tabs go)."""

    @click.option(
        "--book",
        "book_path",
        type=click.Path(dir_okay=False),
        envvar="HOSTKIT_BOOK",
        help="The match's .xlsx workbook (or set HOSTKIT_BOOK).",
    )
    @click.option(
        "--sheet",
        "sheet",
        metavar="KEY_OR_URL",
        envvar="HOSTKIT_SHEET",
        help="Or the match's Google Sheet: its key or address (or set HOSTKIT_SHEET).",
    )
    @click.option(
        "--credentials",
        type=click.Path(dir_okay=False),
        envvar=["HOSTKIT_CREDENTIALS", "GOOGLE_APPLICATION_CREDENTIALS"],
        help="With --sheet: the service account's JSON key (else HOSTKIT_CREDENTIALS, else "
        "GOOGLE_APPLICATION_CREDENTIALS).",
    )
    @click.option(
        "--public-sheet",
        metavar="KEY_OR_URL",
        help="Also write the public tabs (leaderboards, revealed results), and only those, to "
        "this Google Sheet that players can see.",
    )
    @click.option(
        "--public-book",
        type=click.Path(dir_okay=False),
        help="Also write the public tabs, and only those, to this .xlsx file.",
    )
    @functools.wraps(command)
    def wrapper(
        *args: Any,
        book_path: str | None,
        sheet: str | None,
        credentials: str | None,
        public_sheet: str | None,
        public_book: str | None,
        **kwargs: Any,
    ) -> Any:
        from hostkit.cli.targets import same_file
        from hostkit.storage.book import StorageError

        progress = progress_for(bool(kwargs.get("as_json")))
        try:
            book = open_book(book_path, sheet, credentials, progress)
            book.quiet = bool(kwargs.get("as_json"))
            if public_sheet and public_book:
                raise Unusable("Give --public-sheet or --public-book, not both.")
            if public_sheet or public_book:
                book.public = open_book(public_book, public_sheet, credentials, progress, public=True)
                if same_file(book.public, book):
                    raise Unusable(
                        f"The public workbook {book.public.location} is the match workbook itself, whose "
                        f"private tabs players must not see; give the players a workbook of their own."
                    )
            hold(book)
            if book.public is not None:
                hold(book.public)
            return command(*args, book=book, **kwargs)
        except StorageError as error:
            raise Unusable(str(error)) from None
        finally:
            if progress is not None:
                progress.stop()

    return wrapper


def hold(book: Book) -> None:
    """Lock a workbook against other hostkit commands until this command ends, however it ends."""
    book.lock()
    click.get_current_context().call_on_close(book.release)


def open_book(
    book_path: str | None,
    sheet: str | None,
    credentials: str | None,
    progress: Callable[[str], None] | None = None,
    public: bool = False,
) -> Book:
    """The workbook named by --book or --sheet (exactly one of them; an explicit one beats the environment's)."""
    if book_path and sheet and not public:
        source = click.get_current_context().get_parameter_source
        if source("book_path") is ParameterSource.ENVIRONMENT:
            book_path = None
        elif source("sheet") is ParameterSource.ENVIRONMENT:
            sheet = None
        else:
            raise Unusable("Give --book FILE or --sheet KEY, not both.")
    if sheet:
        from hostkit.storage.sheets import SheetsBook

        return SheetsBook.open(sheet, credentials, progress=progress)
    if not book_path:
        raise Unusable("Say which workbook: --book FILE (an .xlsx file) or --sheet KEY (a Google Sheet).")
    from hostkit.storage.xlsx import XlsxBook

    book = XlsxBook(book_path)
    book.progress = progress
    return book


def where(book: Book) -> str:
    """The option naming this workbook, for a command to copy: --book FILE or --sheet KEY."""
    key = getattr(book, "key", None)
    return f"--sheet {shlex.quote(key)}" if key else f"--book {shlex.quote(book.location)}"


def json_option(command: Callable) -> Callable:
    return click.option("--json", "as_json", is_flag=True, help="Also print the result as one JSON object.")(command)


def round_option(command: Callable) -> Callable:
    return click.option("--round", "round_number", type=click.IntRange(1), required=True, help="The round number.")(
        command
    )


def ledger_option(command: Callable) -> Callable:
    return click.option(
        "--ledger",
        "ledger_path",
        type=click.Path(dir_okay=False),
        help="Pay into this season workbook's Ledger tab instead of the match workbook's own "
        "(made if it does not exist).",
    )(command)


def season_book(path: str | None, book: Book, tables: Tables) -> Book | None:
    """The season workbook --ledger names (the match workbook itself when it names that), or the one this
    match was paid into before (Config ledger_book), locked until the command ends."""
    from hostkit.cli.targets import recorded_ledger, same_file
    from hostkit.storage.book import StorageError

    recorded = recorded_ledger(book, tables)
    if path is None and recorded is None:
        from hostkit.cli.season_link import season_of_match

        found = season_of_match(None, None, book, tables)  # a season on a Google Sheet (Config season)
        if found is not None:
            hold(found)
        return found
    from hostkit.storage.xlsx import XlsxBook

    season = XlsxBook(path) if path is not None else recorded
    assert season is not None
    if same_file(season, book):
        return book
    if path is not None and recorded is not None and not same_file(season, recorded) and recorded.exists():
        raise Unusable(
            f"This match was paid into {recorded.location} (Config ledger_book), not {path}; pass --ledger "
            f"{recorded.location}, or change ledger_book if the season's ledger moved."
        )
    if book.public is not None and same_file(season, book.public):
        raise Unusable(
            f"{season.location} cannot be both the season ledger and the players' public workbook; give "
            f"each a workbook of its own."
        )
    try:
        hold(season)
    except StorageError as error:
        raise Unusable(str(error)) from None
    return season


def image_option(command: Callable) -> Callable:
    return click.option(
        "--image",
        type=click.Path(dir_okay=False),
        metavar="PNG",
        help="Also draw the board as a picture to this .png file, to post in chat.",
    )(command)


def check_image(path: str | None, book: Book) -> None:
    """Refuse an --image path that would overwrite something that is not a picture hostkit drew: the workbook
    itself, any workbook the command names, or another file (unless --force); nothing is written then."""
    if path is None:
        return
    target = Path(path)
    if target.suffix.casefold() != ".png":
        raise Unusable(f"--image {path}: a picture is a .png file; give a name ending in .png, like board.png.")
    context = click.get_current_context()
    named = [getattr(b, "path", None) for b in (book, book.public)]
    named += [Path(v) for v in context.params.values() if isinstance(v, str) and v.casefold().endswith(".xlsx")]
    from hostkit.storage.xlsx import real_path

    resolved = real_path(target)
    if any(p is not None and real_path(Path(p)) == resolved for p in named):
        raise Unusable(f"--image {path} is a workbook this command uses; give the picture a name of its own.")
    if target.exists() and not context.params.get("force"):
        from hostkit.core.drawing import is_hostkit_png

        try:
            drawn = is_hostkit_png(target.read_bytes()[:4096])
        except OSError:
            drawn = False
        if not drawn:
            raise Unusable(
                f"--image {path} already exists and is not a picture hostkit drew; give another name (or delete "
                f"the file first) so that nothing of yours is overwritten."
            )


def save_image(outcome: Outcome, path: str | None) -> None:
    """Write the picture a command drew to --image, or say that this game draws none here."""
    if path is None:
        return
    if outcome.image is None:
        click.echo("No picture drawn: this step of the game has no board to draw for --image.", err=True)
        return
    try:
        Path(path).write_bytes(outcome.image())
    except OSError as error:
        raise Unusable(
            f"The picture cannot be written to {path} ({error.strerror or error}); check that its "
            f"folder exists and that you may write there."
        ) from None
    click.echo(f"Drawn: {path}", err=True)


def guarded(command: Callable) -> Callable:
    """Domain errors become one sentence and exit status 2, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from hostkit.core.tables import BookError
        from hostkit.storage.book import StorageError

        try:
            return command(*args, **kwargs)
        except (BookError, StorageError) as error:
            book = kwargs.get("book")
            raise Unusable(str(error) if book is None else runnable(str(error), book)) from None

    return wrapper


_HINT = re.compile(r"`hostkit ([a-z-]+)( [a-z][a-z-]*)?([^`]*)`")


def runnable(text: str, book: Book) -> str:
    """A message whose `hostkit COMMAND ...` hints name this workbook, so each runs as printed."""
    option = where(book)

    def add(hint: re.Match) -> str:
        command, sub, rest = hint.group(1), hint.group(2) or "", hint.group(3)
        if "--book" in rest or "--sheet" in rest or not _takes_book(command, sub.strip()):
            return hint.group(0)
        words = f"{command}{sub}" if _is_group(command) else command
        tail = rest if _is_group(command) else f"{sub}{rest}"
        return f"`hostkit {words} {option}{tail}`"

    return _HINT.sub(add, text)


def _is_group(command: str) -> bool:
    from hostkit.cli import main

    return isinstance(main.get_command(click.Context(main), command), click.Group)


def _takes_book(command: str, sub: str) -> bool:
    """Whether `hostkit COMMAND [SUB]` is a command that reads a match workbook."""
    from hostkit.cli import main

    found = main.get_command(click.Context(main), command)
    if isinstance(found, click.Group):
        found = found.get_command(click.Context(found), sub)
    return (
        found is not None
        and any(p.name == "book_path" for p in found.params)
        and not any(isinstance(p, click.Argument) for p in found.params)
    )


def problem_lines(problems: list[Problem]) -> list[str]:
    """The problems as lines, those of one tab with the same message as one line with their rows."""
    from hostkit.core.words import spans

    groups: dict[tuple[str, str], list[Problem]] = {}
    for problem in problems:
        groups.setdefault((problem.tab, problem.message), []).append(problem)
    lines = []
    for (tab, message), group in groups.items():
        if len(group) == 1:
            lines.append(str(group[0]))
            continue
        rows = sorted({p.row for p in group if p.row is not None})
        if len(rows) == len(group):
            lines.append(f"{tab} rows {spans(rows)} ({len(rows)} rows): {message}")
        else:
            lines.append(f"{tab} ({len(group)} times" + (f", rows {spans(rows)}" if rows else "") + f"): {message}")
    return lines


def report_problems(problems: list[Problem], book: Book | None = None) -> None:
    """Print the problems to stderr, grouped, and exit 1; nothing when there are none."""
    from hostkit.core.words import plural

    if not problems:
        return
    click.echo(f"{plural(len(problems), 'problem')} reported:", err=True)
    for line in problem_lines(problems):
        click.echo(f"  {line if book is None else runnable(line, book)}", err=True)
    setup = {"config", "players", "rounds", "games", "board", "boards"}  # fixed, never dismissed
    row = next((p for p in problems if p.row is not None and p.tab.casefold() not in setup), None)
    if row is not None and book is not None:
        hint = f"`hostkit dismiss --tab {shlex.quote(row.tab)} --row {row.row}`"
        click.echo(f"Fix each row, or once you have dealt with one, {runnable(hint, book)} stops its report.", err=True)
    sys.exit(1)


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def open_game(book: Book) -> tuple[Game, Tables]:
    """Read the whole workbook once and find which game it runs.

    The tables the game sees use the workbook's own time zone (a Google Sheet's, or the one a pulled copy
    recorded) instead of Config timezone, and a Form's responses tab in place of its submissions tab when
    Config maps one.
    """
    from hostkit.core.forms import apply_form
    from hostkit.core.settings import COMMON_SETTINGS, given_setting, read_config, tables_with_setting
    from hostkit.core.tables import BookError, Tables
    from hostkit.games import load_game

    tabs = book.read()
    zone = book.timezone or _pulled_timezone(tabs)
    tables = raw = Tables(tabs)
    if zone:
        given = given_setting(tables, "timezone")
        if given and given != zone:  # said under --json too: it changes every verdict
            whose = (
                "the spreadsheet's own time zone"
                if book.timezone
                else "the time zone of the spreadsheet this copy was pulled from"
            )
            click.echo(
                f"hostkit: Config timezone {given} is not used: times are read in {zone}, {whose} (set "
                f"Config timezone to {zone}, or change the spreadsheet's in Google Sheets: File > Settings).",
                err=True,
            )
        tables = tables_with_setting(tables, "timezone", zone)
    order = date_order_of(book.locale)
    if order is not None and not given_setting(tables, "date_order"):
        tables = tables_with_setting(tables, "date_order", order)  # slashed text dates as the locale writes them
    common, _ = read_config(tables, COMMON_SETTINGS)
    try:
        game = load_game(common["game"])
    except KeyError as error:
        raise BookError(
            f"Config's game {common['game']!r} is not a game hostkit knows "
            f"({error.args[0].split(': ')[-1]}); fix the 'game' row of Config."
        ) from None
    book.match = game.identity(raw)
    if book.progress:
        book.progress(f"Judging by the rules of {game.title}…")
    return game, apply_form(tables, form_mapping(common))


MONTH_FIRST = {"en_US", "en_PH", "es_US", "en_CA", "fil_PH", "en_AS", "en_GU", "en_MP", "en_PR", "en_UM", "en_VI"}
"""Locales whose short dates put the month first (11/21/2026); the others put the day first (21/11/2026)."""


def date_order_of(locale: str | None) -> str | None:
    """How a spreadsheet's locale writes a slashed date: MDY, DMY, or None when it has no locale."""
    if not locale:
        return None
    return "MDY" if locale in MONTH_FIRST else "DMY"


def _pulled_timezone(tabs: Mapping[str, Rows]) -> str | None:
    from hostkit.storage.snapshot import read_snapshot

    snapshot = read_snapshot(tabs)
    return snapshot.timezone if snapshot else None


def form_mapping(config: Config) -> FormMapping:
    """The Form mapping that Config sets (none when form_tab is blank)."""
    from hostkit.core.forms import FormMapping, parse_columns

    return FormMapping(
        config["form_tab"], parse_columns(config["form_columns"]), config["form_target"] or "Submissions"
    )


def as_json_text(data: Any) -> str:
    """A command's JSON object as printed."""
    import json

    return json.dumps(data, ensure_ascii=False, indent=2)


def finish(
    book: Book, game: Game, outcome: Outcome, as_json: bool, also: Sequence[Target] = (), show_private: bool = True
) -> None:
    """Write what the command produced, report it, and exit 0 (done) or 1 (done with problems).

    With a public workbook (--public-sheet/--public-book) the tabs the game calls public are also written
    there, and nothing else; `also` are other workbooks to write (a season ledger). Every workbook is checked
    before any is written.
    """
    from hostkit.cli.delivering import deliver_messages
    from hostkit.cli.targets import keep_match_id

    if book.public is not None and any(game.is_public(tab) for tab in outcome.writes):
        keep_match_id(book, outcome)
    deliver_messages(book, outcome)
    save(book, game, outcome.writes, also)
    if as_json:
        data = dict(outcome.data or {})
        data["problems"] = [p.as_json() for p in outcome.problems]
        click.echo(as_json_text(data))
    else:
        for line in shown(outcome, book, show_private):
            click.echo(line)
    report_problems(outcome.problems, book)


def shown(outcome: Outcome, book: Book, show_private: bool = True) -> list[str]:
    """What a command prints for the host: its summary (hints runnable as printed), then each player's private
    message in a block of its own, to paste into that player's channel."""
    from hostkit.core.words import private_block

    lines = [runnable(line, book) for line in outcome.summary]
    if show_private:
        lines += [line for player, text in outcome.private.items() for line in private_block(player, text)]
    return lines


def save(book: Book, game: Game, writes: dict[str, Rows], also: Sequence[Target] = ()) -> None:
    """Write a command's tabs, the public ones among them to the public workbook when there is one, and the
    other workbooks `also` names (a season ledger); every workbook is checked before any is written."""
    from hostkit.cli.targets import Target, public_target, write_all

    public = public_target(book, game, writes)
    write_all([Target(book, writes), *([public] if public else []), *also], order=game.reading_order)
