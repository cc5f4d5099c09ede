"""The bad-input corpus of Hap-Tac-Toe, When Stars Align, Paths and PAHs and Cards on the Table: each game's
good match, made once through the command line on a real workbook and read back, and its bad rows."""

from __future__ import annotations

import datetime as dt
import functools
import tempfile
from pathlib import Path
from typing import Any

from hostkit.core.tables import ERRORS, CellError, Rows
from hostkit.storage.xlsx import XlsxBook

BAD_TIMES = [None, "tonight 8pm", "2026-13-45 25:00", 1e12, -1e7, float("inf"), float("nan"), 2958466.5, True]
BAD_ROUNDS = [1.9, True, 1e12, -1e7, float("inf"), float("nan"), "two", 0, 99]
BAD_PLAYERS = ["Joker", 7, True, '=HYPERLINK("x")']
ERROR_CELLS = [CellError(code) for code in ERRORS]
"""Every spreadsheet error a cell can hold (#N/A, #REF!, #DIV/0!, #VALUE!, #NAME?, #NUM!, #NULL!)."""


def errors_in(row: list, *columns: int) -> list[list]:
    """The row once per spreadsheet error in each of the columns (its money, points, time and round cells)."""
    return [spoiled_row for column in columns for spoiled_row in spoiled(row, column, ERROR_CELLS)]


def spoiled(row: list, column: int, values: list) -> list[list]:
    """The row once per bad value, that value in the column."""
    return [row[:column] + [value] + row[column + 1 :] for value in values]


def read_back(path: Path) -> dict[str, Rows]:
    tabs = XlsxBook(path).read()
    return {name: [list(r) for r in tabs[name]] for name in tabs}


# ---- Hap-Tac-Toe and When Stars Align: game 1 three turns in


def _duel(game: str) -> dict[str, Rows]:
    from hostkit.games.hap_tac_toe import HapTacToe, WhenStarsAlign
    from tests.games.hap_tac_toe.support import turns
    from tests.games.hap_tac_toe.workbook import make_book

    rules = WhenStarsAlign() if game == "when-stars-align" else HapTacToe()
    opening = [(BLOCKS[game][0], "C3"), (BLOCKS[game][1], "C2"), (BLOCKS[game][2], "C1", "C1 C2 C3", 75)]
    folder = Path(tempfile.mkdtemp())
    return read_back(make_book(folder / "dm.xlsx", game, games=[turns(rules, opening)]))


BLOCKS = {
    "when-stars-align": ["yellow solid 4", "yellow solid 5", "yellow solid 6", "blue solid 4"],
    "hap-tac-toe": ["white red circle", "white red square", "white red triangle", "grey blue circle"],
}
"""Three blocks played in turn, and the fourth turn's block."""


@functools.cache
def _duel_match(game: str) -> dict[str, Rows]:
    return _duel(game)


def duel_match(game: str) -> dict[str, Rows]:
    import copy

    return copy.deepcopy(_duel_match(game))


def duel_scored(data: dict, bad: int) -> Any:
    return [(t["turn"], t["player"], t["block"], t["square"]) for t in data["turns"]]


def duel_bad_rows(game: str) -> dict[str, list[list]]:
    from tests.games.hap_tac_toe.support import STARTS

    done = STARTS.replace(tzinfo=None) + dt.timedelta(seconds=200)
    move = [1, 4, "Bob", BLOCKS[game][3], "D4", None, done]
    return {
        "Moves": (
            spoiled(move, 0, [1.9, True, "one", None, 0, 3, 99, -1])
            + spoiled(move, 1, ["x", 1.5, True, None, -1, 99, 2])
            + spoiled(move, 2, ["Joker", None, 7, "Alice"])
            + spoiled(move, 3, ["purple solid 4", "blue solid 99", None, "", BLOCKS[game][2], 12])
            + spoiled(move, 4, ["Z9", "C1", None, "A0", 5, "A1 A2"])
            + spoiled(move, 6, ["tonight", 1e12, -1e7, float("nan"), True, done - dt.timedelta(hours=1)])
            + errors_in(move, 0, 1, 6)
        ),
        "Games": (
            spoiled([3, STARTS.replace(tzinfo=None)], 0, [1.9, True, "x", 0, -1, 1])
            + [[2, "tonight"]]
            + errors_in([3, STARTS.replace(tzinfo=None)], 0)
        ),
        "Config": [
            ["first_player", "Joker"],
            ["advantage", "Nobody"],
            ["reserve_seconds", -5],
            ["colour", "red"],
            ["seed", -1],
            ["timezone", "Mars/Base"],
            ["timezone", "x" * 300],
        ],
        "Players": [["Joker"], [" ALICE "]],
    }


