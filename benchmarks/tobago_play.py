"""How long scoring, live play and standings take on a busy match, through the library: milliseconds per step.

Run: python benchmarks/tobago_play.py [--rounds 4] [--noise 200]

Each round has 15 correct answers (the rule sheet's sequence) and NOISE messages that are not answers; every
step reads the workbook, decides and writes it, as `hostkit score`, `deal`, `play` and `standings` do.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from workbooks import save_tabs  # noqa: E402


def busy_match(path: Path, rounds: int, noise: int) -> Path:
    """`rounds` rounds of 15 correct answers each, padded with `noise` messages that are not answers."""
    from tests.games.hap_and_grab.tobago_helpers import match_tabs, opens

    tabs = match_tabs({n: ("RCRCCCRCCRCCRCR", "") for n in range(1, rounds + 1)})
    tabs["Submissions"] += [
        [opens(n) + dt.timedelta(seconds=200 + i), "Reds" if i % 2 else "Craw", n, f"ABZ XYZ {i}"]
        for n in range(1, rounds + 1)
        for i in range(noise)
    ]
    return save_tabs(path, tabs)


def main(rounds: int, noise: int) -> None:
    import hostkit
    from tests.games.hap_and_grab.tobago_helpers import LATER

    with (
        tempfile.TemporaryDirectory() as folder,
        hostkit.open_match(busy_match(Path(folder) / "busy.xlsx", rounds, noise), clock=lambda: LATER) as match,
    ):
        start = time.perf_counter()
        for n in range(1, rounds + 1):
            match.score(n)
        print(
            f"score, {rounds} rounds of {15 + noise} submissions: {(time.perf_counter() - start) * 1000 / rounds:.1f} ms per round"
        )
        decisions = 0
        start = time.perf_counter()
        for n in range(1, rounds + 1):
            match.deal(n)
            while match.prompt(n)[0] is not None:
                match.step("take", n)
                decisions += 1
        print(
            f"deal + play: {decisions} decisions, {(time.perf_counter() - start) * 1000 / max(decisions, 1):.1f} ms "
            f"per prompt-and-decide (each decision written)"
        )
        start = time.perf_counter()
        report = match.standings()
        print(f"standings of the match: {(time.perf_counter() - start) * 1000:.1f} ms ({len(report.summary)} lines)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=4, choices=range(1, 5), help="rounds played (1 to 4)")
    parser.add_argument("--noise", type=int, default=200, help="messages per round that are not answers")
    given = parser.parse_args()
    main(given.rounds, given.noise)
