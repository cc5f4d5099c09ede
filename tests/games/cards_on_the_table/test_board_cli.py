"""`hostkit board` for Cards on the Table: all three boards generated at once, or a typed set checked rule by rule."""

import json

import pytest

from hostkit.games.cards_on_the_table import checker
from hostkit.games.cards_on_the_table.cards import BoardSet
from hostkit.games.cards_on_the_table.checker import check_set
from hostkit.games.cards_on_the_table.heat import HIGHEST_LOWEST
from hostkit.storage.xlsx import XlsxBook

from .boards import VALID, with_cards
from .support import PLAYERS, run, tabs

TYPED = BoardSet.parse(VALID)


def workbook(tmp_path, boards: BoardSet | None = None, heat: bool = False):
    path = tmp_path / "cards.xlsx"
    assert run("new", "cards-on-the-table", "--book", path, "--players", ",".join(PLAYERS), "--seed", 3).exit_code == 0
    if boards is not None:
        records = [
            list(r)
            for r in (BoardSet(tuple(HIGHEST_LOWEST.apply(b) for b in boards.boards)) if heat else boards).records()
        ]
        XlsxBook(path).write({"Boards": [tabs(path)["Boards"][0]] + records})
    return path


def test_board_generates_all_three_boards_seeded_and_recorded(tmp_path):
    path = workbook(tmp_path)
    result = run("board", "--book", path, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["seed"] == "3:boards" and data["broken_rules"] == [] and data["heat_rule"] == "highest-lowest"
    written = tabs(path)
    assert written["Boards"][0] == ["Round", "Row", "Column", "Number", "Colour", "Heat"]
    assert len(written["Boards"]) == 76
    boards = BoardSet.from_records(written["Boards"][1:])
    assert check_set(boards, HIGHEST_LOWEST) == []
    assert written["Draws"][1][:3] == ["board", None, "3:boards"]
    again = run("board", "--book", path)
    assert again.exit_code == 0 and "every rule holds" in again.output
    assert tabs(path)["Boards"] == written["Boards"]


def test_another_seed_gives_another_set_and_the_image_is_drawn(tmp_path):
    path = workbook(tmp_path)
    picture = tmp_path / "round2.png"
    result = run("board", "--book", path, "--seed", 11, "--round", 2, "--image", picture)
    assert result.exit_code == 0, result.stderr
    assert picture.read_bytes().startswith(b"\x89PNG")
    assert tabs(path)["Draws"][1][2] == "11:boards"


def test_a_typed_set_with_blank_heat_is_checked_and_its_heat_filled(tmp_path):
    path = workbook(tmp_path, TYPED)
    result = run("board", "--book", path)
    assert result.exit_code == 0, result.stderr
    assert "Filled in the blank Heat of 75 cards by heat_rule highest-lowest." in result.output
    heats = [row[5] for row in tabs(path)["Boards"][1:]]
    assert heats[0] == "WBWW" and all(len(h) == 4 for h in heats)


BROKEN = [
    (checker.LOCATION_SUM, {(3, "R1C1"): "3B"}, "all rounds, R1C1"),
    (checker.FIVES_AND_SEVENS, {(3, "R1C1"): "2B"}, "all rounds"),
    (checker.LINE_NUMBERS, {(1, "R1C5"): "2R"}, "round 1, R1C1, R1C2, R1C3, R1C4, R1C5"),
    (checker.LINE_COLOURS, {(1, "R1C5"): "1B"}, "round 1, R1C1, R1C2, R1C3, R1C4, R1C5"),
    (checker.SAME_NUMBER_ADJACENT, {(2, "R5C2"): "1Y"}, "round 2, R5C1, R5C2"),
    (checker.SAME_COLOUR_ADJACENT, {(2, "R5C2"): "1Y"}, "round 2, R5C1, R5C2"),
    (checker.NUMBER_COUNTS, {(2, "R1C1"): "2Y"}, "round 2"),
    (checker.COLOUR_COUNTS, {(1, "R1C1"): "2Y"}, "round 1"),
    (checker.COLOUR_SUM_BOARD, {(1, "R3C3"): "3B"}, "round 1"),
    (checker.COLOUR_SUM_SET, {(1, "R1C1"): "2R", (1, "R3C3"): "3B"}, "all rounds"),
    (checker.PREVIOUS_ROUND, {(2, "R1C1"): "2B"}, "round 2, R1C1"),
    (checker.NUMBER_GROUPS, {(1, "R4C2"): "2B"}, "round 1, R3C1, R3C2, R4C2"),
    (checker.COLOUR_GROUPS, {(3, "R5C4"): "3Y"}, "round 3, R4C4, R5C2, R5C3, R5C4, R5C5"),
]


@pytest.mark.parametrize("rule, changes, where", BROKEN, ids=[f"rule{n}" for n in range(1, len(BROKEN) + 1)])
def test_every_board_rule_broken_in_a_typed_set_is_named_with_its_cells(tmp_path, rule, changes, where):
    path = workbook(tmp_path, with_cards(TYPED, changes), heat=True)
    before = tabs(path)["Boards"]
    result = run("board", "--book", path, "--json")
    assert result.exit_code == 1
    assert f'Boards: Broken rule "{rule}" ({where}' in result.stderr
    named = [p["message"] for p in json.loads(result.stdout)["problems"]]
    assert any(message.startswith(f'Broken rule "{rule}"') for message in named)
    assert tabs(path)["Boards"] == before  # checked, never changed


def test_all_thirteen_rules_are_covered_by_a_broken_set():
    assert {rule for rule, _, _ in BROKEN} == set(checker.BOARD_RULES)


def test_a_typed_heat_that_breaks_the_heat_rule_is_named(tmp_path):
    path = workbook(tmp_path, TYPED, heat=True)
    rows = tabs(path)["Boards"]
    rows[1][5] = "GGGG"  # round 1 R1C1 is WBWW by the rule
    XlsxBook(path).write({"Boards": rows})
    result = run("board", "--book", path)
    assert result.exit_code == 1
    assert (
        "Boards: Broken rule \"Every card's heat indicator follows the host's heat rule.\" (round 1, R1C1): "
        "R1C1 has heat GGGG; the rule 'highest-lowest' gives WBWW"
    ) in result.stderr


def test_unreadable_and_missing_cards_are_reported_by_row(tmp_path):
    path = workbook(tmp_path, TYPED)
    rows = tabs(path)["Boards"]
    rows[3][3] = 4
    rows[5][4] = "Green"
    del rows[10]
    XlsxBook(path).write({"Boards": rows})
    result = run("board", "--book", path)
    assert result.exit_code == 1
    assert "Boards row 4: number 4 is not a card number; use 1, 2 or 3; fix the row." in result.stderr
    assert "Boards row 6: colour 'Green' is not one of Red, Blue, Yellow (or R, B, Y); fix the row." in result.stderr
    assert "Boards: no card for round 1 R1C3, round 1 R1C5, round 1 R2C5" in result.stderr
    assert "not three whole boards" in result.output


def test_force_replaces_a_typed_set_until_players_have_turned_cards(tmp_path):
    path = workbook(tmp_path, TYPED)
    assert run("board", "--book", path, "--force").exit_code == 0
    assert BoardSet.from_records(tabs(path)["Boards"][1:]) != TYPED
    XlsxBook(path).write(
        {"Submissions": [["Timestamp", "Player", "Round", "Message"], ["2026-11-21 20:05", "Ann", 1, ">R1C1"]]}
    )
    refused = run("board", "--book", path, "--force")
    assert refused.exit_code == 2 and "the boards cannot be replaced now" in refused.stderr


def test_a_round_outside_one_to_three_is_refused(tmp_path):
    result = run("board", "--book", workbook(tmp_path), "--round", 4)
    assert result.exit_code == 2 and "Round 4 has no board; the rounds are 1, 2 and 3." in result.stderr


def test_hap_and_grab_still_needs_a_round(tmp_path):
    path = tmp_path / "hg.xlsx"
    run("new", "hap-and-grab", "--book", path, "--players", "Reds,Craw")
    result = run("board", "--book", path)
    assert result.exit_code == 2 and "Say which round's board: --round N" in result.stderr


def test_a_broken_typed_set_keeps_its_blank_heat_so_a_fix_leaves_no_stale_heat(tmp_path):
    path = workbook(tmp_path, with_cards(TYPED, {(2, "R1C1"): "2B"}))
    before = tabs(path)["Boards"]
    result = run("board", "--book", path)
    assert result.exit_code == 1 and "Filled in" not in result.output
    assert tabs(path)["Boards"] == before
