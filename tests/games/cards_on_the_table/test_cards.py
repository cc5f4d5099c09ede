import pytest

from hostkit.games.cards_on_the_table.cards import Board, BoardSet, Card, Colour, Heat, Shade, Side, parse_number
from hostkit.games.cards_on_the_table.cells import Cell

from .boards import VALID


@pytest.mark.parametrize("text, colour", [("Red", Colour.RED), ("blue", Colour.BLUE), (" Y ", Colour.YELLOW)])
def test_colour_parse(text, colour):
    assert Colour.parse(text) is colour
    assert Colour.parse(str(colour)) is colour


def test_colour_parse_names_the_choices():
    with pytest.raises(ValueError, match="'Green' is not one of Red, Blue, Yellow"):
        Colour.parse("Green")


def test_numbers_read_from_text_and_spreadsheet_floats():
    assert parse_number("2") == 2 and parse_number(3.0) == 3
    with pytest.raises(ValueError, match="use 1, 2 or 3"):
        parse_number(4)
    with pytest.raises(ValueError, match="use 1, 2 or 3"):
        parse_number("two")


def test_heat_round_trips_and_reads_by_side():
    heat = Heat.parse("bgwg")
    assert heat.format() == "BGWG"
    assert heat[Side.UP] is Shade.BLACK and heat[Side.DOWN] is Shade.WHITE and heat[Side.LEFT] is Shade.GREY


@pytest.mark.parametrize("text", ["BGW", "BGWGB", "BGWX", ""])
def test_heat_refuses_bad_text_and_says_how_to_write_it(text):
    with pytest.raises(ValueError, match="as in BGWG"):
        Heat.parse(text)


def test_card_round_trips_with_and_without_heat():
    assert Card.parse("3r") == Card(3, Colour.RED)
    card = Card.parse("3R/BGWG")
    assert card == Card(3, Colour.RED, Heat.parse("BGWG"))
    assert card.format() == "3R/BGWG" and Card.parse(card.format()) == card
    assert card.describe() == "a 3, Red, heat BGWG"
    assert card.has_face(3, Colour.RED) and not card.has_face(3, Colour.BLUE)


def test_card_refuses_bad_numbers():
    with pytest.raises(ValueError, match="1, 2 or 3"):
        Card(0, Colour.RED)
    with pytest.raises(ValueError, match="as in 3R"):
        Card.parse("3")


def test_board_and_set_round_trip():
    boards = BoardSet.parse(VALID)
    assert BoardSet.parse(boards.format()) == boards
    assert boards.card(1, Cell(1, 2)) == Card(3, Colour.YELLOW)
    assert boards.board(3)[Cell(5, 5)] == Card(2, Colour.YELLOW)
    assert Board.parse(boards.board(2).format()) == boards.board(2)


def test_board_shape_errors_name_the_shape():
    with pytest.raises(ValueError, match="5 lines of 5 cards, not 5 \\+ 4"):
        Board.parse("1R 1R 1R 1R 1R\n1R 1R 1R 1R")
    with pytest.raises(ValueError, match="3 boards separated by blank lines, not 1"):
        BoardSet.parse(VALID.strip().split("\n\n")[0])
    with pytest.raises(ValueError, match="rounds are 1, 2 and 3"):
        BoardSet.parse(VALID).board(4)


def test_records_round_trip_and_accept_spreadsheet_values():
    boards = BoardSet.parse(VALID)
    records = boards.records()
    assert records[0] == (1, 1, 1, 2, "Blue", "")
    assert BoardSet.from_records(records) == boards
    typed = [(float(r), str(row), col, f"{n}.0", colour.lower(), None) for r, row, col, n, colour, _ in records]
    assert BoardSet.from_records(typed) == boards


def test_records_report_every_bad_row_missing_cell_and_repeat():
    records = BoardSet.parse(VALID).records()
    bad = [records[0], records[0], (1, 1, 3, 4, "Red", ""), (1, 1, 4, 2, "Green", "")] + records[4:]
    with pytest.raises(ValueError) as error:
        BoardSet.from_records(bad)
    text = str(error.value)
    assert "record 2: round 1 R1C1 is given twice" in text
    assert "record 3: number 4 is not a card number" in text
    assert "record 4: colour 'Green'" in text
    assert "no card for round 1 R1C2, round 1 R1C3, round 1 R1C4" in text


def test_records_name_a_bad_round():
    with pytest.raises(ValueError, match="round 4 is not 1, 2 or 3"):
        BoardSet.from_records([(4, 1, 1, 1, "Red", "")])


def test_records_name_a_row_that_is_not_a_number():
    with pytest.raises(ValueError, match="record 1: row 'two' is not a whole number; use 1 to 5"):
        BoardSet.from_records([(1, "two", 1, 1, "Red", "")])
