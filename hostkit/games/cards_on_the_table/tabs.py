"""Cards on the Table's tabs: their names and headers (from template.json), reading them, and which public tabs
players must not see yet.

Every unusable row is a Problem naming its tab, row, value and fix; the good rows are still used.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from hostkit.core.game import Context, load_template, template_headers
from hostkit.core.settings import whole_number
from hostkit.core.stamped import RoundClock, read_stamped
from hostkit.core.tables import BookError, Cell, Problem, Record, Rows, Tables, is_blank
from hostkit.core.times import format_time, parse_time
from hostkit.core.words import some

from .cards import ROUNDS, Board, BoardSet, Card, Colour, Heat, parse_number
from .cells import CELLS
from .cells import Cell as BoardCell
from .guesses import TOP_GUESS_ROUNDS, BoardGuess, HeatGuess, TopGuess
from .heat import HeatRule
from .schedule import Schedule, Typed, build_schedule

HEADERS = template_headers(load_template(__package__))
ROUNDS_TAB = "Rounds"
BOARDS_TAB = "Boards"
SUBMISSIONS_TAB = "Submissions"
BOARD_GUESSES_TAB = "Board Guesses"
HEAT_GUESSES_TAB = "Heat Guesses"
TOP_GUESSES_TAB = "Top Guesses"
DRAWS_TAB = "Draws"
FINAL_TAB = "Final Results"
ROUND_TAB = re.compile(r"round (.*) (board|results)", re.S)  # as the public tabs 'Round * Board' and 'Round * Results'
LAST = ROUNDS[-1]
BOARDS_HEADER = HEADERS[BOARDS_TAB]
SUBMISSIONS_HEADER = HEADERS[SUBMISSIONS_TAB]
DRAWS_HEADER = HEADERS[DRAWS_TAB]
YES = ("yes", "y", "true", "correct", "right", "1")
NO = ("no", "n", "false", "incorrect", "wrong", "0")


def results_tab(round_number: int) -> str:
    """Public: the round's anonymous primary (and secondary) list."""
    return f"Round {round_number} Results"


def scores_tab(round_number: int) -> str:
    """Host only: every player's round, part by part, with the reasons."""
    return f"Round {round_number} Scores"


def board_tab(round_number: int) -> str:
    """Public once allowed (Config public_boards): the round's board as coloured cells."""
    return f"Round {round_number} Board"


def whole(cell: Cell, what: str) -> int:
    try:
        return whole_number(cell)
    except ValueError as error:
        raise ValueError(f"{what} {'' if cell is None else str(cell).strip()!r} {error}") from None


def _time(cell: Cell, ctx: Context) -> dt.datetime:
    try:
        return parse_time(cell, ctx.config.tz, ctx.config["date_order"])
    except ValueError as error:
        raise ValueError(f"{str(cell).strip()!r} {error}") from None


def read_schedule(tables: Tables, ctx: Context) -> Schedule:
    """The rounds' open times; BookError names the Rounds row to fix."""
    table = tables.require(ROUNDS_TAB)
    typed: dict[int, Typed] = {}
    for record in table.records("Round", "Opens", "Closes"):
        try:
            number = whole(record["Round"], "Round")
            if number not in ROUNDS:
                raise ValueError(f"Round {number} is not 1, 2 or 3")
            opens, closes = (None if is_blank(record[c]) else _time(record[c], ctx) for c in ("Opens", "Closes"))
        except ValueError as error:
            raise BookError(f"Rounds row {record.row}: {error}; fix the row.") from None
        typed[number] = Typed(opens, closes, record.row)
    try:
        return build_schedule(typed, ctx.config["round_hours"], ctx.config["reset_minutes"])
    except ValueError as error:
        raise BookError(f"Rounds: {error}.") from None


@dataclass(frozen=True)
class TypedBoards:
    """The Boards tab read: the set (None when empty or incomplete), problems, and heats filled by the rule."""

    boards: BoardSet | None
    problems: list[Problem]
    rows: int
    filled_heat: int


