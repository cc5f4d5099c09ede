"""A sample custom match: a two-round trivia race with an answer key, -1 for a wrong answer, shared answers and
two strikes, to garnets, a Token of Life and an elimination candidate."""

from __future__ import annotations

import datetime as dt

from hostkit.core.game import Demo, DemoStep, Game
from hostkit.core.settings import with_setting
from hostkit.core.tables import Cell, Rows

PLAYERS = ("Ann", "Bo", "Cy", "Di")
SEED = 2026
OPENS = dt.datetime(2026, 11, 20, 20, 0)
SETTINGS: dict[str, Cell] = {
    "title": "Friday trivia",
    "incorrect_points": -1,
    "repeat_other": "shared",
    "strikes": 2,
    "garnets": "10 6 3",
    "tol_threshold": 2,
    "candidates": 1,
}
KEY = {
    1: ("Paris", "Rome", "Madrid", "Lisbon", "Vienna"),
    2: ("Mercury", "Venus", "Earth", "Mars"),
}
SENT = {
    1: [
        (1, "Ann", "paris"),
        (2, "Bo", "Rome"),
        (3, "Cy", "Berlin"),
        (4, "Ann", "Madrid!"),
        (5, "Bo", "Paris"),
        (6, "Cy", "Munich"),
        (7, "Cy", "Lisbon"),
        (8, "Di", "Vienna"),
        (9, "Ann", "Paris"),
        (12, "Di", "Oslo"),
    ],
    2: [
        (1, "Bo", "Mars"),
        (2, "Ann", "venus"),
        (3, "Di", "Pluto"),
        (4, "Di", "Ceres"),
        (5, "Di", "Earth"),
        (6, "Cy", "Mercury"),
        (7, "Ann", "Mars"),
        (12, "Bo", "Earth"),
    ],
}
"""(minute, player, answer) of each round: right, wrong, a repeat, a shared find, a struck one, a late one."""


def demo_book(game: Game) -> Demo:
    tabs = game.new_book(list(PLAYERS), SEED)
    for key, value in SETTINGS.items():
        tabs["Config"] = with_setting(tabs["Config"], key, value)
    opens = {n: OPENS + dt.timedelta(hours=n - 1) for n in KEY}
    tabs["Rounds"] = [["Round", "Opens", "Closes"]] + [[n, opens[n], opens[n] + dt.timedelta(minutes=10)] for n in KEY]
    tabs["Answers"] = [["Round", "Answer", "Points"]] + [[n, a, None] for n, answers in KEY.items() for a in answers]
    sent: Rows = [["Timestamp", "Player", "Round", "Answer", "Verdict"]]
    sent += [[opens[n] + dt.timedelta(minutes=m), p, n, a, None] for n, rows in SENT.items() for m, p, a in rows]
    sent.append([opens[1] + dt.timedelta(minutes=5), "Eve", 1, "Rome"])
    tabs["Submissions"] = sent
    played_at = (opens[2] + dt.timedelta(hours=1)).replace(tzinfo=dt.timezone.utc)
    return Demo(
        tabs,
        tuple(KEY),
        f"{', '.join(PLAYERS)} in a two-round trivia race (a key of capitals, then of planets): -1 for a wrong "
        f"answer, a shared answer scores again, two strikes end a player's round; garnets 10 6 3, a Token of Life "
        f"by Threshold 2 and one elimination candidate.",
        (*(DemoStep("score", n) for n in KEY), DemoStep("standings"), DemoStep("ledger")),
        played_at,
    )
