"""`hostkit watch`: keep a round's results current while its submissions come in, as Flubaroo grades a Form's
responses as they arrive."""

from __future__ import annotations

import datetime as dt
import gc
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from hostkit.cli.options import book_options, now, runnable
from hostkit.errors import BadInput
from hostkit.storage.book import Conflict, Missing

if TYPE_CHECKING:
    from hostkit.storage.book import Book

EVERY = {"xlsx": 5.0, "sheet": 15.0}
"""Seconds between looks: on a Google Sheet an idle look is one small request, so 4 a minute, well under
half of the 60-requests-a-minute quota even with a re-score (3 requests: sizes, cells, write) at every look."""
SHEET_COST = 2
"""Reads a look and a re-score of a Google Sheet make at most (the tabs' sizes, the cells); and 1 write."""
PUBLIC_SHEET_COST = 1
"""Reads a re-score's write to a public Google Sheet adds (its tabs' cells); and 1 write."""


def fastest(book: Book) -> float:
    """The fewest seconds between looks that Google's per-minute quota allows, were every look to re-score;
    0 for a file."""
    from hostkit.storage.quota import PER_MINUTE

    if not book.key:
        return 0.0
    from hostkit.cli.options import public_of

    public = public_of()
    reads = SHEET_COST + (PUBLIC_SHEET_COST if public is not None and public.key else 0)
    return 60.0 * reads / PER_MINUTE


_DURATION = re.compile(r"(\d+(?:\.\d+)?)\s*(s|sec|secs|seconds?|m|min|mins|minutes?|h|hours?)?", re.I)
_UNITS = {"s": 1, "m": 60, "h": 3600}

GONE = 60.0
"""Seconds the workbook may be missing (a program replacing it) before the watch stops."""

sleep: Callable[[float], None] = time.sleep
clock: Callable[[], float] = time.monotonic


def parse_duration(text: str) -> float:
    """'90s', '45m', '2h', '1.5h' or plain seconds, as seconds; ValueError naming the text otherwise."""
    found = _DURATION.fullmatch(text.strip())
    if not found or float(found.group(1)) <= 0:
        raise ValueError(f"--for {text!r} is not a duration; give one like 90s, 45m or 2h")
    unit = (found.group(2) or "s")[0].lower()
    return float(found.group(1)) * _UNITS[unit]


@click.command()
@book_options
@click.option("--round", "round_number", type=click.IntRange(1), required=True, help="The round to keep current.")
@click.option(
    "--every",
    type=click.FloatRange(1, 3600),
    help="Seconds between looks at the workbook (default 5 on an .xlsx file, 15 on a Google Sheet, where a "
    "look that finds nothing new costs one small request). On a Google Sheet at least 2 (3 with "
    "--public-sheet): a look and a re-score each time stay within Google's 60 reads a minute.",
)
@click.option(
    "--for",
    "duration",
    metavar="DURATION",
    help="Stop after this long (like 90s, 45m, 2h). Default: once the round has closed and its last "
    "submissions are scored (or at Ctrl-C, for a round with no closing time).",
)
@click.option("--verbose", is_flag=True, help="Also print a line for each look that finds nothing new.")
def watch(book: Book, round_number: int, every: float | None, duration: str | None, verbose: bool) -> None:
    """Re-score round N whenever its submissions change, keeping the public tabs current.

    Looks at the workbook every few seconds. A look that finds nothing new
    costs little: on an .xlsx file the file's time and size, on a Google Sheet
    one small request for the tabs' sizes (each Form response adds a row). When
    something changed it scores the round as `hostkit score` does, writes the
    results (and the public workbook, with --public-book or --public-sheet),
    and prints one line: when, how many new rows, and what the score says.

    Between looks the workbook is free: other commands and the host's own
    saves go on as usual. Ctrl-C stops it; a write is never left half done.

    \b
    Examples:
      hostkit watch --book game.xlsx --round 2
      hostkit watch --sheet KEY --round 2 --every 30 --for 2h --public-sheet PUBLIC_KEY
    """
    try:
        limit = parse_duration(duration) if duration else None
    except ValueError as error:
        raise BadInput(str(error)) from None
    pause = every or EVERY["sheet" if book.key else "xlsx"]
    if every is not None and every < fastest(book):
        raise click.BadParameter(
            f"{every:g} s is more often than Google's quota of 60 reads and 60 writes a minute allows for a look "
            f"and a re-score each time; give --every {fastest(book):g} or more.",
            param_hint="--every",
        )
    book.release()
    try:
        _watch(book, round_number, pause, limit, duration, verbose)
    except KeyboardInterrupt:
        click.echo(f"\n{_stamp()} stopped at Ctrl-C; every write was whole.")


