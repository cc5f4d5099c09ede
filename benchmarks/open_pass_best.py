"""Timing of the exact `best` search on 20-card Open, Pass deals, against brute force on a few of them.

Run: .venv/bin/python benchmarks/open_pass_best.py [--decks 1000] [--verify 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from hostkit.games.open_pass.best import best, brute_force
from hostkit.games.open_pass.equation import FACES, DivisionByZero


def deals(count: int, seed: int) -> list[list[str]]:
    draw = random.Random(seed)
    return [[draw.choice(FACES) for _ in range(20)] for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decks", type=int, default=1000, help="random 20-card deals to time")
    parser.add_argument("--verify", type=int, default=2, help="deals also solved by brute force (slow)")
    args = parser.parse_args()
    for rule in DivisionByZero:
        times = []
        for dealt in deals(args.decks, 1):
            start = time.perf_counter()
            best(dealt, 10, rule)
            times.append(time.perf_counter() - start)
        times.sort()
        print(
            f"best, 20 cards, open at most 10, division_by_zero={rule.value}: {args.decks} deals, "
            f"median {statistics.median(times) * 1000:.2f} ms, p99 {times[int(len(times) * 0.99) - 1] * 1000:.2f} ms, "
            f"max {times[-1] * 1000:.2f} ms"
        )
    for dealt in deals(args.verify, 2):
        start = time.perf_counter()
        exact = best(dealt).score
        fast = time.perf_counter() - start
        start = time.perf_counter()
        checked = brute_force(dealt)
        slow = time.perf_counter() - start
        verdict = "agree" if exact == checked else "DISAGREE"
        print(
            f"{' '.join(dealt)}: best {exact} in {fast * 1000:.2f} ms; brute force over all 616,665 choices "
            f"{checked} in {slow:.1f} s; {verdict}"
        )


if __name__ == "__main__":
    main()
