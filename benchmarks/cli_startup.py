"""Wall time of `hostkit --help` in a fresh interpreter (target: under 0.25 s).

Run: python benchmarks/cli_startup.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time


def once(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    bare = statistics.median(once([sys.executable, "-c", "pass"]) for _ in range(7))
    help_ = statistics.median(once([sys.executable, "-m", "hostkit", "--help"]) for _ in range(7))
    print(f"python -c pass:          {bare * 1000:.0f} ms")
    print(f"python -m hostkit --help: {help_ * 1000:.0f} ms (target under 250 ms)")


if __name__ == "__main__":
    main()
