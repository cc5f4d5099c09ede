import datetime as dt
from decimal import Decimal
from fractions import Fraction

import pytest

from hostkit.games.hap_tac_toe import (
    HalfPoint,
    Scoring,
    Settings,
    Strikes,
    as_number,
    exact,
    format_points,
    parse_scoring,
)


def test_half_point_adds_one_and_takes_the_setting():
    policy = HalfPoint(Fraction(1, 2))
    assert policy.score(True, 0).points == 1
    assert policy.score(False, 0).points == Fraction(-1, 2) and policy.score(False, 0).note == "-0.5"


@pytest.mark.parametrize(
    "points, score",
    [(Fraction(5, 2), 3), (Fraction(-1, 2), 0), (Fraction(3), 3), (Fraction(-3, 2), -1), (Fraction(1, 4), 1)],
)
def test_half_point_final_scores_round_up(points, score):
    assert HalfPoint().final_score(points) == score


def test_strikes_every_nth_costs_a_point_and_resets():
    policy = Strikes(2)
    first = policy.score(False, 0)
    second = policy.score(False, first.strikes)
    assert (first.points, first.strikes) == (0, 1) and (second.points, second.strikes) == (-1, 0)
    assert policy.score(True, 1).strikes == 1
    assert Strikes(1).score(False, 0).points == -1
    assert Strikes().final_score(Fraction(-2)) == -2


def test_settings_pick_the_policy():
    assert Settings(scoring="half-point", invalid_claim_points=Decimal("0.25")).policy() == HalfPoint(Fraction(1, 4))
    assert Settings(scoring=Scoring.STRIKES, strikes_per_point=3).policy() == Strikes(3)
    with pytest.raises(ValueError, match="scoring is not set"):
        Settings().policy()


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"move_seconds": 0}, "move_seconds 0 must be above 0"),
        ({"reserve_seconds": -1}, "reserve_seconds -1 must be 0 or more"),
        ({"invalid_claim_points": -0.5}, "invalid_claim_points -1/2 is what a bad claim costs"),
        ({"invalid_claim_points": "half"}, "'half' is not a number; write it like 0.5"),
        ({"strikes_per_point": 0}, "strikes_per_point 0 must be 1 or more"),
        ({"scoring": "thirds"}, "scoring 'thirds' is not known; use half-point or strikes"),
    ],
)
def test_bad_settings_say_how_to_fix_them(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Settings(**kwargs)


def test_numbers_are_exact_inside_and_plain_outside():
    assert exact(0.1) == Fraction(1, 10) and exact("0.5") == Fraction(1, 2) and exact(Decimal("2.5")) == Fraction(5, 2)
    assert as_number(Fraction(3)) == 3 and isinstance(as_number(Fraction(3)), int)
    assert as_number(Fraction(-1, 2)) == -0.5
    assert as_number(dt.timedelta(seconds=285)) == 285 and as_number(dt.timedelta(milliseconds=1500)) == 1.5
    assert format_points(Fraction(5, 2)) == "2.5" and format_points(Fraction(-1)) == "-1"
    assert parse_scoring(" Half Point ") is Scoring.HALF_POINT and parse_scoring("STRIKES") is Scoring.STRIKES
    with pytest.raises(ValueError, match="True is not a number"):
        exact(True)
