"""A Hap and Grab round with as many submission rows as a benchmark or a scale test asks for."""

from __future__ import annotations

import datetime as dt

from hostkit.core.rng import rng
from hostkit.core.tables import Rows
from hostkit.games import load_game
from hostkit.games.hap_and_grab.anti_hap import FACES, generate_board

OPENS = dt.datetime(2026, 11, 21, 20, 0)


def big_round(rows: int) -> dict[str, Rows]:
    """Round 1 of Reds v Craw on an 11-card board, with `rows` answers 47 ms apart (a quarter with two sets)."""
    rand = rng(1, "bench")
    tabs = load_game("hap-and-grab").new_book(["Reds", "Craw"], 1)
    board = generate_board(rng(1, "board", 1), 11, 11)
    labels = board.labels()
    tabs["Rounds"] = [["Round", "Opens"], [1, OPENS], [2, None], [3, None], [4, None]]
    tabs["Board"] = [["Round", "Label", "Background", "Shape", "Colour"]] + [
        [1, name, *FACES.format(board.cards[name])] for name in sorted(board.cards)
    ]
    tabs["Submissions"] = [["Timestamp", "Player", "Round", "Answer"]] + [
        [
            OPENS + dt.timedelta(milliseconds=i * 47),
            rand.choice(["Reds", "@craw"]),
            1,
            "".join(rand.sample(labels, 3)) + (" " + "".join(rand.sample(labels, 3)) if i % 4 == 0 else ""),
        ]
        for i in range(rows)
    ]
    return tabs
