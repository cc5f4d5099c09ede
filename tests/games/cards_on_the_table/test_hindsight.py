"""Cards on the Table hindsight against small independent computations."""

import random

import pytest

from hostkit.games.cards_on_the_table.cards import BoardSet, Colour
from hostkit.games.cards_on_the_table.cells import Cell
from hostkit.games.cards_on_the_table.guesses import BoardGuess
from hostkit.games.cards_on_the_table.heat import AGAINST_THE_MEAN, HIGHEST_LOWEST
from hostkit.games.cards_on_the_table.hindsight import hindsight
from hostkit.games.cards_on_the_table.scoring import Match, score_rounds
from tests.games.cards_on_the_table.boards import VALID

PLAYERS = ("Ann", "Bo", "Cy")


def brute_heat(numbers, row, column, rule) -> str:
    """Sum each side's three neighbours (wrapping round) and shade as the rule says."""

    def at(r, c):
        return numbers[(r % 5, c % 5)]

    sums = [
        sum(at(row - 1, column + d) for d in (-1, 0, 1)),
        sum(at(row + d, column + 1) for d in (-1, 0, 1)),
        sum(at(row + 1, column + d) for d in (-1, 0, 1)),
        sum(at(row + d, column - 1) for d in (-1, 0, 1)),
    ]
    if rule == "highest-lowest":
        if len(set(sums)) == 1:
            return "GGGG"
        return "".join("B" if s == max(sums) else "W" if s == min(sums) else "G" for s in sums)
    return "".join("B" if 4 * s > sum(sums) else "W" if 4 * s < sum(sums) else "G" for s in sums)


@pytest.mark.parametrize("rule", [HIGHEST_LOWEST, AGAINST_THE_MEAN])
def test_every_card_s_heat_and_every_guess_count_match_a_count_by_hand(rule):
    boards = BoardSet.parse(VALID)
    rand = random.Random(rule.name)
    guesses = tuple(
        BoardGuess(r, p, Cell.from_index(i), rand.choice([1, 2, 3]), rand.choice(list(Colour)))
        for r in (1, 2, 3)
        for p in PLAYERS[:2]
        for i in rand.sample(range(25), 6)
    )
    match = Match(boards, PLAYERS, board_guesses=guesses)
    explained = hindsight(match, score_rounds(match, 3), rule)
    for data, board in zip((r.data for r in explained.rounds), boards.boards):
        numbers = {(i // 5, i % 5): card.number for i, card in enumerate(board.cards)}
        for i in range(25):
            cell = Cell.from_index(i)
            assert data["cards"][cell.format()]["heat"] == brute_heat(numbers, i // 5, i % 5, rule.name)
        assert data["heat_rule"] == rule.name and len(data["shown_by"]) == 3
    for number, data in enumerate((r.data for r in explained.rounds), start=1):
        board = boards.board(number)
        for player in PLAYERS:
            mine = [g for g in guesses if g.round == number and g.player == player]
            assert data["guesses"][player]["numbers_right"] == sum(g.number == board[g.cell].number for g in mine)
            assert data["guesses"][player]["colours_right"] == sum(g.colour == board[g.cell].colour for g in mine)
        right = {g.cell.format() for g in guesses if g.round == number and board[g.cell].has_face(g.number, g.colour)}
        assert set(data["missed"]) == {Cell.from_index(i).format() for i in range(25)} - right
