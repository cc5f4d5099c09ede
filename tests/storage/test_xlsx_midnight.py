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


def test_a_midnight_date_time_reads_back_as_one_while_a_test_freezes_the_clock(tmp_path):
    """freezegun puts FakeDate and FakeDatetime in place of every module's `date` and `datetime` while the
    clock is frozen: the reader's checks of the cells' classes must still find the dates it reads."""
    from freezegun import freeze_time

    path = tmp_path / "b.xlsx"
    with freeze_time("2026-11-21 20:00:00"):
        now = dt.datetime.now()  # a FakeDatetime, as a library user's code under test makes them
        XlsxBook(path).create({"A": [["When", "Day", "Now"], [MIDNIGHT, dt.date(2026, 11, 21), now]]})
        row = XlsxBook(path).read()["A"][1]
        assert row == [MIDNIGHT, dt.date(2026, 11, 21), dt.datetime(2026, 11, 21, 20, 0)]
        assert [isinstance(v, dt.datetime) for v in row] == [True, False, True]
        book = XlsxBook(path)
        book.write({"A": book.read()["A"]})
    sheet = openpyxl.load_workbook(path)["A"]
    assert [sheet[c].number_format for c in ("A2", "B2", "C2")] == ["yyyy-mm-dd hh:mm:ss", "yyyy-mm-dd"] + [
        "yyyy-mm-dd hh:mm:ss"
    ]
    assert [sheet[c].value for c in ("A2", "C2")] == [MIDNIGHT, dt.datetime(2026, 11, 21, 20, 0)]
