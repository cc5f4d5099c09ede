"""Requests per command and bytes sent to the Sheets API, beside a naive cell-by-cell write of the same results.

Runs hostkit's commands on the in-process fake of the Sheets API (tests/storage/fake_sheets.py), so it
needs no network and no Google account:

    python benchmarks/sheets_requests.py

"Naive" is what a script on gspread's friendly calls costs: the same two reads, then one
`Worksheet.update_cell` (PUT values/{cell}?valueInputOption=USER_ENTERED) per written cell, values only
(hostkit's one write also carries every cell's format, the column widths and the frozen header). Bytes
sent are the request line's URL plus the JSON body, for both.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "storage")]

import datetime as dt  # noqa: E402

from click.testing import CliRunner  # noqa: E402
from cryptography.hazmat.primitives import serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import rsa  # noqa: E402
from fake_sheets import FakeSheets, column_letters  # noqa: E402

from hostkit.cli import main  # noqa: E402

KEY = "1BenchmarkSpreadsheetKey000000000000000000"
BASE = f"https://sheets.googleapis.com/v4/spreadsheets/{KEY}"


def connect_to(fake: FakeSheets) -> None:
    """Every Google Sheet hostkit opens is the fake's: the one seam the tests use too (hostkit signs in and
    sends its requests through `connect`), as no public switch points hostkit at another API."""
    import importlib

    importlib.import_module("hostkit.storage.sheets").connect = lambda credentials: fake.session()


def typed(fake: FakeSheets, tabs: dict[str, list[list]]) -> None:
    """Tabs typed in by the host (in the fake's grid: a date-time as the number a Sheet holds)."""
    book = fake.books[KEY]
    for name, rows in tabs.items():
        tab = book.tab(name)
        tab.cells.clear()
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                if isinstance(value, dt.datetime):
                    value = (value - dt.datetime(1899, 12, 30)) / dt.timedelta(days=1)
                if value not in (None, ""):
                    tab.cells[(r, c)] = value


def demo_tabs(folder: Path) -> dict[str, list[list]]:
    """The input tabs of Hap and Grab's sample match (`hostkit demo`), as a host typed them."""
    import openpyxl

    path = folder / "demo.xlsx"
    CliRunner().invoke(main, ["demo", "--game", "hap-and-grab", "--book", str(path)])
    book = openpyxl.load_workbook(path)
    return {
        name: [[cell.value for cell in row] for row in book[name].iter_rows()]
        for name in ("Rounds", "Board", "Submissions")
    }


def credentials_file(folder: Path) -> Path:
    pem = (
        rsa.generate_private_key(public_exponent=65537, key_size=2048)
        .private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        .decode()
    )
    path = folder / "credentials.json"
    path.write_text(
        json.dumps(
            {
                "type": "service_account",
                "client_email": "bench@example.iam.gserviceaccount.com",
                "private_key": pem,
                "token_uri": "https://oauth2.googleapis.com/token",
            }
        )
    )
    return path


def naive_bytes(data: list[dict]) -> tuple[int, int]:
    """Requests and bytes of writing each non-blank cell of these ranges with its own update_cell."""
    requests_, sent = 0, 0
    for block in data:
        title = block["range"].rsplit("!", 1)[0].strip("'")
        for r, row in enumerate(block["values"], start=1):
            for c, value in enumerate(row, start=1):
                if value == "":
                    continue
                cell = f"{column_letters(c)}{r}"
                url = f"{BASE}/values/{quote(title + '!' + cell)}?valueInputOption=USER_ENTERED"
                requests_ += 1
                sent += len(url) + len(json.dumps({"values": [[value]]}))
    return requests_, sent


def written(fake: FakeSheets, calls: list) -> list[dict]:
    """The cells each spreadsheets:batchUpdate wrote (its updateCells requests), as ranges of values."""
    titles = {t.sheet_id: t.title for t in fake.books[KEY].tabs}
    blocks = []
    for call in calls:
        for request in call.body["requests"] if call.kind == "spreadsheets.batchUpdate" else ():
            if "updateCells" in request:
                update = request["updateCells"]
                values = [
                    [next(iter(cell.get("userEnteredValue", {"": ""}).values())) for cell in row["values"]]
                    for row in update["rows"]
                ]
                blocks.append({"range": f"'{titles[update['range']['sheetId']]}'", "values": values})
    return blocks


def main_() -> None:
    fake = FakeSheets()
    connect_to(fake)
    with tempfile.TemporaryDirectory() as folder:
        creds = ["--sheet", KEY, "--credentials", str(credentials_file(Path(folder)))]
        fake.add(KEY, {"Host notes": [["the host's own tab"]]}, time_zone="Europe/London")
        steps: list[tuple[str, list[str]]] = [
            ("new hap-and-grab", ["new", "hap-and-grab", "--players", "Reds,Craw", "--seed", "7"]),
        ]
        runner = CliRunner()
        rows = []

        def measure(label: str, args: list[str]) -> None:
            before = len(fake.calls)
            result = runner.invoke(main, [*args, *creds, "--json"] if args[0] != "new" else [*args, *creds])
            if result.exit_code not in (0, 1):
                raise SystemExit(f"{label} failed: {result.output}")
            calls = fake.calls[before:]
            data = written(fake, calls)
            naive_reqs, naive_sent = naive_bytes(data)
            reads = sum(1 for c in calls if c.kind in ("spreadsheets.get", "values.batchGet"))
            cells = sum(len(r) for d in data for r in d["values"])
            rows.append(
                (
                    label,
                    len(calls),
                    sum(c.bytes_sent for c in calls),
                    cells,
                    reads + naive_reqs,
                    naive_sent + sum(c.bytes_sent for c in calls if c.kind != "spreadsheets.batchUpdate"),
                )
            )

        for label, args in steps:
            measure(label, args)
        # A match under way: the demo's first two rounds, boards and 40-odd submissions, typed in by the host.
        sample = demo_tabs(Path(folder))
        first_two = {
            name: [rows[0]] + [r for r in rows[1:] if r[2 if name == "Submissions" else 0] in (1, 2)]
            for name, rows in sample.items()
            if name in ("Board", "Submissions")
        }
        typed(fake, {"Rounds": sample["Rounds"], **first_two})
        for number in (3, 4):
            measure(f"board --round {number}", ["board", "--round", str(number)])
        for number in (1, 2):
            measure(f"score --round {number}", ["score", "--round", str(number)])
        measure("score --round 2 (again)", ["score", "--round", "2"])

    print(
        f"{'command':26} {'hostkit: requests':>17} {'bytes sent':>10} {'cells':>6}   "
        f"{'cell by cell: requests':>22} {'bytes sent':>10}"
    )
    for label, reqs, sent, cells, naive_reqs, naive_sent in rows:
        print(f"{label:26} {reqs:17d} {sent:10d} {cells:6d}   {naive_reqs:22d} {naive_sent:10d}")
    total = sum(r[1] for r in rows), sum(r[4] for r in rows)
    print(
        f"\nAll {len(rows)} commands: {total[0]} requests (quota: 60 a minute) against {total[1]} cell by cell "
        f"({total[1] / 60:.1f} minutes of quota at the least)."
    )


if __name__ == "__main__":
    main_()
