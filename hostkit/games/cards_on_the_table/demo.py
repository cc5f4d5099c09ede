"""A sample Cards on the Table match: ten players turn cards and state actions over three rounds, guess the
boards, the heat rule and the top scorers, and one buys a look at a card, to the final standings."""

from __future__ import annotations

import datetime as dt

from hostkit.core.game import Demo, DemoStep, Game
from hostkit.core.tables import Rows, Tables
from hostkit.games.cards_on_the_table.cards import BoardSet
from hostkit.games.cards_on_the_table.cells import CELLS

PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gil", "Hal", "Ivy", "Jo")
SEED = 2026
OPENS = dt.datetime(2026, 11, 20, 20, 0)
ROUND = dt.timedelta(hours=25)
"""A round and the reset period after it (the defaults: 24 hours, 60 minutes)."""
ORDERS = (("nullify", "replace", "scout"), ("replace", "scout", "nullify"), ("scout", "nullify", "replace"))
PLAYED_AT = dt.datetime(2026, 11, 24, 20, 0, tzinfo=dt.timezone.utc)


def demo_book(game: Game) -> Demo:
    """The boards generated and every message sent in (typed into Submissions as a Form would leave them),
    with guesses; the commands score the three rounds and the standings."""
    tabs = game.new_book(list(PLAYERS), SEED)
    tabs["Rounds"][1][1] = OPENS
    tabs.update(game.board(Tables(tabs), None, now=PLAYED_AT).writes)
    boards = BoardSet.from_records(tabs["Boards"][1:])
    messages: Rows = [tabs["Submissions"][0]]
    for r in (1, 2, 3):
        board = boards.board(r)
        by_number = {n: [str(c) for c in CELLS if board[c].number == n] for n in (1, 2, 3)}
        at = OPENS + ROUND * (r - 1) + dt.timedelta(hours=2)
        for i, player in enumerate(PLAYERS):
            action = ORDERS[i % 3][r - 1]
            first, second = by_number[3][i % len(by_number[3])], by_number[1][i % len(by_number[1])]
            said = [] if (player, r) == ("Bo", 1) else [action]  # Bo forgets to state his action
            texts = [f">{second}", *said, f">{first}"] if action == "replace" else [f">{first}", *said, f">{second}"]
            if (player, r) == ("Ann", 1):
                texts.append(f">{by_number[2][0]}")  # a third card: a penalty
            messages += [[at + dt.timedelta(minutes=k + i), player, None, text] for k, text in enumerate(texts)]
    messages.append([OPENS + ROUND - dt.timedelta(minutes=20), "Cy", None, ">R1C1"])  # in the reset period
    tabs["Submissions"] = messages
    opening = boards.board(1)
    tabs["Board Guesses"] = (
        tabs["Board Guesses"][:1]
        + [[1, "Ann", c.row, c.column, opening[c].number, None] for c in CELLS[:10]]
        + [[1, "Cy", 1, c, 2, "Red"] for c in range(1, 6)]
    )
    tabs["Heat Guesses"] = tabs["Heat Guesses"][:1] + [[1, "Cy", "highest sum black, lowest white", "yes"]]
    tabs["Top Guesses"] = tabs["Top Guesses"][:1] + [[1, "Ivy", "Ann, Cy"], [2, "Jo", "Ann"]]
    return Demo(
        tabs,
        (),
        f"Cards on the Table for {len(PLAYERS)} players: three rounds of messages (a forgotten action, a third "
        f"card, one sent in the reset period) and guesses of the boards, the heat rule and the top scorers.",
        steps=(*(DemoStep("score", n) for n in (1, 2, 3)), DemoStep("standings"), DemoStep("ledger")),
        now=PLAYED_AT,
    )
