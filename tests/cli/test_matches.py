"""Each match is its own: the ledger knows it by its match id, corrections are reversed, and a public or season
workbook never takes another match's place."""

import json
import re

import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_and_grab.tobago_helpers import match_tabs
from tests.games.open_pass.test_game import finished_book

WIN = "won the Death Match"


def tabs(path):
    return XlsxBook(path).read()


def config(path):
    return {row[0]: row[1] for row in tabs(path)["Config"][1:]}


def set_config(path, **values):
    rows = [[key, values.get(key, value)] for key, value in config(path).items()]
    XlsxBook(path).write({"Config": [["Key", "Value"]] + rows})


def lost_in_part_1(path, loser="Craw", match_id="hap-and-grab-0a1b2c3d4e"):
    """A one-round match that `loser` loses at once (more penalties than turns), so it is final and pays."""
    sequence, wrong = ("RRR", "CC") if loser == "Craw" else ("CCC", "RR")
    tabs = match_tabs({1: (sequence, wrong)}, config={"rounds": 1, "match_id": match_id})
    XlsxBook(path).create({**tabs, "Rounds": tabs["Rounds"][:2]}, force=True)
    assert CliRunner().invoke(main, ["score", "--book", str(path), "--round", "1"]).exit_code == 0
    return path


def ledger(path):
    return [(row[2], row[3], row[6], row[7]) for row in tabs(path)["Ledger"][1:]]


def test_new_gives_each_match_its_own_id_that_does_not_reveal_the_seed(run, tmp_path):
    ids = set()
    for name in ("a.xlsx", "b.xlsx"):
        assert (
            run("new", "hap-and-grab", "--book", tmp_path / name, "--players", "Reds,Craw", "--seed", 42).exit_code == 0
        )
        ids.add(config(tmp_path / name)["match_id"])
    assert len(ids) == 2 and all(re.fullmatch(r"hap-and-grab-[0-9a-f]{10}", i) for i in ids)  # random, not seeded


def test_renaming_the_match_after_the_payout_pays_nothing_again(run, tmp_path):
    path = lost_in_part_1(tmp_path / "game.xlsx")
    assert run("standings", "--book", path).exit_code == 0
    set_config(path, match="Season 3, Death Match 2")
    again = run("standings", "--book", path)
    assert (
        again.exit_code == 0 and "Already paid: Reds +6 garnets (won the Death Match); nothing added." in again.output
    )
    assert ledger(path) == [("Reds", 6, WIN, "hap-and-grab-0a1b2c3d4e")]


def test_a_workbook_made_before_match_ids_keeps_the_name_the_ledger_knew(run, tmp_path):
    path = lost_in_part_1(tmp_path / "game.xlsx", match_id=None)
    rows = [r for r in tabs(path)["Config"] if r[0] != "match_id"]
    XlsxBook(path).write({"Config": rows})
    first = run("standings", "--book", path)
    assert (
        "Config had no match_id (the workbook is older than match ids): it is now 'Hap and Grab: Reds v Craw', "
        "the name the ledger knows this match by, so renaming the match cannot pay it twice."
    ) in first.output
    set_config(path, match="Renamed")
    assert "Already paid" in run("standings", "--book", path).output
    assert len(ledger(path)) == 1


def test_two_matches_of_the_same_players_in_one_season_are_both_paid(run, tmp_path):
    season = tmp_path / "season.xlsx"
    one = lost_in_part_1(tmp_path / "one.xlsx", match_id="hap-and-grab-1111111111")
    two = lost_in_part_1(tmp_path / "two.xlsx", match_id="hap-and-grab-2222222222")
    for path in (one, two, one):
        assert run("standings", "--book", path, "--ledger", season).exit_code == 0
    assert [row[1] for row in ledger(season)] == [6, 6]
    assert [row[1:] for row in tabs(season)["hostkit"]] == [
        ["Match id", "Match", "Game"],
        ["hap-and-grab-1111111111", "Hap and Grab: Reds v Craw", "hap-and-grab"],
        ["hap-and-grab-2222222222", "Hap and Grab: Reds v Craw", "hap-and-grab"],
    ]


def test_a_corrected_result_is_corrected_in_the_ledger(run, tmp_path):
    path = lost_in_part_1(tmp_path / "game.xlsx")
    assert run("standings", "--book", path).exit_code == 0
    fixed = match_tabs({1: ("CCC", "RR")})["Submissions"]  # the host had the names the wrong way round
    XlsxBook(path).write({"Submissions": fixed})
    run("score", "--book", path, "--round", 1)
    result = run("standings", "--book", path, "--json")
    assert result.exit_code == 0, result.output
    paid = json.loads(result.stdout)["paid"]
    assert [(e["player"], e["garnets"], e["reason"]) for e in paid] == [
        ("Reds", -6, "won the Death Match — reversed: the corrected result gives it to Craw"),
        ("Craw", 6, WIN),
    ]
    assert [row[:2] for row in ledger(path)] == [("Reds", 6), ("Reds", -6), ("Craw", 6)]
    assert run("ledger", "--book", path, "--json").stdout.count('"garnets": 6') == 1