@dataclass
class _Looks:
    """What the looks so far have seen: the workbook's signal at the last score, the rows of each tab then, when
    the round closes and when it was last scored, and since when the workbook has been missing."""

    seen: object
    counts: dict[str, int]
    closes: dt.datetime | None
    scored_at: dt.datetime
    gone: float | None = None


def _watch(book: Book, round_number: int, pause: float, limit: float | None, duration: str | None, verbose: bool):
    """Look every `pause` seconds until the round is closed and scored, or `limit` seconds have passed."""
    started = clock()
    first = object()
    looks = _Looks(first, {}, None, now())
    while True:
        _look(book, round_number, looks, first, pause, verbose)
        if looks.closes is not None and looks.scored_at >= looks.closes:
            click.echo(f"{_stamp()} round {round_number} has closed and is scored. Stopped.")
            return
        if limit is not None and clock() - started + pause > limit:
            click.echo(f"{_stamp()} watched for {_with_unit(duration or '')}. Stopped.")
            return
        if not gc.isenabled():  # paused while hostkit runs as a program: it runs between looks
            gc.collect()
        sleep(pause)


def _look(book: Book, round_number: int, looks: _Looks, first: object, pause: float, verbose: bool) -> None:
    """One look: re-score when the workbook changed (or the round closed since the last score)."""
    signal = book.change_signal()
    closed = looks.closes is not None and now() >= looks.closes
    if signal is None and book.key is None and looks.seen is not first:  # a program may be replacing the file
        looks.gone = _missing(book, looks.gone, pause)
    elif signal is None or signal != looks.seen or (closed and looks.scored_at < looks.closes):  # type: ignore[operator]
        try:
            at = now()
            looks.counts, looks.closes = _rescore(book, round_number, looks.counts)
            looks.scored_at, looks.seen, looks.gone = at, book.change_signal(ask=False), None
        except Missing:
            if looks.seen is first:
                raise
            looks.gone = _missing(book, looks.gone, pause)
        except Conflict as error:
            looks.gone = None
            click.echo(f"{_stamp()} not scored: {error.what}; trying again at the next look.")
    elif verbose:
        click.echo(f"{_stamp()} nothing new")


def _missing(book: Book, since: float | None, pause: float) -> float:
    """The time the workbook was first found missing, said once; BadInput once it has been gone for GONE."""
    if since is None:
        click.echo(f"{_stamp()} {book.location} is not there; looking again every {pause:g}s.")
        return clock()
    if clock() - since >= GONE:
        raise BadInput(
            f"{book.location} has been gone for {GONE:g} seconds, so the watch stopped; put the workbook back and "
            f"run `hostkit watch` again."
        )
    return since


def _rescore(book: Book, round_number: int, before: Mapping[str, int]) -> tuple[dict[str, int], dt.datetime | None]:
    """Have the library re-score the round and say so in one line; the rows of each tab read, and when the
    round closes."""
    from hostkit.cli.options import match_of

    report = match_of(book, held=False).look(round_number, before)
    hint = runnable(report.notes[0], book) if report.notes else ""
    click.echo(f"{_stamp()} {report.summary[0]}{hint}")
    closes = report.data["closes"]
    return dict(report.data["counts"]), None if closes is None else dt.datetime.fromisoformat(closes)


def _with_unit(duration: str) -> str:
    """A --for as the host gave it, in seconds when they gave a plain number."""
    text = duration.strip()
    return f"{text} s" if re.fullmatch(r"\d+(?:\.\d+)?", text) else text


def _stamp() -> str:
    return now().astimezone().strftime("%H:%M:%S")


COMMANDS = (watch,)
