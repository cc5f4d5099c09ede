"""Options shared by commands, and turning domain errors into one clear sentence at the edge."""

from __future__ import annotations

import functools
import re
import shlex
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource

from hostkit.cli import HINTS
from hostkit.cli.progress import progress_for
from hostkit.errors import BadInput
from hostkit.library._match import now
from hostkit.library._workbooks import Workbooks, where

if TYPE_CHECKING:
    from hostkit.core.game import Outcome
    from hostkit.core.tables import Problem
    from hostkit.library._match import Match
    from hostkit.library._report import Report
    from hostkit.storage.book import Book


_BOOK_OPTIONS = (
    click.option(
        "--book",
        "book_path",
        type=click.Path(dir_okay=False),
        envvar="HOSTKIT_BOOK",
        help="The match's .xlsx workbook (or set HOSTKIT_BOOK).",
    ),
    click.option(
        "--sheet",
        "sheet",
        metavar="KEY_OR_URL",
        envvar="HOSTKIT_SHEET",
        help="Or the match's Google Sheet: its key or address (or set HOSTKIT_SHEET).",
    ),
    click.option(
        "--credentials",
        type=click.Path(dir_okay=False),
        envvar=["HOSTKIT_CREDENTIALS", "GOOGLE_APPLICATION_CREDENTIALS"],
        help="With --sheet: the service account's JSON key (else HOSTKIT_CREDENTIALS, else "
        "GOOGLE_APPLICATION_CREDENTIALS).",
    ),
    click.option(
        "--public-sheet",
        metavar="KEY_OR_URL",
        help="Also write the public tabs (leaderboards, revealed results), and only those, to "
        "this Google Sheet that players can see.",
    ),
    click.option(
        "--public-book",
        type=click.Path(dir_okay=False),
        help="Also write the public tabs, and only those, to this .xlsx file.",
    ),
)


def book_options(command: Callable) -> Callable:
    """--book FILE or --sheet KEY_OR_URL: the workbook a command works on (and where public tabs go)."""

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
        progress = progress_for(bool(kwargs.get("as_json")))
        try:
            book = _opened(book_path, sheet, credentials, public_book, public_sheet, progress)
            return command(*args, book=book, **kwargs)
        finally:
            if progress is not None:
                progress.stop()

    for option in reversed(_BOOK_OPTIONS):
        wrapper = option(wrapper)
    return wrapper


def _opened(
    book_path: str | None,
    sheet: str | None,
    credentials: str | None,
    public_book: str | None,
    public_sheet: str | None,
    progress: Callable[[str], None] | None,
) -> Book:
    """The command's workbook, held until it ends; its players' workbook (held too) and credentials kept for the
    command's library calls."""
    book = open_book(book_path, sheet, credentials, progress)
    meta = click.get_current_context().meta
    meta[HINTS] = lambda text: runnable(text, book)
    meta[CREDENTIALS] = credentials
    if public_sheet and public_book:
        raise BadInput("Give --public-sheet or --public-book, not both.")
    if public_sheet or public_book:
        public = open_book(public_book, public_sheet, credentials, progress, public=True)
        meta[PUBLIC] = Workbooks(book).with_public(public).public
    hold(book)
    if meta.get(PUBLIC) is not None:
        hold(meta[PUBLIC])
    return book


PUBLIC, CREDENTIALS = "hostkit.public", "hostkit.credentials"
"""Where book_options keeps the players' workbook and the credentials for the command's library calls."""


def public_of() -> Book | None:
    """The players' workbook this command was given (--public-book, --public-sheet), if any."""
    return click.get_current_context().meta.get(PUBLIC)


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
    from hostkit.library._workbooks import open_book as opened

    if book_path and sheet and not public:
        source = click.get_current_context().get_parameter_source
        if source("book_path") is ParameterSource.ENVIRONMENT:
            book_path = None
        elif source("sheet") is ParameterSource.ENVIRONMENT:
            sheet = None
    return opened(book_path, sheet, credentials, progress)


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
        raise BadInput(f"--image {path}: a picture is a .png file; give a name ending in .png, like board.png.")
    context = click.get_current_context()
    named = [b.path for b in (book, public_of()) if b is not None]
    named += [Path(v) for v in context.params.values() if isinstance(v, str) and v.casefold().endswith(".xlsx")]
    from hostkit.storage.xlsx import real_path

    resolved = real_path(target)
    if any(p is not None and real_path(Path(p)) == resolved for p in named):
        raise BadInput(f"--image {path} is a workbook this command uses; give the picture a name of its own.")
    if target.exists() and not target.is_file():  # a named pipe, a device (through any link); click refuses a folder
        import stat

        mode = target.stat().st_mode
        kind = "a named pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
        raise BadInput(
            f"--image {path} is {kind}, not a file, and a picture is written only to a file; give a file name "
            f"of its own, like board.png."
        )
    if target.exists() and not context.params.get("force"):
        from hostkit.core.drawing import is_hostkit_png

        try:
            drawn = is_hostkit_png(target.read_bytes()[:4096])
        except OSError:
            drawn = False
        if not drawn:
            raise BadInput(
                f"--image {path} already exists and is not a picture hostkit drew; give another name (or delete "
                f"the file first) so that nothing of yours is overwritten."
            )


