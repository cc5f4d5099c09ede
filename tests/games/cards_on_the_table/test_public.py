"""What players see: no board cell, heat value or heat rule in any public tab before its round is over."""

import datetime as dt
import re

from freezegun import freeze_time

from hostkit.games import load_game
from hostkit.storage.xlsx import XlsxBook

from .support import append, assert_nothing_leaks, closes, new_match, opens, run, tabs

GAME = load_game("cards-on-the-table")
MESSAGES = [["Ann", ">R1C1"], ["Ann", "scout"], ["Ann", ">R2C2"], ["Bo", ">R3C3"], ["Bo", "replace"], ["Bo", ">R4C4"]]
HOUR = dt.timedelta(hours=1)


def stamped(round_number):
    at = (opens(round_number) + HOUR).strftime("%Y-%m-%d %H:%M")
    return [[at, player, round_number, text] for player, text in MESSAGES]


def test_host_tabs_are_never_public():
    for tab in (
        "Boards",
        "Draws",
        "Submissions",
        "Board Guesses",
        "Heat Guesses",
        "Top Guesses",
        "Config",
        "Round 1 Scores",
        "Rounds",
        "Ledger",
    ):
        assert not GAME.is_public(tab), tab
    for tab in ("Round 1 Results", "Round 3 Board", "Final Results"):
        assert GAME.is_public(tab), tab


def test_every_step_of_a_match_keeps_unfinished_rounds_out_of_public_tabs(tmp_path):
    path = new_match(tmp_path)
    public = tmp_path / "public.xlsx"
    append(path, "Submissions", stamped(1) + stamped(2))
    assert_nothing_leaks(path, opens(1))
    steps = [
        (opens(1) + HOUR, ["play", "--player", "Cy"], ">R5C5\nnullify\n>R1C1\n"),
        (opens(1) + 2 * HOUR, ["score", "--round", "1"], None),
        (opens(1) + 2 * HOUR, ["status"], None),
        (closes(1) + HOUR / 2, ["score", "--round", "1"], None),
        (opens(2) + HOUR, ["play", "--player", "Cy"], ">R2C2\nscout\n>R3C3\n"),
        (closes(2) + HOUR / 2, ["score", "--round", "2"], None),
        (opens(3) + HOUR, ["score", "--round", "3"], None),
        (closes(3) + HOUR / 2, ["score", "--round", "3"], None),
        (closes(3) + HOUR, ["standings"], None),
    ]
    for now, command, answers in steps:
        with freeze_time(now):
            run(*command, "--book", path, "--public-book", public, input=answers)
            assert_nothing_leaks(path, now)
            if public.exists():
                served = set(XlsxBook(public).read()) - {"hostkit"}  # the tab naming the match it serves
                assert served <= {name for name in tabs(path) if GAME.is_public(name)}
        if now < closes(3):
            assert not any(name.endswith("Board") for name in tabs(path)), "a board is public before the match ends"
    assert {"Round 1 Board", "Round 2 Board", "Round 3 Board", "Final Results"} <= set(XlsxBook(public).read())


def test_round_end_publishes_each_board_once_its_round_is_scored_and_no_sooner(tmp_path):
    path = new_match(tmp_path, settings={"public_boards": "round-end"})
    append(path, "Submissions", stamped(1))
    with freeze_time(closes(1) - HOUR):
        assert run("score", "--book", path, "--round", 1).exit_code == 1
        assert "Round 1 Board" not in tabs(path)
    with freeze_time(closes(1) + HOUR / 2):
        assert run("score", "--book", path, "--round", 1).exit_code == 0
        assert_nothing_leaks(path, closes(1) + HOUR / 2)
    names = set(tabs(path))
    assert "Round 1 Board" in names and "Round 2 Board" not in names and "Round 3 Board" not in names
    board = tabs(path)["Round 1 Board"]
    assert board[0] == ["Round 1", "C1", "C2", "C3", "C4", "C5"] and all(
        re.fullmatch(r"[123] (Red|Blue|Yellow)", v) for v in board[1][1:]
    )


def test_never_keeps_the_boards_to_the_host(tmp_path):
    path = new_match(tmp_path, settings={"public_boards": "never"})
    with freeze_time(closes(3) + HOUR):
        for number in (1, 2, 3):
            assert run("score", "--book", path, "--round", number).exit_code == 0
    assert not any(name.endswith("Board") for name in tabs(path))


def test_the_results_tab_holds_numbers_only(tmp_path):
    path = new_match(tmp_path)
    append(path, "Submissions", stamped(1))
    with freeze_time(closes(1) + HOUR):
        assert run("score", "--book", path, "--round", 1).exit_code == 0
    rows = tabs(path)["Round 1 Results"]
    assert [type(row[0]) for row in rows[1:11]] == [int] * 10
    assert not any("Ann" in str(v) or "Bo" in str(v) for row in rows for v in row)
