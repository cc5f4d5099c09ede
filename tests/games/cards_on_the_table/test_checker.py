from collections import Counter

import pytest

from hostkit.games.cards_on_the_table import checker
from hostkit.games.cards_on_the_table.cards import BoardSet, Card, Colour
from hostkit.games.cards_on_the_table.cells import Cell
from hostkit.games.cards_on_the_table.checker import BOARD_RULES, check_set, is_valid_set
from hostkit.games.cards_on_the_table.heat import AGAINST_THE_MEAN, HIGHEST_LOWEST

from .boards import VALID, with_cards

GOOD = BoardSet.parse(VALID)


def broken(changes):
    return check_set(with_cards(GOOD, changes))


def found(problems, rule, round_number, *cells):
    """The problems under a rule in a round whose cells include the given ones."""
    wanted = {Cell.parse(c) for c in cells}
    return [p for p in problems if p.rule == rule and p.round == round_number and wanted <= set(p.cells)]


def test_the_typed_set_meets_every_rule():
    assert check_set(GOOD) == []
    assert is_valid_set(GOOD)


def test_thirteen_rules_in_the_sheets_words():
    assert len(BOARD_RULES) == 13
    assert (
        checker.NUMBER_GROUPS
        == "There will be no more than 2 orthogonally connected cells of the same number on a board."
    )


def test_location_sum():
    problems = broken({(3, "R1C1"): "3B"})  # 2 + 3 + 3
    [problem] = found(problems, checker.LOCATION_SUM, None, "R1C1")
    assert problem.detail == "R1C1 sums to 8 (2 + 3 + 3), not 5, 6 or 7"
    assert problem.message.startswith(f'Broken rule "{checker.LOCATION_SUM}" (all rounds, R1C1): ')


def test_as_many_fives_as_sevens():
    problems = broken({(3, "R1C1"): "2B"})  # R1C1 was 2 + 3 + 1 = 6, now 7
    [problem] = found(problems, checker.FIVES_AND_SEVENS, None, "R1C1")
    fives = sum(1 for c in problem.cells if sum(GOOD.card(r, c).number for r in (1, 2, 3)) == 5)
    assert problem.detail.startswith(f"{fives} locations sum to 5 (") and f"but {fives + 1} sum to 7" in problem.detail


def test_every_line_has_each_number():
    problems = broken({(1, "R1C5"): "2R"})
    [problem] = found(problems, checker.LINE_NUMBERS, 1, "R1C1", "R1C5")
    assert problem.detail == "row 1 has no 1 card"


def test_every_line_has_each_colour():
    problems = broken({(1, "R1C5"): "1B"})
    [problem] = found(problems, checker.LINE_COLOURS, 1, "R1C1", "R1C5")
    assert problem.detail == "row 1 has no Red card"


@pytest.mark.parametrize("rule", [checker.SAME_NUMBER_ADJACENT, checker.SAME_COLOUR_ADJACENT])
def test_adjacent_cards_are_never_the_same_number_and_colour(rule):
    problems = broken({(2, "R5C2"): "1Y"})  # R5C1 is 1Y
    [problem] = found(problems, rule, 2, "R5C1", "R5C2")
    assert problem.cells == (Cell(5, 1), Cell(5, 2))
    assert "R5C1 and R5C2 are both a 1 Yellow" in problem.detail


def test_eight_nine_eight_numbers():
    problems = broken({(2, "R1C1"): "2Y"})
    [problem] = found(problems, checker.NUMBER_COUNTS, 2)
    assert problem.detail == "the board has 8 1 cards, 10 2 cards and 7 3 cards"


def test_at_least_eight_of_each_colour():
    colours = Counter(card.colour for card in GOOD.board(1).cards)
    fewest = min(colours, key=colours.get)
    cell, card = next((cell, card) for cell, card in GOOD.board(1).items() if card.colour == fewest)
    other = next(c for c in Colour if c != fewest)
    problems = broken({(1, cell.format()): Card(card.number, other).format()})
    [problem] = found(problems, checker.COLOUR_COUNTS, 1)
    assert problem.detail == f"the board has only 7 {fewest} cards"


