"""Every performance figure hostkit promises, each as a ratio against its floor measured in the same run.

    python benchmarks/run_all.py            # 1k, 10k and 50k submission rows, 7 runs each
    python benchmarks/run_all.py --quick    # 1k and 10k rows, 3 runs each
    python benchmarks/run_all.py --rows 50 --runs 1   # any sizes and number of runs

Figures (median, min and max of the runs; peak memory of the process that did the work):
- Google Sheets: requests per command, against the floor of 3 (the tabs' names, their cells, one write).
- `hostkit --help` against `python -c "import click"` (target at most 1.3x).
- `score` on xlsx against the floor: openpyxl loading the input workbook plus saving the scored one
  (target at most 0.15x from 10,000 rows); a re-score against a first score (target at most 1.0x); time and
  peak memory from 10k to 50k rows (targets: time at most 5.5x, peak memory at 50k at most 150 MiB).
- A live `play` decision on a 300-row match: the library's `match.step` from the host's answer to the saved
  decision (target 0.1 s).
- Every other command on the demo workbooks: benchmarks/demo_commands.py (target under 0.5 s each).
Each measured step runs in a process of its own (its peak memory, VmHWM, is its own), as the hostkit console
script runs it, with Python keeping compiled modules as on a host's machine, and on a settled file system
(os.sync first, so no step pays for the write-back of the one before). A run is a floor, a first score and
a re-score one after the other (every other run, the re-score before the first score, on a copy of a scored
workbook), for each size in turn; each ratio (against the floor, of a re-score, from one
size to the next) is the median of the runs' own ratios, so on a machine whose speed drifts (a shared
virtual machine) it compares steps measured at about the same speed. The floor's own growth is printed
beside hostkit's.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from cli_startup import HOST_ENV  # noqa: E402


def child(kind: str, *paths: str) -> None:
    """One measured step, in this process; prints its seconds and this process's peak memory."""
    from hostkit.cli import main

    if kind == "floor":
        import openpyxl  # only here: the other steps' peak memory is hostkit's own

        source, scored, out = paths
        start = time.perf_counter()
        openpyxl.load_workbook(source)
        loaded = time.perf_counter() - start
        book = openpyxl.load_workbook(scored)
        start = time.perf_counter()
        book.save(out)
        print(loaded + time.perf_counter() - start, peak_mib())
    elif kind == "score":
        start = time.perf_counter()
        try:  # as the hostkit console script runs it; its own lines go to stderr
            with contextlib.redirect_stdout(sys.stderr):
                main(["score", "--book", paths[0], "--round", "1"])
        except SystemExit as done:
            assert done.code in (0, 1, None), done.code
        print(time.perf_counter() - start, peak_mib())
    elif kind == "decision":
        print(live_decision(Path(paths[0])), peak_mib())


def live_decision(path: Path) -> float:
    """What `play` does between the host's answer and the saved decision, through the library: the step that
    records it (read, decide, write)."""
    import hostkit

    with hostkit.open_match(path) as match:
        prompt, _ = match.prompt(round=1)
        assert prompt is not None, "the match has a decision due"
        start = time.perf_counter()
        match.step("pass", round=1)
        return time.perf_counter() - start


def peak_mib() -> float:
    """This process's peak resident memory (VmHWM), in MiB. Not getrusage's ru_maxrss: for a child process
    that counts the memory of the parent it was forked from, before the new program was loaded."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:  # not Linux: the best there is
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return int(status.split("VmHWM:")[1].split()[0]) / 1024


def measured(kind: str, *paths: Path) -> tuple[float, float]:
    """Seconds and peak memory (MiB) of one step run in a process of its own, started on a settled file system
    (what the step before wrote is on the disk first, so no step pays for another's write-back)."""
    getattr(os, "sync", lambda: None)()  # Unix only
    run = subprocess.run(
        [sys.executable, __file__, "--child", kind, *map(str, paths)], capture_output=True, text=True, env=HOST_ENV
    )
    if run.returncode != 0:
        raise SystemExit(f"{kind} failed: {run.stdout}{run.stderr}")
    seconds, mib = run.stdout.strip().splitlines()[-1].split()
    return float(seconds), float(mib)


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):7.2f} (min {min(values):.2f}, max {max(values):.2f})"


def score_figures(sizes: tuple[int, ...], runs: int, folder: Path) -> dict[int, dict[str, list[float]]]:
    """Each run measures every size in turn (a floor, a first score, a re-score), so the ratios between sizes
    compare steps measured minutes apart at the most, not a whole benchmark apart. Every other run measures the
    re-score before the first score (on a copy of the workbook the first score wrote, made before the runs), so
    that neither step is always the one measured later."""
    from workbooks import hap_and_grab_round as build
    from workbooks import run as hostkit

    results: dict[int, dict[str, list[float]]] = {}
    for rows in sizes:
        fresh, work = folder / f"fresh{rows}.xlsx", folder / f"work{rows}.xlsx"
        build(fresh, rows)
        shutil.copyfile(fresh, work)
        hostkit("score", "--book", work, "--round", 1)
        shutil.copyfile(work, folder / f"scored{rows}.xlsx")
        results[rows] = {k: [] for k in ("floor", "first", "again", "floor_mib", "first_mib", "again_mib")}
    for run in range(runs):
        for rows in sizes:
            fresh, scored, work, out = (folder / f"{name}{rows}.xlsx" for name in ("fresh", "scored", "work", "out"))
            figures = results[rows]
            seconds, mib = measured("floor", fresh, scored, out)
            figures["floor"].append(seconds)
            figures["floor_mib"].append(mib)
            steps = [("first", fresh), ("again", scored)]  # a re-score scores the round the first score scored
            for step, source in steps if run % 2 == 0 else steps[::-1]:  # neither always comes second
                shutil.copyfile(source, work)
                seconds, mib = measured("score", work)
                figures[step].append(seconds)
                figures[f"{step}_mib"].append(mib)
    return results


