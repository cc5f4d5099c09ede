"""Cards on the Table: how long `hostkit board` takes to generate (and check) the three boards, over 20 seeds.

Targets from issue 13: median ≤ 2 s, max ≤ 10 s on this machine. The command checks every set it generates
with the independent checker and says so; a set that broke a rule would be refused.

Run: python benchmarks/cards_on_the_table.py [--seeds 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from workbooks import run  # noqa: E402

MEDIAN_TARGET, MAX_TARGET = 2.0, 10.0
PLAYERS = "Ann,Bo,Cy,Di,Ed,Flo"


def main(seeds: int) -> None:
    times: dict[int, float] = {}
    unchecked = []
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(seeds):
            path = Path(folder) / f"match{seed}.xlsx"
            run("new", "cards-on-the-table", "--book", path, "--players", PLAYERS, "--seed", seed)
            start = time.perf_counter()
            said = run("board", "--book", path)
            times[seed] = time.perf_counter() - start
            if "every board rule holds" not in said:
                unchecked.append(seed)
    slowest = max(times, key=times.__getitem__)
    print(
        f"hostkit board over {seeds} seeds: median {statistics.median(times.values()):.3f} s "
        f"(target ≤ {MEDIAN_TARGET} s), max {times[slowest]:.3f} s (target ≤ {MAX_TARGET} s, seed {slowest})"
    )
    print("every set checked independently: " + (f"not said for seeds {unchecked}" if unchecked else "yes"))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=20, help="seeds 0..N-1 to generate a set for")
    main(parser.parse_args().seeds)
