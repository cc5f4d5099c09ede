"""publish, handled rows (dismiss and the Handled column), and ledger import, through the command line."""

import json

import openpyxl
import pytest

from hostkit.core.ledger import LEDGER_HEADER
from hostkit.games import GAMES, load_game
from hostkit.storage.xlsx import XlsxBook
from tests.cli.conftest import cells
from tests.games.hap_and_grab.helpers import at, hap_and_grab_tabs, solutions

SOL = ["".join(s) for s in solutions()]


def fills(path, tab):
    sheet = openpyxl.load_workbook(path)[tab]
    return [[cell.fill.fgColor.rgb for cell in row] for row in sheet.iter_rows()]


def test_publish_writes_the_whole_public_set_looks_and_all_and_nothing_private(run, tmp_path):
    demo, public = tmp_path / "demo.xlsx", tmp_path / "players.xlsx"
    assert run("demo", "--book", demo).exit_code == 0
    result = run("publish", "--book", demo, "--public-book", public)
    assert result.exit_code == 0, result.output
    game = load_game("hap-and-grab")
    shown = list(cells(public))
    assert shown[0] == "Leaderboard" and "Round 4 Results" in shown and "Round 1 Board" in shown
    assert all(game.is_public(name) for name in shown if name != "hostkit")
    assert fills(public, "Round 1 Board") == fills(demo, "Round 1 Board")
    assert {name: cells(public)[name] for name in shown[:-1]} == {name: cells(demo)[name] for name in shown[:-1]}
    again = json.loads(run("publish", "--book", demo, "--public-book", public, "--json").stdout)
    assert again["tabs"] == shown[:-1]


def test_publish_needs_the_players_workbook(run, tmp_path):
    demo = tmp_path / "demo.xlsx"
    run("demo", "--book", demo)
    result = run("publish", "--book", demo)
    assert result.exit_code == 2 and "--public-book FILE" in result.stderr


def test_a_public_workbook_started_late_gets_the_public_tabs_it_lacks(run, tmp_path):
    demo, public = tmp_path / "demo.xlsx", tmp_path / "players.xlsx"
    run("demo", "--book", demo)
    assert run("standings", "--book", demo, "--public-book", public).exit_code == 0
    assert {"Leaderboard", "Round 1 Board", "Round 3 Results"} <= set(cells(public))


def test_a_dismissed_row_is_neither_judged_nor_reported_again(run, match_book):
    path = match_book([[at(10), "Joker", 1, SOL[0]], [at(12), "Craw", 1, SOL[2]]])
    assert run("score", "--book", path, "--round", 1).exit_code == 1
    result = run("dismiss", "--book", path, "--tab", "Submissions", "--row", 2, "--reason", "not a player")
    assert result.exit_code == 0, result.output
    assert "Submissions row 2 is marked handled (not a player)" in result.stdout
    submissions = cells(path)["Submissions"]
    assert submissions[0][-1] == "Handled" and submissions[1][-1] == "not a player"
    again = run("score", "--book", path, "--round", 1)
    assert again.exit_code == 0, again.stderr
    assert "Joker" not in again.output and "Craw: 1 correct" in again.stdout
    assert cells(path)["Submissions"][1][1] == "Joker"  # kept, as the host typed it


def test_a_handled_cell_typed_by_the_host_also_counts(run, tmp_path):
    path = tmp_path / "game.xlsx"
    tabs = hap_and_grab_tabs([[at(10), "Joker", 1, SOL[0], "ignore"], [at(12), "Craw", 1, SOL[2]]])
    tabs["Submissions"][0] = [*tabs["Submissions"][0], "Handled"]
    XlsxBook(path).create(tabs)
    result = run("score", "--book", path, "--round", 1)
    assert result.exit_code == 0 and "Joker" not in result.output


@pytest.mark.parametrize(
    "args, message",
    [
        (["--tab", "Nope", "--row", 2], "has no tab 'Nope'"),
        (["--tab", "Config", "--row", 2], "is not an input tab"),
        (["--tab", "Submissions", "--row", 40], "Submissions row 40 is blank"),
    ],
)
def test_dismiss_refuses_what_it_cannot_mark(run, match_book, args, message):
    path = match_book([[at(10), "Joker", 1, SOL[0]]])
    result = run("dismiss", "--book", path, *args)
    assert result.exit_code == 2 and message in result.stderr


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_template_has_a_ledger_tab(name):
    tabs = {tab["name"]: tab["header"] for tab in load_game(name).template()["tabs"]}
    assert tabs["Ledger"] == LEDGER_HEADER


def test_ledger_import_brings_each_players_balance_forward_once(run, tmp_path):
    path, season = tmp_path / "pp.xlsx", tmp_path / "season.xlsx"
    players = "Ann,Bo,Cy,Di,Ed,Fay"
    assert run("new", "paths-and-pahs", "--book", path, "--players", players, "--seed", 3).exit_code == 0
    for player, garnets in (("Ann", 6), ("Bo", 2), ("Zed", 9)):
        assert (
            run(
                "ledger", "pay", "--ledger", season, "--player", player, "--garnets", garnets, "--reason", "w1"
            ).exit_code
            == 0
        )
    first = run("ledger", "import", "--book", path, "--from", season)
    assert first.exit_code == 0, first.output
    assert "Brought forward: Ann +6 garnets from season.xlsx." in first.stdout
    assert "Not in this match, so not brought forward: Zed." in first.stdout
    again = run("ledger", "import", "--book", path, "--from", season)
    assert "Already brought forward" in again.stdout
    assert len(cells(path)["Ledger"]) == 1 + 2
    run("ledger", "pay", "--ledger", season, "--player", "Bo", "--garnets", 1, "--reason", "w2")
    corrected = json.loads(run("ledger", "import", "--book", path, "--from", season, "--json").stdout)
    assert corrected["brought_forward"]["Bo"] == {"garnets": 3, "tokens_of_life": 0}
    balances = json.loads(run("ledger", "--book", path, "--json").stdout)["players"]
    assert balances["Ann"]["garnets"] == 6 and balances["Bo"]["garnets"] == 3


def test_ledger_import_reads_a_csv_of_balances_and_reports_a_bad_row(run, tmp_path):
    path, balances = tmp_path / "pp.xlsx", tmp_path / "balances.csv"
    run("new", "paths-and-pahs", "--book", path, "--players", "Ann,Bo,Cy,Di,Ed,Fay", "--seed", 3)
    balances.write_text("Player,Garnets,Tokens of Life\nAnn,4,1\nBo,lots,\n", encoding="utf-8")
    result = run("ledger", "import", "--book", path, "--from", balances)
    assert result.exit_code == 1
    assert "Brought forward: Ann +4 garnets, +1 Token of Life from balances.csv." in result.stdout
    assert "balances.csv row 3: Garnets 'lots' is not a whole number" in result.stderr
