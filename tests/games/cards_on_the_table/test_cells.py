import pytest

from hostkit.games.cards_on_the_table.cells import CELLS, Cell, column_cells, format_cells, row_cells


@pytest.mark.parametrize("text", ["R2C4", "r2c4", " R2C4 ", "r2 c4"])
def test_parse_is_case_insensitive_and_round_trips(text):
    cell = Cell.parse(text)
    assert cell == Cell(2, 4)
    assert cell.format() == str(cell) == "R2C4"
    assert Cell.parse(cell.format()) == cell


@pytest.mark.parametrize("text", ["R0C1", "R6C1", "R1C6", "R2", "C4", "2,4", "", ">R2C4"])
def test_parse_refuses_what_is_not_a_cell_and_names_it(text):
    with pytest.raises(ValueError, match="R2C4"):
        Cell.parse(text)


def test_out_of_range_cell_names_the_range():
    with pytest.raises(ValueError, match="R6C1 is not a cell: rows and columns run 1 to 5"):
        Cell(6, 1)


def test_cells_in_reading_order_with_indexes():
    assert len(CELLS) == 25 and CELLS[0] == Cell(1, 1) and CELLS[5] == Cell(2, 1) and CELLS[-1] == Cell(5, 5)
    assert all(Cell.from_index(cell.index) == cell for cell in CELLS)
    assert sorted(CELLS) == list(CELLS)


def test_neighbours_are_orthogonal_and_do_not_wrap():
    assert Cell(1, 1).neighbours() == (Cell(1, 2), Cell(2, 1))
    assert Cell(3, 3).neighbours() == (Cell(2, 3), Cell(3, 4), Cell(4, 3), Cell(3, 2))


def test_wrapped_goes_round_the_edges():
    assert Cell(1, 1).wrapped(-1, -1) == Cell(5, 5)
    assert Cell(5, 5).wrapped(1, 1) == Cell(1, 1)
    assert Cell(3, 3).wrapped(1, -1) == Cell(4, 2)


def test_lines_and_formatting():
    assert format_cells(row_cells(2)) == "R2C1, R2C2, R2C3, R2C4, R2C5"
    assert format_cells(column_cells(4)[:2]) == "R1C4, R2C4"