def decision_figures(runs: int, folder: Path, rows: int = 300) -> list[float]:
    """A Hap and Grab match of 300 submission rows, dealt, each run taking one Part 2 decision."""
    from workbooks import dealt_match

    dealt = dealt_match(folder / "live.xlsx", rows)
    times = []
    work = folder / "turn.xlsx"
    for _ in range(runs):
        shutil.copyfile(dealt, work)
        seconds, _ = measured("decision", work)
        times.append(seconds)
    return times


def main_(sizes: tuple[int, ...], runs: int) -> None:
    import cli_startup
    import sheets_requests

    print("Google Sheets requests per command (floor: 3: the tabs' names, their cells, one write)")
    sheets_requests.main_()
    print()
    startup = cli_startup.measure(runs=2 * runs + 1)
    floor, help_ = startup["import click"], startup["hostkit --help"]
    print("Start-up, seconds")
    print(f"  python -c 'import click' {spread(floor)}")
    print(f"  hostkit --help           {spread(help_)}")
    print(f"  ratio {statistics.median(help_) / statistics.median(floor):.2f}x (target at most 1.3x)")
    print()
    with tempfile.TemporaryDirectory() as tmp:
        results = score_figures(sizes, runs, Path(tmp))
        for rows, figures in results.items():
            floor_s, first = (statistics.median(figures[k]) for k in ("floor", "first"))
            print(f"score on xlsx, {rows:,} submission rows, seconds (peak MiB)")
            print(
                f"  floor: load input + save scored {spread(figures['floor'])}  "
                f"({statistics.median(figures['floor_mib']):.0f} MiB)"
            )
            print(
                f"  first score                     {spread(figures['first'])}  "
                f"({statistics.median(figures['first_mib']):.0f} MiB)"
            )
            print(
                f"  re-score                        {spread(figures['again'])}  "
                f"({statistics.median(figures['again_mib']):.0f} MiB)"
            )
            to_floor = statistics.median(f / s for f, s in zip(figures["first"], figures["floor"]))
            paired = statistics.median(a / f for a, f in zip(figures["again"], figures["first"]))
            print(
                f"  first / floor {to_floor:.3f}x, the median of each run's first score over its own floor (of the "
                f"medians {first / floor_s:.3f}x; target at most 0.15x from 10,000 rows)"
            )
            print(
                f"  re-score / first {paired:.3f}x, the median of each run's re-score over its own first score "
                f"(target at most 1.0x)"
            )
        for small, large in zip(sizes, sizes[1:]):
            for what, key in (("time", "first"), ("floor's time", "floor"), ("peak memory", "first_mib")):
                growth = statistics.median(b / a for a, b in zip(results[small][key], results[large][key]))
                print(f"  {what} from {small:,} to {large:,} rows: {growth:.1f}x for {large // small}x the rows")
        if sizes[-1] >= 50_000:
            peak, again = (statistics.median(results[sizes[-1]][k]) for k in ("first_mib", "again_mib"))
            print(f"  peak memory at {sizes[-1]:,} rows: {peak:.0f} MiB, re-score {again:.0f} (target at most 150 MiB)")
        print()
        decisions = decision_figures(max(1, round(runs * 10 / 7)), Path(tmp))
        print("A live play decision on a 300-row match (answer to saved decision), seconds")
        print(f"  {spread(decisions)} (target at most 0.1 s)")


def arguments(argv: list[str]) -> tuple[tuple[int, ...], int]:
    """The sizes (submission rows) and runs asked for: --quick, or --rows N [N ...] and --runs N."""
    import argparse

    parser = argparse.ArgumentParser(description="Every performance figure against its floor.")
    parser.add_argument("--quick", action="store_true", help="1,000 and 10,000 rows, 3 runs")
    parser.add_argument("--rows", type=int, nargs="+", help="the sizes to score (default 1,000, 10,000, 50,000)")
    parser.add_argument("--runs", type=int, help="runs of each step (default 7, or 3 with --quick)")
    given = parser.parse_args(argv)
    sizes = tuple(given.rows or ((1_000, 10_000) if given.quick else (1_000, 10_000, 50_000)))
    return sizes, given.runs or (3 if given.quick else 7)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(*sys.argv[2:])
    else:
        main_(*arguments(sys.argv[1:]))
