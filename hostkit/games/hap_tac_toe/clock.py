"""The chess clock: a minute a move, then a reserve shared by both games of the match."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from hostkit.core.times import format_span

ZERO = dt.timedelta(0)


@dataclass(frozen=True)
class TurnClock:
    """One finished turn: when it began and ended, and what it took from the reserve."""

    began: dt.datetime
    ended: dt.datetime
    reserve_before: dt.timedelta
    move: dt.timedelta

    @property
    def seconds(self) -> dt.timedelta:
        return self.ended - self.began

    @property
    def from_reserve(self) -> dt.timedelta:
        return max(ZERO, self.seconds - self.move)

    @property
    def reserve_left(self) -> dt.timedelta:
        """Below zero when the reserve ran out before the turn ended."""
        return self.reserve_before - self.from_reserve

    def is_out_of_time(self) -> bool:
        return self.reserve_left < ZERO

    def ran_out_at(self) -> dt.datetime:
        return self.began + self.move + self.reserve_before


def charge(began: dt.datetime, ended: dt.datetime, reserve: dt.timedelta, move: dt.timedelta) -> TurnClock:
    if ended < began:
        raise ValueError(f"the turn ends ({ended:%H:%M:%S}) before it began ({began:%H:%M:%S}); fix its Done time")
    return TurnClock(began, ended, reserve, move)


@dataclass(frozen=True)
class ClockReading:
    """Both clocks at a moment while `player` is to play `turn`; only the mover's clock runs."""

    player: str
    turn: int
    now: dt.datetime
    elapsed: dt.timedelta
    minute_left: dt.timedelta
    reserves: Mapping[str, dt.timedelta]
    """Each player's reserve left, the mover's charged for the time used so far (never below zero)."""
    out_of_time: str | None = None

    def describe(self) -> str:
        clocks = ", ".join(f"{p} {format_span(left)}" for p, left in self.reserves.items())
        head = f"{self.player} to play turn {self.turn}: {format_span(self.minute_left)} of the move left"
        text = f"{head}; reserves {clocks}"
        return f"{text}. {self.out_of_time}" if self.out_of_time else text


def read_clock(
    player: str,
    turn: int,
    began: dt.datetime,
    now: dt.datetime,
    reserves: Mapping[str, dt.timedelta],
    move: dt.timedelta,
) -> ClockReading:
    elapsed = max(ZERO, now - began)
    used = max(ZERO, elapsed - move)
    left = reserves[player] - used
    shown = {p: (max(ZERO, left) if p == player else r) for p, r in reserves.items()}
    out = None
    if left < ZERO:
        out = (
            f"{player}'s reserve ran out at {began + move + reserves[player]:%H:%M:%S}: "
            f"{player} loses the match on time"
        )
    return ClockReading(player, turn, now, elapsed, max(ZERO, move - elapsed), shown, out)


def on_day_of(clock: dt.time, starts: dt.datetime) -> dt.datetime:
    """A Done typed as a time of day, on the day (and in the zone) of the game's Starts."""
    return dt.datetime.combine(starts.date(), clock, tzinfo=starts.tzinfo)
