"""`status` in the one shape every game shares (core.status.Status), from what the game says of its match."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import TYPE_CHECKING

from hostkit.core.status import Phase, Status
from hostkit.report import StatusReport

if TYPE_CHECKING:
    from hostkit.core.game import Game, Outcome
    from hostkit.core.tables import Problem, Tables
    from hostkit.storage.book import Book
    from hostkit.workbooks import Workbooks


def status_of(books: Workbooks, game: Game, tables: Tables, now: dt.datetime) -> StatusReport:
    """What the match is waiting for, and the next command to run: once it is over, `standings` until its final
    standings are paid, then `publish` while its players' workbook (when it has one) lacks a public tab as the
    match workbook shows it, then none. Nothing is written. Its Status counts the problems `score` reports for
    the round in play (else the game's own); the report's problems, which the command line prints, are the
    game's own."""
    from hostkit.core.tables import BookError
    from hostkit.ledgers import settled
    from hostkit.workbooks import where

    book = books.match
    assert book is not None

    outcome = game.status(tables, now)
    data = dict(outcome.data or {})
    number, phase, command = data.get("round"), data.get("phase"), data.get("next")
    if phase is Phase.OVER and not command:
        command = "hostkit standings"
    done = settled(books, game, tables) if command and command.split()[:2] == ["hostkit", "standings"] else None
    if done is not None:
        command = None
        outcome.summary.append(done)
        if books.public is not None and unpublished(book, books.public, game):
            command = f"hostkit publish {where(book)} {where(books.public, 'public')}"
    if command:
        if command.startswith("hostkit ") and not command.startswith("hostkit publish "):
            command = f"{command} {where(book)}"
        outcome.summary.append(f"Next: {command}" + ("" if command.startswith("hostkit ") else "."))
    outcome.data = {**data, "next": command}
    problems = list(outcome.problems)
    if number is not None and phase in (Phase.CLOSED, Phase.SCORED, Phase.LIVE, Phase.OVER):
        try:
            problems = game.score(tables, number, now).problems
        except BookError:
            pass
    match_id = books.identity.id if books.identity else None
    status = match_status(game.name, match_id, outcome, problems)
    return replace(StatusReport.of("status", outcome, status.to_dict()), status=status)


def unpublished(book: Book, public: Book, game: Game) -> list[str]:
    """The public tabs of the match that its players' workbook lacks, or shows otherwise than the match
    workbook does (values only)."""
    from hostkit.core.tables import Tables

    ours = Tables(book.read())
    theirs = Tables(public.read() if public.exists() else {})
    return [name for name in ours.names() if game.is_public(name) and _values(theirs, name) != _values(ours, name)]


def _values(tables: Tables, name: str) -> list[list[object]] | None:
    table = tables.get(name)
    if table is None:
        return None
    rows = [list(table.header), *(list(r) for r in table.rows)]
    trimmed = [r[: max((i + 1 for i, v in enumerate(r) if v not in (None, "")), default=0)] for r in rows]
    while trimmed and not trimmed[-1]:
        trimmed.pop()
    return trimmed


def _names(waiting: object) -> list[str]:
    """Who a game's own waiting_for names: a player, a description, or lists of players by what they lack."""
    if waiting is None:
        return []
    if isinstance(waiting, str):
        return [waiting]
    if isinstance(waiting, dict):
        if "player" in waiting:
            return [str(waiting["player"])]
        found: list[str] = []
        for value in waiting.values():
            for name in value if isinstance(value, list) else [value]:
                if isinstance(name, str) and name not in found:
                    found.append(name)
        return found
    return [str(w) for w in waiting] if isinstance(waiting, list) else [str(waiting)]


def match_status(game: str, match_id: str | None, outcome: Outcome, problems: list[Problem]) -> Status:
    """The Status of a game's status outcome, whose data holds the round in play and its Phase (as the game
    computed them), what each round waits for, and the next command; `problems` are those `score` reports
    for that round. What a game says beyond the shared shape goes under details."""
    details = dict(outcome.data or {})
    details.pop("game", None)
    round_number = details.pop("round", None)
    phase = details.pop("phase")
    assert isinstance(phase, Phase), f"{game}'s status gives no phase"
    listed = details.get("rounds")
    rounds: list = listed if isinstance(listed, list) else []
    current = next((r for r in rounds if r.get("round") == round_number), None)
    if current is not None:
        waiting = current.get("waiting_for") or details.get("waiting_for")
        missing = current.get("not_submitted") or []
    else:
        waiting, missing = details.get("waiting_for"), []
    waiting_for = _names(waiting)
    waiting_for += [name for name in missing if name not in waiting_for]
    command = details.pop("next", None)
    if command is None:  # no command to run: what the host must do by hand, if the game says (else it waits)
        command = details.get("reason")
    details["problems"] = [p.as_json() for p in problems]
    return Status(game, match_id, round_number, phase, tuple(waiting_for), command, len(problems), details)
