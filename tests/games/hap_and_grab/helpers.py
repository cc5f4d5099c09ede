"""Building small Hap and Grab workbooks for tests."""

from __future__ import annotations

import datetime as dt

from hostkit.games import load_game
from hostkit.games.hap_and_grab.anti_hap import FACES

OPENS = dt.datetime(2026, 11, 21, 20, 0)
BOARD_WORDS = (  # 18 anti-haps: ACF ACI AFG AGI BCD BCE BCI BDG BEG BGI CDH CEF CEH CFH DGH EFG EGH FGH
    "black square yellow",
    "gray square yellow",
    "gray square red",
    "white triangle yellow",
    "white circle yellow",
    "gray circle yellow",
    "gray square blue",
    "white square yellow",
    "black triangle yellow",
)


def hap_and_grab_tabs(submissions=(), *, seed=7, board=BOARD_WORDS, opens=OPENS, config=None):
    """The tabs of a two-player match (Reds, Craw) with round 1's board typed in and opened at OPENS."""
    game = load_game("hap-and-grab")
    tabs = game.new_book(["Reds", "Craw"], seed)
    tabs["Rounds"] = [["Round", "Opens"], [1, opens], [2, opens + dt.timedelta(hours=1)], [3, None], [4, None]]
    tabs["Board"] = [["Round", "Label", "Background", "Shape", "Colour"]] + [
        [1, chr(65 + i), *words.split()] for i, words in enumerate(board)
    ]
    tabs["Submissions"] = [["Timestamp", "Player", "Round", "Answer"]] + [list(r) for r in submissions]
    for key, value in (config or {}).items():
        for row in tabs["Config"]:
            if row[0] == key:
                row[1] = value
    return tabs


def at(seconds: float) -> dt.datetime:
    return OPENS + dt.timedelta(seconds=seconds)


def solutions():
    from hostkit.games.hap_and_grab.anti_hap import Board

    return sorted(Board.of([FACES.parse(w.split()) for w in BOARD_WORDS]).anti_haps())
