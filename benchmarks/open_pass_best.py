"""Open, Pass: `hostkit open-pass best`, the exact search over a player's 20-card deal, timed per deal.

Run: python benchmarks/open_pass_best.py [--matches 4] [--deals 13]

Each match is 13 players who bid for two random packs in each of the three deck-building rounds (seeded),
scored round by round; each player's deck is the first 20 cards of their inventory, and the command is timed
on every player's deal (13 deals a match, the workbook read included). The search is checked against brute
force in tests/games/open_pass/test_equation.py.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from workbooks import OPEN_PASS_PACKS as PACKS  # noqa: E402
from workbooks import OPEN_PASS_PLAYERS as PLAYERS  # noqa: E402
from workbooks import run, typed  # noqa: E402


def dealt(path: Path, seed: int, players: list[str]) -> Path:
    """A match whose deck-building is over and these players' decks typed in."""
    run("new", "open-pass", "--book", path, "--players", ",".join(PLAYERS), "--seed", seed)
    rand = random.Random(seed)
    bids = [
        [f"2026-11-2{number} 10:{i:02d}", player, number, ", ".join(rand.sample([p[0] for p in PACKS], 2))]
        for number in (1, 2, 3)
        for i, player in enumerate(PLAYERS)
    ]
    typed(path, {"Packs": [[n, *pack] for n in (1, 2, 3) for pack in PACKS], "Bids": bids})
    for number in (1, 2, 3):
        run("score", "--book", path, "--round", number)
    decks = []
    for i, player in enumerate(players):
        said = json.loads(run("open-pass", "inventory", "--book", path, "--player", player, "--json"))["message"]
        cards = said.splitlines()[0].split(": ", 1)[1].rstrip(".").split()
        decks.append([player, "Heaven" if i % 2 else "Hell", " ".join(cards[:20])])
    return typed(path, {"Decks": decks})


def main(matches: int, deals: int = len(PLAYERS)) -> None:
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(matches):
            path = dealt(Path(folder) / f"match{seed}.xlsx", seed, PLAYERS[:deals])
            for player in PLAYERS[:deals]:
                start = time.perf_counter()
                run("open-pass", "best", "--book", path, "--player", player)
                times.append(time.perf_counter() - start)
    times.sort()
    print(
        f"open-pass best, 20-card deals, open at most 10: {len(times)} deals, median "
        f"{statistics.median(times) * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms (the whole command)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=4, help="matches of 13 players to time")
    parser.add_argument("--deals", type=int, default=len(PLAYERS), help="players of each match whose deal is timed")
    given = parser.parse_args()
    main(given.matches, given.deals)
