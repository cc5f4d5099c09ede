"""`hostkit score` on a workbook of 10,000 submission rows, beside openpyxl's own load + save of that file.

Target: score takes at most 1.5x the floor (load + save), since a score must read and write the file once.
Run: python benchmarks/score_10k.py [rows]
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

import openpyxl
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.storage.xlsx import XlsxBook

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.games.hap_and_grab.big_round import big_round  # noqa: E402


def build(path: Path, rows: int) -> None:
    XlsxBook(path).create(big_round(rows), force=True)


def timed(fn, repeat: int = 5) -> float:
    """The best of several runs, as timeit reports: the run least disturbed by the rest of the machine."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def score(path: Path) -> None:
    result = CliRunner().invoke(main, ["score", "--book", str(path), "--round", "1"])
    assert result.exit_code in (0, 1), result.output


def report(label: str, floor_s: float, score_s: float) -> None:
    print(label)
    print(f"  openpyxl floor: {floor_s:.2f} s")
    print(f"  hostkit score:  {score_s:.2f} s")
    print(f"  ratio: {score_s / floor_s:.2f}x (target at most 1.5x)")


def main_(rows: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        fresh, path, out = (Path(tmp) / name for name in ("fresh.xlsx", "bench.xlsx", "out.xlsx"))
        build(fresh, rows)
        shutil.copyfile(fresh, path)
        score(path)
        scored = openpyxl.load_workbook(path)
        print(
            f"{rows:,} submission rows in one round; {fresh.stat().st_size / 1024:,.0f} KiB before scoring, "
            f"{path.stat().st_size / 1024:,.0f} KiB after"
        )

        def first_score() -> None:
            shutil.copyfile(fresh, path)
            score(path)

        copy_s = timed(lambda: shutil.copyfile(fresh, path))
        floor_first = timed(lambda: openpyxl.load_workbook(fresh)) + timed(lambda: scored.save(out))
        report(
            "first score (floor: load the input + save the scored workbook)", floor_first, timed(first_score) - copy_s
        )
        score(path)
        report(
            "re-score (floor: load + save of that same file)",
            timed(lambda: openpyxl.load_workbook(path).save(out)),
            timed(lambda: score(path)),
        )


if __name__ == "__main__":
    main_(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
