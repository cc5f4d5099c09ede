import random

import pytest

from hostkit.core.cards import FULL_DECK
from hostkit.games.paths_and_pahs.board import (
    TILES,
    Axis,
    Board,
    Direction,
    Line,
    Shift,
    Tile,
    board_problems,
    describe_net,
    format_board,
    generate_board,
    net_shifts,
    parse_board,
    path,
)
from hostkit.games.paths_and_pahs.cards import NAMES


def test_tiles_round_trip_and_read_loosely():
    assert [str(t) for t in TILES[:7]] == ["A1", "B1", "C1", "D1", "E1", "F1", "A2"]
    for tile in TILES:
        assert Tile.parse(str(tile)) == tile
    assert Tile.parse(" c4 ") == Tile(3, 2)


@pytest.mark.parametrize(
    "typed, message",
    [
        ("G1", "off the board"),
        ("A7", "off the board"),
        ("A0", "off the board"),
        ("4C", "not a tile"),
        ("", "not a tile"),
    ],
)
def test_bad_tiles(typed, message):
    with pytest.raises(ValueError, match=message):
        Tile.parse(typed)


def test_directions_and_steps():
    assert Direction.LEFT.opposite is Direction.RIGHT and Direction.UP.opposite is Direction.DOWN
    assert Tile.parse("C4").step(Direction.UP) == Tile.parse("C3")
    assert Tile.parse("A4").step(Direction.LEFT) is None
    assert path(Tile.parse("B2"), Direction.RIGHT, 3) == [Tile.parse(t) for t in ("B2", "C2", "D2", "E2")]
    assert path(Tile.parse("B2"), Direction.UP, 2) is None
    assert path(Tile.parse("B2"), None, 0) == [Tile.parse("B2")]


def test_lines_and_shifts_round_trip():
    for text in ("row 1", "row 6", "column A", "column F"):
        assert str(Line.parse(text)) == text
    assert Line.parse("Col d") == Line(Axis.COLUMN, 3)
    for text in ("row 3 left", "row 3 right", "column D up", "column D down"):
        assert str(Shift.parse(text)) == text
    with pytest.raises(ValueError, match="a row shifts left or right"):
        Shift.parse("row 3 up")
    with pytest.raises(ValueError, match="rows are numbered 1–6"):
        Shift.parse("row D left")
    with pytest.raises(ValueError, match="columns are lettered A–F"):
        Shift.parse("column 7 up")


def test_generated_board_has_every_card_once_and_nine_empty_tiles():
    board = generate_board(42)
    assert board == generate_board(42) and board != generate_board(43)
    assert sorted(c for c in board.cells if c is not None) == sorted(FULL_DECK)
    assert len(board.empty_tiles()) == 9
    assert parse_board(format_board(board)) == board
    assert board_problems(format_board(board)) == []


def test_a_typed_board_names_each_problem_with_its_cells():
    rows = format_board(generate_board(1))
    first_card = next(t for t in TILES if rows[t.row][t.column])
    second = next(t for t in TILES if rows[t.row][t.column] and t != first_card)
    gone = rows[second.row][second.column]
    rows[second.row][second.column] = rows[first_card.row][first_card.column]
    empty = next(t for t in TILES if not rows[t.row][t.column])
    rows[empty.row][empty.column] = "purple blob"
    problems = board_problems(rows)
    assert any(p.startswith(f"{empty}: card 'purple blob'") for p in problems)
    assert (
        f"{rows[first_card.row][first_card.column]} is on {first_card}, {second}; each card goes on the "
        "board once" in problems
    )
    assert any(p.startswith(f"missing {gone};") for p in problems)
    assert any(p.startswith("8 empty tiles") for p in problems)
    with pytest.raises(ValueError, match="the board cannot be used"):
        parse_board(rows)
    assert "6 rows" in board_problems([[None] * 6] * 5)[0]


def test_shifts_cancel_and_wrap():
    board = generate_board(7)
    row3, col_d = Line.parse("row 3"), Line.parse("column D")
    nets = net_shifts(Shift.parse(t) for t in ("row 3 left", "row 3 right", "row 3 left", "row 1 right", "row 1 left"))
    assert nets == {Line.parse("row 1"): 0, row3: -1}
    shifted = board.shifted(nets)
    assert [shifted[Tile(2, c)] for c in range(6)] == [board[Tile(2, (c + 1) % 6)] for c in range(6)]
    assert shifted[Tile.parse("F3")] == board[Tile.parse("A3")]  # A3 wrapped round to F3
    assert shifted.cells[:12] == board.cells[:12]
    down = board.shifted({col_d: 1})
    assert down[Tile.parse("D1")] == board[Tile.parse("D6")]  # the sheet's example
    assert board.shifted({col_d: 6}) == board == board.shifted({row3: -12})
    assert board.shifted({col_d: -7}) == board.shifted({col_d: -1})
    assert describe_net(row3, -1) == "row 3 moved 1 left" and describe_net(col_d, 6) == "column D did not move"


def test_shifting_only_moves_cards_property():
    rand = random.Random(5)
    board = generate_board(3)
    for _ in range(200):
        nets = {Line(rand.choice(list(Axis)), rand.randrange(6)): rand.randint(-8, 8)}
        once = board.shifted(nets)
        assert sorted(map(str, once.cells)) == sorted(map(str, board.cells))
        assert once.shifted({line: -net for line, net in nets.items()}) == board


def test_board_json_names_every_tile():
    board = Board((NAMES.parse("black red square"),) + (None,) * 35)
    as_json = board.as_json()
    assert list(as_json)[:2] == ["A1", "B1"] and len(as_json) == 36
    assert as_json["A1"] == "black red square" and as_json["F6"] is None
