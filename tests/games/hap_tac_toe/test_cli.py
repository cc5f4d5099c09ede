"""score, standings, board and status through CliRunner on real workbooks."""

import datetime as dt
import io
import json

import openpyxl
import pytest
from freezegun import freeze_time
from PIL import Image

from hostkit.games.hap_tac_toe import HapTacToe, TurnRecord, WhenStarsAlign
from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_tac_toe.support import at, full_game, turns
from tests.games.hap_tac_toe.workbook import STARTS_2, make_book, run, tabs, values

STARS, BLOCKS = WhenStarsAlign(), HapTacToe()
OPENING = [
    ("yellow solid 4", "C3"),
    ("yellow solid 5", "C2"),
    ("Solid Yellow 6-pointed", "C1", "set C1 C2 C3 set A1 A2", 75),
]
VALID, BAD, LATER_HAP = "A1 B1 C1", "A1 A2", "B2 C2 D2"


def score(path, number=1):
    result = run("score", "--book", path, "--round", number, "--json")
    return result, json.loads(result.stdout) if result.stdout.startswith("{") else None


def test_score_writes_the_issue_json_and_three_tabs(tmp_path):
    path = make_book(tmp_path / "dm.xlsx", games=[turns(STARS, OPENING)])
    result, data = score(path)
    assert result.exit_code == 0, result.output
    assert set(data) >= {"game", "round", "board", "turns", "players", "waiting_for", "ended"}
    assert data["board"] == {"C1": "yellow solid 6", "C2": "yellow solid 5", "C3": "yellow solid 4"}
    turn = data["turns"][2]
    assert {k: turn[k] for k in ("turn", "player", "block", "square", "seconds", "reserve_left")} == {
        "turn": 3,
        "player": "Alice",
        "block": "yellow solid 6",
        "square": "C1",
        "seconds": 75,
        "reserve_left": 285,
    }
    assert [(c["squares"], c["verdict"], c["points"]) for c in turn["claims"]] == [
        (["C1", "C2", "C3"], "valid", 1),
        ([], "unreadable", 0),
    ]
    assert all(c["reason"] for c in turn["claims"])
    assert {k: data["players"]["Alice"][k] for k in ("points", "strikes", "reserve_left", "lost")} == {
        "points": 1,
        "strikes": 1,
        "reserve_left": 285,
        "lost": False,
    }
    assert data["waiting_for"] == {"player": "Bob", "turn": 4} and data["ended"] is False
    written = tabs(path)
    assert {"Game 1 Results", "Game 1 Board", "Leaderboard"} <= set(written)
    results = values(written["Game 1 Results"])
    assert results[1][:8] == ["Turn", "Player", "Block", "Square", "Done", "Seconds", "From reserve", "Reserve left"]
    assert results[4][:8] == [3, "Alice", "yellow solid 6", "C1", dt.datetime(2026, 11, 21, 20, 2, 15), 75, 15, 285]
    assert results[4][8:12] == ["C1 C2 C3", "valid", 1, 0] and results[5][8:11] == ["A1 A2", "unreadable", 0]
    assert ["Next", "Bob, turn 4"] in results
    assert values(written["Leaderboard"])[1][:6] == ["Alice", 1, None, 1, 1, 1]
    again = run("score", "--book", path, "--round", 1)
    assert again.exit_code == 0 and tabs(path) == written


def test_the_public_board_is_drawn_as_coloured_cells_with_the_claimed_sets(tmp_path):
    path = make_book(tmp_path / "dm.xlsx", games=[turns(STARS, OPENING)])
    run("score", "--book", path, "--round", 1)
    sheet = openpyxl.load_workbook(path)["Game 1 Board"]
    assert [c.value for c in sheet[3]] == [None, "A", "B", "C", "D", "E"]
    c1, c3, empty = sheet["D4"], sheet["D6"], sheet["B4"]
    # each star named in words (patterns look alike at a cell's size), on a light tint of its colour
    assert (c1.value, c3.value) == ("★ yellow solid 6", "★ yellow solid 4") and c1.fill.fgColor.rgb.endswith("FFF3BF")
    assert c1.font.color.rgb.endswith("212529") and empty.value is None
    rows = values(tabs(path)["Game 1 Board"])
    assert ["C1 C2 C3", "column C", "Alice", 3] in rows
    assert any("Each cell names its star in words (colour, pattern, points)" in str(row) for row in rows)


