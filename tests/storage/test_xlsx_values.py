"""Values at the edges of what a spreadsheet cell holds, written and read back by hostkit and by openpyxl."""

import datetime as dt
import zipfile

import openpyxl

from hostkit.storage.sheets_cells import cell_data
from hostkit.storage.xlsx import XlsxBook


def round_trip(tmp_path, *values):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"A": [["h"] * len(values), list(values)]})
    ours = XlsxBook(path).read()["A"][1]
    theirs = [cell.value for cell in openpyxl.load_workbook(path)["A"][2]]
    return ours, theirs


def test_a_carriage_return_is_kept(tmp_path):
    assert round_trip(tmp_path, "a\r\nb", "c\rd") == (["a\r\nb", "c\rd"], ["a\r\nb", "c\rd"])


def test_a_time_of_day_is_a_time_cell(tmp_path):
    clocks = [dt.time(0, 0), dt.time(20, 5, 13), dt.time(23, 59, 59, 999_900)]
    ours, theirs = round_trip(tmp_path, *clocks)
    assert ours == theirs == [dt.time(0, 0), dt.time(20, 5, 13), dt.time(23, 59, 59, 999_000)]
    sheet = openpyxl.load_workbook(tmp_path / "b.xlsx")["A"]
    assert [sheet["A2"].number_format, sheet["C2"].number_format] == ["hh:mm:ss", "hh:mm:ss.000"]


def test_a_negative_duration_reads_as_its_number_of_days(tmp_path):
    path = tmp_path / "d.xlsx"
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "A"
    sheet.append(["h", "h", "h"])
    sheet.append([-0.5, 0.25, 1.5])
    for cell in sheet[2]:
        cell.number_format = "[h]:mm:ss"
    book.save(path)
    assert XlsxBook(path).read()["A"][1] == [-0.5, dt.time(6), 1.5]


def test_moments_are_kept_to_the_millisecond(tmp_path):
    moments = [dt.datetime(2026, 11, 21, 20, 5, 13, 123_456), dt.datetime(2026, 11, 21, 23, 59, 59, 999_600)]
    expected = [dt.datetime(2026, 11, 21, 20, 5, 13, 123_000), dt.datetime(2026, 11, 22)]
    assert round_trip(tmp_path, *moments) == (expected, expected)


def test_january_and_february_1900_are_counted_as_spreadsheets_count_them(tmp_path):
    values = [dt.date(1900, 1, 1), dt.datetime(1900, 2, 28, 12), dt.date(1900, 3, 1)]
    ours, theirs = round_trip(tmp_path, *values)
    assert ours == values
    assert theirs == [dt.datetime(1900, 1, 1), dt.datetime(1900, 2, 28, 12), dt.datetime(1900, 3, 1)]


def test_a_moment_before_1900_is_written_as_text(tmp_path):
    ours, theirs = round_trip(tmp_path, dt.date(1899, 12, 31), dt.datetime(1066, 10, 14, 9, 30))
    assert ours == theirs == ["1899-12-31", "1066-10-14 09:30:00"]


def test_a_whole_number_too_big_for_a_cell_is_written_as_text(tmp_path):
    huge = 10**400
    ours, theirs = round_trip(tmp_path, huge, -huge, 10**20)
    assert ours[:2] == theirs[:2] == [str(huge), str(-huge)]
    assert ours[2] == theirs[2] == 10**20


def test_a_time_of_day_goes_to_google_as_a_time():
    data = cell_data(dt.time(18, 0))
    assert data["userEnteredValue"] == {"numberValue": 0.75}
    assert data["userEnteredFormat"]["numberFormat"] == {"type": "TIME", "pattern": "hh:mm:ss"}


def test_milliseconds_are_shown_only_when_there_are_some_once_rounded(tmp_path):
    path = tmp_path / "b.xlsx"
    moments = [dt.datetime(2026, 1, 1, 0, 0, 0, 1), dt.datetime(2026, 1, 1, 0, 0, 0, 500), dt.time(0, 0, 0, 499)]
    XlsxBook(path).create({"A": [["h"] * 4, [*moments, dt.time(23, 59, 59, 999_999)]]})
    sheet = openpyxl.load_workbook(path)["A"]
    assert [c.number_format for c in sheet[2]] == [
        "yyyy-mm-dd hh:mm:ss",
        "yyyy-mm-dd hh:mm:ss.000",
        "hh:mm:ss",
        "hh:mm:ss.000",
    ]
    assert sheet["D2"].value == dt.time(23, 59, 59, 999_000)


def test_text_of_control_characters_only_is_a_blank_cell(tmp_path):
    assert round_trip(tmp_path, "\x08", "a\x00") == ([None, "a"], [None, "a"])


def test_a_hosts_formula_showing_a_date_or_a_time_stays_a_formula(tmp_path):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"L": [["Player", "Day", "At"], ["Ann", dt.date(2026, 1, 1), dt.time(6)]]})
    workbook = openpyxl.load_workbook(path)
    workbook["L"]["B2"], workbook["L"]["C2"] = "=DATE(2026,1,1)", "=TIME(6,0,0)"
    workbook.save(path)
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    for formula, value in ((b"DATE(2026,1,1)", b"46023"), (b"TIME(6,0,0)", b"0.25")):  # as a program saves them
        parts[sheet] = parts[sheet].replace(
            b"<f>" + formula + b"</f><v></v>", b"<f>" + formula + b"</f><v>" + value + b"</v>"
        )
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    rows = XlsxBook(path).read()["L"]
    assert rows[1] == ["Ann", dt.date(2026, 1, 1), dt.time(6)]
    XlsxBook(path).write({"L": rows})
    sheet = openpyxl.load_workbook(path)["L"]
    assert (sheet["B2"].value, sheet["C2"].value) == ("=DATE(2026,1,1)", "=TIME(6,0,0)")
