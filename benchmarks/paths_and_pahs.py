"""How long `hostkit score` takes on a Paths and PAHs round of 9 players with 200 submission rows, through the
workbook (an .xlsx file): prints milliseconds for the whole command and for the library's call.

Run: python benchmarks/paths_and_pahs.py [--rows 200] [--repeats 15]
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from workbooks import run, typed  # noqa: E402

OPENS = dt.datetime(2025, 1, 1)
"""Round 1 opens (round 2 a day later): long past, so that the rounds score now."""
ROWS = 200


def workbook(path: Path, rows: int) -> None:
    """A 9-player match with its board laid, its cards dealt, garnets in the Ledger and `rows` rows per round."""
    import openpyxl

    from tests.games.paths_and_pahs import bench_round
    from tests.games.paths_and_pahs.bench_round import PLAYERS, submissions

    run("new", "paths-and-pahs", "--book", path, "--players", ",".join(PLAYERS), "--seed", 1)
    run("board", "--book", path, "--round", 1)
    run("deal", "--book", path, "--round", 1)
    board = [[cell.value for cell in row] for row in openpyxl.load_workbook(path)["Board"].iter_rows()]
    empty = [
        f"{'ABCDEF'[c]}{r + 1}" for r, row in enumerate(board[1:]) for c, cell in enumerate(row[1:7]) if cell is None
    ]
    moves = [["Timestamp", "Player", "Round", "Action", "Value"]]
    for number in (1, 2):
        for s in submissions(random.Random(number), rows, empty, number):
            at = OPENS + (s.at - bench_round.OPENS) + dt.timedelta(days=number - 1)
            moves.append([at, s.player, number, s.action, s.value])
    ledger = [["Match", "Round", "Player", "Garnets", "Tokens of Life", "Elimination candidate", "Reason"]]
    rounds = [["Round", "Opens", "Closes"]] + [[n, OPENS + dt.timedelta(days=n - 1), None] for n in (1, 2)]
    typed(
        path,
        {
            "Rounds": rounds,
            "Submissions": moves,
            "Ledger": ledger + [["Season", None, p, 5, 0, None, "brought forward"] for p in PLAYERS],
        },
        replace=True,
    )


def timed(action, repeats: int) -> float:
    runs = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        runs.append((time.perf_counter() - started) * 1000)
    return statistics.median(runs)


def main_(rows: int, repeats: int) -> None:
    import hostkit

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.xlsx"
        workbook(path, rows)

        def command(number: int, *extra: str) -> None:
            run("score", "--book", path, "--round", number, *extra)

        command(1)
        whole = timed(lambda: command(1), repeats)
        with hostkit.open_match(path) as match:
            library = timed(lambda: match.score(1), repeats)
        print(
            f"score --round 1, 9 players, {rows} submission rows, on an .xlsx file: {whole:.0f} ms for the whole "
            f"command, {library:.0f} ms as the library's match.score (median of {repeats})"
        )
        picture = str(Path(folder) / "board.png")
        print(
            f"  with --image (the board drawn as a PNG too): {timed(lambda: command(1, '--image', picture), repeats):.0f} ms"
        )
        command(2)
        print(
            f"score --round 2 (rounds 1 and 2 resolved, {2 * rows} rows): {timed(lambda: command(2), repeats):.0f} ms"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=ROWS, help="submission rows per round")
    parser.add_argument("--repeats", type=int, default=15, help="runs of each step timed")
    given = parser.parse_args()
    main_(given.rows, given.repeats)
