"""The Open, Pass evaluator agrees with a brute-force referee written from the rule sheet and the rulings, and
cards read back as they were written."""

import itertools
import operator
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hostkit.games.open_pass.equation import (
    FACES,
    DivisionByZero,
    built_equation,
    evaluate,
    format_cards,
    is_symbol,
    parse_cards,
)

OPERATIONS = {"+": operator.add, "-": operator.sub, "x": operator.mul, "÷": operator.truediv}
EQUATIONS = st.lists(st.sampled_from(FACES), max_size=12)


def referee(cards, division_by_zero):
    """Of adjacent numbers, or adjacent symbols, only the leftmost is valid; a symbol at the right end is
    ignored, one at the left end gets a 0 before it; then left to right, exactly."""
    kept = [next(run) for _, run in itertools.groupby(cards, key=is_symbol)]
    if kept and is_symbol(kept[-1]):
        kept = kept[:-1]
    if kept and is_symbol(kept[0]):
        kept = ["0", *kept]
    if not kept:
        return Fraction(0)
    total = Fraction(int(kept[0]))
    for symbol, number in zip(kept[1::2], map(int, kept[2::2])):
        if symbol == "÷" and number == 0:
            if division_by_zero is DivisionByZero.ZERO:
                return Fraction(0)
            continue
        total = OPERATIONS[symbol](total, number)
    return total


def test_the_referee_scores_the_rule_sheets_examples():
    assert referee("+31x9x2-2x".replace("", " ").split(), DivisionByZero.ZERO) == 52
    assert referee("9-1x2".replace("", " ").split(), DivisionByZero.ZERO) == 16


@settings(max_examples=200)
@given(EQUATIONS, st.sampled_from(DivisionByZero))
def test_the_evaluator_agrees_with_the_referee(cards, division_by_zero):
    evaluation = evaluate(cards, division_by_zero)
    assert evaluation.score == referee(cards, division_by_zero)
    assert evaluation.cards == tuple(cards)
    assert evaluation.explain()


@settings(max_examples=100)
@given(EQUATIONS)
def test_cards_read_back_as_written(cards):
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards(",".join(cards)) == tuple(cards)
    if any(is_symbol(card) for card in cards):
        assert parse_cards("".join(cards)) == tuple(cards)
    elif len(cards) > 1:
        with pytest.raises(ValueError):
            parse_cards("".join(cards))


@given(st.lists(st.sampled_from(FACES), max_size=10))
@settings(max_examples=50)
def test_each_opened_card_goes_to_the_left(opened):
    equation = ()
    for card in opened:
        equation = (card, *equation)
    assert built_equation(opened) == equation