def open_pass_match(path, scores):
    _, book = finished_book(scores)
    XlsxBook(path).create(book, force=True)
    return path


def test_open_pass_awards_go_to_the_season_ledger_and_a_fixed_deck_is_corrected(run, tmp_path):
    scores = {"Ann": 3, "Bo": 2, "Cy": 1, "Di": 1, "Ed": 1, "Fay": 2}
    path = open_pass_match(tmp_path / "mm.xlsx", scores)
    season = tmp_path / "season.xlsx"
    first = run("score", "--book", path, "--round", 4, "--ledger", season)
    assert first.exit_code == 0, first.output
    assert tabs(path)["Ledger"][1:] == [] and len(tabs(season)["Ledger"]) == 1 + 6
    assert run("score", "--book", path, "--round", 4, "--ledger", season).output.count("Already paid") == 6
    _, fixed = finished_book({**scores, "Ann": 1, "Di": 3})  # Ann's and Di's decisions were typed the wrong way
    XlsxBook(path).write({"Decisions": fixed["Decisions"]})
    result = run("score", "--book", path, "--round", 4, "--ledger", season, "--json")
    assert result.exit_code == 0, result.output
    reversed_ = [e for e in json.loads(result.stdout)["paid"] if "reversed" in e["reason"]]
    assert {e["player"] for e in reversed_} >= {"Ann", "Di"}
    ann = next(e for e in reversed_ if e["player"] == "Ann")
    assert ann["tokens_of_life"] == -3 and ann["reason"].startswith(
        "Open, Pass — Heaven and Hell: the best score — reversed: the corrected result gives it to Di"
    )
    balances = json.loads(run("ledger", "--book", season, "--json").stdout)["players"]
    assert balances["Di"]["tokens_of_life"] == 3 and balances["Ann"]["tokens_of_life"] == 0
    assert balances["Ann"]["elimination_candidacies"] + balances["Di"]["elimination_candidacies"] == 1
    assert sum(b["elimination_candidacies"] for b in balances.values()) == 3
    assert "paid" in json.loads(run("score", "--book", path, "--round", 4, "--ledger", season, "--json").stdout)
    assert len(tabs(season)["Ledger"]) == len(XlsxBook(season).read()["Ledger"])


@pytest.fixture
def hap(tmp_path):
    return lost_in_part_1(tmp_path / "game.xlsx")


def test_a_public_workbook_never_replaces_another_matchs_workbook(run, hap, tmp_path):
    mm = open_pass_match(tmp_path / "mm.xlsx", {"Ann": 3, "Bo": 2, "Cy": 1, "Di": 1, "Ed": 1, "Fay": 2})
    assert run("score", "--book", mm, "--round", 4).exit_code == 0
    before = mm.read_bytes()
    result = run("score", "--book", hap, "--round", 1, "--public-book", mm)
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: {mm} is a match workbook (open-pass), not a public workbook; give this "
        f"match a public workbook of its own.\n"
    )
    assert mm.read_bytes() == before
    result = run("standings", "--book", hap, "--ledger", mm)
    assert result.exit_code == 2 and "is a match workbook (open-pass), not a season ledger" in result.stderr
    assert mm.read_bytes() == before


def test_a_public_workbook_serves_one_match(run, hap, tmp_path):
    public = tmp_path / "public.xlsx"
    assert run("score", "--book", hap, "--round", 1, "--public-book", public).exit_code == 0
    assert run("score", "--book", hap, "--round", 1, "--public-book", public).exit_code == 0
    assert tabs(public)["hostkit"] == [
        ["Serves", "Match id", "Match", "Game"],
        ["public", "hap-and-grab-0a1b2c3d4e", "Hap and Grab: Reds v Craw", "hap-and-grab"],
    ]
    other = lost_in_part_1(tmp_path / "other.xlsx", match_id="hap-and-grab-ffffffffff")
    before = public.read_bytes()
    result = run("score", "--book", other, "--round", 1, "--public-book", public)
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: {public} is the public workbook of 'Hap and Grab: Reds v Craw', not this "
        f"match's public workbook; give this match a public workbook of its own.\n"
    )
    assert public.read_bytes() == before
    result = run("standings", "--book", other, "--ledger", public)
    assert (
        result.exit_code == 2
        and "is the public workbook of 'Hap and Grab: Reds v Craw', not this match's season ledger workbook"
        in result.stderr
    )


def test_a_season_ledger_is_not_a_public_workbook_and_the_match_workbook_is_neither(run, hap, tmp_path):
    season = tmp_path / "season.xlsx"
    assert run("standings", "--book", hap, "--ledger", season).exit_code == 0
    result = run("score", "--book", hap, "--round", 1, "--public-book", season)
    assert result.exit_code == 2
    assert "cannot be both the season ledger and the players' public workbook" in result.stderr
    result = run("score", "--book", hap, "--round", 1, "--public-book", hap)
    assert result.exit_code == 2 and "is the match workbook itself" in result.stderr
    own = run("standings", "--book", hap, "--ledger", hap)
    assert own.exit_code == 0 and f"written to Ledger in {hap}" in own.output
