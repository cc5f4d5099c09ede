import random
from fractions import Fraction

import pytest

from hostkit.games.open_pass.best import best, brute_force
from hostkit.games.open_pass.equation import (
    FACES,
    DivisionByZero,
    built_equation,
    evaluate,
    format_cards,
    format_number,
    parse_card,
    parse_cards,
)


def score(text, rule=DivisionByZero.ZERO):
    return evaluate(parse_cards(text), rule).score


def test_rule_sheet_examples():
    assert score("+ 3 1 x 9 x 2 - 2 x") == 52
    assert evaluate(parse_cards("+ 3 1 x 9 x 2 - 2 x")).normalised == "0 + 3 x 9 x 2 - 2"
    assert score("9 - 1 x 2") == 16


def test_strictly_left_to_right_not_by_precedence():
    assert score("2 + 3 x 4") == 20


def test_leading_symbol_gets_a_zero():
    assert score("- 5 + 1") == -4
    assert evaluate(parse_cards("- 5 + 1")).normalised == "0 - 5 + 1"
    assert score("x 5 + 1") == 1


def test_trailing_symbols_dropped():
    result = evaluate(parse_cards("7 + x"))
    assert result.score == 7
    assert result.normalised == "7"
    assert "the + at the right end is dropped" in result.steps


def test_runs_of_numbers_keep_the_leftmost():
    assert score("1 9 9 + 2 8") == 3
    assert any("card 2 (9) is ignored" in s for s in evaluate(parse_cards("1 9 9 + 2 8")).steps)


def test_runs_of_symbols_keep_the_leftmost():
    assert score("9 - x + 2") == 7
    assert score("9 x - 2") == 18


def test_lone_symbols_and_no_cards_score_zero():
    assert score("") == 0
    assert score("x") == 0
    assert score("+ -") == 0
    assert evaluate(()).normalised == "0"


def test_division_is_exact():
    assert score("7 ÷ 2") == Fraction(7, 2)
    assert format_number(score("7 ÷ 2")) == "7/2"
    assert format_number(score("1 - 7 ÷ 2")) == "-3"
    assert score("1 ÷ 3 x 3") == 1


def test_division_by_zero_scores_the_whole_equation_zero():
    result = evaluate(parse_cards("9 x 9 ÷ 0 + 5"))
    assert result.score == 0
    assert result.divided_by_zero
    assert "whole equation scores 0" in result.explain()


def test_division_by_zero_skip_setting():
    assert score("9 x 9 ÷ 0 + 5", DivisionByZero.SKIP) == 86


def test_symbol_run_decides_division_not_a_later_symbol():
    assert score("8 ÷ x 0") == 0
    assert score("8 x ÷ 0") == 0
    assert score("8 x ÷ 0", DivisionByZero.SKIP) == 0


def test_spellings_are_normalised():
    assert parse_cards("3 * 4 X 2 / 6") == ("3", "x", "4", "x", "2", "÷", "6")
    assert parse_card(7) == "7"
    assert parse_card(7.0) == "7"
    assert parse_cards("1,1, 2") == ("1", "1", "2")


@pytest.mark.parametrize("typed", ["7 8 x 1", "78x1", "7,8,x,1", "7; 8 *1", "7 8X1"])
def test_cards_typed_together_are_read_one_character_each(typed):
    assert parse_cards(typed) == ("7", "8", "x", "1")


@pytest.mark.parametrize("bad", ["12", "12+a", "a", "^", "3 4 %"])
def test_bad_cards_are_named(bad):
    with pytest.raises(ValueError, match="is not a card"):
        parse_cards(bad)


def test_parse_and_format_round_trip():
    cards = tuple(FACES)
    assert parse_cards(format_cards(cards)) == cards
    assert format_cards(parse_cards("+ 3 * 9 / 2")) == "+ 3 x 9 ÷ 2"


def test_opened_cards_go_to_the_left():
    assert built_equation(["x", "9", "-", "1", "9"]) == ("9", "1", "-", "9", "x")


def test_best_matches_the_rule_sheet_hand():
    dealt = parse_cards("x 2 - 2 x 9 x 1 3 +")
    found = best(dealt)
    assert found.score == 54
    assert found.evaluation.normalised == "3 x 9 x 2"


def test_best_agrees_with_brute_force_on_small_decks():
    draw = random.Random(5)
    for _ in range(250):
        dealt = [draw.choice(FACES) for _ in range(draw.randint(0, 11))]
        limit = draw.randint(1, 7)
        for rule in DivisionByZero:
            found = best(dealt, limit, rule)
            assert found.score == brute_force(dealt, limit, rule), (dealt, limit, rule)
            assert len(found.opened) <= limit
            assert evaluate(built_equation([dealt[i - 1] for i in found.opened]), rule).score == found.score


def test_best_respects_the_open_limit():
    dealt = ("9",) + ("x", "9") * 6
    assert best(dealt, max_open=3).score == 81
    assert best(dealt, max_open=10).score == 9**5
