"""`hostkit score`, then the same score again, on a Google Sheet of 1,000, 10,000 and 50,000 submissions
(with a 20,000-row tab of the host's own, never read), on the in-process fake of the Sheets API
(tests/storage/fake_sheets.py): requests, bytes sent and received, the largest request body, and seconds
(hostkit's and the fake's together; the network's are not in it).

    python benchmarks/sheets_scale.py [rows ...]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "storage")]

from click.testing import CliRunner  # noqa: E402
from fake_sheets import FakeSheets  # noqa: E402
from sheets_requests import KEY, connect_to, credentials_file  # noqa: E402

from hostkit.cli import main  # noqa: E402
from tests.storage.test_sheets_scale import sheet_of  # noqa: E402


def measure(rows: int, credentials: Path) -> list[tuple[str, int, int, int, int, float]]:
    """A first score of the round, then a score again (its results tab, big now, is read for the host's
    cells in it), beside a big tab of the host's own that neither reads."""
    fake = FakeSheets()
    connect_to(fake)
    fake.add(KEY, {**sheet_of(rows), "Host data": [[n, n * n] for n in range(20_000)]})
    figures = []
    for command in ("score", "score again"):
        before = len(fake.calls)
        start = time.perf_counter()
        args = ["score", "--round", "1", "--sheet", KEY, "--credentials", str(credentials)]
        result = CliRunner().invoke(main, args)
        seconds = time.perf_counter() - start
        if result.exit_code not in (0, 1):
            raise SystemExit(f"{command} of {rows} rows failed: {result.output}")
        calls = fake.calls[before:]
        figures.append(
            (
                command,
                len(calls),
                sum(c.bytes_sent for c in calls),
                sum(c.received for c in calls),
                max(c.bytes_sent for c in calls),
                seconds,
            )
        )
    return figures


def main_() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [1_000, 10_000, 50_000]
    with tempfile.TemporaryDirectory() as folder:
        credentials = credentials_file(Path(folder))
        print("| submissions | command | requests | bytes sent | bytes received | largest body | seconds (fake) |")
        print("|---:|---|---:|---:|---:|---:|---:|")
        for rows in sizes:
            for command, requests, sent, received, largest, seconds in measure(rows, credentials):
                print(f"| {rows:,} | {command} | {requests} | {sent:,} | {received:,} | {largest:,} | {seconds:.1f} |")


if __name__ == "__main__":
    main_()
