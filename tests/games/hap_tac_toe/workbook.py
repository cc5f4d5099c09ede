"""Death Match workbooks on disk for the CLI tests: Config, Games and Moves filled from turn records."""

from __future__ import annotations

import datetime as dt

from click.testing import CliRunner

from hostkit.cli import main
from hostkit.core.settings import with_setting
from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_tac_toe.support import PLAYERS, STARTS

STARTS_2 = STARTS + dt.timedelta(hours=1)


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def naive(moment):
    return moment.astimezone(dt.timezone.utc).replace(tzinfo=None) if moment else None


def move_rows(number, records):
    return [[number, r.turn, r.player, r.block, r.square, r.claims or None, naive(r.done)] for r in records]


def make_book(path, game="when-stars-align", games=(), config=None, starts=(STARTS, STARTS_2)):
    """A new match of Alice and Bob (Alice moves first, Bob holds the advantage) with `games` as the
    Moves rows of game 1, 2: lists of TurnRecords."""
    result = run("new", game, "--book", path, "--players", ",".join(PLAYERS), "--seed", 7)
    assert result.exit_code == 0, result.output
    book = XlsxBook(path)
    tabs = book.read()
    rows = tabs["Config"]
    for key, value in {"first_player": "Alice", "advantage": "Bob", **(config or {})}.items():
        rows = with_setting(rows, key, value)
    moves = [tabs["Moves"][0]]
    for number, records in enumerate(games, start=1):
        moves += move_rows(number, records)
    book.write(
        {
            "Config": rows,
            "Games": [["Game", "Starts"]] + [[n, naive(at)] for n, at in enumerate(starts, 1)],
            "Moves": moves,
        }
    )
    return path


def tabs(path):
    return XlsxBook(path).read()


def values(rows):
    """The non-blank rows of a tab, trailing blanks dropped."""
    out = []
    for row in rows:
        row = list(row)
        while row and row[-1] is None:
            row.pop()
        if row:
            out.append(row)
    return out
