"""`season undo`: a Token of Life spent, a Death Match set and a match started whose workbook is lost are taken
back, each with reversing entries in the season's Ledger (no row deleted); anything else is refused."""

from __future__ import annotations

import pytest

from tests.cli.season_stages import build, copied, ledger_rows, member, run, status


@pytest.fixture(scope="module")
def stages(tmp_path_factory):
    return build(tmp_path_factory.mktemp("season"))


def refused(result, *words: str) -> str:
    assert result.exit_code == 1, result.output
    for word in words:
        assert word in result.stderr, result.stderr
    return result.stderr


def undo(season):
    done = run("season", "undo", "--book", season)
    assert done.exit_code == 0, done.output
    return done.output


def test_undo_takes_back_a_token_of_life_and_it_can_be_spent_again(stages, tmp_path):
    folder = copied(stages, "main_over", tmp_path)
    season = folder / "season.xlsx"
    run("ledger", "pay", "--ledger", season, "--player", "Bob", "--tokens", "1", "--reason", "a gift")
    assert run("season", "tol", "--book", season, "--player", "Bob").exit_code == 0
    rows = len(ledger_rows(season))
    said = undo(season)
    assert "Took back Bob's Token of Life: Bob is an elimination candidate again" in said
    assert "reversed in the Ledger: Bob +1 Token of Life, elimination candidate." in said
    assert member(season, "Bob") | {"garnets": 0} == {
        "player": "Bob",
        "status": "playing",
        "garnets": 0,
        "tokens_of_life": 1,
        "candidate": True,
    }
    ledger = ledger_rows(season)
    assert len(ledger) == rows + 1 and "reversed: taken back by `hostkit season undo`" in ledger[-1][6]
    assert run("season", "tol", "--book", season, "--player", "Bob").exit_code == 0
    assert member(season, "Bob")["tokens_of_life"] == 0 and len(ledger_rows(season)) == rows + 2
    assert status(season)["next"].startswith("Death Match pending: ECs Eve, Ivy; ")


def test_undo_takes_back_a_death_match_pair_and_reverses_its_dodgers_pay_once(stages, tmp_path):
    folder = copied(stages, "dm_set", tmp_path)
    season = folder / "season.xlsx"
    assert member(season, "Ivy")["garnets"] == 5
    rows = len(ledger_rows(season))
    said = undo(season)
    assert "Took back Death Match 1 (Bob v Eve); reversed in the Ledger: Ivy -5 garnets." in said
    assert member(season, "Ivy")["garnets"] == 0 and len(ledger_rows(season)) == rows + 1
    assert status(season)["next"].startswith("Death Match pending: ECs Bob, Eve, Ivy; ")
    refused(run("season", "undo", "--book", season), "cannot take back Main Match 1", "standings")
    assert len(ledger_rows(season)) == rows + 1
    again = run("season", "dm", "--book", season, "--players", "Bob,Ivy")
    assert again.exit_code == 0, again.output
    assert member(season, "Eve")["garnets"] == 5 and member(season, "Ivy")["garnets"] == 0
    undo(season)
    assert run("season", "dm", "--book", season, "--players", "Bob,Eve").exit_code == 0
    assert member(season, "Ivy")["garnets"] == 5 and member(season, "Eve")["garnets"] == 0


def test_a_lost_match_workbook_is_noticed_and_undo_frees_the_season(stages, tmp_path):
    folder = copied(stages, "dm_started", tmp_path)
    season = folder / "season.xlsx"
    refused(run("season", "undo", "--book", season), "Death Match 1 is under way", "death-1.xlsx is there")
    (folder / "death-1.xlsx").unlink()
    nxt = status(season)["next"]
    assert "its workbook death-1.xlsx is gone" in nxt and f"`hostkit season undo --book {season}`" in nxt
    again = run("new", "hap-and-grab", "--book", folder / "death-1.xlsx", "--season", season, "--force")
    refused(again, "death-1.xlsx is gone", "hostkit season undo")
    said = undo(season)
    assert "Took back Death Match 1, whose workbook death-1.xlsx is gone: Death Match 1 is set again for Bob v Eve" in (
        said
    )
    made = run("new", "hap-and-grab", "--book", folder / "death-1.xlsx", "--season", season)
    assert made.exit_code == 0, made.output
    assert "Death Match 1 joined the season" in made.output


def test_a_lost_main_match_is_taken_back_with_what_it_paid(stages, tmp_path):
    folder = copied(stages, "main_started", tmp_path)
    season = folder / "season.xlsx"
    paid = run(
        "ledger",
        "pay",
        "--book",
        folder / "main-1.xlsx",
        "--ledger",
        season,
        "--player",
        "Ann",
        "--garnets",
        "2",
        "--reason",
        "a card bought back",
    )
    assert paid.exit_code == 0, paid.output
    assert member(season, "Ann")["garnets"] == 2
    (folder / "main-1.xlsx").unlink()
    said = undo(season)
    assert "Took back Main Match 1, whose workbook main-1.xlsx is gone: Main Match 1 is no longer started" in said
    assert "reversed in the Ledger: Ann -2 garnets." in said
    assert member(season, "Ann")["garnets"] == 0 and len(ledger_rows(season)) == 2
    assert status(season)["next"].startswith("Start Main Match 1 with the 9 players still in")
    refused(run("season", "undo", "--book", season), "Nothing to take back")
