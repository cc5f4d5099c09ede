"""Paths and PAHs' tabs: their names and headers (from template.json), reading them, the Board tab as `board`
lays it (generated from the seed) or checks it (typed), and which public boards players must not see yet."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Protocol

from hostkit.core.cards import Card
from hostkit.core.game import Context, Outcome, load_template, template_headers
from hostkit.core.settings import whole_number
from hostkit.core.stamped import RoundClock, read_stamped
from hostkit.core.tables import BookError, Cell, Problem, Rows, Tables, is_blank
from hostkit.core.times import format_time, parse_time
from hostkit.core.words import named, plural
from hostkit.games.paths_and_pahs.actions import Submission
from hostkit.games.paths_and_pahs.board import (
    COLUMNS,
    SIZE,
    Board,
    board_problems,
    format_board,
    generate_board,
    parse_board,
)
from hostkit.games.paths_and_pahs.cards import CardNames, shares_no_value
from hostkit.games.paths_and_pahs.match import ENDGAME

HEADERS = template_headers(load_template(__package__))
ROUNDS_TAB = "Rounds"
BOARD_TAB = "Board"
SUBMISSIONS_TAB = "Submissions"
STARTING_TAB = "Starting"
DRAWS_TAB = "Draws"
LEADERBOARD_TAB = "Leaderboard"
OPENING_BOARD_TAB = "Opening Board"
BOARD_AFTER = re.compile(r"board after round (.*)", re.S)  # as the public tabs 'Board after Round *'


def results_tab(round_number: int) -> str:
    """Host only: every action judged, the players' full state and the board after the round."""
    return f"Round {round_number} Results"


def board_tab(round_number: int) -> str:
    """Public: the board after the round, as coloured cells, with the players on it."""
    return f"Board after Round {round_number}"


def round_name(round_number: int) -> str:
    return "the endgame" if round_number == ENDGAME else f"round {round_number}"


@dataclass(frozen=True)
class RoundTimes:
    number: int
    row: int
    opens: dt.datetime
    closes: dt.datetime


def read_rounds(tables: Tables, ctx: Context) -> dict[int, RoundTimes]:
    """The rounds whose Opens time is typed; Closes defaults to Opens + Config round_hours."""
    table = tables.require(ROUNDS_TAB)
    found: dict[int, RoundTimes] = {}
    for record in table.records("Round", "Opens", optional=("Closes",)):
        where = f"Rounds row {record.row}"
        try:
            number = whole_number(record["Round"])
        except ValueError:
            raise BookError(
                f"{where}: Round {record.text('Round')!r} is not a round number (1–{ENDGAME}); fix it."
            ) from None
        if not 1 <= number <= ENDGAME:
            raise BookError(
                f"{where}: round {number} is not a round of this match (1–{ENDGAME - 1}, then {ENDGAME}, "
                f"the endgame); fix it."
            )
        if number in found:
            raise BookError(f"{where}: round {number} is listed twice (also row {found[number].row}); keep one row.")
        if is_blank(record["Opens"]):
            continue
        opens = _time(record["Opens"], ctx, f"{where}: Opens")
        closes = (
            opens + dt.timedelta(hours=ctx.config["round_hours"])
            if is_blank(record["Closes"])
            else _time(record["Closes"], ctx, f"{where}: Closes")
        )
        if closes <= opens:
            raise BookError(
                f"{where}: round {number} closes at {format_time(closes, ctx.config.tz)}, not after it "
                f"opens; fix Closes or leave it blank ({ctx.config['round_hours']} hours)."
            )
        found[number] = RoundTimes(number, record.row, opens, closes)
    return found


def _time(cell: Cell, ctx: Context, what: str) -> dt.datetime:
    try:
        return parse_time(cell, ctx.config.tz, ctx.config["date_order"])
    except ValueError as error:
        raise BookError(f"{named(what, cell)} {error}.") from None


def board_cells(tables: Tables) -> tuple[list[list[Cell]], list[Problem]]:
    """The Board tab as 6 rows of 6 typed cells (rows by their Row number; a missing row is blank)."""
    table = tables.require(BOARD_TAB)
    grid: list[list[Cell]] = [[None] * SIZE for _ in range(SIZE)]
    problems: list[Problem] = []
    seen: dict[int, int] = {}
    for record in table.records("Row", *COLUMNS):
        try:
            number = whole_number(record["Row"])
        except ValueError:
            number = 0
        if not 1 <= number <= SIZE:
            problems.append(
                Problem(
                    table.name,
                    record.row,
                    f"Row {record.text('Row')!r} is not a row of the board "
                    f"(1–{SIZE}); the row is left out until it is fixed.",
                )
            )
            continue
        if number in seen:
            problems.append(
                Problem(
                    table.name,
                    record.row,
                    f"row {number} is typed twice (also tab row {seen[number]}); this one is left out.",
                )
            )
            continue
        seen[number] = record.row
        grid[number - 1] = [record[c] for c in COLUMNS]
    return grid, problems


