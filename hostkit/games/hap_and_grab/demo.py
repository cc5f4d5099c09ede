"""A sample Hap and Grab match: two players racing through seeded boards, with the usual slips, then drafting
treasure with scripted decisions, to the winner's garnets."""

from __future__ import annotations

import datetime as dt

from hostkit.core.game import Demo, DemoStep, Game
from hostkit.core.rng import rng
from hostkit.core.tables import Rows, Tables
from hostkit.games.hap_and_grab.anti_hap import FACES, Board

PLAYERS = ("Reds", "Craw")
SEED = 2026
FIRST_OPENS = dt.datetime(2026, 11, 14, 20, 0)
ROUNDS = (1, 2, 3, 4)
ANSWERS = ("pass", "take", "take", "t", "take", "pass", "take", "take")
"""The decisions typed in Part 2, in turn ('t' as a host may type it)."""


def demo_book(game: Game) -> Demo:
    """The workbook of a match set up and sent in, and the commands that play it through."""
    tabs = game.new_book(list(PLAYERS), SEED)
    opens = {n: FIRST_OPENS + dt.timedelta(minutes=30 * (n - 1)) for n in ROUNDS}
    tabs["Rounds"] = [["Round", "Opens"]] + [[n, opens[n]] for n in ROUNDS]
    submissions: Rows = [["Timestamp", "Player", "Round", "Answer"]]
    played_at = (opens[ROUNDS[-1]] + dt.timedelta(hours=1)).replace(tzinfo=dt.timezone.utc)
    for n in ROUNDS:
        tabs.update(game.board(Tables(tabs), n, now=played_at).writes)
        board = Board.of([FACES.parse(row[2:5]) for row in tabs["Board"][1:] if row[0] == n])
        submissions += _race(board, n, opens[n])
    submissions.append([FIRST_OPENS + dt.timedelta(minutes=3), "Joker", 1, "is this where we answer?"])
    tabs["Submissions"] = submissions
    steps = [
        DemoStep(command, n, ANSWERS if command == "play" else ())
        for n in ROUNDS
        for command in ("score", "deal", "play")
    ]
    return Demo(
        tabs,
        (),
        f"{' and '.join(PLAYERS)}, a board for each of the {len(ROUNDS)} rounds and their "
        f"submissions; every command below runs on it, Part 2's decisions typed as "
        f"{', '.join(ANSWERS)} in turn.",
        (*steps, DemoStep("standings"), DemoStep("ledger")),
        played_at,
    )


def _race(board: Board, round_number: int, opens: dt.datetime) -> Rows:
    """Messages as two players send them: mostly right, some wrong, a repeat, a typo, one late."""
    rand = rng(SEED, "demo", round_number)
    solutions = sorted(board.anti_haps())
    rand.shuffle(solutions)
    labels = board.labels()
    rows: Rows = []
    said: dict[str, list[str]] = {p: [] for p in PLAYERS}
    at = opens + dt.timedelta(seconds=20)
    while solutions and at < opens + dt.timedelta(minutes=7):
        player = rand.choice(PLAYERS)
        roll = rand.random()
        if roll < 0.03 and said[player]:
            message = rand.choice(said[player])
        elif roll < 0.09:
            message = "".join(rand.sample(labels, 3))
        elif roll < 0.13:
            message = rand.choice(["ABZ", "358", "wait", "AAB"])
        elif roll < 0.35 and len(solutions) > 1:
            message = f"{solutions.pop().lower()} {solutions.pop()}"
        else:
            message = solutions.pop()
        said[player].append(message)
        rows.append([at, player, round_number, message])
        at += dt.timedelta(seconds=rand.randint(8, 40))
    rows.append([opens + dt.timedelta(minutes=8, seconds=30), rand.choice(PLAYERS), round_number, labels[:3]])
    return rows
