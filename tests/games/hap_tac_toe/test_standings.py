import datetime as dt
from fractions import Fraction

import pytest

from hostkit.games.hap_tac_toe import HapTacToe, Settings, WhenStarsAlign, replay, replay_match, settle
from tests.games.hap_tac_toe.support import PLAYERS, STARTS, full_game, turns

BLOCKS = HapTacToe()
STARS = WhenStarsAlign()
STARTS_2 = STARTS + dt.timedelta(hours=1)
VALID, BAD = "A1 B1 C1", "A1 A2"
LATER_HAP = "B2 C2 D2"  # complete from turn 9 in full_game's layout


def match(rules, claims_1, claims_2, first="Alice"):
    second = "Bob" if first == "Alice" else "Alice"
    return replay_match(
        rules,
        PLAYERS,
        first,
        [(STARTS, full_game(rules, claims_1, first)), (STARTS_2, full_game(rules, claims_2, second, STARTS_2))],
    )


def test_half_point_totals_are_exact_and_rounded_up():
    games = match(BLOCKS, {3: f"{VALID}; {BAD}", 4: BAD}, {4: f"{VALID}; {BAD}", 5: f"{BAD}; {BAD}"})
    # game 1: Alice 1 - 0.5, Bob -0.5; game 2 (Bob first): Alice +1 - 0.5 on turn 4, Bob -1 on turn 5.
    assert [g.points for g in games] == [
        {"Alice": Fraction(1, 2), "Bob": Fraction(-1, 2)},
        {"Alice": Fraction(1, 2), "Bob": Fraction(-1)},
    ]
    standings = settle(games, advantage="Bob")
    assert standings.players["Alice"].points == 1 and standings.players["Alice"].score == 1
    assert standings.players["Bob"].points == Fraction(-3, 2) and standings.players["Bob"].score == -1
    assert standings.winner == "Alice" and standings.final


def test_2_5_rounds_to_3_and_minus_0_5_to_0():
    games = match(BLOCKS, {3: f"{VALID}; {BAD}", 4: BAD}, {4: VALID, 10: LATER_HAP})
    standings = settle(games, advantage="Alice")
    assert standings.players["Alice"].points == Fraction(5, 2) and standings.players["Alice"].score == 3
    assert standings.players["Bob"].points == Fraction(-1, 2) and standings.players["Bob"].score == 0
    assert standings.as_json()["players"] == {
        "Alice": {"points": 2.5, "score": 3, "lost": False, "lost_reason": None},
        "Bob": {"points": -0.5, "score": 0, "lost": False, "lost_reason": None},
    }
    assert standings.reason == (
        "After 2 games: Alice 2.5 points, rounded up to 3, Bob -0.5 points, rounded up to 0. "
        "Alice has the most points and wins the match."
    )


def test_a_tie_goes_to_the_advantage_holder():
    games = match(BLOCKS, {3: VALID}, {3: VALID})
    standings = settle(games, advantage="bob")
    assert standings.winner == "Bob"
    assert standings.reason == (
        "After 2 games: Alice 1 point, Bob 1 point. The scores are tied at 1; "
        "a tie goes to Bob (the Advantage, Config advantage)."
    )
    stars = settle(match(STARS, {3: VALID}, {3: VALID}), advantage="Alice")
    assert stars.winner == "Alice"
    assert "a tie goes to Alice (the Death Match Opponent, Config advantage)" in stars.reason


def test_rounding_up_can_make_a_tie():
    games = match(BLOCKS, {3: f"{VALID}; {BAD}"}, {3: VALID})
    standings = settle(games, advantage="Alice")
    assert [standings.players[p].points for p in PLAYERS] == [Fraction(1, 2), Fraction(1)]
    assert [standings.players[p].score for p in PLAYERS] == [1, 1]
    assert standings.winner == "Alice" and "tied at 1; a tie goes to Alice" in standings.reason


def test_a_tie_without_an_advantage_holder_names_no_winner():
    standings = settle(match(BLOCKS, {3: VALID}, {3: VALID}), advantage=None)
    assert standings.final and standings.winner is None
    assert standings.reason.endswith(
        "a tie goes to the Advantage, but Config advantage is blank: name Alice or Bob there."
    )


def test_strikes_carry_from_game_1_to_game_2():
    games = match(STARS, {4: BAD}, {3: BAD})
    assert games[0].strikes == {"Alice": 0, "Bob": 1} and games[0].points["Bob"] == 0
    [claim] = games[1].turns[2].claims
    assert games[1].turns[2].player == "Bob" and claim.points == -1
    assert claim.note == "strike 2 of 2: -1, strikes back to 0"
    assert games[1].strikes == {"Alice": 0, "Bob": 0} and games[1].points == {"Alice": 0, "Bob": -1}
    standings = settle(games, advantage="Alice")
    assert standings.players["Bob"].score == -1 and standings.winner == "Alice"
    assert standings.reason == (
        "After 2 games: Alice 0 points, Bob -1 point. Alice has the most points and wins the match."
    )


def test_a_loss_on_time_loses_whatever_the_score():
    game_1 = full_game(BLOCKS, {3: VALID})[:4]
    late = turns(BLOCKS, [("black blue triangle", "E5", "", 30)] * 4 + [("black blue triangle", "E5", "", 400)])[-1]
    games = replay_match(BLOCKS, PLAYERS, "Alice", [(STARTS, game_1 + [late]), (STARTS_2, [])])
    assert len(games) == 1 and games[0].lost
    standings = settle(games, advantage="Alice")
    assert standings.final and standings.winner == "Bob" and standings.players["Alice"].points == 1
    assert standings.players["Alice"].lost.startswith("Alice's reserve ran out")
    assert standings.reason.endswith("Alice loses the match on time. Bob wins the match whatever the score.")


def test_an_unfinished_match_has_no_winner():
    one = replay_match(BLOCKS, PLAYERS, "Alice", [(STARTS, full_game(BLOCKS)[:7])])
    assert settle(one, "Alice").reason == "The match is on: game 1 is waiting for Bob on turn 8."
    done = replay_match(BLOCKS, PLAYERS, "Alice", [(STARTS, full_game(BLOCKS))])
    pending = settle(done, "Alice")
    assert not pending.final and pending.winner is None
    assert pending.reason == "The match is on: game 2 is not played yet."
    stopped = replay(BLOCKS, PLAYERS, "Alice", STARTS, full_game(BLOCKS)[:2] + full_game(BLOCKS)[1:2])
    assert settle([stopped], "Alice").reason.startswith("The match is on: game 1 is stopped: Turn 2 (Bob) is refused")


def test_settings_are_checked():
    games = match(BLOCKS, {}, {})
    with pytest.raises(ValueError, match="Config advantage 'Carol' is not Alice or Bob; name one of them"):
        settle(games, "Carol")
    with pytest.raises(ValueError, match="no game to settle"):
        settle([], "Alice")


def test_strikes_scores_stay_unrounded():
    rules = WhenStarsAlign(Settings(scoring="strikes"))
    standings = settle(match(rules, {3: VALID}, {}), advantage="Bob")
    assert standings.players["Alice"].score == 1 and standings.winner == "Alice"
