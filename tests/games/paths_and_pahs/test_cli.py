"""board, deal, score, status and standings through CliRunner on real xlsx files."""

import datetime as dt
import json

import openpyxl
import pytest

from hostkit.core.cards import FULL_DECK
from hostkit.games.paths_and_pahs.board import TILES, format_board, generate_board
from hostkit.games.paths_and_pahs.cards import NAMES
from hostkit.games.paths_and_pahs.match import deal_starting
from tests.games.paths_and_pahs.workbook import (
    PLAYERS,
    SEED,
    add_rows,
    at,
    new_match,
    opens,
    run,
    score,
    tabs,
    write,
)


@pytest.fixture
def book(tmp_path):
    path = tmp_path / "pap.xlsx"
    new_match(path, {"Ann": 1})
    return path


def test_new_lays_out_the_template(tmp_path):
    path = tmp_path / "new.xlsx"
    assert run("new", "paths-and-pahs", "--book", path, "--players", ",".join(PLAYERS)).exit_code == 0
    workbook = tabs(path)
    assert workbook["Board"][0] == ["Row", "A", "B", "C", "D", "E", "F"]
    assert workbook["Board"][1:] == [[n] + [None] * 6 for n in range(1, 7)]
    assert workbook["Rounds"][0] == ["Round", "Opens", "Closes"] and [r[0] for r in workbook["Rounds"][1:]] == [
        1,
        2,
        3,
        4,
        5,
    ]
    assert workbook["Submissions"][0] == ["Timestamp", "Player", "Round", "Action", "Value"]
    assert workbook["Starting"][0] == ["Player", "Card 1", "Card 2"]
    config = {row[0]: row[1] for row in workbook["Config"][1:]}
    assert config["round_hours"] == 24 and config["pah_points"] == "- 7 6 5 4" and config["public_points"] == "no"
    result = run("new", "paths-and-pahs", "--book", tmp_path / "few.xlsx", "--players", "A,B,C,D")
    assert result.exit_code == 2 and "Paths and PAHs is for 5 to 16 players, not 4" in result.output


def test_board_generates_a_seeded_board_records_the_draw_and_draws_it(book, tmp_path):
    rows = tabs(book)["Board"][1:]
    assert [r[1:] for r in rows] == format_board(generate_board(SEED))
    assert ["board", 1, f"{SEED}:board"] == tabs(book)["Draws"][1][:3]
    result = run("board", "--book", book, "--round", 1, "--image", tmp_path / "board.png")
    assert result.exit_code == 0, result.output
    assert "checked it: every card once and 9 empty tiles" in result.output
    assert (tmp_path / "board.png").stat().st_size > 10_000
    opening = openpyxl.load_workbook(book)["Opening Board"]
    filled = [c for row in opening.iter_rows(min_row=2, max_row=7, min_col=2, max_col=7) for c in row if c.value]
    assert len(filled) == 27 and all(c.fill.fgColor.rgb != "00000000" for c in filled)
    assert {c.value for c in filled} <= {"●", "■", "▲"}


def test_a_typed_board_is_checked_and_each_problem_names_its_cells(book):
    typed = format_board(generate_board(1))
    first, second = [t for t in TILES if typed[t.row][t.column]][:2]
    gone = typed[second.row][second.column]
    typed[second.row][second.column] = typed[first.row][first.column]
    write(book, Board=[["Row", *"ABCDEF"]] + [[r + 1, *row] for r, row in enumerate(typed)])
    before = tabs(book)
    result = run("board", "--book", book, "--round", 1)
    assert result.exit_code == 1
    assert (
        f"{typed[first.row][first.column]} is on {first}, {second}; each card goes on the board once" in result.output
    )
    assert f"missing {gone}; each of the 27 cards goes on the board once" in result.output
    assert tabs(book) == before  # a typed board is never changed
    score_result = run("score", "--book", book, "--round", 1)
    assert score_result.exit_code == 2 and "The Board tab cannot be used" in score_result.output
    assert run("board", "--book", book, "--round", 1, "--force").exit_code == 0
    assert [r[1:] for r in tabs(book)["Board"][1:]] == format_board(generate_board(SEED))
    result = run("board", "--book", book, "--round", 2)
    assert result.exit_code == 2 and "The board is laid once, for round 1" in result.output


