"""The workbooks the benchmarks measure, made as a host makes them: tabs typed in a spreadsheet program (openpyxl
here) and hostkit's own commands. The benchmarks use hostkit only as its users do, through the library
(`hostkit.open_match`) and the command line, so that a change inside hostkit never stops one from running;
the rows typed in come from the test suite's builders (tests/), which the suite keeps working."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

OPEN_PASS_PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gil", "Hal", "Ivy", "Jo", "Kit", "Lu", "Mo"]
"""Thirteen players, Open, Pass's most."""
OPEN_PASS_PACKS = [
    ["Heaven Basic", "Heaven", "Basic", "4 5 x"],
    ["Heaven Mega", "Heaven", "Mega", "6 6 7 x +"],
    ["Heaven Special", "Heaven", "Special", "9 x"],
    ["Hell Basic", "Hell", "Basic", "0 ÷ -"],
    ["Hell Mega", "Hell", "Mega", "8 8 - - 0"],
    ["Hell Special", "Hell", "Special", "9 9"],
]
"""The six packs of an Open, Pass deck-building round, as a host types them."""

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def save_tabs(path: Path, tabs: Mapping[str, list[list[Any]]]) -> Path:
    """A new workbook of these tabs, in this order, as a spreadsheet program saves one."""
    import openpyxl

    book = openpyxl.Workbook(write_only=True)
    for name, rows in tabs.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(list(row))
    book.save(path)
    return path


def typed(path: Path, rows: Mapping[str, list[list[Any]]], replace: bool = False) -> Path:
    """Rows typed into a workbook's tabs below what they hold (or over it, `replace`) and saved, as a host
    does in a spreadsheet program."""
    import openpyxl

    book = openpyxl.load_workbook(path)
    for name, added in rows.items():
        sheet = book[name] if name in book.sheetnames else book.create_sheet(name)
        if replace:
            sheet.delete_rows(1, sheet.max_row)
        for row in added:
            sheet.append(list(row))
    book.save(path)
    return path


def run(*args: object) -> str:
    """A hostkit command run as the console script runs it; its output. Exit 1 (a refusal, or problems
    reported) is a finished command too."""
    from click.testing import CliRunner

    from hostkit.cli import main

    result = CliRunner().invoke(main, [str(a) for a in args])
    if result.exit_code not in (0, 1):
        raise SystemExit(f"hostkit {' '.join(map(str, args))} failed: {result.output}")
    return result.output


def hap_and_grab_round(path: Path, rows: int) -> Path:
    """Round 1 of a Hap and Grab match, Reds v Craw on an 11-card board, with `rows` answers 47 ms apart."""
    from tests.games.hap_and_grab.big_round import big_round

    return save_tabs(path, big_round(rows))


def dealt_match(path: Path, rows: int) -> Path:
    """A Hap and Grab match of `rows` submission rows in round 1 (every anti-hap found first, then guesses),
    scored and dealt: its Part 2 decisions are due."""
    import datetime as dt
    import random

    from tests.games.hap_and_grab.helpers import OPENS, hap_and_grab_tabs, solutions

    found = ["".join(s) for s in solutions()]
    rand = random.Random(3)
    answers = [found[i] if i < len(found) else "".join(rand.sample("ABCDEFGHI", 3)) for i in range(rows)]
    players = [rand.choice(["Reds", "Craw"]) for _ in range(rows)]
    save_tabs(
        path,
        hap_and_grab_tabs(
            [[OPENS + dt.timedelta(seconds=1 + i), players[i], 1, answers[i]] for i in range(rows)], seed=3
        ),
    )
    for step in ("score", "deal"):
        run(step, "--book", path, "--round", 1)
    return path


def when_stars_align_game(seed: int, claims: int) -> list:
    """A whole When Stars Align game's turns (the test suite's random legal moves), each with up to `claims`
    claims, 20 seconds apart."""
    import random

    from hostkit.games.hap_tac_toe import WhenStarsAlign  # the rules the test suite's moves follow
    from tests.games.hap_tac_toe.support import random_moves, turns

    rules = WhenStarsAlign()
    return turns(rules, random_moves(rules, random.Random(seed), claims_per_turn=claims), seconds=20)