def has_cards(grid: list[list[Cell]]) -> bool:
    return any(not is_blank(cell) for row in grid for cell in row)


def read_board(tables: Tables, names: CardNames) -> Board:
    """The opening board, or BookError naming every problem with its cells."""
    grid, problems = board_cells(tables)
    if not has_cards(grid):
        raise BookError(f"The {BOARD_TAB} tab is empty; run `hostkit board --round 1` to lay the board.")
    wrong = [str(p) for p in problems] + [f"{BOARD_TAB} {p}" for p in board_problems(grid, names)]
    if wrong:
        raise BookError(
            f"The {BOARD_TAB} tab cannot be used: {'; '.join(wrong)}. Fix it, or run "
            f"`hostkit board --round 1 --force` to lay a generated board."
        )
    return parse_board(grid, names)


def read_starting(tables: Tables, ctx: Context, names: CardNames) -> tuple[dict[str, tuple[Card, Card]], list[Problem]]:
    """Each player's two starting cards; a player missing here cannot play (BookError)."""
    table = tables.require(STARTING_TAB)
    dealt: dict[str, tuple[Card, Card]] = {}
    problems: list[Problem] = []
    for record in table.records(*HEADERS[STARTING_TAB]):
        player = ctx.roster.match(record["Player"])
        if player is None:
            problems.append(
                Problem(
                    table.name,
                    record.row,
                    f"{record.text('Player')!r} is not a player ({', '.join(ctx.roster.names)}); the row is ignored.",
                )
            )
            continue
        try:
            first, second = (names.parse(record[c]) for c in ("Card 1", "Card 2"))
        except ValueError as error:
            raise BookError(
                f"{STARTING_TAB} row {record.row}: {error}. Fix it, or run `hostkit deal --round 1 "
                f"--force` to deal again."
            ) from None
        if first == second:
            raise BookError(
                f"{STARTING_TAB} row {record.row}: {player}'s two starting cards are the same card; "
                f"give two different cards."
            )
        if not shares_no_value(first, second):
            problems.append(
                Problem(
                    table.name,
                    record.row,
                    f"{player}'s starting cards {names.format(first)} and "
                    f"{names.format(second)} share a value; the rule sheet deals two that share "
                    f"none. Used as typed.",
                )
            )
        dealt[player] = (first, second)
    missing = [p for p in ctx.roster.names if p not in dealt]
    if missing:
        raise BookError(
            f"{STARTING_TAB} has no starting cards for {', '.join(missing)}; run `hostkit deal --round 1` first."
        )
    return {p: dealt[p] for p in ctx.roster.names}, problems


def read_submissions(
    tables: Tables, ctx: Context, rounds: dict[int, RoundTimes], round_number: int
) -> tuple[list[Submission], list[Problem]]:
    """Round round_number's rows; a blank Round is read from the time (the latest round opened by then)."""

    def round_at(at: dt.datetime) -> int | None:
        started = [r for r in rounds.values() if r.opens <= at]
        return max(started, key=lambda r: r.opens).number if started else None

    clock = RoundClock(
        ENDGAME,
        f"round of this match ({ENDGAME} is the endgame)",
        round_at,
        "before any round opened (fix the Opens times if they are wrong)",
    )
    table = tables.require(SUBMISSIONS_TAB)
    stamped, problems = read_stamped(table, ctx, round_number, clock, ("Action", "Value"), "the row is not scored")
    return [
        Submission(s.row, s.at, s.player, s.record.text("Action"), s.record.text("Value")) for s in stamped
    ], problems


def record_draws(tables: Tables, command: str, entries: Rows) -> Rows:
    """The Draws tab with this command's rows replaced by `entries`."""
    table = tables.get(DRAWS_TAB)
    kept = [r for r in (table.filled_rows(handled=True) if table else []) if str(r[0] if r else "").strip() != command]
    return [list(HEADERS[DRAWS_TAB])] + kept + entries


def round_one_opens(tables: Tables, ctx: Context) -> dt.datetime | None:
    """When round 1 opens, or None while Rounds has no readable time for it."""
    try:
        found = read_rounds(tables, ctx).get(1)
    except BookError:
        return None  # an unreadable Rounds tab is reported by the commands that need it
    return found.opens if found else None


