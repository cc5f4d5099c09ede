"""Every command on the demo workbooks, timed: the issue's target is under 0.5 s each on xlsx.

    python benchmarks/demo_commands.py [--games hap-and-grab ...] [--runs 3]

Each game with a demo is built by `hostkit demo`; each command then runs on a fresh copy of it, in this
process (CliRunner), and the median of three runs (--runs) is printed with the slowest run.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

TARGET = 0.5
DEMOS = ("hap-and-grab", "hap-tac-toe", "when-stars-align")
COMMANDS = (
    ("status",),
    ("score", "--round", "1"),
    ("score", "--round", "1", "--message"),
    ("board", "--round", "1"),
    ("standings",),
    ("ledger",),
    ("publish", "--public-book", "{public}"),
    ("send", "--dry-run"),
)


def timed(args: list[str]) -> tuple[float, int]:
    from click.testing import CliRunner

    from hostkit.cli import main

    start = time.perf_counter()
    result = CliRunner().invoke(main, args)
    return time.perf_counter() - start, result.exit_code


def main_(games: tuple[str, ...] = DEMOS, runs: int = 3) -> int:
    from click.testing import CliRunner

    from hostkit.cli import main

    slow = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for game in games:
            demo = folder / f"{game}.xlsx"
            CliRunner().invoke(main, ["demo", "--game", game, "--book", str(demo)])
            print(game)
            for command in COMMANDS:
                times = []
                for run in range(runs):
                    work = folder / f"work{run}.xlsx"
                    shutil.copyfile(demo, work)
                    public = folder / f"public{run}.xlsx"
                    args = [part.format(public=public) for part in command]
                    seconds, code = timed([*args[:1], "--book", str(work), *args[1:]])
                    times.append(seconds)
                    public.unlink(missing_ok=True)
                median = statistics.median(times)
                mark = "" if median < TARGET else "  over the target"
                slow += median >= TARGET
                print(
                    f"  {' '.join(command).replace(' {public}', ''):<34} {median:.3f} s (max {max(times):.3f}, exit {code}){mark}"
                )
    print(f"{slow} command(s) at or over {TARGET} s")
    return 0


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="+", default=DEMOS, choices=DEMOS, help="the demos to time")
    parser.add_argument("--runs", type=int, default=3, help="runs of each command")
    given = parser.parse_args()
    sys.exit(main_(tuple(given.games), given.runs))