def read_boards(tables: Tables, rule: HeatRule) -> TypedBoards:
    """The three boards; a blank Heat is the heat rule's (the host's typed heat is kept and checked)."""
    table = tables.require(BOARDS_TAB)
    cards: dict[tuple[int, BoardCell], Card] = {}
    problems: list[Problem] = []
    rows = 0
    for record in table.records(*BOARDS_HEADER):
        rows += 1
        try:
            number = whole(record["Round"], "Round")
            if number not in ROUNDS:
                raise ValueError(f"Round {number} is not 1, 2 or 3")
            cell = BoardCell(whole(record["Row"], "Row"), whole(record["Column"], "Column"))
            heat = None if is_blank(record["Heat"]) else Heat.parse(record["Heat"])
            card = Card(parse_number(record["Number"]), Colour.parse(record["Colour"]), heat)
        except ValueError as error:
            problems.append(Problem(table.name, record.row, f"{error}; fix the row."))
            continue
        if (number, cell) in cards:
            problems.append(Problem(table.name, record.row, f"round {number} {cell} is given twice; delete one row."))
            continue
        cards[(number, cell)] = card
    missing = [f"round {r} {cell}" for r in ROUNDS for cell in CELLS if (r, cell) not in cards]
    if rows == 0:
        return TypedBoards(None, problems, 0, 0)
    if missing:
        shown = some(missing, 6)
        problems.append(
            Problem(
                table.name,
                None,
                f"no card for {shown}: the three boards need all 75 cards "
                "(or run `hostkit board --force` to generate them).",
            )
        )
        return TypedBoards(None, problems, rows, 0)
    boards = []
    filled = 0
    for r in ROUNDS:
        board = Board(tuple(cards[(r, cell)] for cell in CELLS))
        blanks = {cell: rule.heat(board, cell) for cell, card in board.items() if card.heat is None}
        filled += len(blanks)
        if blanks:
            heats = {cell: card.heat or blanks[cell] for cell, card in board.items()}
            board = board.with_heat(heats)
        boards.append(board)
    return TypedBoards(BoardSet(tuple(boards)), problems, rows, filled)  # type: ignore[arg-type]


def require_boards(tables: Tables, rule: HeatRule) -> tuple[BoardSet, list[Problem]]:
    """The three boards to play on, and the Boards rows left out of them (reported, never played);
    BookError when the Boards tab does not hold three boards."""
    typed = read_boards(tables, rule)
    if typed.boards is None:
        why = f"{typed.problems[-1]}" if typed.problems else "the Boards tab is empty"
        raise BookError(f"There are no three boards to play on ({why}); run `hostkit board` first.")
    return typed.boards, typed.problems


def boards_rows(boards: BoardSet) -> Rows:
    return [list(BOARDS_HEADER)] + [list(record) for record in boards.records()]


@dataclass(frozen=True)
class Sent:
    """One message a player sent: its round, time, Submissions row and text."""

    round: int
    at: dt.datetime
    row: int
    player: str
    text: str


def read_messages(tables: Tables, ctx: Context, schedule: Schedule) -> tuple[list[Sent], list[Problem]]:
    """Every usable message of every round, in time order (then row order)."""
    table = tables.require(SUBMISSIONS_TAB)
    clock = RoundClock(
        len(ROUNDS),
        "round of this match",
        schedule.round_at,
        "outside every round (before round 1, in a reset period, or after round 3)",
    )
    sent: list[Sent] = []
    problems: dict[tuple[int | None, str], Problem] = {}
    for number in ROUNDS:
        rows, found = read_stamped(table, ctx, number, clock, ("Message",), "the row is not read")
        for problem in found:
            problems.setdefault((problem.row, problem.message), problem)
        window = schedule.window(number)
        for row in rows:
            if not window.holds(row.at):
                problems[(row.row, "")] = Problem(
                    table.name,
                    row.row,
                    (
                        f"{row.player}'s message came at {format_time(row.at, ctx.config.tz)}, outside round {number} "
                        f"({format_time(window.opens, ctx.config.tz)} to {format_time(window.closes, ctx.config.tz)}); "
                        "it is not read. Fix the Timestamp or the Round if it was typed wrongly."
                    ),
                )
            elif is_blank(row.record["Message"]):
                problems[(row.row, "")] = Problem(
                    table.name, row.row, f"{row.player}'s message is blank; nothing to read."
                )
            else:
                sent.append(Sent(number, row.at, row.row, row.player, str(row.record["Message"]).strip()))
    ordered = sorted(problems.values(), key=lambda p: p.row or 0)
    return sorted(sent, key=lambda s: (s.at, s.row)), ordered


