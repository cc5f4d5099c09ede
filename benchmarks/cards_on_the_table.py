"""Cards on the Table: how long `hostkit board` takes to generate the three boards, over 20 seeds.

Each set is also verified by the independent checker (not timed). Targets from issue 13: median ≤ 2 s,
max ≤ 10 s on this machine.

Run: python benchmarks/cards_on_the_table.py [--seeds 20]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hostkit.games.cards_on_the_table.checker import check_set  # noqa: E402
from hostkit.games.cards_on_the_table.generator import generate_set, time_generation  # noqa: E402
from hostkit.games.cards_on_the_table.heat import DEFAULT_HEAT_RULE  # noqa: E402

MEDIAN_TARGET, MAX_TARGET = 2.0, 10.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=20, help="seeds 0..N-1 to generate a set for")
    args = parser.parse_args()
    seeds = range(args.seeds)
    timings = time_generation(seeds)
    broken = {seed: len(check_set(generate_set(seed), DEFAULT_HEAT_RULE)) for seed in seeds}
    print(
        f"board generation over {args.seeds} seeds: median {timings.median:.3f} s (target ≤ {MEDIAN_TARGET} s), "
        f"max {timings.slowest:.3f} s (target ≤ {MAX_TARGET} s)"
    )
    slowest = max(timings.seconds, key=timings.seconds.get)
    failing = [seed for seed, count in broken.items() if count]
    print(
        f"slowest seed: {slowest}; every set checked independently: "
        + (f"broken rules in seeds {failing}" if failing else "no broken rule")
    )


if __name__ == "__main__":
    main()
