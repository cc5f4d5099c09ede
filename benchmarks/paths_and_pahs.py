"""How long `hostkit score` takes on a Paths and PAHs round of 9 players with 200 submission rows, through the
workbook (an .xlsx file): prints milliseconds for the whole command and for its parts.

Run: python benchmarks/paths_and_pahs.py
"""

from __future__ import annotations

import datetime as dt
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from click.testing import CliRunner  # noqa: E402

from hostkit.cli import main  # noqa: E402
from hostkit.core.tables import Tables  # noqa: E402
from hostkit.games import load_game  # noqa: E402
from hostkit.storage.xlsx import XlsxBook  # noqa: E402
from tests.games.paths_and_pahs.bench_round import PLAYERS, submissions  # noqa: E402

GAME = load_game("paths-and-pahs")
OPENS = dt.datetime(2030, 1, 1)
NOW = dt.datetime(2030, 2, 1, tzinfo=dt.timezone.utc)
ROWS = 200
REPEATS = 15


def workbook(path: Path) -> None:
    """A 9-player match with its board laid, its cards dealt, garnets in the Ledger and 200 rows per round."""
    tabs = GAME.new_book(PLAYERS, 1)
    for step in (lambda t: GAME.board(t, 1, now=NOW), lambda t: GAME.deal(t, 1, NOW)):
        tabs.update(step(Tables(tabs)).writes)
    empty = [
        f"{'ABCDEF'[c]}{r + 1}"
        for r, row in enumerate(tabs["Board"][1:])
        for c, cell in enumerate(row[1:])
        if cell is None
    ]
    tabs["Rounds"] = [["Round", "Opens", "Closes"]] + [[n, OPENS + dt.timedelta(days=n - 1), None] for n in (1, 2)]
    tabs["Submissions"] = [["Timestamp", "Player", "Round", "Action", "Value"]]
    for number in (1, 2):
        for s in submissions(random.Random(number), ROWS, empty, number):
            at = s.at.replace(tzinfo=None) + dt.timedelta(days=number - 1)
            tabs["Submissions"].append([at, s.player, number, s.action, s.value])
    tabs["Ledger"] = [["Match", "Round", "Player", "Garnets", "Tokens of Life", "Elimination candidate", "Reason"]] + [
        ["Season", None, p, 5, 0, None, "brought forward"] for p in PLAYERS
    ]
    XlsxBook(path).create(tabs)


def timed(action) -> float:
    runs = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        action()
        runs.append((time.perf_counter() - started) * 1000)
    return statistics.median(runs)


def main_() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.xlsx"
        workbook(path)

        def command(number: int, *extra: str) -> None:
            result = CliRunner().invoke(main, ["score", "--book", str(path), "--round", str(number), *extra])
            assert result.exit_code in (0, 1), result.output

        command(1)
        tables = Tables(XlsxBook(path).read())
        read = timed(lambda: XlsxBook(path).read())
        rules = timed(lambda: GAME.score(tables, 1, NOW))
        whole = timed(lambda: command(1))
        print(
            f"score --round 1, 9 players, {ROWS} submission rows, on an .xlsx file: {whole:.0f} ms for the whole "
            f"command (median of {REPEATS})"
        )
        print(f"  of which reading the workbook: {read:.0f} ms; resolving and rendering the round: {rules:.0f} ms")
        picture = str(Path(folder) / "board.png")
        print(f"  with --image (the board drawn as a PNG too): {timed(lambda: command(1, '--image', picture)):.0f} ms")
        command(2)
        tables = Tables(XlsxBook(path).read())
        print(
            f"score --round 2 (rounds 1 and 2 resolved, {2 * ROWS} rows): {timed(lambda: command(2)):.0f} ms for the "
            f"whole command; resolving and rendering: {timed(lambda: GAME.score(tables, 2, NOW)):.0f} ms"
        )


if __name__ == "__main__":
    main_()
