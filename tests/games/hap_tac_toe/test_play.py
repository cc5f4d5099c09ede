"""`hostkit play` as the live referee, under a frozen clock: start, paste, clock, refusals, undo, resume."""

import datetime as dt
import json

import pytest
from freezegun import freeze_time

from hostkit.games.hap_tac_toe import WhenStarsAlign
from tests.games.hap_tac_toe.support import STARTS, at, full_game, turns
from tests.games.hap_tac_toe.workbook import make_book, naive, run, tabs, values

STARS = WhenStarsAlign()


@pytest.fixture
def book(tmp_path):
    """A match whose clocks have not started."""
    return make_book(tmp_path / "dm.xlsx", starts=(None, None))


def play(path, answers, *args):
    return run("play", "--book", path, *args, input="".join(f"{a}\n" for a in answers))


def moves(path):
    return values(tabs(path)["Moves"])[1:]


def test_turns_are_written_at_once_and_play_resumes_after_an_interruption(book):
    with freeze_time(STARTS) as clock:
        first = play(book, ["start"])
        clock.tick(20)
        first = play(book, ["yellow solid 4 C3 done"])
        assert first.exit_code == 1, first.output
        assert "Stopped: 1 decision saved this run; run the same command to resume." in first.output
        assert moves(book) == [[1, 1, "Alice", "yellow solid 4", "C3", None, naive(at(20))]]
        clock.tick(30)
        second = play(book, ["Bob: Yellow Solid 5-pointed c2 set C1 C2 C3 done"])
    assert second.output.count("Turn 1: Alice put yellow solid 4 on C3 in 20 s.") == 1
    assert "Bob to play turn 2: 30 s of the move left; reserves Alice 5 min 0 s, Bob 5 min 0 s." in second.output
    assert "Saved: Turn 2 of game 1 (Bob) is in Moves row 3. The board update to paste:" in second.output
    assert " 2 ·    ·    YSo5 ·    ·" in second.output
    assert "C1 C2 C3: empty-square (strike 1 of 2). C1 is empty: no star there yet" in second.output
    assert moves(book)[1] == [1, 2, "Bob", "yellow solid 5", "C2", "set C1 C2 C3", naive(at(50))]
    assert values(tabs(book)["Games"])[1:] == [[1, naive(STARTS)], [2]]


def test_a_75_second_turn_takes_15_seconds_of_reserve(book):
    with freeze_time(STARTS) as clock:
        play(book, ["start"])
        clock.tick(75)
        result = play(book, ["yellow solid 4 C3 done"])
        assert "Reserves: Alice 4 min 45 s, Bob 5 min 0 s" in result.output
        data = json.loads(run("score", "--book", book, "--round", 1, "--json").stdout)
    assert data["turns"][0]["seconds"] == 75 and data["players"]["Alice"]["reserve_left"] == 285


def test_a_wrong_turn_is_refused_with_its_reason_and_nothing_is_written(book):
    with freeze_time(STARTS) as clock:
        play(book, ["start", "yellow solid 4 C3 done", "yellow solid 5 C2 done"])
        before = tabs(book)
        clock.tick(10)
        result = play(
            book,
            [
                "Bob: blue solid 4 D4 done",
                "yellow solid 4 D4 done",
                "purple solid 4 D4",
                "blue solid 4 C3 done",
                "blue solid 4 F1",
                "hello there",
                "start",
            ],
        )
    assert result.exit_code == 1
    for reason in [
        "turn 3 is Alice's, not Bob's: turns alternate and Alice moved first in game 1",
        "yellow solid 4 is already on C3 (turn 1); pick a star that is not placed yet",
        "'purple solid 4' is not a star: it names no colour",
        "C3 is taken by yellow solid 4 (turn 1); pick an empty square",
        "F1 is off the board; columns run A–E and rows 1–5, like C3",
        "'hello there' names no square",
        "Game 1's clock already started at 2026-11-21 20:00:00.",
    ]:
        assert f"Not recorded: {reason}" in result.output
    assert "Saved" not in result.output and tabs(book) == before


def test_clock_shows_the_running_clocks_and_writes_nothing(book):
    with freeze_time(STARTS) as clock:
        play(book, ["start", "yellow solid 4 C3 done"])
        before = tabs(book)
        clock.tick(30)
        early = play(book, ["clock"])
        clock.tick(60)
        late = play(book, ["clock"])
    assert "Bob to play turn 2: 30 s of the move left; reserves Alice 5 min 0 s, Bob 5 min 0 s.\n" in early.output
    assert "Bob to play turn 2: 0 s of the move left; reserves Alice 5 min 0 s, Bob 4 min 30 s.\n" in late.output
    assert tabs(book) == before


def test_a_reserve_that_runs_out_is_announced_and_ends_the_match(book):
    with freeze_time(STARTS) as clock:
        play(book, ["start", "yellow solid 4 C3 done"])
        clock.tick(361)
        result = play(book, ["clock", "y"])
        data = json.loads(run("standings", "--book", book, "--json").stdout)
    assert (
        "Bob to play turn 2: 1 min 0 s of the move left; reserves Alice 5 min 0 s, Bob 5 min 0 s (as of 20:00:00, "
        "the last time recorded). Paste Bob's message, like "
    ) in result.output
    assert "If Bob did not say done by 20:06:00, their reserve ran out then: type clock to record the loss on time" in (
        result.output
    )
    assert "Saved: Bob's reserve ran out at 20:06:00 on turn 2 of game 1" in result.output
    assert "The match is over." in result.output and result.exit_code == 0
    assert moves(book)[1] == [1, 2, "Bob", None, None, None, naive(at(361))]
    assert data["winner"] == "Alice" and data["players"]["Bob"]["lost"] and data["final"]
    assert data["reason"].endswith("Bob loses the match on time. Alice wins the match whatever the score.")


