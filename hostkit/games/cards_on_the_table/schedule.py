"""When each round is open: Opens and Closes from the Rounds tab, the blanks filled from the settings.

A round runs from its Opens to its Closes, both included (a message stamped exactly at the close is on
time). A blank Closes is Opens + `round_hours`; a blank Opens of round 2 or 3 is the previous round's
Closes + `reset_minutes`, the reset period in which the sheet's host resets the bot and players must
not post commands.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from hostkit.core.times import format_span, format_time

from .cards import ROUNDS


@dataclass(frozen=True)
class Window:
    """One round's open time; row is its Rounds row (None when it has none)."""

    round: int
    opens: dt.datetime
    closes: dt.datetime
    row: int | None

    def holds(self, moment: dt.datetime) -> bool:
        return self.opens <= moment <= self.closes


@dataclass(frozen=True)
class Typed:
    """What the host typed for a round: Opens and Closes (None when blank) and the Rounds row."""

    opens: dt.datetime | None
    closes: dt.datetime | None
    row: int | None


def build_schedule(typed: Mapping[int, Typed], round_hours: int, reset_minutes: int) -> Schedule:
    """The three rounds' windows; ValueError says what to type when round 1 has no Opens or times overlap."""
    windows: list[Window] = []
    for number in ROUNDS:
        given = typed.get(number, Typed(None, None, None))
        opens = given.opens
        if opens is None:
            if not windows:
                raise ValueError(
                    "round 1 has no Opens time; type it in the Rounds tab (the later rounds follow "
                    "from round_hours and reset_minutes unless you type them)"
                )
            opens = windows[-1].closes + dt.timedelta(minutes=reset_minutes)
        closes = given.closes or opens + dt.timedelta(hours=round_hours)
        if closes <= opens:
            raise ValueError(f"round {number} closes before it opens; fix its Opens or Closes in the Rounds tab")
        if windows and opens < windows[-1].closes:
            raise ValueError(f"round {number} opens before round {number - 1} closes; fix the Rounds tab")
        windows.append(Window(number, opens, closes, given.row))
    return Schedule(tuple(windows))


@dataclass(frozen=True)
class Schedule:
    windows: tuple[Window, ...]

    def window(self, number: int) -> Window:
        return self.windows[number - 1]

    def round_at(self, moment: dt.datetime) -> int | None:
        """The round open at that moment; None before round 1, in a reset period, or after round 3."""
        return next((w.round for w in self.windows if w.holds(moment)), None)

    def is_over(self, number: int, now: dt.datetime) -> bool:
        return now > self.window(number).closes

    def why_closed(self, now: dt.datetime, tz: dt.tzinfo) -> str:
        """Why no round takes messages now, in words for the host."""
        first, last = self.windows[0], self.windows[-1]
        if now < first.opens:
            return (
                f"no round is open yet: round 1 opens at {format_time(first.opens, tz)} "
                f"({format_span(first.opens - now)} from now)"
            )
        if now > last.closes:
            return f"the match is over: round {last.round} closed at {format_time(last.closes, tz)}"
        before = max((w for w in self.windows if w.closes < now), key=lambda w: w.round)
        after = self.window(before.round + 1)
        return (
            f"it is the reset period between round {before.round} (closed at {format_time(before.closes, tz)}) "
            f"and round {after.round} (opens at {format_time(after.opens, tz)}, "
            f"{format_span(after.opens - now)} from now): players must not post commands now"
        )