def typed_board(
    ctx: Context, grid: list[list[Cell]], names: CardNames, problems: list[Problem], outcome: Outcome
) -> Board | None:
    """The board the host typed, checked: None (its problems in the outcome) when it cannot be used."""
    wrong = board_problems(grid, names)
    outcome.problems += [Problem(BOARD_TAB, None, p) for p in wrong]
    if wrong or problems:
        outcome.summary.append(
            f"The {BOARD_TAB} tab holds a typed board; checked it: "
            f"{plural(len(wrong) + len(problems), 'problem')}, listed below. Fix them, or "
            f"pass --force to lay a generated board instead."
        )
        outcome.data = {"round": 1, "seed": None, "board": None}
        return None
    board = parse_board(grid, names)
    seeded = format_board(board, names) == format_board(generate_board(ctx.config["seed"]), names)
    outcome.summary.append(
        f"The {BOARD_TAB} tab holds the board generated from the match's seed; checked it: every card "
        f"once and 9 empty tiles."
        if seeded
        else f"The {BOARD_TAB} tab holds a typed board; checked it: every card once and 9 "
        f"empty tiles. Use --force to replace it with a generated one."
    )
    return board


def laid_board(tables: Tables, used: int | str, label: str, names: CardNames, outcome: Outcome) -> Board:
    """The board generated from seed `used`, written with its draw recorded."""
    board = generate_board(used)
    outcome.writes[BOARD_TAB] = [list(HEADERS[BOARD_TAB])] + [
        [r + 1, *row] for r, row in enumerate(format_board(board, names))
    ]
    empty = ", ".join(map(str, board.empty_tiles()))
    outcome.writes[DRAWS_TAB] = record_draws(
        tables, "board", [["board", 1, label, f"the 27 cards once each and 9 empty tiles ({empty})"]]
    )
    outcome.summary.append(
        f"Laid a generated board (seed {label}) in {BOARD_TAB}: the 27 cards once each and 9 empty tiles ({empty})."
    )
    return board


class Reads(Protocol):
    def context(self, tables: Tables) -> Context: ...


class Withholding:
    """Game.withheld for Paths and PAHs: the Opening Board until round 1 opens (as `board` publishes it), the
    board after a round until that round has closed (as `score` writes it), so a round moved later is withdrawn."""

    def withheld(self: Reads, tables: Tables, now: dt.datetime) -> dict[str, str]:
        """The Opening Board until round 1 opens, each Board after Round N until round N closes; while the
        settings or the Rounds tab cannot be read, every one of them."""
        tabs = board_tabs(tables)
        if not tabs:
            return {}
        try:
            ctx = self.context(tables)
            rounds = read_rounds(tables, ctx)
        except BookError as error:
            return {name: f"Whether its round has {event} cannot be told: {error}" for name, (_, event) in tabs.items()}
        found = {}
        for name, (number, event) in tabs.items():
            reason = not_opened(ctx, rounds, now) if event == "opened" else not_closed(ctx, rounds, number, now)
            if reason is not None:
                found[name] = reason
        return found


def board_tabs(tables: Tables) -> dict[str, tuple[int | None, str]]:
    """The Opening Board and each 'Board after Round N' tab in the workbook: its round (None when its name gives
    none) and whether that round must have opened or closed."""
    found: dict[str, tuple[int | None, str]] = {}
    for name in tables.names():
        key = name.casefold()
        match = BOARD_AFTER.fullmatch(key)
        if match is not None:
            number = match[1].strip()
            found[name] = (int(number) if number.isdecimal() else None, "closed")
        elif key == OPENING_BOARD_TAB.casefold():
            found[name] = (1, "opened")
    return found


def at(moment: dt.datetime, ctx: Context) -> str:
    return f"{format_time(moment, ctx.config.tz)} {ctx.config['timezone']}"


def not_opened(ctx: Context, rounds: dict[int, RoundTimes], now: dt.datetime) -> str | None:
    """Why the Opening Board is not public yet, or None once round 1 has opened."""
    times = rounds.get(1)
    if times is None:
        return "Round 1 has no Opens time in the Rounds tab yet; the board is public once round 1 opens."
    if now < times.opens:
        return f"Round 1 opens at {at(times.opens, ctx)}; the board is public then."
    return None


def not_closed(ctx: Context, rounds: dict[int, RoundTimes], number: int | None, now: dt.datetime) -> str | None:
    """Why the board after round `number` is not public yet, or None once that round has closed."""
    if number is None:
        return (
            "The tab's name gives no round number, so when it may be public cannot be told; name it like "
            "'Board after Round 3'."
        )
    if not 1 <= number < ENDGAME:
        return f"Round {number} has no board after it: the boards after rounds 1–{ENDGAME - 1} are public."
    times = rounds.get(number)
    if times is None:
        return f"Round {number} has no Opens time in the Rounds tab yet, so it has not been played."
    if now < times.closes:
        return f"Round {number} closes at {at(times.closes, ctx)}; the board after it is public then."
    return None
