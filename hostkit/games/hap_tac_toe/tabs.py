"""The workbook of a Death Match: tab names and headers (from template.json), Config read into the
rules, and the Games and Moves tabs read into turn records."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from hostkit.core.game import Context, load_template, template_headers
from hostkit.core.settings import Setting, choice, integer, text, whole_number
from hostkit.core.tables import BookError, Cell, Problem, Rows, Tables, is_blank
from hostkit.core.times import format_time, from_serial, parse_time
from hostkit.games.hap_tac_toe.claims import parse_clock_time
from hostkit.games.hap_tac_toe.replay import TurnRecord
from hostkit.games.hap_tac_toe.scoring import Scoring, Settings, exact
from hostkit.games.hap_tac_toe.variants import HapTacToe

HEADERS = template_headers(load_template(__package__))
GAMES_TAB = "Games"
MOVES_TAB = "Moves"
LEADERBOARD_TAB = "Leaderboard"
MOVES_HEADER = HEADERS[MOVES_TAB]
GAMES = (1, 2)


def results_tab(number: int) -> str:
    return f"Game {number} Results"


def board_tab(number: int) -> str:
    return f"Game {number} Board"


def _points(value: Cell) -> Fraction:
    try:
        points = exact(value)  # type: ignore[arg-type]
    except ValueError:
        raise ValueError("is not a number; write it like 0.5") from None
    if points < 0:
        raise ValueError("is below 0; write what a bad claim costs as 0 or more, like 0.5")
    return points


def match_settings(rules: type[HapTacToe]) -> tuple[Setting, ...]:
    """The Config settings of a match of `rules`, with that game's defaults and names."""
    names = tuple(
        setting
        for i, (attribute, values) in enumerate(zip(rules.attributes, rules.values), start=1)
        for setting in (
            Setting(f"attribute_{i}", attribute, f"The name of the {rules.piece}s' attribute {i}.", text),
            Setting(
                f"attribute_{i}_values",
                ", ".join(values),
                f"The three values of attribute {i}, comma-separated, in the order the pictures draw them.",
                text,
            ),
        )
    )
    return (
        Setting(
            "advantage",
            "",
            f"The player who holds {rules.advantage_title}: they choose who moves first in game 1 and win a tie.",
            text,
        ),
        Setting("first_player", "", "Who moves first in game 1; game 2 starts with the other player.", text),
        Setting("move_seconds", 60, "Seconds each move may take before the reserve runs.", integer(1, 3600)),
        Setting("reserve_seconds", 300, "Each player's reserve, in seconds, shared by both games.", integer(0, 36_000)),
        Setting(
            "scoring",
            rules.default_scoring.value,
            "half-point: -invalid_claim_points per bad claim, the "
            "two-game total rounded up; strikes: every strikes_per_point-th bad claim costs 1 point.",
            choice(*(s.value for s in Scoring)),
        ),
        Setting("invalid_claim_points", 0.5, "Points a bad claim costs under half-point scoring.", _points),
        Setting("strikes_per_point", 2, "Bad claims that cost 1 point under strikes scoring.", integer(1, 100)),
        *names,
        Setting(
            "winner_garnets",
            0,
            "Garnets paid to the match winner (0: none; the loser is eliminated).",
            integer(0, 1000),
        ),
    )


def rules_from(ctx: Context, rules: type[HapTacToe]) -> HapTacToe:
    """The rules of this match from its Config: clock, scoring and the names of the blocks."""
    c = ctx.config
    settings = Settings(
        c["move_seconds"],
        c["reserve_seconds"],
        Scoring(c["scoring"]),
        c["invalid_claim_points"],
        c["strikes_per_point"],
    )
    attributes = [c[f"attribute_{i}"] for i in (1, 2, 3)]
    values = [[v.strip() for v in c[f"attribute_{i}_values"].split(",")] for i in (1, 2, 3)]
    try:
        return rules(settings, attributes, values)
    except ValueError as error:
        raise BookError(f"Config attribute names or values: {error}; fix the attribute_N rows of Config.") from None


def named_player(ctx: Context, key: str) -> str | None:
    """The player a Config setting names (advantage, first_player), or None while it is blank."""
    typed = ctx.config[key]
    if is_blank(typed):
        return None
    name = ctx.roster.match(typed)
    if name is None:
        raise BookError(f"Config {key} {typed!r} is not a player ({', '.join(ctx.roster.names)}); fix it.")
    return name


@dataclass(frozen=True)
class Start:
    """A Games row: when game `number`'s clock started (None while blank)."""

    number: int
    row: int | None
    at: dt.datetime | None


