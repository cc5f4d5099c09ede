import pytest

from hostkit.core.settings import integer, whole_number


@pytest.mark.parametrize("cell, number", [(3, 3), (3.0, 3), ("3", 3), (" 3 ", 3), ("3.0", 3), (-2, -2)])
def test_whole_numbers_as_spreadsheets_give_them(cell, number):
    assert whole_number(cell) == number


@pytest.mark.parametrize("cell", [2.5, "2.5", "two", "", None, True])
def test_anything_else_is_not_a_whole_number(cell):
    with pytest.raises(ValueError, match="is not a whole number"):
        whole_number(cell)


def test_integer_settings_check_their_range():
    assert integer(1, 4)("4") == 4
    with pytest.raises(ValueError, match="is out of range; use a whole number from 1 to 4"):
        integer(1, 4)(5)


@pytest.mark.parametrize("code", ["#N/A", "#REF!", "#DIV/0!", "#VALUE!", "#NAME?", "#NUM!", "#NULL!"])
def test_a_spreadsheet_error_is_not_a_whole_number(code):
    from hostkit.core.settings import whole_number
    from hostkit.core.tables import CellError

    with pytest.raises(ValueError, match=r"^is a spreadsheet error \(.+\), not a whole number; fix its formula"):
        whole_number(CellError(code))
