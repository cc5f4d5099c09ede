"""A typed set that meets every board rule (written by hand from a generated one), and ways to break it."""

from hostkit.games.cards_on_the_table.cards import BoardSet, Card
from hostkit.games.cards_on_the_table.cells import Cell

VALID = """
2B 3Y 2B 2Y 1R
1B 1R 3B 1Y 2R
2Y 2B 3R 2B 1Y
3B 3R 1Y 2R 3Y
2R 1Y 3R 3Y 1B

3Y 2R 1B 2R 3Y
2B 3B 1Y 3R 2Y
2R 3Y 2B 2Y 1B
3R 2B 1R 3B 1Y
1Y 1R 3B 1R 2R

1B 2B 3R 3B 2Y
3Y 2R 1B 1R 3B
3R 1B 2Y 2R 3Y
1B 2R 3B 1Y 1R
2R 3Y 1Y 2B 2Y
"""


def with_cards(boards: BoardSet, changes: dict[tuple[int, str], str]) -> BoardSet:
    """The set with some cards replaced: {(round, 'R1C2'): '2B'}."""
    grids = [list(board.cards) for board in boards.boards]
    for (round_number, cell), token in changes.items():
        grids[round_number - 1][Cell.parse(cell).index] = Card.parse(token)
    return BoardSet.parse(
        "\n\n".join(
            "\n".join(" ".join(card.format() for card in grid[r * 5 : r * 5 + 5]) for r in range(5)) for grid in grids
        )
    )


def heated(boards: BoardSet) -> BoardSet:
    from hostkit.games.cards_on_the_table.heat import HIGHEST_LOWEST

    return BoardSet(tuple(HIGHEST_LOWEST.apply(board) for board in boards.boards))


GOOD = heated(BoardSet.parse(VALID))
