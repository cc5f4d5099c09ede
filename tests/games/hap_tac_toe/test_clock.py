import datetime as dt

import pytest
from freezegun import freeze_time

from hostkit.games.hap_tac_toe import (
    Rejection,
    Settings,
    TurnRecord,
    WhenStarsAlign,
    charge,
    read_clock,
    replay,
    replay_match,
)
from tests.games.hap_tac_toe.support import PLAYERS, STARTS, at, full_game, turns

STARS = WhenStarsAlign()
MOVES = [("yellow solid 4", "C3"), ("yellow solid 5", "C2"), ("yellow solid 6", "C1"), ("blue hollow 4", "A1")]
MINUTE = dt.timedelta(seconds=60)
S = dt.timedelta(seconds=1)


def test_a_75_second_turn_takes_15_seconds_of_reserve():
    clock = charge(at(0), at(75), dt.timedelta(seconds=300), MINUTE)
    assert (clock.seconds, clock.from_reserve, clock.reserve_left) == (75 * S, 15 * S, 285 * S)
    game = replay(STARS, PLAYERS, "Alice", STARTS, turns(STARS, [("yellow solid 4", "C3", "", 75)]))
    assert game.turns[0].clock.from_reserve == 15 * S and game.reserves == {"Alice": 285 * S, "Bob": 300 * S}


def test_a_turn_runs_from_the_previous_done_and_the_first_from_starts():
    moves = [(*m, "", took) for m, took in zip(MOVES, (10, 70, 61.5, 60))]
    game = replay(STARS, PLAYERS, "Alice", STARTS, turns(STARS, moves))
    assert [t.clock.seconds / S for t in game.turns] == [10, 70, 61.5, 60]
    assert [t.clock.began for t in game.turns] == [STARTS, at(10), at(80), at(141.5)]
    assert game.reserves == {"Alice": dt.timedelta(seconds=298.5), "Bob": 290 * S}
    assert game.as_json()["players"]["Alice"]["reserve_left"] == 298.5


def test_game_2_starts_with_game_1s_reserves_and_the_other_player():
    game_1_moves = [(*m, "", took) for m, took in zip(MOVES, (100, 30, 30, 200))]
    starts_2 = STARTS + dt.timedelta(hours=1)
    game_2 = turns(STARS, MOVES[:1] + [(*MOVES[1], "", 90)], first="Bob", starts=starts_2)
    full_1 = full_game(STARS, first_moves=game_1_moves)
    played = replay_match(STARS, PLAYERS, "Alice", [(STARTS, full_1), (starts_2, game_2)])
    assert len(played) == 2 and played[0].is_over()
    assert played[0].reserves == {"Alice": 260 * S, "Bob": 160 * S}
    second = played[1]
    assert second.first_player == "Bob" and second.number == 2
    assert [t.player for t in second.turns] == ["Bob", "Alice"]
    assert second.reserves == {"Alice": 230 * S, "Bob": 160 * S}


def test_a_reserve_that_runs_out_loses_the_match_at_once():
    moves = [(*m, "", took) for m, took in zip(MOVES, (30, 30, 360.5))]
    game = replay(STARS, PLAYERS, "Alice", STARTS, turns(STARS, moves) + turns(STARS, MOVES)[3:])
    last = game.turns[-1]
    assert last.lost and last.block is None and last.square is None and last.claims == ()
    assert game.lost == {"Alice": last.lost} and game.is_over() and game.waiting_for() is None
    assert last.lost == (
        "Alice's reserve ran out at 20:07:00 on turn 3 of game 1 (the turn took 6 min 0 s, "
        "5 min 0 s of reserve was left): Alice loses the match on time"
    )
    assert game.reserves["Alice"] == dt.timedelta(seconds=-0.5) and len(game.board) == 2
    assert game.rejected.kind is Rejection.GAME_OVER
    data = game.as_json()
    assert data["ended"] and data["players"]["Alice"]["lost"] and data["turns"][-1]["block"] is None


