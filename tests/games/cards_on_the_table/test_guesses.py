import pytest

from hostkit.games.cards_on_the_table.cards import Colour
from hostkit.games.cards_on_the_table.cells import CELLS, Cell
from hostkit.games.cards_on_the_table.guesses import (
    BoardGuess,
    GuessCount,
    HeatGuess,
    TopGuess,
    award_board_guesses,
    consolation_points,
    count_board_guesses,
    judge_heat_guesses,
    judge_top_guesses,
    top_scorers,
)

from .boards import GOOD

BOARD = GOOD.board(1)
PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


def test_numbers_and_colours_are_counted_apart_and_a_later_guess_replaces_an_earlier():
    r2c4 = Cell(2, 4)  # a 1 Yellow
    guesses = [
        BoardGuess(1, "Ann", r2c4, 1, Colour.RED),
        BoardGuess(1, "Ann", Cell(1, 2), None, Colour.YELLOW),  # a 3 Yellow
        BoardGuess(1, "Bo", r2c4, 2, None),
        BoardGuess(1, "Bo", r2c4, 1, Colour.YELLOW),
    ]
    assert count_board_guesses(BOARD, guesses) == {"Ann": GuessCount(1, 1), "Bo": GuessCount(1, 1)}


def test_threshold_three_examples_from_the_sheet():
    counts = {"Ann": GuessCount(6, 4), "Bo": GuessCount(4, 4), "Cy": GuessCount(3, 4), "Di": GuessCount(3, 4)}
    points = award_board_guesses(1, counts, PLAYERS, {})
    assert {p: v.points for p, v in points.items()} == {"Ann": 1, "Bo": 1, "Cy": 0, "Di": 0, "Ed": 0, "Flo": 0}
    assert points["Ann"].reason == (
        "Round 1 board guesses: you got 6 numbers and 4 colours right. Under Threshold 3 the point for numbers "
        "goes to 6, 4 right and the point for colours to none right: +1."
    )
    assert points["Cy"].reason.endswith(": no point.")


def test_nobody_who_got_none_right_wins_a_point():
    points = award_board_guesses(1, {"Ann": GuessCount(0, 2)}, PLAYERS, {})
    assert points["Ann"].points == 1 and all(points[p].points == 0 for p in PLAYERS[1:])
    assert award_board_guesses(1, {}, ("Ann", "Bo"), {})["Ann"].points == 0


def test_board_guesses_give_at_most_four_points_a_game():
    counts = {"Ann": GuessCount(5, 5)}
    assert award_board_guesses(2, counts, PLAYERS, {"Ann": 2})["Ann"].points == 2
    capped = award_board_guesses(3, counts, PLAYERS, {"Ann": 3})["Ann"]
    assert capped.points == 1
    assert (
        "you earn numbers and colours, but board guesses give at most 4 points a game and you had 3: +1."
        in capped.reason
    )
    assert award_board_guesses(3, counts, PLAYERS, {"Ann": 4})["Ann"].points == 0


def test_heat_guess_once_a_right_one_is_one_point():
    result = judge_heat_guesses(
        [HeatGuess(2, "Bo", True), HeatGuess(1, "Ann", False), HeatGuess(3, "Ann", True), HeatGuess(3, "Cy", None)]
    )
    assert result.points[("Bo", 2)].points == 1
    assert result.points[("Ann", 1)].points == 0 and ("Ann", 3) not in result.points
    assert result.problems == (
        "Ann's heat guess in round 3 is refused: the heat rule may be guessed only once, and the guess of round 1 "
        "stands.",
        "Cy's heat guess in round 3 is not judged yet: type yes or no in its Correct cell.",
    )


def test_top_guess_names_exactly_the_top_scorers():
    points = {"Ann": 5, "Bo": 5, "Cy": 2, "Di": 1}
    assert top_scorers(points) == ("Ann", "Bo")
    guesses = [
        TopGuess.parse(1, "Cy", "@bo and ann"),
        TopGuess.parse(1, "Di", "Ann"),
        TopGuess.parse(1, "Ann", "Ann, Bo"),
        TopGuess.parse(2, "Di", "Ann, Bo"),  # another round's guess
    ]
    result = judge_top_guesses(1, points, guesses)
    assert result.points["Cy"].points == 1
    assert result.points["Cy"].reason == "Your guess of round 1's top scorers (Ann, Bo) is correct: +1."
    assert result.points["Di"].points == 0 and result.points["Di"].reason.endswith("is not correct.")
    assert result.points["Ann"].points == 0 and result.points["Ann"].reason.endswith("(Ann, Bo) is correct.")
    assert result.host_notes == (
        "Ann's top-scorer guess for round 1 is correct but earns nothing: Ann is one of "
        "the top scorers (the sheet says not to tell them so).",
    )
    assert result.anyone_earned


@pytest.mark.parametrize("typed", ["Ann, Bo", "ann bo", "@Ann | @Bo", "Ann+Bo", "Bo & Ann"])
def test_top_guess_names_are_read_however_they_are_separated(typed):
    result = judge_top_guesses(1, {"Ann": 5, "Bo": 5, "Cy": 2}, [TopGuess.parse(1, "Cy", typed)])
    assert result.points["Cy"].reason == "Your guess of round 1's top scorers (Ann, Bo) is correct: +1."


def test_top_guess_last_one_counts_and_strangers_are_named():
    guesses = [TopGuess(1, "Cy", ("Ann",)), TopGuess(1, "Cy", ("Ann", "Zed"))]
    result = judge_top_guesses(1, {"Ann": 3, "Cy": 1}, guesses)
    assert (
        result.points["Cy"].reason
        == "Your guess of round 1's top scorers (Ann, Zed) is not correct; Zed is not playing."
    )
    assert not result.anyone_earned


def test_consolation_for_top_in_both_rounds_when_a_round_had_no_earner():
    earned = judge_top_guesses(1, {"Ann": 3, "Bo": 1}, [TopGuess(1, "Bo", ("Ann",))])
    nobody = judge_top_guesses(2, {"Ann": 3, "Bo": 1}, [])
    points = consolation_points(("Ann", "Bo"), ("Ann",), earned, nobody)
    assert list(points) == ["Ann"] and points["Ann"].points == 1
    assert points["Ann"].reason == (
        "Round 3: you had a top score in both rounds 1 and 2, and nobody earned a point by "
        "guessing the top scorers of round 2: +1."
    )
    assert consolation_points(("Ann",), ("Ann",), earned, earned) == {}


def test_guess_counts_cover_a_whole_board():
    perfect = [BoardGuess(1, "Ann", cell, BOARD[cell].number, BOARD[cell].colour) for cell in CELLS]
    assert count_board_guesses(BOARD, perfect) == {"Ann": GuessCount(25, 25)}
