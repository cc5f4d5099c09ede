"""What the season's commands say: the whole step under --json, warnings on stderr, nothing left silent (players
outside the Cast, players left out, unreadable Ledger cells, an eliminated player in a Main Match), and each
wrong turn (a season workbook given as a match's, a missing file, a folder) in one sentence."""

from __future__ import annotations

import json
import os

import openpyxl
import pytest

from hostkit.library._season_demo import _renamed
from hostkit.storage.xlsx import XlsxBook
from tests.cli.season_stages import build, copied, ledger_rows, member, run, start_main


@pytest.fixture(scope="module")
def stages(tmp_path_factory):
    return build(tmp_path_factory.mktemp("season"))


def config_of(path) -> dict:
    return {row[0]: row[1] for row in XlsxBook(path).read()["Config"][1:]}


def test_dm_json_is_the_whole_step_and_its_warning_goes_to_stderr(stages, tmp_path):
    folder = copied(stages, "main_over", tmp_path)
    chosen = run("season", "dm", "--book", folder / "season.xlsx", "--players", "Bob,Fay", "--json")
    assert chosen.exit_code == 0, chosen.output
    step = json.loads(chosen.stdout)
    assert step["match"] == "Death Match 1" and step["pair"] == ["Bob", "Fay"]
    assert step["dodgers"] == [{"player": "Eve", "garnets": 5}, {"player": "Ivy", "garnets": 5}]
    assert step["warnings"] == [
        "Warning: Fay holds 1 Token of Life; a Token of Life does not protect from being chosen as the opponent."
    ]
    assert step["warnings"][0] in chosen.stderr and {"cast", "next"} <= set(step)
    again = copied(stages, "main_over", tmp_path / "again")
    text = run("season", "dm", "--book", again / "season.xlsx", "--players", "Bob,Fay")
    assert "Warning: Fay holds" in text.stderr and "Warning" not in text.stdout


def test_ledger_import_names_players_not_in_the_cast_until_season_cast_adds_them(stages, tmp_path):
    folder = copied(stages, "new", tmp_path)
    season = folder / "season.xlsx"
    old = tmp_path / "old.xlsx"
    run("ledger", "pay", "--ledger", old, "--player", "Zed", "--garnets", "4", "--reason", "carried")
    run("ledger", "pay", "--ledger", old, "--player", "Ann", "--garnets", "2", "--reason", "carried")
    first = run("ledger", "import", "--book", season, "--from", old)
    assert first.exit_code == 1, first.output
    assert "Brought in 1 of 1 entries" in first.stdout
    assert "Zed is not in the season's Cast, so 1 entry of theirs was left out" in first.stderr
    assert f"`hostkit season cast --book {season} --add Zed`" in first.stderr
    assert [row[2] for row in ledger_rows(season)] == ["Ann"]
    added = run("season", "cast", "--book", season, "--add", "Zed")
    assert added.exit_code == 0, added.output
    assert "Added to the Cast: Zed; 10 players are still in." in added.output
    assert run("season", "cast", "--book", season, "--add", "zed").exit_code == 1
    again = run("ledger", "import", "--book", season, "--from", old)
    assert again.exit_code == 0, again.output
    assert "Brought in 1 of 2 entries" in again.output and member(season, "Zed")["garnets"] == 4


def test_new_with_players_names_the_players_still_in_who_are_left_out(stages, tmp_path):
    folder = copied(stages, "new", tmp_path)
    made = run(
        "new",
        "paths-and-pahs",
        "--book",
        folder / "m.xlsx",
        "--season",
        folder / "season.xlsx",
        "--players",
        "Ann,Bob,Cat,Dan,Eve",
    )
    assert made.exit_code == 0, made.output
    assert "Left out of it, though still in the season: Fay, Gus, Hal, Ivy (5 of 9 play)." in made.output