def test_replaying_past_times_never_says_a_reserve_ran_out(book):
    with freeze_time(STARTS + dt.timedelta(hours=3)):
        result = play(book, ["start @20:00:00", "yellow solid 4 C3 done @20:00:20", "yellow solid 5 C2 done @20:00:50"])
    assert "loses the match on time" not in result.output and "Saved: Turn 2 of game 1 (Bob)" in result.output
    assert "Bob to play turn 2: 1 min 0 s of the move left; reserves Alice 5 min 0 s, Bob 5 min 0 s" in result.output
    assert [m[6] for m in moves(book)] == [naive(at(20)), naive(at(50))]


def test_a_typed_time_stamps_done_and_a_late_message_loses_on_time(book):
    with freeze_time(STARTS) as clock:
        play(book, ["start"])
        clock.tick(500)
        result = play(book, ["yellow solid 4 C3 done @20:01:15", "yellow solid 5 C2 done", "y"])
    assert moves(book)[0][6] == naive(at(75))
    assert "Saved: Bob's reserve ran out at 20:07:15 on turn 2 of game 1 (the turn took 7 min 5 s" in result.output
    assert moves(book)[1] == [1, 2, "Bob", "yellow solid 5", "C2", None, naive(at(500))]


def test_a_loss_on_time_is_recorded_only_once_the_host_confirms_it(book):
    with freeze_time(STARTS) as clock:
        play(book, ["start", "yellow solid 4 C3 done"])
        clock.tick(361)
        declined = play(book, ["clock", "n"])
        assert len(moves(book)) == 1
        late = play(book, ["yellow solid 5 C2 done", "n"])
    assert "Bob loses the match on time: this ends the match. Record it? [y/N]" in declined.output
    assert "Not recorded: nothing was changed." in declined.output
    assert "a message sent earlier needs its time: answer no, then add it, like @20:01:15" in late.output
    assert len(moves(book)) == 1


def test_a_loss_on_time_typed_by_mistake_is_taken_back_at_the_end_of_play(book):
    with freeze_time(STARTS) as clock:
        play(book, ["start", "yellow solid 4 C3 done"])
        clock.tick(361)
        result = play(book, ["clock", "y", "undo", "y"])
        assert "The phase has ended. Press Enter to finish, or type undo" in result.output
        assert "Taken back." in result.output and len(moves(book)) == 1
        assert "Bob to play turn 2" in result.output.split("Taken back.")[1]  # play goes on from there
        ended = play(book, ["clock", "y"])
        assert ended.exit_code == 0 and len(moves(book)) == 2
        later = play(book, ["undo", "y"])  # a later run offers it too, once the phase has ended
    assert "Taken back." in later.output and len(moves(book)) == 1


def test_game_2_starts_with_the_other_player_and_game_1s_reserves(tmp_path):
    slow = [("yellow solid 4", "C3", "", 100), ("yellow solid 5", "C2", "", 70)]
    path = make_book(tmp_path / "dm.xlsx", games=[full_game(STARS, first_moves=slow)], starts=(STARTS, None))
    with freeze_time(STARTS + dt.timedelta(hours=1)) as clock:
        first = play(path, ["start"])
        clock.tick(5)
        second = play(path, [])
    assert "Saved: Game 2's clock started at 2026-11-21 21:00:00; Bob moves first." in first.output
    assert "Bob to play turn 1: 55 s of the move left; reserves Alice 4 min 20 s, Bob 4 min 50 s." in second.output


def test_game_2_waits_until_game_1_is_over(tmp_path):
    path = make_book(tmp_path / "dm.xlsx", games=[turns(STARS, [("yellow solid 4", "C3")])])
    result = play(path, ["start"], "--round", 2)
    assert result.exit_code == 2 and "game 2 starts once game 1 is over (it waits for Bob, turn 2)" in result.output
    assert "Traceback" not in result.output


def test_undo_takes_back_the_last_turn_after_confirmation(book):
    with freeze_time(STARTS) as clock:
        play(book, ["start", "yellow solid 4 C3 done"])
        clock.tick(10)
        play(book, ["yellow solid 5 C2 set C1 C2 C3 done"])
        kept = play(book, ["undo", "n"])
        assert "Kept: nothing was changed." in kept.output and len(moves(book)) == 2
        taken = play(book, ["undo", "y"])
    assert (
        "Take back Moves row 3: game 1, turn 2, Bob: yellow solid 5 on C2, claims set C1 C2 C3, "
        "done at 2026-11-21 20:00:10."
    ) in taken.output
    assert "Before it:" in taken.output and "Next: Bob, turn 2." in taken.output
    assert len(moves(book)) == 1


def test_image_draws_the_board_after_each_turn(book, tmp_path):
    picture = tmp_path / "board.png"
    with freeze_time(STARTS):
        result = play(book, ["start", "yellow solid 4 C3 done"], "--image", picture)
    assert result.exit_code == 1 and picture.read_bytes().startswith(b"\x89PNG")


def test_play_takes_both_players_in_one_run(book):
    result = play(book, [], "--player", "Alice")
    assert result.exit_code == 2 and "leave out --player" in result.output
