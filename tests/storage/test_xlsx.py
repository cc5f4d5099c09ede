import datetime as dt
import os
import zipfile

import openpyxl
import pytest

from hostkit.storage.book import StorageError
from hostkit.storage.xlsx import XlsxBook


def make(path, tabs):
    XlsxBook(path).create(tabs)
    return XlsxBook(path)


def test_round_trip_of_values(tmp_path):
    moment = dt.datetime(2026, 11, 21, 20, 0, 5)
    book = make(tmp_path / "b.xlsx", {"A": [["h1", "h2"], [1, "x"], [moment, None, 2.5]]})
    assert book.read() == {"A": [["h1", "h2", None], [1, "x", None], [moment, None, 2.5]]}


def test_formula_text_stays_text(tmp_path):
    path = tmp_path / "b.xlsx"
    make(path, {"A": [["Answer"], ['=HYPERLINK("x")'], ["=1+1"]]})
    sheet = openpyxl.load_workbook(path)["A"]
    assert sheet["A2"].value == '=HYPERLINK("x")' and sheet["A2"].data_type == "s"
    assert sheet["A3"].data_type == "s"
    assert XlsxBook(path).read()["A"][1] == ['=HYPERLINK("x")']


def test_control_characters_are_dropped_not_fatal(tmp_path):
    book = make(tmp_path / "b.xlsx", {"A": [["Answer"], ["AB\x07C"]]})
    assert book.read()["A"][1] == ["ABC"]


def test_write_replaces_named_tabs_and_leaves_others(tmp_path):
    path = tmp_path / "b.xlsx"
    make(path, {"Mine": [["old"], ["row"], ["row"]], "Host notes": [["keep me"]]})
    wb = openpyxl.load_workbook(path)
    wb["Host notes"]["B2"] = "=SUM(1,2)"
    wb.save(path)
    XlsxBook(path).write({"Mine": [["new"]], "Added": [["a"]]})
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Mine", "Host notes", "Added"]
    assert [r for r in wb["Mine"].iter_rows(values_only=True)] == [("new",)]
    assert wb["Host notes"]["B2"].value == "=SUM(1,2)" and wb["Host notes"]["B2"].data_type == "f"


def test_create_refuses_to_overwrite(tmp_path):
    path = tmp_path / "b.xlsx"
    make(path, {"A": [["x"]]})
    with pytest.raises(StorageError, match="already exists; pick another name, or pass --force"):
        XlsxBook(path).create({"A": [["y"]]})
    XlsxBook(path).create({"A": [["y"]]}, force=True)
    assert XlsxBook(path).read() == {"A": [["y"]]}