def test_deal_prints_one_private_message_per_player_and_keeps_the_cards_host_only(book):
    result = run("deal", "--book", book, "--round", 1)
    assert result.exit_code == 0
    assert result.output.count("(paste in their private channel) ---") == 9
    first, second = deal_starting(SEED, "Ann")
    starting = tabs(book)["Starting"]
    assert starting[1][0] == "Ann" and len(starting) == 10
    assert (
        "--- for Ann only (paste in their private channel) ---\nPaths and PAHs: your starting cards, Ann"
        in result.output
    )
    assert f"{starting[1][1]}" in result.output.split("--- for Bob")[0]
    write(book, Starting=[starting[0], ["Ann", starting[1][2], starting[1][1]]] + starting[2:])
    refused = run("deal", "--book", book, "--round", 1)
    assert refused.exit_code == 2 and "not this seed's deal" in refused.output
    assert run("deal", "--book", book, "--round", 1, "--force").exit_code == 0 and tabs(book)["Starting"] == starting
    assert run("deal", "--book", book, "--round", 2).exit_code == 2


def test_a_round_is_scored_only_once_it_has_closed(book):
    add_rows(book, [(at(1, 5), "Ann", 1, "start", "A1")])
    during = run("score", "--book", book, "--round", 1, when=at(1, 60).replace(tzinfo=dt.timezone.utc))
    assert during.exit_code == 1 and "round 1 is still open: 23 h 0 min left" in during.output
    assert "Round 1 Results" not in tabs(book)
    early = run("score", "--book", book, "--round", 2, when=at(1, 60).replace(tzinfo=dt.timezone.utc))
    assert early.exit_code == 1 and "round 2 has not opened yet" in early.output
    assert run("score", "--book", book, "--round", 6).exit_code == 2


def test_status_follows_the_match(tmp_path):
    path = tmp_path / "s.xlsx"
    run("new", "paths-and-pahs", "--book", path, "--players", ",".join(PLAYERS), "--seed", 1)
    assert f"Next: hostkit board --round 1 --book {path}\n" in run("status", "--book", path).output
    run("board", "--book", path, "--round", 1)
    assert f"Next: hostkit deal --round 1 --book {path}\n" in run("status", "--book", path).output
    run("deal", "--book", path, "--round", 1)
    assert "Next: type round 1's Opens time in Rounds." in run("status", "--book", path).output
    write(
        path,
        Rounds=[["Round", "Opens", "Closes"], [1, opens(1), None], [2, opens(2), opens(2) + dt.timedelta(hours=2)]],
    )
    empty = tabs(path)["Board"][1][1:].index(None)
    add_rows(path, [(at(1, 3), "Bob", None, "start", f"{'ABCDEF'[empty]}1"), (at(1, 4), "Ann", 1, "move", "stay")])
    during = run("status", "--book", path, "--json", when=at(1, 60).replace(tzinfo=dt.timezone.utc))
    shaped = json.loads(during.output)
    assert (
        shaped["round"] == 1
        and shaped["phase"] == "open"
        and sorted(shaped["waiting_for"]) == sorted(["Ann", *PLAYERS[2:]])
    )
    data = {**shaped["details"], "next": shaped["next"]}
    assert data["rounds"][0]["state"] == "open" and data["rounds"][1]["state"] == "not open"
    assert data["waiting_for"]["not_submitted"] == PLAYERS[2:]
    assert data["waiting_for"]["no_start"] == ["Ann"] + PLAYERS[2:]
    assert data["next"] == f"hostkit score --round 1 --book {path}"
    later = run("status", "--book", path, when=at(2, 3 * 60).replace(tzinfo=dt.timezone.utc))
    assert "Round 2: closed at 2030-03-02 14:00:00." in later.output
    assert f"Next: hostkit score --round 1 --book {path}\n" in later.output
    run("score", "--book", path, "--round", 1)
    assert "Round 1: closed at 2030-03-02 12:00:00; scored." in run("status", "--book", path).output


