"""publish copies only the public tabs players may see now: a board whose round the host moved later is withdrawn
from the players' workbook, and comes back once its round opens."""

from __future__ import annotations

import datetime as dt

from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main
from hostkit.games import load_game
from hostkit.storage.xlsx import XlsxBook

TWO_DAYS = dt.timedelta(days=2)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_board_moved_later_is_withdrawn_from_the_players_workbook_until_its_round_opens(tmp_path):
    path, public = tmp_path / "hap.xlsx", tmp_path / "players.xlsx"
    assert run("demo", "--game", "hap-and-grab", "--book", path).exit_code == 0
    now = load_game("hap-and-grab").demo().now
    assert now is not None
    with freeze_time(now):
        first = run("publish", "--book", path, "--public-book", public)
        assert first.exit_code == 0, first.output
        assert {"Round 3 Board", "Round 4 Board"} <= set(XlsxBook(public).read())
        book = XlsxBook(path)
        rounds = book.read()["Rounds"]
        for row in rounds[3:5]:
            row[1] += TWO_DAYS
        book.write({"Rounds": rounds})
        again = run("publish", "--book", path, "--public-book", public)
        assert again.exit_code == 0, again.output
        assert "Withdrawn from" in again.output and "Round 3 Board (Round 3 opens at" in again.output
        shown = XlsxBook(public).read()
        assert shown["Round 3 Board"] == [["Not public yet"], ["Round 3 opens at 2026-11-16 21:00:00 UTC."]]
        assert "Round 3 Board" not in again.output.split("Published to", 1)[1].split("\n", 1)[0]
        status = run("status", "--book", path, "--public-book", public, "--json")
        assert "hostkit publish" not in (status.output.split('"next"', 1)[1].split("\n", 1)[0])
    with freeze_time(now + TWO_DAYS + dt.timedelta(hours=2)):
        back = run("publish", "--book", path, "--public-book", public)
        assert back.exit_code == 0, back.output
        assert XlsxBook(public).read()["Round 3 Board"] == XlsxBook(path).read()["Round 3 Board"]