@pytest.mark.parametrize(
    "row, reason",
    [
        (TurnRecord(3, "Bob", "blue solid 4", "D4", "", at(90)), "turn 3 is Alice's, not Bob's"),
        (TurnRecord(3, "Alice", "yellow solid 4", "D4", "", at(90)), "yellow solid 4 is already on C3"),
        (TurnRecord(3, "Alice", "purple solid 4", "D4", "", at(90)), "'purple solid 4' is not a star"),
        (TurnRecord(3, "Alice", "blue solid 4", "C2", "", at(90)), "C2 is taken by yellow solid 5"),
        (TurnRecord(3, "Alice", "blue solid 4", "F1", "", at(90)), "F1 is off the board"),
    ],
)
def test_a_turn_that_breaks_a_rule_stops_the_replay_with_its_row(tmp_path, row, reason):
    records = turns(STARS, OPENING[:2]) + [row, TurnRecord(4, "Bob", "blue hollow 6", "E5", "", at(120))]
    path = make_book(tmp_path / "dm.xlsx", games=[records])
    result, data = score(path)
    assert result.exit_code == 1
    [problem] = data["problems"]
    assert problem["tab"] == "Moves" and problem["row"] == 4 and reason in problem["message"]
    assert problem["message"].startswith(f"Turn 3 ({row.player}) is refused: ")
    assert len(data["turns"]) == 2 and data["waiting_for"] == {"player": "Alice", "turn": 3}
    assert any(r[0] == "Stopped" for r in values(tabs(path)["Game 1 Results"]))


def test_unreadable_rows_are_reported_and_the_good_ones_scored(tmp_path):
    path = make_book(tmp_path / "dm.xlsx", games=[turns(STARS, OPENING[:2])])
    moves = tabs(path)["Moves"] + [
        [3, 1, "Alice", "blue solid 4", "D4", None, None],
        [1, "x", "Alice", "blue solid 4", "D4", None, None],
    ]
    XlsxBook(path).write({"Moves": moves})
    result, data = score(path)
    assert result.exit_code == 1 and len(data["turns"]) == 2
    assert [(p["row"], p["message"][:12]) for p in data["problems"]] == [(4, "Game '3' is "), (5, "Turn 'x' is ")]


def test_a_done_typed_as_a_time_of_day_falls_on_the_starts_date(tmp_path):
    path = make_book(tmp_path / "dm.xlsx", games=[turns(STARS, OPENING[:1])])
    moves = tabs(path)["Moves"]
    moves[1][6] = "20:01:15"
    XlsxBook(path).write({"Moves": moves + [[1, 2, "Bob", "blue solid 4", "D4", None, dt.time(20, 3, 0)]]})
    result, data = score(path)
    assert result.exit_code == 0, result.output
    assert [(t["seconds"], t["reserve_left"]) for t in data["turns"]] == [(75, 285), (105, 255)]


def match_book(path, rules, claims_1, claims_2, game, **config):
    return make_book(
        path, game, [full_game(rules, claims_1, "Alice"), full_game(rules, claims_2, "Bob", STARTS_2)], config=config
    )


def standings(path):
    result = run("standings", "--book", path, "--json")
    return result, json.loads(result.stdout)


def test_half_point_totals_round_up_2_5_to_3_and_minus_0_5_to_0(tmp_path):
    path = match_book(
        tmp_path / "dm.xlsx", BLOCKS, {3: f"{VALID}; {BAD}", 4: BAD}, {4: VALID, 10: LATER_HAP}, "hap-tac-toe"
    )
    assert run("score", "--book", path, "--round", 1).exit_code == 0
    assert run("score", "--book", path, "--round", 2).exit_code == 0
    result, data = standings(path)
    assert result.exit_code == 0, result.output
    assert {p: {k: v[k] for k in ("points", "score", "lost")} for p, v in data["players"].items()} == {
        "Alice": {"points": 2.5, "score": 3, "lost": False},
        "Bob": {"points": -0.5, "score": 0, "lost": False},
    }
    assert data["winner"] == "Alice" and "Alice 2.5 points, rounded up to 3" in data["reason"]
    assert data["paid"] == [] and tabs(path)["Ledger"][1:] == []
    board = values(tabs(path)["Leaderboard"])
    assert board[1] == ["Alice", 0.5, 2, 2.5, 3, 300, "winner"]
    assert board[2] == ["Bob", -0.5, 0, -0.5, 0, 300, "eliminated"]


def test_strikes_carry_from_game_1_into_game_2(tmp_path):
    path = match_book(tmp_path / "dm.xlsx", STARS, {4: BAD}, {3: BAD}, "when-stars-align")
    _, first = score(path, 1)
    _, second = score(path, 2)
    assert first["players"]["Bob"]["strikes"] == 1 and first["players"]["Bob"]["points"] == 0
    assert second["turns"][2]["claims"][0]["points"] == -1
    assert second["players"]["Bob"] == {
        "points": -1,
        "strikes": 0,
        "reserve_left": 300,
        "lost": False,
        "lost_reason": None,
    }
    _, data = standings(path)
    assert data["players"]["Bob"]["score"] == -1 and data["winner"] == "Alice"


def test_a_tie_goes_to_the_advantage_and_a_payout_only_when_config_names_one(tmp_path):
    path = match_book(tmp_path / "dm.xlsx", STARS, {3: VALID}, {3: VALID}, "when-stars-align", winner_garnets=4)
    result, data = standings(path)
    assert result.exit_code == 0 and data["winner"] == "Bob"
    assert data["reason"].endswith("a tie goes to Bob (the Death Match Opponent, Config advantage).")
    assert [(e["player"], e["garnets"]) for e in data["paid"]] == [("Bob", 4)]
    blank = match_book(tmp_path / "blank.xlsx", STARS, {3: VALID}, {3: VALID}, "when-stars-align", advantage="")
    result, data = standings(blank)
    assert result.exit_code == 1 and data["winner"] is None and "Config advantage is blank" in data["reason"]