def test_unreadable_money_cells_in_the_season_ledger_are_reported_with_their_row(stages, tmp_path):
    folder = copied(stages, "main_over", tmp_path)
    season = XlsxBook(folder / "season.xlsx")
    ledger = season.read()["Ledger"]
    season.write({"Ledger": [*ledger, ["Main Match 1", None, "Hal", "abc", 0], ["Carried", None, "Ivy", "1e20", 1]]})
    book = openpyxl.load_workbook(folder / "season.xlsx")
    book["Ledger"].append(["Carried", None, "Gus", "=1/0", 0])  # a formula saved with no value
    book["Ledger"].append(["Carried", None, "Dan", "#DIV/0!", 0])
    book.save(folder / "season.xlsx")
    for args in (("status",), ("tol", "--player", "Bob"), ("dm", "--players", "Bob,Eve")):
        said = run("season", args[0], "--book", folder / "season.xlsx", *args[1:])
        assert said.exit_code == 1, said.output
        if args[0] == "tol":  # refused: Bob's balance may be in a row that cannot be read
            assert (
                "Bob holds 0 Tokens of Life" in said.stderr and "Ledger rows 6, 7, 8, 9 cannot be read" in said.stderr
            )
            continue
        assert "Ledger row 6: Garnets 'abc' is not a whole number" in said.stderr
        assert "Ledger row 7: Garnets '1e20' is more than 1,000,000" in said.stderr
        assert "Ledger row 8" in said.stderr and "Ledger row 9" in said.stderr
    state = json.loads(run("season", "status", "--book", folder / "season.xlsx", "--json").stdout)
    assert [p["row"] for p in state["problems"]] == [6, 7, 8, 9]
    assert next(m for m in state["cast"] if m["player"] == "Fay")["garnets"] == 7  # the rows count in no balance


def test_an_eliminated_player_added_to_a_main_match_is_refused_at_standings(stages, tmp_path):
    folder = copied(stages, "dm_over", tmp_path)
    book = XlsxBook(start_main(folder, "main-2", without="Bob"))
    book.write(_renamed(dict(book.read()), {"Ann": "Bob"}))  # Bob typed by hand where Ann played
    ended = run("standings", "--book", book.path)
    assert ended.exit_code == 1, ended.output
    assert "Main Match 2's Players tab names Bob (out in Death Match 1), who was eliminated" in ended.stderr
    assert member(folder / "season.xlsx", "Fay")["tokens_of_life"] == 1


def test_when_stars_align_made_for_a_death_match_gives_the_advantage_to_its_b(stages, tmp_path):
    folder = copied(stages, "dm_set", tmp_path)
    made = run("new", "when-stars-align", "--book", folder / "d.xlsx", "--season", folder / "season.xlsx")
    assert made.exit_code == 0, made.output
    assert config_of(folder / "d.xlsx")["advantage"] == "Eve"
    other = copied(stages, "dm_set", tmp_path / "other")
    assert run("new", "hap-tac-toe", "--book", other / "d.xlsx", "--season", other / "season.xlsx").exit_code == 0
    assert config_of(other / "d.xlsx").get("advantage") in (None, "")


def test_a_season_workbook_given_as_a_matchs_says_what_it_is(stages, tmp_path):
    folder = copied(stages, "main_over", tmp_path)
    season = folder / "season.xlsx"
    for args in (("hindsight",), ("status",), ("ledger", "pay", "--player", "Ann", "--garnets", "1", "--reason", "x")):
        said = run(
            *args[:1],
            *(args[1:2] if args[0] == "ledger" else ()),
            "--book",
            season,
            *args[2 if args[0] == "ledger" else 1 :],
        )
        assert said.exit_code == 2, said.output
        assert f"{season} is a season workbook, not a match's; see the season with `hostkit season status --book" in (
            said.stderr
        )


def test_a_missing_season_workbook_is_named_and_no_lock_file_is_left(tmp_path):
    said = run("season", "status", "--book", tmp_path / "nope.xlsx")
    assert said.exit_code == 2 and "nope.xlsx does not exist" in said.stderr
    assert run("status", "--book", tmp_path / "gone.xlsx").exit_code == 2
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("odd", ["folder", "fifo"])
def test_a_matchs_season_that_is_no_file_is_one_sentence(stages, tmp_path, odd):
    folder = copied(stages, "main_started", tmp_path)
    (folder / "season.xlsx").unlink()
    if odd == "folder":
        (folder / "season.xlsx").mkdir()
    else:
        os.mkfifo(folder / "season.xlsx")
    for command in ("status", "standings"):
        said = run(command, "--book", folder / "main-1.xlsx")
        assert said.exit_code == 2, said.output
        assert said.stderr.count("\n") == 1 and f"names {folder / 'season.xlsx'}, which is a" in said.stderr