def test_save_is_atomic_when_the_copy_cannot_be_made_durable(tmp_path, monkeypatch):
    path = tmp_path / "b.xlsx"
    make(path, {"A": [["before"]]})
    before = path.read_bytes()

    def failing(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", failing)
    with pytest.raises(StorageError, match=r"cannot be saved \(Input/output error\); nothing was changed"):
        XlsxBook(path).write({"A": [["after"]]})
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == [".b.xlsx.hostkit-lock", "b.xlsx"]  # no half-written copy


@pytest.mark.parametrize("lock", ["~$b.xlsx", ".~lock.b.xlsx#"])
def test_a_workbook_open_elsewhere_is_not_written(tmp_path, lock):
    path = tmp_path / "b.xlsx"
    make(path, {"A": [["x"]]})
    (tmp_path / lock).write_text("someone")
    with pytest.raises(StorageError, match=f"is open in another program \\(lock file {lock.replace('$', '.')}\\)"):
        XlsxBook(path).write({"A": [["y"]]})
    assert XlsxBook(path).read() == {"A": [["x"]]}


def test_missing_and_unreadable_files(tmp_path):
    with pytest.raises(StorageError, match="There is no workbook at"):
        XlsxBook(tmp_path / "none.xlsx").read()
    bad = tmp_path / "bad.xlsx"
    bad.write_text("not a zip")
    with pytest.raises(StorageError, match="is not a readable .xlsx workbook"):
        XlsxBook(bad).read()


def test_trailing_blank_rows_are_dropped(tmp_path):
    path = tmp_path / "b.xlsx"
    make(path, {"A": [["h"], ["x"]]})
    wb = openpyxl.load_workbook(path)
    wb["A"]["A40"].number_format = "0.00"
    wb["A"]["A41"] = ""
    wb.save(path)
    assert XlsxBook(path).read() == {"A": [["h"], ["x"]]}


def test_a_new_workbook_gets_the_permissions_of_any_new_file(tmp_path):
    old = os.umask(0o022)
    try:
        make(tmp_path / "new.xlsx", {"A": [["x"]]})
    finally:
        os.umask(old)
    assert (tmp_path / "new.xlsx").stat().st_mode & 0o777 == 0o644


def test_save_is_atomic_when_the_disk_fills_while_the_file_is_written(tmp_path, monkeypatch):
    import errno
    from pathlib import Path

    path = tmp_path / "b.xlsx"
    make(path, {"A": [["before"]]})
    before = path.read_bytes()

    def full(self, data):
        with open(self, "wb") as f:
            f.write(data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full)
    with pytest.raises(StorageError, match=r"nothing was changed"):
        XlsxBook(path).write({"A": [["after"]]})
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == [".b.xlsx.hostkit-lock", "b.xlsx"]


def test_writing_the_same_tabs_again_leaves_the_file_as_it_is(tmp_path):
    from freezegun import freeze_time

    path = tmp_path / "b.xlsx"
    with freeze_time("2026-11-20 10:00"):
        make(path, {"Host": [["mine"]], "Results": [["Name", "Score"], ["Ann", 3]]})
        XlsxBook(path).write({"Results": [["Name", "Score"], ["Ann", 4]]})
    before, when = path.read_bytes(), path.stat().st_mtime_ns
    with freeze_time("2026-11-21 12:30"):
        XlsxBook(path).write({"Results": [["Name", "Score"], ["Ann", 4]]})
    assert path.read_bytes() == before and path.stat().st_mtime_ns == when  # not replaced, not touched

    with freeze_time("2026-11-22 12:30"):
        XlsxBook(path).write({"Results": [["Name", "Score"], ["Ann", 5]]})
    assert path.read_bytes() != before
    with zipfile.ZipFile(path) as archive:
        times = {info.filename: info.date_time for info in archive.infolist()}
    assert times["xl/worksheets/sheet2.xml"] == (2026, 11, 22, 12, 30, 0)  # the changed tab: now
    assert times["xl/worksheets/sheet1.xml"] == (2026, 11, 20, 10, 0, 0)  # the host's: as it was


def test_tabs_are_the_bytes_read_even_when_the_file_is_saved_again_before_they_are_parsed(tmp_path):
    path, other = tmp_path / "b.xlsx", tmp_path / "other.xlsx"
    make(path, {"A": [["first"]]})
    make(other, {"A": [["second save"]]})
    book = XlsxBook(path)
    book._bytes()  # read, as every command reads the file first
    os.replace(other, path)
    assert book.read()["A"] == [["first"]]
    assert XlsxBook(path).read()["A"] == [["second save"]]


def test_tabs_are_the_bytes_read_even_when_the_file_is_written_over_before_they_are_parsed(tmp_path):
    path, other = tmp_path / "b.xlsx", tmp_path / "other.xlsx"
    make(path, {"A": [["first"]]})
    make(other, {"A": [["second save, written into the same file"]]})
    tabs = XlsxBook(path).read()  # the reader has opened the file; the tab is parsed when first looked up
    with path.open("r+b") as file:  # as a program that saves in place does
        file.write(other.read_bytes())
        file.truncate()
    assert tabs["A"] == [["first"]]
