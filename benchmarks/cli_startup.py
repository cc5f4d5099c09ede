"""Wall time of `hostkit --help` in a fresh interpreter, against `python -c "import click"` measured in the same
run (target: at most 1.3 times).

Run: python benchmarks/cli_startup.py
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time

RUNS = 15


def once(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True)
    return time.perf_counter() - start


def measure(runs: int = RUNS) -> dict[str, list[float]]:
    """Interleaved runs of the floor and of hostkit, so both see the same machine."""
    hostkit = shutil.which("hostkit")
    command = [hostkit, "--help"] if hostkit else [sys.executable, "-m", "hostkit", "--help"]
    times: dict[str, list[float]] = {"import click": [], "hostkit --help": []}
    for _ in range(runs):
        times["import click"].append(once([sys.executable, "-c", "import click"]))
        times["hostkit --help"].append(once(command))
    return times


def main() -> None:
    times = measure()
    floor, help_ = (statistics.median(times[k]) for k in ("import click", "hostkit --help"))
    print(f'python -c "import click": {floor * 1000:.0f} ms (median of {RUNS})')
    print(f"hostkit --help:           {help_ * 1000:.0f} ms (median of {RUNS})")
    print(f"ratio: {help_ / floor:.2f}x (target at most 1.3x)")


if __name__ == "__main__":
    main()