def test_a_reserve_of_exactly_zero_is_not_run_out():
    game = replay(STARS, PLAYERS, "Alice", STARTS, turns(STARS, [("yellow solid 4", "C3", "", 360)]))
    assert game.reserves["Alice"] == dt.timedelta(0) and not game.lost
    game = game.play(TurnRecord(2, "Bob", "yellow solid 5", "C2", "", at(361)))
    game = game.play(TurnRecord(3, "Alice", "yellow solid 6", "C1", "", at(421)))
    assert not game.lost
    game = game.play(TurnRecord(4, "Bob", "blue hollow 4", "A1", "", at(422)))
    game = game.play(TurnRecord(5, "Alice", "blue hollow 5", "A2", "", at(482.001)))
    assert "Alice loses the match on time" in game.lost["Alice"]


def test_game_1s_spent_reserve_can_lose_game_2():
    game_1 = full_game(STARS, first_moves=[(*MOVES[0], "", 350)])
    starts_2 = STARTS + dt.timedelta(hours=1)
    game_2 = turns(STARS, [(*MOVES[0], "", 5), (*MOVES[1], "", 71)], first="Bob", starts=starts_2)
    played = replay_match(STARS, PLAYERS, "Alice", [(STARTS, game_1), (starts_2, game_2)])
    assert played[0].reserves["Alice"] == 10 * S
    assert "Alice's reserve ran out" in played[1].lost["Alice"] and "turn 2 of game 2" in played[1].lost["Alice"]


def test_game_2_waits_for_game_1():
    played = replay_match(STARS, PLAYERS, "Alice", [(STARTS, turns(STARS, MOVES)), (at(3600), [])])
    assert len(played) == 1


@freeze_time("2026-11-21 20:01:40+00:00")
def test_the_live_clock_shows_minute_left_and_both_reserves():
    game = replay(STARS, PLAYERS, "Alice", STARTS, turns(STARS, [("yellow solid 4", "C3", "", 75)]))
    reading = game.clock_at(dt.datetime.now(dt.timezone.utc))
    assert (reading.player, reading.turn) == ("Bob", 2)
    assert reading.elapsed == 25 * S and reading.minute_left == 35 * S
    assert reading.reserves == {"Alice": 285 * S, "Bob": 300 * S} and reading.out_of_time is None
    assert reading.describe() == "Bob to play turn 2: 35 s of the move left; reserves Alice 4 min 45 s, Bob 5 min 0 s"


def test_the_live_clock_charges_the_mover_and_announces_the_end():
    game = replay(STARS, PLAYERS, "Alice", STARTS, turns(STARS, [("yellow solid 4", "C3", "", 75)]))
    reading = game.clock_at(at(75 + 60 + 100))
    assert reading.minute_left == dt.timedelta(0) and reading.reserves["Bob"] == 200 * S
    out = game.clock_at(at(75 + 60 + 301))
    assert out.reserves["Bob"] == dt.timedelta(0)
    assert out.out_of_time == "Bob's reserve ran out at 20:07:15: Bob loses the match on time"
    assert out.describe().endswith("Bob loses the match on time")
    early = game.clock_at(at(10))
    assert early.elapsed == dt.timedelta(0) and early.minute_left == MINUTE


def test_clock_settings_are_honoured():
    quick = WhenStarsAlign(Settings(move_seconds=30, reserve_seconds=20))
    game = replay(quick, PLAYERS, "Alice", STARTS, turns(quick, [("yellow solid 4", "C3", "", 45)]))
    assert game.reserves["Alice"] == 5 * S
    assert read_clock("Bob", 2, at(45), at(100), game.reserves, 30 * S).out_of_time


def test_a_done_before_the_turn_began_is_refused():
    with pytest.raises(ValueError, match="before it began"):
        charge(at(10), at(5), 300 * S, MINUTE)


def test_a_player_who_never_says_done_loses_on_a_blank_row():
    game = replay(STARS, PLAYERS, "Alice", STARTS, turns(STARS, MOVES[:1]))
    flagged = game.play(TurnRecord(2, "Bob", "", "", "", at(30 + 361)))
    assert flagged.rejected is None and "Bob loses the match on time" in flagged.lost["Bob"]
    late_and_wrong = game.play(TurnRecord(2, "Bob", "yellow solid 4", "C3", "A1 A2 A3", at(30 + 400)))
    assert late_and_wrong.rejected is None and late_and_wrong.lost and late_and_wrong.points["Bob"] == 0
    in_time_but_blank = game.play(TurnRecord(2, "Bob", "", "", "", at(30 + 359)))
    assert in_time_but_blank.rejected.kind is Rejection.NOT_A_BLOCK
