"""`status` in the one shape every game shares (core.status.Status), from the GameStatus the game gives."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import TYPE_CHECKING

from hostkit.core.status import Phase, Status
from hostkit.library._report import StatusReport

if TYPE_CHECKING:
    from hostkit.core.game import Game
    from hostkit.core.status import GameStatus
    from hostkit.core.tables import Tables
    from hostkit.library._workbooks import Workbooks
    from hostkit.storage.book import Book


def status_of(books: Workbooks, game: Game, tables: Tables, now: dt.datetime) -> StatusReport:
    """What the match is waiting for, and the next command to run: once it is over, `standings` until its final
    standings are paid, then `publish` while its players' workbook (when it has one) lacks a public tab as the
    match workbook shows it, then none. Nothing is written. Its Status counts the problems `score` reports for
    the round in play (else the game's own); the report's problems, which the command line prints, are the
    game's own."""
    from hostkit.core.tables import BookError

    said = game.status(tables, now)
    lines = list(said.lines)
    command = _next_command(books, game, tables, said, lines, now)
    problems = list(said.problems)
    if said.round is not None and said.phase in (Phase.CLOSED, Phase.SCORED, Phase.LIVE, Phase.OVER):
        try:
            problems = game.score(tables, said.round, now).problems
        except BookError:
            pass
    details = {**said.details, "problems": [p.as_json() for p in problems]}
    match_id = books.identity.id if books.identity else None
    status = Status(game.name, match_id, said.round, said.phase, said.waiting_for, command, len(problems), details)
    return StatusReport("status", tuple(lines), tuple(said.problems), status.to_dict(), status=status)


def _next_command(
    books: Workbooks, game: Game, tables: Tables, said: GameStatus, lines: list[str], now: dt.datetime
) -> str | None:
    """The game's next step, with the workbook option on a command; once the match is over, `standings` until
    it is paid and then `publish` while the players' workbook lacks a public tab. Adds the lines saying so."""
    from hostkit.library._ledgers import settled
    from hostkit.library._workbooks import where

    book = books.match
    assert book is not None
    command = said.next
    if said.phase is Phase.OVER and not command:
        command = "hostkit standings"
    done = settled(books, game, tables) if command and command.split()[:2] == ["hostkit", "standings"] else None
    if done is not None:
        command = None
        lines.append(done)
        if books.public is not None and unpublished(book, books.public, game, game.withheld(tables, now)):
            command = f"hostkit publish {where(book)} {where(books.public, 'public')}"
    if command:
        if command.startswith("hostkit ") and not command.startswith("hostkit publish "):
            command = f"{command} {where(book)}"
        lines.append(f"Next: {command}" + ("" if command.startswith("hostkit ") or command.endswith(".") else "."))
    return command


def unpublished(book: Book, public: Book, game: Game, withheld: Mapping[str, str]) -> list[str]:
    """The public tabs of the match that its players' workbook lacks or shows otherwise than the match workbook
    does (values only), and those withheld from players that it still shows."""
    from hostkit.core.tables import Tables
    from hostkit.library._commit import WITHDRAWN

    ours = Tables(book.read())
    theirs = Tables(public.read() if public.exists() else {})
    kept = {name.casefold() for name in withheld}
    stale = []
    for name in ours.names():
        if not game.is_public(name):
            continue
        shown = _values(theirs, name)
        if name.casefold() in kept:
            if shown is not None and shown[:1] != [[WITHDRAWN]]:
                stale.append(name)
        elif shown != _values(ours, name):
            stale.append(name)
    return stale


def _values(tables: Tables, name: str) -> list[list[object]] | None:
    table = tables.get(name)
    if table is None:
        return None
    rows = [list(table.header), *(list(r) for r in table.rows)]
    trimmed = [r[: max((i + 1 for i, v in enumerate(r) if v not in (None, "")), default=0)] for r in rows]
    while trimmed and not trimmed[-1]:
        trimmed.pop()
    return trimmed
