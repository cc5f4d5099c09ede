"""`board` for Paths and PAHs: the board laid from the seed, or the one the host typed checked, and published
as the Opening Board once round 1 has opened."""

from __future__ import annotations

import datetime as dt

from hostkit.core.game import Context, Outcome
from hostkit.core.tables import Cell, Problem, Tables
from hostkit.core.times import format_time
from hostkit.core.words import plural
from hostkit.games.paths_and_pahs.board import Board, board_problems, format_board, generate_board, parse_board
from hostkit.games.paths_and_pahs.cards import CardNames
from hostkit.games.paths_and_pahs.pictures import public_board_rows
from hostkit.games.paths_and_pahs.tabs import (
    BOARD_TAB,
    DRAWS_TAB,
    HEADERS,
    OPENING_BOARD_TAB,
    record_draws,
    round_one_opens,
)


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


def publish_opening(tables: Tables, ctx: Context, board: Board, outcome: Outcome, now: dt.datetime) -> None:
    """The board as the public Opening Board once round 1 has opened at `now`; before that it stays private."""
    opens = round_one_opens(tables, ctx)
    if opens is not None and opens <= now:
        outcome.writes[OPENING_BOARD_TAB] = public_board_rows(board, {}, {}, "The board as round 1 opens", [])
        outcome.summary.append(
            f"Written: {OPENING_BOARD_TAB} (public: round 1 has opened; --image draws it for chat). Next: "
            f"`hostkit deal --round 1`."
        )
        return
    when = "it has no Opens time in Rounds yet" if opens is None else f"it opens {format_time(opens, ctx.config.tz)}"
    outcome.summary.append(
        f"The board stays private until round 1 opens ({when}); run this command again then to publish "
        f"it as the tab {OPENING_BOARD_TAB}. Next: `hostkit deal --round 1`."
    )