def duel_command(tab: str) -> list[str]:
    return ["score", "--round", "1", "--json"]


# ---- Paths and PAHs: round 1 open, starts and a move typed


PP_PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]
PP_OPENS = dt.datetime(2026, 11, 20, 12, 0)


@functools.cache
def _paths_match() -> dict[str, Rows]:
    from click.testing import CliRunner

    from hostkit.cli import main

    path = Path(tempfile.mkdtemp()) / "pp.xlsx"
    for args in (
        ("new", "paths-and-pahs", "--book", path, "--players", ",".join(PP_PLAYERS), "--seed", 4242),
        ("board", "--book", path, "--round", 1),
        ("deal", "--book", path, "--round", 1),
    ):
        result = CliRunner().invoke(main, [str(a) for a in args])
        assert result.exit_code == 0, result.output
    tabs = read_back(path)
    tabs["Rounds"] = [["Round", "Opens", "Closes"]] + [
        [n, PP_OPENS + dt.timedelta(days=n - 1), None] for n in range(1, 6)
    ]
    at = PP_OPENS + dt.timedelta(minutes=5)
    tabs["Submissions"] = [["Timestamp", "Player", "Round", "Action", "Value"]] + [
        [at, "Ann", 1, "start", "A1"],
        [at, "Bob", 1, "start", "F6"],
        [at + dt.timedelta(minutes=1), "Cat", 1, "start", "C3"],
    ]
    return tabs


def paths_match() -> dict[str, Rows]:
    import copy

    return copy.deepcopy(_paths_match())


def paths_scored(data: dict, bad: int) -> Any:
    """The good rows' verdicts (every row but Dan's, the bad row's player)."""
    return sorted((a["player"], a["action"], a["verdict"]) for a in data["actions"] if a["player"] != "Dan")


def paths_judged(data: dict, row: list) -> bool:
    """The bad row judged as a player's move: rejected, with a reason that names what was wrong."""
    return any(a["player"] == "Dan" and a["verdict"] == "rejected" and len(a["reason"]) > 20 for a in data["actions"])


def paths_bad_rows() -> dict[str, list[list]]:
    at = PP_OPENS + dt.timedelta(minutes=9)
    action = [at, "Dan", 1, "start", "D4"]
    return {
        "Submissions": (
            spoiled(action, 0, BAD_TIMES)
            + spoiled(action, 1, BAD_PLAYERS + [None])
            + spoiled(action, 2, BAD_ROUNDS)
            + spoiled(action, 3, ["fly", None, 7, "   "])
            + spoiled(action, 4, ["Z9", None, "A0", 44, "A1 B2"])
            + [[at - dt.timedelta(days=3), "Dan", 1, "start", "D4"]]
            + errors_in(action, 0, 2)
        ),
        "Rounds": (
            spoiled([6, PP_OPENS, None], 0, [1.9, True, "x", 0, -1, 6])
            + spoiled([2, PP_OPENS, None], 1, ["tonight", 1e12, -1e7, True])
            + spoiled([3, PP_OPENS + dt.timedelta(days=2), None], 2, ["tonight", PP_OPENS])
            + errors_in([6, PP_OPENS, None], 0)
        ),
        "Board": (
            spoiled([7, "N", "E", "S", "W", "N", "E"], 0, [7, "x", 1.5, None])
            + spoiled([1, "N", "E", "S", "W", "N", "E"], 1, ["up", 5])
            + errors_in([7, "N", "E", "S", "W", "N", "E"], 0)
        ),
        "Starting": (
            spoiled(["Dan", "Mop", "Pan"], 0, ["Joker", None, 7])
            + spoiled(["Dan", "Mop", "Pan"], 1, ["Blob", None])
            + spoiled(["Dan", "Mop", "Pan"], 2, ["Blob", 3])
        ),
        "Config": [["rounds", 1.9], ["seed", -1], ["timezone", "Mars/Base"], ["colour", "red"], ["points", "many"]],
        "Players": [[" ANN "], ["@ann"]],
    }


def paths_command(tab: str) -> list[str]:
    return ["score", "--round", "1", "--json"]


# ---- Cards on the Table: ten players, round 1 open, a few messages and guesses


COTT_PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gil", "Hal", "Ivy", "Jo"]
COTT_OPENS = dt.datetime(2026, 11, 21, 20, 0)
COTT_AFTER = dt.datetime(2026, 11, 22, 21, 0, tzinfo=dt.timezone.utc)


