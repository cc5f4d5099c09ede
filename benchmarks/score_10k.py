"""`hostkit score` on a workbook of 10,000 submission rows, beside openpyxl's own load + save of that file.

Target: score takes at most 1.5x the floor (load + save), since a score must read and write the file once.
Run: python benchmarks/score_10k.py [rows [repeats]]
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

import openpyxl

sys.path.insert(0, str(Path(__file__).resolve().parent))
from workbooks import hap_and_grab_round, run  # noqa: E402


def build(path: Path, rows: int) -> None:
    """The input: the round's tabs as a spreadsheet program saves them (openpyxl)."""
    hap_and_grab_round(path, rows)


def timed(fn, repeat: int) -> float:
    """The best of several runs, as timeit reports: the run least disturbed by the rest of the machine."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def score(path: Path) -> None:
    run("score", "--book", path, "--round", 1)


def report(label: str, floor_s: float, score_s: float) -> None:
    print(label)
    print(f"  openpyxl floor: {floor_s:.2f} s")
    print(f"  hostkit score:  {score_s:.2f} s")
    print(f"  ratio: {score_s / floor_s:.2f}x (target at most 1.5x)")


def main_(rows: int, repeat: int = 5) -> None:
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

        copy_s = timed(lambda: shutil.copyfile(fresh, path), repeat)
        floor_first = timed(lambda: openpyxl.load_workbook(fresh), repeat) + timed(lambda: scored.save(out), repeat)
        report(
            "first score (floor: load the input + save the scored workbook)",
            floor_first,
            timed(first_score, repeat) - copy_s,
        )
        score(path)
        report(
            "re-score (floor: load + save of that same file)",
            timed(lambda: openpyxl.load_workbook(path).save(out), repeat),
            timed(lambda: score(path), repeat),
        )


if __name__ == "__main__":
    main_(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000, int(sys.argv[2]) if len(sys.argv) > 2 else 5)