def test_game_2_waits_for_game_1(tmp_path):
    path = make_book(tmp_path / "dm.xlsx", games=[turns(STARS, OPENING[:2]), turns(STARS, OPENING[:1], "Bob")])
    result, data = score(path, 2)
    assert result.exit_code == 1 and data["problems"][0]["row"] == 4
    assert "game 2 starts once game 1 is over (it waits for Alice, turn 3)" in data["problems"][0]["message"]


def test_board_prints_the_text_board_and_draws_the_picture(tmp_path):
    path = make_book(tmp_path / "dm.xlsx", games=[turns(STARS, OPENING)])
    picture = tmp_path / "board.png"
    result = run("board", "--book", path, "--round", 1, "--image", picture)
    assert result.exit_code == 0, result.output
    assert " 1 ·    ·    YSo6 ·    ·" in result.output and "Claimed sets: C1 C2 C3 (Alice)" in result.output
    image = Image.open(io.BytesIO(picture.read_bytes()))
    assert image.format == "PNG" and image.size[0] > 500


def test_status_says_what_the_match_waits_for(tmp_path):
    path = make_book(tmp_path / "dm.xlsx", games=[turns(STARS, OPENING[:2])], starts=(None, None))
    assert run("status", "--book", path).output == (
        "Game 1: game 1's clock has not started: type its Starts time in Games row 2, or run "
        f"`hostkit play --book {path} --round 1` and type start.\nNext: hostkit play --round 1 --book {path}\n"
    )
    path = make_book(tmp_path / "on.xlsx", games=[turns(STARS, OPENING[:2])])
    with freeze_time(at(100)):
        result = run("status", "--book", path, "--json")
    shaped = json.loads(result.stdout)
    assert shaped["waiting_for"] == ["Alice"] and shaped["round"] == 1 and shaped["phase"] == "live"
    data = {**shaped["details"], "next": shaped["next"]}
    assert (
        data["waiting_for"] == {"player": "Alice", "turn": 3}
        and data["next"] == f"hostkit play --round 1 --book {path}"
    )
    assert data["clock"] == {"minute_left": 20.0, "reserves": {"Alice": 300.0, "Bob": 300.0}}


@pytest.mark.parametrize("game", ["hap-tac-toe", "when-stars-align"])
def test_the_demo_plays_both_games_to_a_result(tmp_path, game):
    result = run("demo", "--game", game, "--book", tmp_path / "demo.xlsx")
    assert result.exit_code == 0, result.output
    assert "Game 2 is over: the grid is full after 25 turns." in result.output
    assert "wins the match" in result.output and "problem" not in result.output


def test_config_renames_values_and_the_board_still_draws_them(tmp_path):
    renamed = [("gold solid 4", "C3"), ("gold solid 5", "C2"), ("gold solid 6", "C1", "set C1 C2 C3")]
    path = make_book(
        tmp_path / "dm.xlsx",
        games=[turns(STARS, renamed)],
        config={"attribute_1": "hue", "attribute_1_values": "gold, blue, white"},
    )
    result, data = score(path)
    assert result.exit_code == 0, result.output
    assert data["board"]["C1"] == "gold solid 6"
    assert data["turns"][2]["claims"][0]["reason"].endswith(
        "hue all gold; pattern all solid; points all different (6, 5, 4)"
    )
    sheet = openpyxl.load_workbook(path)["Game 1 Board"]
    assert sheet["D4"].value == "★ gold solid 6" and sheet["D4"].fill.fgColor.rgb.endswith("FFF3BF")


@pytest.mark.parametrize(
    "config, message",
    [
        ({"attribute_1_values": "solid, blue, white"}, "value 'solid' is used twice"),
        (
            {"invalid_claim_points": "half"},
            "invalid_claim_points 'half' is not a number; write it like 0.5. Fix the value",
        ),
        ({"scoring": "points"}, "scoring 'points' is not one of half-point, strikes"),
        ({"first_player": "Carol"}, "Config first_player 'Carol' is not a player (Alice, Bob); fix it."),
        ({"first_player": ""}, "Config first_player is blank: name who moves first in game 1"),
    ],
)
def test_bad_config_stops_with_the_fix(tmp_path, config, message):
    path = make_book(tmp_path / "dm.xlsx", games=[turns(STARS, OPENING[:1])], config=config)
    result = run("score", "--book", path, "--round", 1)
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_invalid_claim_points_is_exact(tmp_path):
    claims = {3: f"{VALID}; {BAD}"}
    path = make_book(
        tmp_path / "dm.xlsx", "hap-tac-toe", [full_game(BLOCKS, claims)[:3]], config={"invalid_claim_points": "0.25"}
    )
    _, data = score(path)
    assert data["players"]["Alice"]["points"] == 0.75
