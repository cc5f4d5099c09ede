"""A date-time at exactly midnight is a date-time, not a date: the fast reader gives a date for it, so the
reader looks at the cell's number format."""

import datetime as dt

import openpyxl

from hostkit.storage.xlsx import XlsxBook
from hostkit.storage.xlsx_cell_styles import shows_time

MIDNIGHT = dt.datetime(2026, 11, 21)


def test_a_midnight_date_time_reads_back_as_a_date_time(tmp_path):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"A": [["When", "Day"], [MIDNIGHT, dt.date(2026, 11, 21)]]})
    row = XlsxBook(path).read()["A"][1]
    assert row == [MIDNIGHT, dt.date(2026, 11, 21)]
    assert [type(v) for v in row] == [dt.datetime, dt.date]


def test_a_midnight_date_time_keeps_its_date_and_time_format_through_a_rewrite(tmp_path):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"A": [["When", "Day"], [MIDNIGHT, dt.date(2026, 11, 21)]]})
    book = XlsxBook(path)
    book.write({"A": book.read()["A"]})
    sheet = openpyxl.load_workbook(path)["A"]
    assert sheet["A2"].number_format == "yyyy-mm-dd hh:mm:ss"
    assert sheet["B2"].number_format == "yyyy-mm-dd"


def test_a_hosts_midnight_in_a_time_format_of_their_own_is_a_date_time(tmp_path):
    path = tmp_path / "b.xlsx"
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "A"
    sheet.append(["When", "Day"])
    sheet.append([MIDNIGHT, MIDNIGHT])
    sheet["A2"].number_format = 'd mmm yyyy "at" h:mm AM/PM'
    sheet["B2"].number_format = '[$-409]d "hours" mmm'
    workbook.save(path)
    assert XlsxBook(path).read()["A"][1] == [MIDNIGHT, MIDNIGHT.date()]


def test_which_formats_show_a_time():
    assert [shows_time(code) for code in ("yyyy-mm-dd hh:mm", "[h]:mm:ss", "mm:ss", "h AM/PM")] == [True] * 4
    assert [shows_time(code) for code in ("yyyy-mm-dd", 'd "sh" mmm', "[$-409]mmmm d", "dd\\s")] == [False] * 4
