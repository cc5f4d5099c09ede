"""Every performance figure hostkit promises, each as a ratio against its floor measured in the same run.

    python benchmarks/run_all.py            # 1k, 10k and 50k submission rows, 7 runs each
    python benchmarks/run_all.py --quick    # 1k and 10k rows, 3 runs each

Figures (median, min and max of the runs; peak memory of the process that did the work):
- Google Sheets: requests per command, against the floor of 3 (the tabs' names, their cells, one write).
- `hostkit --help` against `python -c "import click"` (target at most 1.3x).
- `score` on xlsx against the floor: openpyxl loading the input workbook plus saving the scored one
  (target at most 0.25x from 10,000 rows); a re-score against a first score (target at most 1.0x); time and
  peak memory from 10k to 50k rows (targets: time at most 5.5x, peak memory at 50k at most 150 MiB).
- A live `play` decision on a 300-row match: from the host's answer to the saved decision (target 0.1 s).
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
import datetime as dt
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
    """What `play` does between the host's answer and the saved decision: decide, then write."""
    from hostkit.cli.options import now, open_game
    from hostkit.storage.xlsx import XlsxBook

    book = XlsxBook(path)
    book.lock()
    try:
        game, tables = open_game(book)
        prompt, _ = game.next_prompt(tables, 1, None, now())
        start = time.perf_counter()
        outcome = game.decide(tables, 1, None, "pass", now())
        book.write(outcome.writes)
        return time.perf_counter() - start
    finally:
        book.release()


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
    from score_10k import build

    results: dict[int, dict[str, list[float]]] = {}
    for rows in sizes:
        fresh, work = folder / f"fresh{rows}.xlsx", folder / f"work{rows}.xlsx"
        build(fresh, rows)
        shutil.copyfile(fresh, work)
        measured("score", work)
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


def decision_figures(runs: int, folder: Path) -> list[float]:
    """A Hap and Grab match of 300 submission rows, dealt, each run taking one Part 2 decision."""
    from click.testing import CliRunner

    from hostkit.cli import main
    from hostkit.core.rng import rng
    from hostkit.games import load_game
    from hostkit.games.hap_and_grab.anti_hap import FACES, generate_board
    from hostkit.storage.xlsx import XlsxBook

    opens = dt.datetime(2026, 11, 21, 20, 0)
    board = generate_board(rng(3, "board", 1), 11, 11)
    solutions = sorted(board.anti_haps())
    tabs = load_game("hap-and-grab").new_book(["Reds", "Craw"], 3)
    tabs["Rounds"] = [["Round", "Opens"], [1, opens], [2, None], [3, None], [4, None]]
    tabs["Board"] = [tabs["Board"][0]] + [[1, name, *FACES.format(board.cards[name])] for name in sorted(board.cards)]
    rand = rng(3, "bench")
    tabs["Submissions"] = [tabs["Submissions"][0]] + [
        [
            opens + dt.timedelta(seconds=1 + i),
            rand.choice(["Reds", "Craw"]),
            1,
            solutions[i % len(solutions)] if i < len(solutions) else "".join(rand.sample(board.labels(), 3)),
        ]
        for i in range(300)
    ]
    dealt = folder / "live.xlsx"
    XlsxBook(dealt).create(tabs)
    for args in (["score", "--round", "1"], ["deal", "--round", "1"]):
        result = CliRunner().invoke(main, [*args, "--book", str(dealt)])
        assert result.exit_code in (0, 1), result.output
    times = []
    work = folder / "turn.xlsx"
    for _ in range(runs):
        shutil.copyfile(dealt, work)
        seconds, _ = measured("decision", work)
        times.append(seconds)
    return times


def main_(quick: bool) -> None:
    import cli_startup
    import sheets_requests

    runs = 3 if quick else 7
    sizes = (1_000, 10_000) if quick else (1_000, 10_000, 50_000)
    print("Google Sheets requests per command (floor: 3: the tabs' names, their cells, one write)")
    sheets_requests.main_()
    print()
    startup = cli_startup.measure()
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
                f"medians {first / floor_s:.3f}x; target at most 0.25x from 10,000 rows)"
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
        decisions = decision_figures(10 if not quick else 5, Path(tmp))
        print("A live play decision on a 300-row match (answer to saved decision), seconds")
        print(f"  {spread(decisions)} (target at most 0.1 s)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(*sys.argv[2:])
    else:
        main_("--quick" in sys.argv)