def messages_by_round(sent: list[Sent]) -> dict[int, dict[str, list[str]]]:
    out: dict[int, dict[str, list[str]]] = {}
    for message in sent:
        out.setdefault(message.round, {}).setdefault(message.player, []).append(message.text)
    return out


def _guess_rows(
    tables: Tables, ctx: Context, tab: str, columns: tuple[str, ...], read: Callable[[Record, str, int], object]
) -> tuple[list, list[Problem]]:
    """A guess tab's rows: Round (1-3), a player, then read(record, player, round) for the rest."""
    table = tables.require(tab)
    out, problems = [], []
    for record in table.records("Round", "Player", *columns):
        try:
            number = whole(record["Round"], "Round")
            if number not in ROUNDS:
                raise ValueError(f"Round {number} is not 1, 2 or 3")
            player = ctx.roster.match(record["Player"])
            if player is None:
                raise ValueError(
                    f"{record.text('Player')!r} is not a player ({', '.join(ctx.roster.names)}); fix "
                    "the name or add the player to Players, and the row"
                )
            out.append(read(record, player, number))
        except ValueError as error:
            problems.append(Problem(table.name, record.row, f"{error}; the guess is not scored until it is fixed."))
    return out, problems


def read_board_guesses(tables: Tables, ctx: Context) -> tuple[list[BoardGuess], list[Problem]]:
    def read(record: Record, player: str, number: int) -> BoardGuess:
        cell = BoardCell(whole(record["Row"], "Row"), whole(record["Column"], "Column"))
        guessed = None if is_blank(record["Number"]) else parse_number(record["Number"])
        colour = None if is_blank(record["Colour"]) else Colour.parse(record["Colour"])
        if guessed is None and colour is None:
            raise ValueError(f"the guess of {cell} names neither a Number nor a Colour")
        return BoardGuess(number, player, cell, guessed, colour)

    return _guess_rows(tables, ctx, BOARD_GUESSES_TAB, ("Row", "Column", "Number", "Colour"), read)


def read_heat_guesses(tables: Tables, ctx: Context) -> tuple[list[HeatGuess], list[Problem]]:
    def read(record: Record, player: str, number: int) -> HeatGuess:
        word = record.text("Correct").casefold()
        if word and word not in YES + NO:
            raise ValueError(f"Correct {record.text('Correct')!r} is not yes or no")
        return HeatGuess(number, player, None if not word else word in YES, record.row)

    return _guess_rows(tables, ctx, HEAT_GUESSES_TAB, ("Guess", "Correct"), read)


def read_top_guesses(tables: Tables, ctx: Context) -> tuple[list[TopGuess], list[Problem]]:
    def read(record: Record, player: str, number: int) -> TopGuess:
        if number not in TOP_GUESS_ROUNDS:
            raise ValueError(
                f"Round {number} has no top-scorer guesses: players guess the top scorers of rounds "
                f"{' and '.join(map(str, TOP_GUESS_ROUNDS))}"
            )
        guess = TopGuess.parse(number, player, record.text("Guess"))
        if not guess.names:
            raise ValueError("the Guess names nobody")
        strangers = [name for name in guess.names if ctx.roster.match(name) is None]
        if strangers:
            raise ValueError(
                f"the Guess names {', '.join(map(repr, strangers))}, not a player ({', '.join(ctx.roster.names)}); "
                f"fix the name"
            )
        return guess

    return _guess_rows(tables, ctx, TOP_GUESSES_TAB, ("Guess",), read)


def record_draw(tables: Tables, entry: list[Cell]) -> Rows:
    """The Draws tab with this draw replacing any earlier row of the same command."""
    table = tables.get(DRAWS_TAB)
    kept = [r for r in (table.filled_rows(handled=True) if table else []) if not (r and r[0] == entry[0])]
    return [list(DRAWS_HEADER)] + kept + [entry]


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
