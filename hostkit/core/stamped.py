"""Rows a player sent at a time (answers, bids): read the time, place the row in a round, match the player;
and the tab of each round's time (Opens, Deadline) they are placed by."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

from hostkit.core.game import Context
from hostkit.core.settings import whole_number
from hostkit.core.tables import Cell, Problem, Record, Table, is_blank
from hostkit.core.times import format_time, parse_time
from hostkit.core.words import named

T = TypeVar("T")


class Stamped(NamedTuple):
    """A usable row of one round: its cells, when it was sent, and whose it is. A NamedTuple, not a frozen
    dataclass: as immutable, and made in a third of the time (one per row a round reads)."""

    record: Record
    at: dt.datetime
    player: str

    @property
    def row(self) -> int:
        return self.record.row


@dataclass(frozen=True)
class RoundClock:
    """Which rounds a tab's rows may name, and the round a row with a blank Round falls in by its time."""

    rounds: int
    kind: str
    round_at: Callable[[dt.datetime], int | None]
    no_round: str


def read_stamped(
    table: Table, ctx: Context, round_number: int, clock: RoundClock, columns: Sequence[str], skipped: str
) -> tuple[list[Stamped], list[Problem]]:
    """Round round_number's rows (Timestamp, Player, an optional Round, and columns); unusable rows of any
    round are reported with what to fix and `skipped` (what happens to them)."""
    names = (*columns, "Timestamp", "Player", "Round")

    def stamped(row: int, at: dt.datetime, player: str, cells: tuple[Cell, ...]) -> Stamped:
        return Stamped(Record(row, dict(zip(names, cells))), at, player)

    return read_stamped_as(stamped, table, ctx, round_number, clock, columns, skipped)


def read_stamped_as(
    make: Callable[[int, dt.datetime, str, tuple[Cell, ...]], T | None],
    table: Table,
    ctx: Context,
    round_number: int,
    clock: RoundClock,
    columns: Sequence[str],
    skipped: str,
) -> tuple[list[T], list[Problem]]:
    """read_stamped's rows, each as make(its row number, time, player, cells) makes it, without a Stamped and
    a Record: cells holds the row's cells of columns, then of Timestamp, Player and Round. A row make gives
    None for is left out (make reports why)."""
    rows: list[T] = []
    problems: list[Problem] = []
    tz, order, match = ctx.config.tz, ctx.config["date_order"], ctx.roster.match
    for number, cells in table.values(*columns, "Timestamp", "Player", optional=("Round",)):
        stamp, who, typed = cells[-3:]
        try:
            at = parse_time(stamp, tz, order)
        except ValueError as error:
            problems.append(Problem(table.name, number, f"{named('Timestamp', stamp)} {error}; {skipped}."))
            continue
        if type(typed) is int and 1 <= typed <= clock.rounds:  # the common cell, without a call
            found = typed
        else:
            try:
                found = _round_of(typed, at, clock, tz)
            except ValueError as error:
                problems.append(Problem(table.name, number, str(error)))
                continue
        if found != round_number:
            continue
        player = match(who)
        if player is None:
            fix = "type who sent it" if is_blank(who) else "fix the name or add the player to Players"
            problems.append(Problem(table.name, number, f"{ctx.roster.unknown(who)}; {fix}."))
            continue
        made = make(number, at, player, cells)
        if made is not None:
            rows.append(made)
    return rows, problems


def _round_of(typed: Cell, at: dt.datetime, clock: RoundClock, tz: dt.tzinfo) -> int:
    """The round a row names in its Round cell, or when that is blank the round its time falls in; ValueError
    says what to fix. (read_stamped_as takes the common cell, a round number in range, itself.)"""
    if is_blank(typed):
        found = clock.round_at(at)
        if found is None:
            raise ValueError(f"came at {format_time(at, tz)} with a blank Round, {clock.no_round}; type its round.")
        return found
    try:
        found = whole_number(typed)
    except ValueError:
        raise ValueError(f"Round {typed!r} is not a round number; type the round (1–{clock.rounds}).") from None
    if not 1 <= found <= clock.rounds:
        raise ValueError(f"Round {typed!r} is not a {clock.kind} (1–{clock.rounds}); fix the round number.")
    return found


@dataclass(frozen=True)
class RoundTimes:
    """A tab of one row per round and its time (Opens, Deadline): each readable time with its row, the rows
    that cannot be used, and why a round whose row is there has no time."""

    times: dict[int, tuple[int, dt.datetime]]
    problems: list[Problem]
    unreadable: dict[int, str]


def read_round_times(table: Table, ctx: Context, column: str, rounds: int, unusable: str) -> RoundTimes:
    """Rows (Round, column) of rounds 1..rounds; a blank time is left out. A round named twice keeps its first
    row; `unusable` says what an unreadable time stops."""
    times: dict[int, tuple[int, dt.datetime]] = {}
    seen: dict[int, int] = {}
    problems: list[Problem] = []
    unreadable: dict[int, str] = {}
    for record in table.records("Round", column):

        def problem(message: str) -> None:
            problems.append(Problem(table.name, record.row, message))

        typed = record["Round"]
        try:
            number = whole_number(typed)
        except ValueError:
            said = "is blank" if is_blank(typed) else "is not a whole number"
            problem(f"{named('Round', typed)} {said}; type the round number (1–{rounds}). The row is not read.")
            continue
        if not 1 <= number <= rounds:
            problem(
                f"Round {number} is not a round of this match (1–{rounds}); fix the round number. The row is not read."
            )
            continue
        if number in seen:
            problem(f"round {number} is already on row {seen[number]}; this row is ignored. Delete one of the two.")
            continue
        seen[number] = record.row
        if is_blank(record[column]):
            continue
        try:
            times[number] = (record.row, parse_time(record[column], ctx.config.tz, ctx.config["date_order"]))
        except ValueError as error:
            said = f"{named(column, record[column])} {error}; {unusable.format(round=number)}."
            unreadable[number] = f"{table.name} row {record.row}: {said}"
            problem(said)
    return RoundTimes(times, problems, unreadable)
