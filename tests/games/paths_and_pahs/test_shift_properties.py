"""The row and column shifter agrees with a brute-force referee written from the rule sheet: every shift of a
round moves its line one space, wrapping round, one after another."""

from hypothesis import given, settings
from hypothesis import strategies as st

from hostkit.core.cards import FULL_DECK
from hostkit.games.paths_and_pahs.board import (
    SIZE,
    Axis,
    Board,
    Direction,
    Line,
    Shift,
    describe_net,
    net_shifts,
)

BOARDS = st.permutations([*FULL_DECK, *[None] * (SIZE * SIZE - len(FULL_DECK))]).map(lambda cells: Board(tuple(cells)))
WAYS = {Axis.ROW: (Direction.LEFT, Direction.RIGHT), Axis.COLUMN: (Direction.UP, Direction.DOWN)}


@st.composite
def rounds_shifts(draw):
    """A round's shifts: rows only, or columns only, up to one per player (9)."""
    axis = draw(st.sampled_from(Axis))
    lines = st.builds(Line, st.just(axis), st.integers(0, SIZE - 1))
    return draw(st.lists(st.builds(Shift, lines, st.sampled_from(WAYS[axis])), max_size=9))


def referee(cells, shifts):
    grid = [[cells[r * SIZE + c] for c in range(SIZE)] for r in range(SIZE)]
    for shift in shifts:
        i = shift.line.index
        if shift.direction is Direction.RIGHT:  # the last tile comes back first
            grid[i] = [grid[i][-1], *grid[i][:-1]]
        elif shift.direction is Direction.LEFT:
            grid[i] = [*grid[i][1:], grid[i][0]]
        else:
            column = [grid[r][i] for r in range(SIZE)]
            column = [column[-1], *column[:-1]] if shift.direction is Direction.DOWN else [*column[1:], column[0]]
            for r in range(SIZE):
                grid[r][i] = column[r]
    return tuple(card for row in grid for card in row)


@settings(max_examples=60)
@given(BOARDS, rounds_shifts())
def test_the_shifter_agrees_with_the_referee(board, shifts):
    nets = net_shifts(shifts)
    assert board.shifted(nets).cells == referee(board.cells, shifts)
    tiles = tuple(range(SIZE * SIZE))
    for line, net in nets.items():
        stayed = referee(tiles, [s for s in shifts if s.line == line]) == tiles
        assert stayed == describe_net(line, net).endswith("did not move")


@settings(max_examples=40)
@given(rounds_shifts())
def test_a_shift_reads_back_as_written(shifts):
    for shift in shifts:
        assert Shift.parse(str(shift)) == shift
        assert Shift.parse(str(shift).upper()) == shift
