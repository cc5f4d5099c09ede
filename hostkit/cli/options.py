"""Options shared by commands, and turning domain errors into one clear sentence at the edge."""

from __future__ import annotations

import datetime as dt
import functools
import json
import sys
from typing import Any, Callable

import click

from hostkit.core.game import Game, Outcome
from hostkit.core.games import load_game
from hostkit.core.settings import CONFIG_TAB
from hostkit.core.tables import BookError, Tables
from hostkit.storage.book import Book, StorageError


class Unusable(click.ClickException):
    """Bad usage or an unreadable workbook: exit status 2."""

    exit_code = 2


def book_options(command: Callable) -> Callable:
    """--book FILE: the workbook a command works on."""

    @click.option(
        "--book",
        "book_path",
        type=click.Path(dir_okay=False),
        envvar="HOSTKIT_BOOK",
        required=True,
        help="The match's .xlsx workbook (or set HOSTKIT_BOOK).",
    )
    @functools.wraps(command)
    def wrapper(*args: Any, book_path: str, **kwargs: Any) -> Any:
        from hostkit.storage.xlsx import XlsxBook

        return command(*args, book=XlsxBook(book_path), **kwargs)

    return wrapper


def json_option(command: Callable) -> Callable:
    return click.option("--json", "as_json", is_flag=True, help="Also print the result as one JSON object.")(command)


def round_option(command: Callable) -> Callable:
    return click.option("--round", "round_number", type=click.IntRange(1), required=True,
                        help="The round number.")(command)


def guarded(command: Callable) -> Callable:
    """Domain errors become one sentence and exit status 2, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (BookError, StorageError) as error:
            raise Unusable(str(error)) from None

    return wrapper


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def open_game(book: Book) -> tuple[Game, Tables]:
    """Read the whole workbook once and find which game it runs."""
    tables = Tables(book.read())
    config = tables.require(CONFIG_TAB)
    name = next((r.text("Value") for r in config.records("Key", "Value") if r.text("Key").lower() == "game"), "")
    try:
        return load_game(name), tables
    except KeyError as error:
        raise BookError(f"Config's game {name!r} is not a game hostkit knows ({error.args[0].split(': ')[-1]}); "
                        f"fix the 'game' row of Config.") from None


def finish(book: Book, outcome: Outcome, as_json: bool) -> None:
    """Write what the command produced, report it, and exit 0 (done) or 1 (done with problems)."""
    book.write(outcome.writes)
    if as_json:
        data = dict(outcome.data or {})
        data["problems"] = [p.as_json() for p in outcome.problems]
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        for line in outcome.summary:
            click.echo(line)
    if outcome.problems:
        click.echo(f"{len(outcome.problems)} problem(s) reported:", err=True)
        for problem in outcome.problems:
            click.echo(f"  {problem}", err=True)
        sys.exit(1)
