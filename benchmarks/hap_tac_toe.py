"""When Stars Align (Hap-Tac-Toe's rules): a full game judged, and one live turn, on an .xlsx workbook through
the library.

Run: python benchmarks/hap_tac_toe.py [--repeats 20] [--claims 10]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from workbooks import when_stars_align_game  # noqa: E402


def judging(folder: Path, repeats: int, claims: int) -> None:
    """`status` of a finished game: the workbook read and every turn replayed and judged."""
    import hostkit
    from tests.games.hap_tac_toe.workbook import make_book

    game = when_stars_align_game(11, claims)
    path = make_book(folder / "full.xlsx", games=[game])
    times = []
    with hostkit.open_match(path) as match:
        for _ in range(repeats):
            start = time.perf_counter()
            match.status()
            times.append(time.perf_counter() - start)
    print(
        f"status of a full game ({len(game)} turns, up to {claims} claims each): "
        f"{statistics.median(times) * 1000:.1f} ms (median of {repeats})"
    )


def live_turn(folder: Path, claims: int) -> None:
    """The last turn typed at `play`: the workbook read, the game replayed, the message judged, the Moves row
    written; then the board drawn as a PNG."""
    import hostkit
    from tests.games.hap_tac_toe.support import at
    from tests.games.hap_tac_toe.workbook import make_book

    game = when_stars_align_game(12, claims)
    before = len(game) - 1
    path = make_book(folder / "dm.xlsx", games=[game[:before]])
    last = game[before]
    with hostkit.open_match(path, clock=lambda: at(20 * (before + 1))) as match:
        start = time.perf_counter()
        report = match.step(f"{last.block} {last.square} {last.claims} done", round=1)
        played = time.perf_counter()
        drawn = report.image() if report is not None and report.image is not None else None
        finished = time.perf_counter()
        assert match.prompt(1)[0] is None, "the last turn ends the game"
    print(
        f"live turn {before + 1} on .xlsx ({before} rows before it): read, judge and write {(played - start) * 1000:.0f} ms; "
        + (f"drawing the PNG {(finished - played) * 1000:.0f} ms" if drawn else "no picture drawn")
    )


def main(repeats: int, claims: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        judging(Path(folder), repeats, claims)
        live_turn(Path(folder), claims)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=20, help="times the finished game's status is timed")
    parser.add_argument("--claims", type=int, default=10, help="claims a turn makes at the most")
    given = parser.parse_args()
    main(given.repeats, given.claims)
