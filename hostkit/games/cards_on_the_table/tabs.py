"""Cards on the Table's tabs: their names and headers (from template.json), reading them, and the Boards tab
written by `board` (generated from the seed, or the typed set checked).

Every unusable row is a Problem naming its tab, row, value and fix; the good rows are still used.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from hostkit.core.game import Context, Outcome, load_template, template_headers
from hostkit.core.settings import whole_number
from hostkit.core.stamped import RoundClock, read_stamped
from hostkit.core.tables import BookError, Cell, Problem, Record, Rows, Tables, is_blank
from hostkit.core.times import format_time, parse_time
from hostkit.core.words import some

from .cards import ROUNDS, Board, BoardSet, Card, Colour, Heat, parse_number
from .cells import CELLS
from .cells import Cell as BoardCell
from .checker import BOARD_RULES, check_set
from .checker import Problem as BrokenRule
from .guesses import TOP_GUESS_ROUNDS, BoardGuess, HeatGuess, TopGuess
from .heat import HeatRule
from .pictures import board_png
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


def lay_boards(
    tables: Tables, ctx: Context, rule: HeatRule, shown: int, seed: int | None = None, force: bool = False
) -> Outcome:
    """Generate all three boards at once (the rules span the rounds), or check the set typed in; the picture
    is round `shown`'s board."""
    typed = read_boards(tables, rule)
    outcome = Outcome(problems=list(ctx.problems))
    if typed.rows and not force:
        checked = _checked(typed, rule, outcome)
        if checked is None:
            return outcome
        boards, broken = checked
        seed_label = None
    else:
        if typed.rows and _has_messages(tables):
            raise BookError(
                f"Players have already turned cards over ({SUBMISSIONS_TAB} has messages); the "
                "boards cannot be replaced now."
            )
        seed_label = f"{ctx.config['seed'] if seed is None else seed}:boards"
        boards, broken = _generated(tables, ctx.config["seed"] if seed is None else seed, seed_label, rule, outcome)
    outcome.image = functools.partial(board_png, boards.board(shown), f"Round {shown} board (host only)")
    outcome.data = {
        "seed": seed_label,
        "heat_rule": rule.name,
        "broken_rules": [p.message for p in broken],
        "boards": {str(r): boards.board(r).format().splitlines() for r in ROUNDS},
    }
    return outcome


def _checked(typed: TypedBoards, rule: HeatRule, outcome: Outcome) -> tuple[BoardSet, list[BrokenRule]] | None:
    """The typed set and the rules it breaks, each a problem; None when the tab holds no three whole boards."""
    outcome.problems += typed.problems
    if typed.boards is None:
        outcome.summary.append(
            f"The {BOARDS_TAB} tab has {typed.rows} rows but not three whole boards: fix "
            "the rows reported, or run `hostkit board --force` to generate a set instead."
        )
        return None
    boards = typed.boards
    broken = check_set(boards, rule)
    outcome.problems += [Problem(BOARDS_TAB, None, p.message) for p in broken]
    if typed.filled_heat and not broken and not typed.problems:
        outcome.writes[BOARDS_TAB] = boards_rows(boards)
        outcome.summary.append(f"Filled in the blank Heat of {typed.filled_heat} cards by heat_rule {rule.name}.")
    outcome.summary.append(
        f"Checked the three boards in {BOARDS_TAB} against the sheet's {len(BOARD_RULES)} board rules and "
        f"heat_rule {rule.name}: "
        + ("every rule holds." if not broken else f"{len(broken)} broken (each listed below with its cells).")
        + " Use --force to replace them with generated boards."
    )
    return boards, broken


def _generated(
    tables: Tables, used: int | str, seed_label: str, rule: HeatRule, outcome: Outcome
) -> tuple[BoardSet, list[BrokenRule]]:
    """The set generated from seed `used`, checked independently (the rules it breaks: none, or a bug), and
    written with its draw recorded."""
    from .generator import generate_set

    boards = generate_set(used, rule)
    broken = check_set(boards, rule)
    outcome.problems += [
        Problem(BOARDS_TAB, None, f"the generator broke a rule, please report it: {p.message}") for p in broken
    ]
    outcome.writes[BOARDS_TAB] = boards_rows(boards)
    outcome.writes[DRAWS_TAB] = record_draw(
        tables,
        [
            "board",
            None,
            seed_label,
            f"three boards; heat_rule {rule.name}; the independent checker finds {len(broken)} broken rules",
        ],
    )
    outcome.summary.append(
        f"Generated the three boards (seed {seed_label}, heat_rule {rule.name}) and "
        f"checked them independently: every board rule holds. Written to {BOARDS_TAB} "
        "(host only); keep it from the players."
    )
    return boards, broken


def _has_messages(tables: Tables) -> bool:
    table = tables.get(SUBMISSIONS_TAB)
    return bool(table and table.filled_rows())