def read_starts(tables: Tables, ctx: Context) -> tuple[dict[int, Start], list[Problem]]:
    table = tables.require(GAMES_TAB)
    starts = {n: Start(n, None, None) for n in GAMES}
    problems: list[Problem] = []
    for record in table.records("Game", "Starts"):
        number = _number(record["Game"])
        if number not in GAMES:
            problems.append(Problem(table.name, record.row, f"Game {record.text('Game')!r} is not 1 or 2; fix it."))
            continue
        if starts[number].row is not None:
            problems.append(
                Problem(
                    table.name,
                    record.row,
                    f"Game {number} is already on row {starts[number].row}; this row is ignored. Delete one of the two.",
                )
            )
            continue
        at = None
        if not is_blank(record["Starts"]):
            try:
                at = parse_time(record["Starts"], ctx.config.tz, ctx.config["date_order"])
            except ValueError as error:
                raise BookError(
                    f"Games row {record.row}: Starts {record['Starts']!r} {error}; type the date "
                    f"and time game {number}'s clock started."
                ) from None
        starts[number] = Start(number, record.row, at)
    return starts, problems


@dataclass(frozen=True)
class Move:
    """A Moves row of one game, as a turn record, and its row number."""

    row: int
    record: TurnRecord


def read_moves(tables: Tables, ctx: Context, starts: dict[int, Start]) -> tuple[dict[int, list[Move]], list[Problem]]:
    """Each game's rows in the order typed; a row whose Game or Turn cannot be read is reported and left out."""
    table = tables.require(MOVES_TAB)
    moves: dict[int, list[Move]] = {n: [] for n in GAMES}
    seen: dict[tuple[int, int], int] = {}
    problems: list[Problem] = []
    for record in table.records("Game", "Turn", "Player", "Block", "Square", "Claims", "Done"):

        def problem(message: str) -> None:
            problems.append(Problem(table.name, record.row, message))

        number, turn = _number(record["Game"]), _number(record["Turn"])
        if number not in GAMES:
            problem(f"Game {record.text('Game')!r} is not 1 or 2; the row is left out until it is fixed.")
            continue
        if turn is None or turn < 1:
            problem(
                f"Turn {record.text('Turn')!r} is not a turn number (1, 2, 3, …); the row is left out "
                f"until it is fixed."
            )
            continue
        if (number, turn) in seen:
            problem(
                f"Game {number} turn {turn} is already on row {seen[number, turn]}; this row is left out. Delete "
                f"one of the two (`hostkit undo` takes back the last turn)."
            )
            continue
        seen[number, turn] = record.row
        done = None
        if not is_blank(record["Done"]):
            try:
                done = read_done(record["Done"], starts[number].at, ctx)
            except ValueError as error:
                problem(f"Done {record['Done']!r} {error}.")
        moves[number].append(
            Move(
                record.row,
                TurnRecord(
                    turn,
                    record.text("Player"),
                    record.text("Block"),
                    record.text("Square"),
                    record.text("Claims"),
                    done,
                ),
            )
        )
    return moves, problems


def read_done(value: Cell, starts: dt.datetime | None, ctx: Context) -> dt.datetime:
    """A Done cell: a date and time, or a time of day (20:01:15) on the day of the game's Starts."""
    clock = _time_of_day(value)
    if clock is None:
        return parse_time(value, ctx.config.tz, ctx.config["date_order"])
    if starts is None:
        raise ValueError("is a time of day, and the game has no Starts date in Games to put it on; type the date too")
    day = starts.astimezone(ctx.config.tz).date()
    return parse_time(dt.datetime.combine(day, clock), ctx.config.tz)


def _time_of_day(value: Cell) -> dt.time | None:
    if isinstance(value, dt.time):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1:
        return from_serial(value).time()
    if isinstance(value, str):
        try:
            return parse_clock_time(value)
        except ValueError:
            return None
    return None


def _number(value: Cell) -> int | None:
    try:
        return whole_number(value)
    except ValueError:
        return None


def local(moment: dt.datetime, ctx: Context) -> dt.datetime:
    """A moment as the naive local date-time a workbook cell holds, in Config timezone."""
    return moment.astimezone(ctx.config.tz).replace(tzinfo=None)


def moves_row(header: Sequence[str], values: dict[str, Cell]) -> list[Cell]:
    """A Moves row in the tab's own column order (its header may be arranged differently)."""
    by_key = {k.casefold(): v for k, v in values.items()}
    return [by_key.get(" ".join(str(h).split()).casefold()) for h in header]


def moves_rows(tables: Tables) -> tuple[list[str], Rows]:
    """The Moves tab's header and its filled rows as typed."""
    table = tables.require(MOVES_TAB)
    return (table.header or list(MOVES_HEADER)), table.filled_rows(handled=True)


def when(moment: dt.datetime, ctx: Context) -> str:
    return format_time(moment, ctx.config.tz)
