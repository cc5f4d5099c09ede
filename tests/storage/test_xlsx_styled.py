import datetime as dt
import subprocess
import sys

import openpyxl
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.styles.colors import Color

from hostkit.core.styles import Styled
from hostkit.storage.xlsx import XlsxBook
from hostkit.storage.xlsx_cell_styles import style_indexes


def styled_book(path):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Board"
    sheet.append(["Card", "Share", "When", "Plain", "Theme"])
    sheet.append(["A", 0.25, dt.datetime(2026, 11, 21, 20, 5), "x", "y"])
    sheet["A1"].font = Font(bold=True)
    sheet["A2"].fill = PatternFill("solid", fgColor="FF0000")
    sheet["A2"].font = Font(color="00AA00")
    sheet["A2"].alignment = Alignment(horizontal="center")
    sheet["B2"].number_format = "0%"  # a format known by its number alone (9)
    sheet["C2"].number_format = "yyyy-mm-dd hh:mm"
    sheet["E2"].font = Font(color=Color(theme=1))  # a theme colour: left to the program
    book.create_sheet("Private")["A1"] = "peek"
    book.save(path)
    return path


def test_a_tab_is_read_with_the_looks_of_its_cells(tmp_path):
    tabs = XlsxBook(styled_book(tmp_path / "b.xlsx")).read_styled(["board"])
    assert list(tabs) == ["Board"]  # named in any case; the other tab is not read
    header, row = tabs["Board"]
    assert header == [Styled("Card", bold=True), "Share", "When", "Plain", "Theme"]
    assert row == [
        Styled("A", fill="FF0000", font="00AA00", centred=True),
        Styled(0.25, number_format="0%"),
        Styled(dt.datetime(2026, 11, 21, 20, 5), number_format="yyyy-mm-dd hh:mm"),
        "x",
        "y",
    ]


def test_cells_without_their_reference_take_the_place_after_the_one_before():
    xml = (
        b'<worksheet><sheetData><row r="2"><c r="B2" s="3"><v>1</v></c><c s="4"><v>2</v></c></row>'
        b'<row><c s="5"><v>3</v></c><c r="D3" s="0"/></row></sheetData></worksheet>'
    )
    assert style_indexes(xml) == {(1, 1): 3, (1, 2): 4, (2, 0): 5}


def test_reading_looks_does_not_load_a_workbook_model(tmp_path):
    path = styled_book(tmp_path / "b.xlsx")
    code = (
        "import sys; from hostkit.storage.xlsx import XlsxBook; "
        f"XlsxBook({str(path)!r}).read_styled(['Board']); print('openpyxl' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"
