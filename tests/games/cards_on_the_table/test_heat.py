import pytest

from hostkit.games.cards_on_the_table.cards import Board, Heat
from hostkit.games.cards_on_the_table.cells import CELLS, Cell
from hostkit.games.cards_on_the_table.heat import (
    AGAINST_THE_MEAN,
    ALL_SIDES_EQUAL_HEAT,
    DEFAULT_HEAT_RULE,
    HEAT_RULES,
    HIGHEST_LOWEST,
    heat_rule,
    side_sums,
)

# Numbers only matter for heat; colours are all Red here.
NUMBERS = """
3 1 1 2 2
2 1 3 3 1
3 2 2 1 1
3 2 1 1 3
2 1 3 2 3
"""


def board(numbers: str = NUMBERS) -> Board:
    return Board.parse("\n".join(" ".join(f"{n}R" for n in line.split()) for line in numbers.strip().splitlines()))


def test_side_sums_wrap_round_the_board():
    b = board()
    # R1C1: up R5C5 R5C1 R5C2 = 3+2+1; right R5C2 R1C2 R2C2 = 1+1+1; down R2C5 R2C1 R2C2 = 1+2+1; left R5C5 R1C5 R2C5 = 3+2+1
    assert side_sums(b.number, Cell(1, 1)) == (6, 3, 4, 6)
    # R3C3, inside: up R2C2 R2C3 R2C4 = 1+3+3; right R2C4 R3C4 R4C4 = 3+1+1; down R4C2 R4C3 R4C4 = 2+1+1; left R2C2 R3C2 R4C2
    assert side_sums(b.number, Cell(3, 3)) == (7, 5, 4, 5)


def test_default_is_highest_black_lowest_white_rest_grey():
    b = board()
    assert DEFAULT_HEAT_RULE is HIGHEST_LOWEST
    assert HIGHEST_LOWEST.heat(b, Cell(1, 1)) == Heat.parse("BWGB")
    assert HIGHEST_LOWEST.heat(b, Cell(3, 3)) == Heat.parse("BGWG")


def test_all_sides_equal_is_all_grey():
    flat = board("\n".join(["2 2 2 2 2"] * 5))
    assert ALL_SIDES_EQUAL_HEAT == Heat.parse("GGGG")
    assert all(HIGHEST_LOWEST.heat(flat, cell) == ALL_SIDES_EQUAL_HEAT for cell in CELLS)
    assert all(AGAINST_THE_MEAN.heat(flat, cell) == ALL_SIDES_EQUAL_HEAT for cell in CELLS)


def test_two_levels_only_give_black_and_white():
    assert HIGHEST_LOWEST.shade((5, 5, 6, 6)) == Heat.parse("WWBB")


def test_against_the_mean_strategy():
    assert AGAINST_THE_MEAN.shade((7, 5, 4, 5)) == Heat.parse("BWWW")
    assert AGAINST_THE_MEAN.shade((6, 4, 5, 5)) == Heat.parse("BWGG")


def test_apply_sets_every_heat_and_is_followed_by():
    heated = HIGHEST_LOWEST.apply(board())
    assert heated.has_heat() and not board().has_heat()
    assert heated[Cell(3, 3)].heat == Heat.parse("BGWG")
    assert HIGHEST_LOWEST.is_followed_by(heated)
    assert not AGAINST_THE_MEAN.is_followed_by(heated)


def test_rules_by_name():
    assert heat_rule(None) is DEFAULT_HEAT_RULE and heat_rule(" ") is DEFAULT_HEAT_RULE
    assert heat_rule("Against-The-Mean") is AGAINST_THE_MEAN
    assert set(HEAT_RULES) == {"highest-lowest", "against-the-mean"}
    with pytest.raises(ValueError, match="'hottest' is not known; use one of highest-lowest, against-the-mean"):
        heat_rule("hottest")
