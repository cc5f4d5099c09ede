import itertools
import random

import pytest

from hostkit.core.cards import Card
from hostkit.games.hap_tac_toe import (
    LINES,
    SQUARES,
    Board,
    Direction,
    Square,
    format_square,
    is_on_one_line,
    line_through,
    line_triples,
    parse_square,
)


def sq(text):
    return parse_square(text)


def test_every_square_round_trips_through_its_name():
    assert len(SQUARES) == 25
    for square in SQUARES:
        assert parse_square(format_square(square)) == square
    assert [s.name for s in SQUARES[:6]] == ["A1", "B1", "C1", "D1", "E1", "A2"]


@pytest.mark.parametrize("typed", ["c3", " C3 ", "C 3", "c03"])
def test_squares_are_read_leniently(typed):
    assert parse_square(typed) == Square(2, 2)


@pytest.mark.parametrize(
    "typed, message",
    [
        ("F1", "F1 is off the board; columns run A–E and rows 1–5"),
        ("A6", "A6 is off the board"),
        ("A0", "A0 is off the board"),
        ("3C", "'3C' is not a square; write a column A–E and a row 1–5, like C3"),
        ("", "'' is not a square"),
        (None, "'' is not a square"),
        ("AB3", "'AB3' is not a square"),
    ],
)
def test_bad_squares_name_the_input_and_the_fix(typed, message):
    with pytest.raises(ValueError, match=message):
        parse_square(typed)


def test_square_indexes_must_be_on_the_board():
    with pytest.raises(ValueError, match="off the 5x5 board"):
        Square(5, 0)


def test_squares_sort_column_first():
    assert sorted([sq("B1"), sq("A2"), sq("A1")]) == [sq("A1"), sq("A2"), sq("B1")]


def test_twenty_lines_hold_140_claimable_triples():
    kinds = {d: [line for line in LINES if line.direction is d] for d in Direction}
    assert [len(kinds[d]) for d in Direction] == [5, 5, 5, 5]
    assert sorted(len(line.squares) for line in LINES if line.direction is Direction.DIAGONAL) == [3, 3, 4, 4, 5]
    assert len(list(line_triples())) == 5 * 10 * 2 + 2 * (10 + 4 + 4 + 1 + 1)


def test_line_names_follow_the_sheet():
    names = {line.name for line in LINES}
    assert {
        "row 2",
        "column B",
        "the diagonal A5–E1",
        "the diagonal A3–C1",
        "the diagonal A1–E5",
        "the diagonal A2–D5",
    } <= names
    assert line_through([sq("E1"), sq("A5"), sq("C3")]).name == "the diagonal A5–E1"


@pytest.mark.parametrize(
    "names, line",
    [
        ("A1 A2 A4", "column A"),
        ("B2 D2 E2", "row 2"),
        ("A1 C3 E5", "the diagonal A1–E5"),
        ("B2 D4 E5", "the diagonal A1–E5"),
        ("C1 B2 A3", "the diagonal A3–C1"),
        ("C3 E1 A5", "the diagonal A5–E1"),
        ("C1 D2 E3", "the diagonal C1–E3"),
    ],
)
def test_three_squares_on_one_line_need_not_be_adjacent_or_in_order(names, line):
    squares = [sq(n) for n in names.split()]
    assert is_on_one_line(squares) and line_through(squares).name == line


@pytest.mark.parametrize(
    "names",
    [
        "C4 D5 E1",  # A2–D5 wraps to E1 only on a torus
        "D5 E1 A2",
        "A1 B3 C5",  # a knight's line, not 45°
        "A1 B2 C2",
        "D1 E2 A3",  # C1–E3 continued around the edge
        "A1 A2",
        "A1 A1 A2",
    ],
)
def test_no_wrapping_and_no_other_slopes(names):
    assert not is_on_one_line([sq(n) for n in names.split()])


def test_collinear_triples_agree_with_geometry():
    def collinear(a, b, c):
        (dx1, dy1), (dx2, dy2) = (b.column - a.column, b.row - a.row), (c.column - a.column, c.row - a.row)
        return dx1 * dy2 == dx2 * dy1 and {abs(dx1), abs(dy1)} <= {0, abs(dx1) or abs(dy1)}

    expected = {frozenset(t) for t in itertools.combinations(SQUARES, 3) if collinear(*t)}
    assert expected == {frozenset(t) for t in line_triples()}


def test_the_board_refuses_a_taken_square_or_a_placed_block():
    board = Board.empty().place(sq("C3"), Card((0, 0, 0)), 1, "Alice")
    assert board.block_at(sq("C3")) == Card((0, 0, 0)) and board.square_of(Card((0, 0, 0))) == sq("C3")
    assert len(board) == 1 and len(board.empty_squares()) == 24 and not board.is_full()
    with pytest.raises(ValueError, match="C3 is already taken"):
        board.place(sq("C3"), Card((1, 1, 1)))
    with pytest.raises(ValueError, match="already on C3"):
        board.place(sq("D3"), Card((0, 0, 0)))


def test_a_board_of_25_blocks_is_full():
    rand = random.Random(5)
    deck = [Card(v) for v in itertools.product(range(3), repeat=3)]
    rand.shuffle(deck)
    board = Board.of(dict(zip(SQUARES, deck)))
    assert board.is_full() and board.empty_squares() == []
