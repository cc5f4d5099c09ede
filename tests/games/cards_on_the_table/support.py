"""A Cards on the Table match on disk, driven through the command line, and what players can see of it."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from click.testing import CliRunner

from hostkit.cli import main
from hostkit.games import load_game
from hostkit.games.cards_on_the_table.heat import HEAT_RULES
from hostkit.storage.xlsx import XlsxBook

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gil", "Hal", "Ivy", "Jo"]
UTC = dt.timezone.utc
# Round 1 opens at 20:00 on 21 Nov; 24-hour rounds, 60-minute reset periods.
OPENS = dt.datetime(2026, 11, 21, 20, 0, tzinfo=UTC)
ROUND = dt.timedelta(hours=24)
RESET = dt.timedelta(minutes=60)


def opens(round_number: int) -> dt.datetime:
    return OPENS + (round_number - 1) * (ROUND + RESET)


def closes(round_number: int) -> dt.datetime:
    return opens(round_number) + ROUND


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def new_match(tmp_path: Path, players=PLAYERS, seed=7, settings: dict | None = None) -> Path:
    """A new workbook with round 1's Opens typed and the three boards generated."""
    path = tmp_path / "cards.xlsx"
    result = run("new", "cards-on-the-table", "--book", path, "--players", ",".join(players), "--seed", seed)
    assert result.exit_code == 0, result.output
    book = XlsxBook(path)
    tabs = book.read()
    tabs["Rounds"][1][1] = "2026-11-21 20:00"
    config = tabs["Config"]
    for key, value in (settings or {}).items():
        next(row for row in config if row[0] == key)[1] = value
    book.write({"Rounds": tabs["Rounds"], "Config": config})
    board = run("board", "--book", path)
    assert board.exit_code == 0, board.output + board.stderr
    return path


def tabs(path: Path) -> dict:
    return XlsxBook(path).read()


def append(path: Path, tab: str, rows: list[list]) -> None:
    book = XlsxBook(path)
    current = book.read()[tab]
    book.write({tab: current + rows})


def set_config(path: Path, key: str, value) -> None:
    book = XlsxBook(path)
    config = book.read()["Config"]
    next(row for row in config if row[0] == key)[1] = value
    book.write({"Config": config})


HEAT_TEXT = re.compile(r"\b[BGW]{4}\b")
COLOUR_WORDS = ("red", "blue", "yellow")


def public_tabs(path: Path) -> dict:
    game = load_game("cards-on-the-table")
    return {name: rows for name, rows in tabs(path).items() if game.is_public(name)}


def assert_nothing_leaks(path: Path, now: dt.datetime) -> None:
    """No public tab shows a card, a heat indicator or the heat rule of a round that is not over, and no
    round's results before it is over."""
    over = [n for n in (1, 2, 3) if now > closes(n)]
    rules = [word for rule in HEAT_RULES.values() for word in (rule.name, rule.description)]
    for name, rows in public_tabs(path).items():
        number = re.match(r"Round (\d) ", name)
        if number:
            assert int(number.group(1)) in over, f"{name} is public before round {number.group(1)} is over"
        if name.endswith("Board"):
            continue
        for row in rows:
            for value in row:
                text = str(value or "")
                assert not HEAT_TEXT.search(text), f"{name} shows a heat indicator: {text!r}"
                assert not any(rule in text for rule in rules), f"{name} names the heat rule: {text!r}"
                if over != [1, 2, 3]:
                    assert not any(w in text.lower() for w in COLOUR_WORDS), f"{name} shows a colour: {text!r}"
