"""Which of Cards on the Table's public tabs players must not see yet (Game.withheld): a round's results until
the round has closed, its board as Config public_boards says, the final results until round 3 has closed."""

from __future__ import annotations

import datetime as dt
from typing import Protocol

from hostkit.core.game import Context
from hostkit.core.tables import BookError, Tables
from hostkit.core.times import format_time

from .cards import ROUNDS
from .schedule import Schedule
from .tabs import FINAL_TAB, LAST, ROUND_TAB, read_schedule


class Reads(Protocol):
    def context(self, tables: Tables) -> Context: ...


class Withholding:
    """Game.withheld for Cards on the Table: a round's results until the round has closed (as `score` writes
    them), its board until Config public_boards allows it, the final results until round 3 has closed; so a round
    the host moves later, or boards the host makes private again, are withdrawn."""

    def withheld(self: Reads, tables: Tables, now: dt.datetime) -> dict[str, str]:
        """Each round's results until it closes, its board as Config public_boards says, the final results until
        round 3 closes; while the settings or the Rounds tab cannot be read, every one of them."""
        tabs = round_tabs(tables)
        if not tabs:
            return {}
        try:
            ctx = self.context(tables)
            schedule = read_schedule(tables, ctx)
        except BookError as error:
            return {name: f"Whether its round has closed cannot be told: {error}" for name in tabs}
        found = {}
        for name, (number, kind) in tabs.items():
            reason = private(ctx, schedule, number, kind, now)
            if reason is not None:
                found[name] = reason
        return found


def round_tabs(tables: Tables) -> dict[str, tuple[int | None, str]]:
    """Each 'Round N Board' and 'Round N Results' tab in the workbook and the final results: round (None when the
    name gives none) and kind."""
    found: dict[str, tuple[int | None, str]] = {}
    for name in tables.names():
        key = name.casefold()
        match = ROUND_TAB.fullmatch(key)
        if match is not None:
            number = match[1].strip()
            found[name] = (int(number) if number.isdecimal() else None, match[2])
        elif key == FINAL_TAB.casefold():
            found[name] = (LAST, "final")
    return found


def private(ctx: Context, schedule: Schedule, number: int | None, kind: str, now: dt.datetime) -> str | None:
    """Why a round's tab is not public yet, or None once it is."""
    when = ctx.config["public_boards"]
    if kind == "board" and when == "never":
        return "Config public_boards is never: the boards stay with the host."
    if number is None:
        return (
            "The tab's name gives no round number, so when it may be public cannot be told; name it like "
            f"'Round 3 {kind.title()}'."
        )
    if number not in ROUNDS:
        return f"Round {number} is not a round of this match; the rounds are 1, 2 and 3."
    what = {"results": "its results are", "final": "the final results are", "board": "its board is"}[kind]
    if kind == "board" and when == "match-end":
        number, what = LAST, "the boards are"
    if schedule.is_over(number, now):
        return None
    closes = format_time(schedule.window(number).closes, ctx.config.tz)
    setting = f" (Config public_boards is {when})" if kind == "board" else ""
    return f"Round {number} closes at {closes} {ctx.config['timezone']}; {what} public after that{setting}."
