"""Spreadsheet error cells (#DIV/0!, #N/A...) read as errors, never as blanks, from a file and from a Sheet."""

import zipfile

import openpyxl
import pytest

from hostkit.core.tables import ERRORS, CellError
from hostkit.storage.xlsx import XlsxBook

CODES = sorted(ERRORS)


def _with_errors(path):
    wb = openpyxl.Workbook()
    sheet = wb.active
    sheet.title = "Ledger"
    sheet.append(["Player", "Garnets"])
    for code in CODES:
        sheet.append(["Craw", code])
        sheet.cell(sheet.max_row, 2).data_type = "e"
    wb.save(path)
    return path


def test_an_error_cell_reads_as_its_error_not_as_a_blank(tmp_path):
    rows = XlsxBook(_with_errors(tmp_path / "e.xlsx")).read()["Ledger"]
    assert [r[1] for r in rows[1:]] == CODES
    assert all(type(r[1]) is CellError for r in rows[1:])


def test_a_formula_whose_value_is_an_error_reads_as_that_error(tmp_path):
    path = tmp_path / "f.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Ledger"
    wb.active.append(["Player", "Garnets"])
    wb.active.append(["Craw", "=1/0"])
    wb.save(path)
    with zipfile.ZipFile(path) as archive:  # as a spreadsheet program saves it: the error it calculated
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet] = parts[sheet].replace(
        b'<c r="B2"><f>1/0</f><v></v></c>', b'<c r="B2" t="e"><f>1/0</f><v>#DIV/0!</v></c>'
    )
    assert b"#DIV/0!" in parts[sheet]
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    book = XlsxBook(path)
    rows = [list(r) for r in book.read()["Ledger"]]
    assert rows[1] == ["Craw", "#DIV/0!"] and type(rows[1][1]) is CellError
    book.write({"Ledger": rows + [["Reds", 6]]})  # the tab rewritten: the host's formula stays
    assert openpyxl.load_workbook(path)["Ledger"]["B2"].value == "=1/0"


def test_an_error_cell_is_written_back_as_the_same_error(tmp_path):
    path = _with_errors(tmp_path / "e.xlsx")
    book = XlsxBook(path)
    book.write({"Ledger": [list(r) for r in book.read()["Ledger"]] + [["Reds", 6]]})
    sheet = openpyxl.load_workbook(path)["Ledger"]
    assert [(c.value, c.data_type) for c in sheet["B"][1:-1]] == [(code, "e") for code in CODES]
    assert XlsxBook(path).read()["Ledger"][1:-1] == [["Craw", code] for code in CODES]


@pytest.mark.parametrize(
    "kind, code", [("DIVIDE_BY_ZERO", "#DIV/0!"), ("N_A", "#N/A"), ("REF", "#REF!"), ("NULL_VALUE", "#NULL!")]
)
def test_a_sheets_error_value_reads_as_the_code_a_spreadsheet_shows(kind, code):
    from hostkit.storage.sheets import grid_rows

    sheet = {"data": [{"rowData": [{"values": [{"effectiveValue": {"errorValue": {"type": kind, "message": "x"}}}]}]}]}
    value = grid_rows(sheet)[0][0]
    assert value == code and type(value) is CellError