def test_a_purchase_is_a_ledger_entry_refused_when_short_and_a_correction_is_reported(book):
    new = next(NAMES.format(c) for c in FULL_DECK if c not in deal_starting(SEED, "Ann"))
    add_rows(
        book,
        [
            (at(1, 1), "Ann", 1, "start", _empty(book)),
            (at(1, 2), "Ann", 1, "change", f"1: {new}"),
            (at(1, 3), "Bob", 1, "change", f"1: {new}"),
        ],
    )
    code, data, output = score(book, 1)
    changes = {a["player"]: (a["verdict"], a["reason"]) for a in data["actions"] if a["action"] == "change"}
    assert changes["Bob"] == ("rejected", "Bob has 0 garnets and cannot spend 1 on changing starting card 1")
    assert changes["Ann"][0] == "applied" and data["players"]["Ann"]["starting"][0] == new
    match_id = {row[0]: row[1] for row in tabs(book)["Config"]}["match_id"]
    spent = [["Paths and PAHs", 1, "Ann", -1, 0, None, "changed a starting card", match_id, None]]
    assert [r for r in tabs(book)["Ledger"] if r[0] == "Paths and PAHs"] == spent
    score(book, 1)
    assert [r for r in tabs(book)["Ledger"] if r[0] == "Paths and PAHs"] == spent  # never spent twice
    rows = tabs(book)["Submissions"]
    write(book, Submissions=[r for r in rows if r[3] != "change"])
    code, data, output = score(book, 1)
    assert code == 1 and "does not match the round as scored now, which no longer makes it" in output
    assert [r for r in tabs(book)["Ledger"] if r[0] == "Paths and PAHs"] == spent


def test_showing_points_before_the_endgame_is_a_setting(book):
    config = tabs(book)["Config"]
    write(book, Config=[r if r[0] != "public_points" else [r[0], "yes", r[2]] for r in config])
    add_rows(book, [(at(1, 1), "Ann", 1, "start", _empty(book))])
    score(book, 1)
    board = tabs(book)["Leaderboard"]
    assert board[1][:3] == [1, "Ann", 0]
    assert board[-1][0] == "Places so far; the ToL and the EC are decided after the endgame."


def _empty(book):
    grid = tabs(book)["Board"]
    return next(f"{'ABCDEF'[c]}{r}" for r in range(1, 7) for c in range(6) if grid[r][c + 1] is None)


def test_a_google_form_tab_is_read_as_the_submissions(book):
    config = tabs(book)["Config"]
    mapped = {
        "form_tab": "Form Responses 1",
        "form_columns": "Your name -> Player; Your move -> Action; Details -> Value",
    }
    write(
        book,
        Config=[[r[0], mapped.get(r[0], r[1]), r[2]] for r in config],
        Form_Responses_1=[
            ["Timestamp", "Your name", "Your move", "Details"],
            [at(1, 1), "@ann", "Start", _empty(book)],
            [at(1, 2), "Bob", "move", "left"],
        ],
    )
    code, data, output = score(book, 1)
    assert code == 0, output
    assert [(a["player"], a["verdict"]) for a in data["actions"]] == [("Ann", "applied"), ("Bob", "rejected")]
    assert data["actions"][1]["reason"].startswith("move 'left' is not a move; type a direction and 0 to 3 tiles")
    assert data["players"]["Ann"]["tile"] == _empty(book)
