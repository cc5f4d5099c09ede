"""Time resolving one round of 9 players with 200 submissions: python -m tests.games.paths_and_pahs.bench_round"""

from __future__ import annotations

import datetime as dt
import random
import time

from hostkit.core.cards import FULL_DECK
from hostkit.games.paths_and_pahs.actions import Submission
from hostkit.games.paths_and_pahs.board import generate_board
from hostkit.games.paths_and_pahs.cards import NAMES
from hostkit.games.paths_and_pahs.match import deal, new_match
from hostkit.games.paths_and_pahs.rounds import resolve_round

OPENS = dt.datetime(2030, 1, 1, tzinfo=dt.timezone.utc)
PLAYERS = [f"Player{i}" for i in range(9)]


def submissions(rand: random.Random, count: int, empty: list[str], number: int) -> list[Submission]:
    rows = []
    for row in range(2, count + 2):
        player, kind = rand.choice(PLAYERS), rand.choice(["start", "change", "pah", "pah", "shift", "move"])
        value = {
            "start": rand.choice(empty),
            "change": f"{rand.choice([1, 2])}: {NAMES.format(rand.choice(FULL_DECK))}",
            "pah": ", ".join(NAMES.format(c) for c in rand.sample(FULL_DECK, 3))
            + "; discard "
            + NAMES.format(rand.choice(FULL_DECK)),
            "shift": f"row {rand.randint(1, 6)} {rand.choice(['left', 'right'])}"
            if number % 2
            else f"column {rand.choice('ABCDEF')} {rand.choice(['up', 'down'])}",
            "move": f"{rand.choice(['up', 'down', 'left', 'right'])} {rand.randint(0, 4)}",
        }[kind]
        rows.append(Submission(row, OPENS + dt.timedelta(minutes=rand.uniform(0, 1500)), player, kind, value))
    return rows


def main(repeats: int = 50) -> None:
    board = generate_board(1)
    match = new_match(board, deal(1, PLAYERS))
    empty = [str(t) for t in board.empty_tiles()]
    closes = OPENS + dt.timedelta(hours=24)
    garnets = {p: 5 for p in PLAYERS}
    for number in (1, 2):
        rows = submissions(random.Random(number), 200, empty, number)
        started = time.perf_counter()
        for _ in range(repeats):
            result = resolve_round(match, number, rows, closes, garnets)
            result.as_json()
        each = (time.perf_counter() - started) / repeats
        print(
            f"round {number}, 9 players, 200 submissions, resolved and as JSON: {each * 1000:.2f} ms "
            f"(mean of {repeats})"
        )
        match = result.match


if __name__ == "__main__":
    main()