def save_image(outcome: Outcome | Report, path: str | None) -> None:
    """Write the picture a command drew to --image, or say that this game draws none here."""
    if path is None:
        return
    if outcome.image is None:
        click.echo("No picture drawn: this step of the game has no board to draw for --image.", err=True)
        return
    import os
    import stat

    data = outcome.image()
    refused = BadInput(
        f"--image {path} is not a file, and a picture is written only to a file; give a file name of its own, "
        f"like board.png."
    )
    try:  # opened without waiting, so a named pipe put there since check_image cannot hang the command
        if os.path.exists(path) and not os.path.isfile(path):
            raise refused
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0), 0o666)
        with open(fd, "wb") as file:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise refused
            file.truncate()
            file.write(data)
    except OSError as error:
        raise BadInput(
            f"The picture cannot be written to {path} ({error.strerror or error}); check that its "
            f"folder exists and that you may write there."
        ) from None
    click.echo(f"Drawn: {path}", err=True)


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


def warn(text: str) -> None:
    click.echo(text, err=True)


def match_of(book: Book, season: str | None = None, season_sheet: str | None = None, held: bool = True) -> Match:
    """The library's match on this command's workbook and players' workbook, paying into the season workbook
    --ledger/--season names (if any), with its --send and --resend and the command's clock. Its workbooks are
    held until the command ends; with held=False, only while a `with` block of the match lasts."""
    from hostkit.cli.delivering import pictures, sending, stopped
    from hostkit.library._match import Match

    meta = click.get_current_context().meta
    credentials = meta.get(CREDENTIALS)
    named = None
    if season or season_sheet:
        if season and season_sheet:
            raise BadInput("Give --season or --season-sheet, not both.")
        named = open_book(season, season_sheet, credentials, public=True)
    send, resend = sending()
    return Match(
        book,
        public=meta.get(PUBLIC),
        season=named,
        credentials=credentials,
        send=send,
        resend=resend,
        pictures=pictures(),
        clock=lambda: now(),
        warn=warn,
        on_stop=stopped,
        hold=hold if held else None,
    )


def pasted(match: Match, report: Report) -> tuple[str, ...]:
    """A step's public message as lines to print for pasting: its parts (each at most 2,000 characters, a whole
    block) with a blank line between them."""
    parts = match.pasted(report)
    return tuple(line for i, part in enumerate(parts) for line in (([""] if i else []) + [part]))


def as_json_text(data: Any) -> str:
    """A command's JSON object as printed."""
    import json

    return json.dumps(data, ensure_ascii=False, indent=2)


def show(book: Book | None, report: Report, as_json: bool, show_private: bool = True) -> None:
    """Print a step's report: its JSON object, or its summary (hints runnable as printed) and each player's
    private message in a block of its own, to paste into that player's channel; then its problems, and exit 1
    when it has any."""
    if as_json:
        click.echo(as_json_text(report.to_dict()))
    else:
        for line in shown(book, report, report.private if show_private else {}):
            click.echo(line)
    report_problems(list(report.problems), book)


def shown(book: Book | None, report: Report, private: Mapping[str, str]) -> list[str]:
    """The summary and the next step (hints runnable as printed), then each player's private message in a block
    of its own."""
    from hostkit.core.words import private_block

    said = [*report.summary, *([f"Next: {report.next}"] if report.next else [])]
    lines = [line if book is None else runnable(line, book) for line in said]
    return lines + [line for player, text in private.items() for line in private_block(player, text)]
