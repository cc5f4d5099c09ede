"""Record what hostkit prints and writes over a scripted match of each game, to compare two versions.

    python benchmarks/same_behaviour.py record before.json     # on the old version
    python benchmarks/same_behaviour.py compare before.json    # on the new one: exit 1 on any difference

Only the command line and the xlsx files are used, so the script runs unchanged across refactorings.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner
from openpyxl import load_workbook

from hostkit.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent))
from workbooks import OPEN_PASS_PACKS as PACKS  # noqa: E402
from workbooks import OPEN_PASS_PLAYERS  # noqa: E402


def _cells(path: Path) -> dict:
    book = load_workbook(path)
    return {
        sheet.title: [[_plain(c) for c in row] for row in sheet.iter_rows(values_only=True)]
        for sheet in book.worksheets
    }


def _plain(value):
    return value.isoformat() if isinstance(value, (dt.datetime, dt.date)) else value


def _append(path: Path, tab: str, rows: list[list]) -> None:
    book = load_workbook(path)
    for row in rows:
        book[tab].append(row)
    book.save(path)


def _script(folder: Path) -> list[tuple[list[str], str | None]]:
    demo = folder / "demo.xlsx"
    op = folder / "mm.xlsx"
    steps: list[tuple[list[str], str | None]] = [
        (["demo", "--book", str(demo)], None),
        (["score", "--book", str(demo), "--round", "1", "--json"], None),
        (["deal", "--book", str(demo), "--round", "1"], None),
        (["play", "--book", str(demo), "--round", "1"], "pass\ntake\n"),
        (["play", "--book", str(demo), "--round", "1"], "take\n" * 20),
        (["score", "--book", str(demo), "--round", "1"], None),
        (["deal", "--book", str(demo), "--round", "2"], None),
        (["play", "--book", str(demo), "--round", "2"], "pass\n" * 40),
        (["standings", "--book", str(demo), "--json"], None),
        (["standings", "--book", str(demo)], None),
        (["ledger", "--book", str(demo)], None),
        (["board", "--book", str(demo), "--round", "3"], None),
        (["new", "open-pass", "--book", str(op), "--players", ",".join(OPEN_PASS_PLAYERS), "--seed", "5"], None),
        (["score", "--book", str(op), "--round", "1"], "op-setup"),
        (["score", "--book", str(op), "--round", "2", "--json"], None),
        (["score", "--book", str(op), "--round", "3"], None),
        (["open-pass", "inventory", "--book", str(op), "--player", "bo", "--round", "1"], None),
        (["play", "--book", str(op), "--player", "Ann"], "op-decks"),
        (["score", "--book", str(op), "--round", "4", "--json"], None),
        (["score", "--book", str(op), "--round", "4"], None),
        (["open-pass", "best", "--book", str(op), "--player", "Ann"], None),
        (["open-pass", "evaluate", "+ 3 1 x 9 x 2 - 2 x", "--explain"], None),
        (["deal", "--book", str(op), "--round", "1"], None),
        (["standings", "--book", str(op)], None),
        (["games"], None),
    ]
    return steps


def _prepare(marker: str, op: Path) -> str | None:
    if marker == "op-setup":
        _append(op, "Packs", [[n, *p] for n in (1, 2, 3) for p in PACKS])
        _append(
            op,
            "Bids",
            [
                [dt.datetime(2026, 11, 21, 10, 0), "Ann", 1, "Heaven Special, Hell Mega"],
                [dt.datetime(2026, 11, 21, 10, 5), "Bo", 1, "Hell Mega, Heaven Basic, Hell Special"],
                [dt.datetime(2026, 11, 21, 10, 10), "Cy", 2, "Heaven Special"],
            ],
        )
        _append(op, "Trades", [[1, "Ann", "9", "Bo", "1"], [1, "Cy", "9", "Di", "1"]])
        return None
    if marker == "op-decks":
        _append(
            op,
            "Decks",
            [[p, "Heaven" if i % 2 else "Hell", "1 2 3 + - 1 2 3"] for i, p in enumerate(OPEN_PASS_PLAYERS)],
        )
        _append(op, "Decisions", [[p, None, None, "open"] for p in OPEN_PASS_PLAYERS[1:] for _ in range(10)])
        return "open\npass\n" * 12
    return marker


def record() -> dict:
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for args, given in _script(folder):
            feed = _prepare(given, folder / "mm.xlsx") if given else None
            result = CliRunner().invoke(main, args, input=feed)
            books = {p.name: _cells(p) for p in sorted(folder.glob("*.xlsx"))}
            runs.append(
                {
                    "args": [a.replace(tmp, "TMP") for a in args],
                    "exit": result.exit_code,
                    "stdout": result.stdout.replace(tmp, "TMP"),
                    "stderr": result.stderr.replace(tmp, "TMP"),
                    "books": books,
                }
            )
    return {"runs": runs}


def compare(before: dict, after: dict) -> list[str]:
    differences = []
    for old, new in zip(before["runs"], after["runs"]):
        for key in ("args", "exit", "stdout", "stderr", "books"):
            if old[key] != new[key]:
                differences.append(f"{' '.join(old['args'])}: {key} differs")
    if len(before["runs"]) != len(after["runs"]):
        differences.append("a different number of steps")
    return differences


if __name__ == "__main__":
    verb, file = sys.argv[1], Path(sys.argv[2])
    now = record()
    if verb == "record":
        file.write_text(json.dumps(now, ensure_ascii=False, indent=1, default=str))
        print(f"recorded {len(now['runs'])} steps to {file}")
    else:
        found = compare(json.loads(file.read_text()), json.loads(json.dumps(now, default=str)))
        print("\n".join(found) or f"same behaviour over {len(now['runs'])} steps")
        sys.exit(1 if found else 0)