def test_colour_sum_on_a_board():
    problems = broken({(1, "R3C3"): "3B"})  # a Red 3 turns Blue
    details = {p.detail for p in found(problems, checker.COLOUR_SUM_BOARD, 1)}
    assert details == {"the Red cards sum to 14, not 16 or 17", "the Blue cards sum to 19, not 16 or 17"}


def test_colour_sum_across_the_set():
    # In round 1, swap the colours of a card of the colour summing to 16 and a card one higher of a colour
    # summing to 17: every board still sums 16 or 17 per colour, but the set no longer gives 50 each.
    board = GOOD.board(1)
    sums = {c: sum(card.number for card in board.cards if card.colour == c) for c in Colour}
    low = next(c for c in Colour if sums[c] == 16)
    high = next(c for c in Colour if sums[c] == 17)
    a_cell, a = next((cell, card) for cell, card in board.items() if card.colour == low and card.number < 3)
    b_cell, b = next(
        (cell, card) for cell, card in board.items() if card.colour == high and card.number == a.number + 1
    )
    problems = broken(
        {(1, a_cell.format()): f"{a.number}{high.letter}", (1, b_cell.format()): f"{b.number}{low.letter}"}
    )
    assert found(problems, checker.COLOUR_SUM_BOARD, 1) == []
    details = {p.detail for p in found(problems, checker.COLOUR_SUM_SET, None)}
    assert {d.split(" (")[0] for d in details} == {f"the {low} cards sum to 51", f"the {high} cards sum to 49"}


def test_no_card_as_it_was_in_the_previous_round():
    problems = broken({(2, "R1C1"): "2B"})  # round 1 R1C1 is 2B
    [problem] = found(problems, checker.PREVIOUS_ROUND, 2, "R1C1")
    assert problem.detail == "R1C1 is a 2 Blue, as it was in round 1"


def test_round_one_has_no_previous_round_and_round_three_looks_at_round_two_only():
    problems = broken({(3, "R2C1"): "1B", (2, "R2C1"): "2Y"})  # round 1 R2C1 is 1B; 1 + 2 + 1 = 4 breaks the sum only
    assert found(problems, checker.PREVIOUS_ROUND, 3) == []


def test_no_three_connected_cells_of_one_number_as_in_the_sheets_l_shape():
    problems = broken({(1, "R4C2"): "2B"})  # R3C2 2B above it and R3C1 2Y beside that: an L of 2s
    [problem] = found(problems, checker.NUMBER_GROUPS, 1, "R3C1", "R3C2", "R4C2")
    assert problem.detail.endswith("connected cells are all 2s")


def test_no_three_connected_cells_of_one_colour():
    problems = broken({(3, "R5C4"): "3Y"})  # R5C2 3Y, R5C3 1Y and R5C5 2Y join R5C4 in a row of Yellow
    [problem] = found(problems, checker.COLOUR_GROUPS, 3, "R5C3", "R5C4", "R5C5")
    assert problem.detail.endswith("connected cells are all Yellow")


def test_heat_is_checked_only_with_a_rule():
    heated = BoardSet(tuple(HIGHEST_LOWEST.apply(b) for b in GOOD.boards))
    assert check_set(heated, HIGHEST_LOWEST) == []
    unheated = check_set(GOOD, HIGHEST_LOWEST)
    assert len(unheated) == 75 and "R1C1 has no heat; the rule 'highest-lowest' gives" in unheated[0].detail
    assert {p.rule for p in check_set(heated, AGAINST_THE_MEAN)} == {checker.HEAT}


def test_every_broken_rule_is_reported_not_just_the_first():
    problems = broken({(1, "R1C5"): "2R", (2, "R1C1"): "2B", (3, "R5C5"): "1Y"})
    rules = {p.rule for p in problems}
    assert {checker.LINE_NUMBERS, checker.PREVIOUS_ROUND, checker.LOCATION_SUM, checker.NUMBER_COUNTS} <= rules
    assert [p.rule for p in problems] == sorted((p.rule for p in problems), key=list(BOARD_RULES).index)
