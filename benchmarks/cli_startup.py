"""Wall time of `hostkit --help` in a fresh interpreter, against `python -c "import click"` measured in the same
run (target: at most 1.3 times).

Run: python benchmarks/cli_startup.py [runs]
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

RUNS = 15
HOST_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
"""The environment the measured commands run in: as on a host's machine, Python keeps each module compiled
(a sandbox that forbids it would make every command compile hostkit anew, but not click or openpyxl, which
were compiled when installed)."""


def once(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True, env=HOST_ENV)
    return time.perf_counter() - start


def console_script() -> str:
    """The hostkit script pip installed beside this Python, as the floor runs this Python itself: the first
    `hostkit` on the PATH may be a version manager's shim (pyenv's is a shell script that runs pyenv, then
    the script), which `python` on the PATH would be too."""
    beside = Path(sys.executable).with_name("hostkit.exe" if os.name == "nt" else "hostkit")
    found = str(beside) if beside.exists() else shutil.which("hostkit")
    if found is None:
        raise SystemExit("hostkit is not installed: python -m pip install -e .")
    return found


def measure(runs: int = RUNS) -> dict[str, list[float]]:
    """Interleaved runs of the floor and of hostkit, so both see the same machine."""
    command = [console_script(), "--help"]
    times: dict[str, list[float]] = {"import click": [], "hostkit --help": []}
    for _ in range(runs):
        times["import click"].append(once([sys.executable, "-c", "import click"]))
        times["hostkit --help"].append(once(command))
    return times


def main(runs: int = RUNS) -> None:
    times = measure(runs)
    floor, help_ = (statistics.median(times[k]) for k in ("import click", "hostkit --help"))
    print(f'python -c "import click": {floor * 1000:.0f} ms (median of {runs})')
    print(f"hostkit --help:           {help_ * 1000:.0f} ms (median of {runs})")
    print(f"ratio: {help_ / floor:.2f}x (target at most 1.3x)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS)
