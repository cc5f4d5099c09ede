"""Rows a player sent at a time (answers, bids): read the time, place the row in a round, match the player."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Callable, Sequence

from hostkit.core.game import Context
from hostkit.core.settings import whole_number
from hostkit.core.tables import Problem, Record, Table, is_blank
from hostkit.core.times import format_time, parse_time


@dataclass(frozen=True)
class Stamped:
    """A usable row of one round: its cells, when it was sent, and whose it is."""

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
    round_at: Callable[[dt.datetime], "int | None"]
    no_round: str


def read_stamped(table: Table, ctx: Context, round_number: int, clock: RoundClock, columns: Sequence[str],
                 skipped: str) -> tuple[list[Stamped], list[Problem]]:
    """Round round_number's rows (Timestamp, Player, an optional Round, and columns); unusable rows of any
    round are reported with what to fix and `skipped` (what happens to them)."""
    rows: list[Stamped] = []
    problems: list[Problem] = []
    for record in table.records("Timestamp", "Player", *columns, optional=("Round",)):
        def problem(message: str) -> None:
            problems.append(Problem(table.name, record.row, message))

        try:
            at = parse_time(record["Timestamp"], ctx.config.tz, ctx.config["date_order"])
        except ValueError as error:
            problem(f"Timestamp {error}; {skipped}.")
            continue
        typed = record.cells.get("Round")
        if is_blank(typed):
            found = clock.round_at(at)
            if found is None:
                problem(f"came at {format_time(at, ctx.config.tz)} with a blank Round, {clock.no_round}; "
                        f"type its round.")
                continue
        else:
            try:
                found = whole_number(typed)
            except ValueError:
                problem(f"Round {typed!r} is not a round number; type the round (1–{clock.rounds}).")
                continue
            if not 1 <= found <= clock.rounds:
                problem(f"Round {typed!r} is not a {clock.kind} (1–{clock.rounds}); fix the round number.")
                continue
        if found != round_number:
            continue
        player = ctx.roster.match(record["Player"])
        if player is None:
            problem(f"{record.text('Player')!r} is not a player ({', '.join(ctx.roster.names)}); "
                    f"fix the name or add the player to Players.")
            continue
        rows.append(Stamped(record, at, player))
    return rows, problems