@functools.cache
def _cards_match() -> dict[str, Rows]:
    from click.testing import CliRunner

    from hostkit.cli import main

    path = Path(tempfile.mkdtemp()) / "cards.xlsx"
    runner = CliRunner()
    made = runner.invoke(
        main, ["new", "cards-on-the-table", "--book", str(path), "--players", ",".join(COTT_PLAYERS), "--seed", "7"]
    )
    assert made.exit_code == 0, made.output
    book = XlsxBook(path)
    rounds = [list(r) for r in book.read()["Rounds"]]
    rounds[1][1] = "2026-11-21 20:00"
    book.write({"Rounds": rounds})
    board = runner.invoke(main, ["board", "--book", str(path)])
    assert board.exit_code == 0, board.output
    tabs = read_back(path)
    at = COTT_OPENS + dt.timedelta(hours=1)
    tabs["Submissions"] = [["Timestamp", "Player", "Round", "Message"]] + [
        [at, "Ann", 1, ">R1C1"],
        [at, "Bo", 1, ">R2C2"],
        [at + dt.timedelta(minutes=2), "Cy", 1, ">R3C3"],
    ]
    tabs["Board Guesses"] = [tabs["Board Guesses"][0], [1, "Ann", 1, 1, 2, None]]
    tabs["Heat Guesses"] = [tabs["Heat Guesses"][0], [1, "Bo", "sums", "no"]]
    tabs["Top Guesses"] = [tabs["Top Guesses"][0], [1, "Ann", "Bo"]]
    return tabs


def cards_match() -> dict[str, Rows]:
    import copy

    return copy.deepcopy(_cards_match())


def cards_scored(data: dict, bad: int) -> Any:
    return {p: d.get("starting") for p, d in data["players"].items()}


def cards_bad_rows() -> dict[str, list[list]]:
    at = COTT_OPENS + dt.timedelta(hours=2)
    message = [at, "Di", 1, ">R4C4"]
    board_guess = [1, "Di", 2, 2, 3, None]
    return {
        "Submissions": (
            spoiled(message, 0, BAD_TIMES)
            + spoiled(message, 1, BAD_PLAYERS + [None])
            + spoiled(message, 2, BAD_ROUNDS)
            + spoiled(message, 3, [None, "   "])
            + [[COTT_OPENS + dt.timedelta(days=30), "Di", None, ">R4C4"]]
            + errors_in(message, 0, 2)
        ),
        "Rounds": (
            spoiled([4, "2026-11-25 20:00", None], 0, [1.9, True, "x", 0, -1, 4])
            + errors_in([4, "2026-11-25 20:00", None], 0)
        ),
        "Boards": (
            spoiled([1, 1, 1, 3, "red", None], 0, [1.9, "x", 9])
            + spoiled([1, 6, 1, 3, "red", None], 1, [6, "x"])
            + spoiled([1, 1, 1, 9, "red", None], 3, [9, "x", -1])
            + spoiled([1, 1, 1, 3, "purple", None], 4, ["purple", 3])
            + errors_in([1, 1, 1, 3, "red", None], 0, 3)
        ),
        "Board Guesses": (
            spoiled(board_guess, 0, [1.9, True, "x", 4, None])
            + spoiled(board_guess, 1, BAD_PLAYERS + [None])
            + spoiled(board_guess, 2, [6, 0, "x", None])
            + spoiled(board_guess, 3, [6, 0, "x"])
            + spoiled(board_guess, 4, [9, "x"])
            + spoiled(board_guess, 5, ["purple", 3])
            + errors_in(board_guess, 0, 2, 3, 4)
        ),
        "Heat Guesses": (
            spoiled([1, "Cy", "stripes", "no"], 0, [1.9, "x", 4, None])
            + errors_in([1, "Cy", "stripes", "no"], 0)
            + spoiled([1, "Cy", "stripes", "no"], 1, BAD_PLAYERS + [None])
            + spoiled([1, "Cy", "stripes", "no"], 3, ["maybe", None, 7])
        ),
        "Top Guesses": (
            spoiled([1, "Cy", "Bo"], 0, [1.9, "x", 3, None])
            + errors_in([1, "Cy", "Bo"], 0)
            + spoiled([1, "Cy", "Bo"], 1, BAD_PLAYERS + [None])
            + spoiled([1, "Cy", "Bo"], 2, ["Joker", None, 5])
        ),
        "Config": [["round_hours", -1], ["reset_minutes", "x"], ["seed", -1], ["colour", "red"], ["timezone", "Mars"]],
        "Players": [[" ANN "], ["@ann"]],
    }


def cards_command(tab: str) -> list[str]:
    return ["score", "--round", "1", "--json"]
