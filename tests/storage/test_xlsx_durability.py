"""Saving: the workbook asks to be recalculated, links are written through, a host's save is never lost."""

import os
import zipfile

import pytest

from hostkit.storage.book import StorageError
from hostkit.storage.xlsx import XlsxBook
from hostkit.storage.xlsx_parts import Package


def workbook_xml(path) -> str:
    with zipfile.ZipFile(path) as archive:
        return archive.read("xl/workbook.xml").decode()


def test_every_save_asks_the_spreadsheet_program_to_recalculate(tmp_path):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"A": [["x"]]})
    assert 'fullCalcOnLoad="1"' in workbook_xml(path)
    XlsxBook(path).write({"B": [["y"]]})
    assert workbook_xml(path).count("fullCalcOnLoad") == 1


def test_a_symbolic_link_stays_a_link_and_both_names_share_one_lock(tmp_path):
    real, link = tmp_path / "real.xlsx", tmp_path / "link.xlsx"
    XlsxBook(real).create({"A": [["before"]]})
    link.symlink_to(real)
    XlsxBook(link).write({"A": [["after"]]})
    assert link.is_symlink() and XlsxBook(real).read()["A"] == [["after"]]
    first = XlsxBook(link, wait=0)
    first.lock()
    try:
        with pytest.raises(StorageError):
            XlsxBook(real, wait=0).lock()
    finally:
        first.release()


def test_a_hard_linked_workbook_is_refused_rather_than_split(tmp_path):
    real, other = tmp_path / "real.xlsx", tmp_path / "other.xlsx"
    XlsxBook(real).create({"A": [["before"]]})
    os.link(real, other)
    with pytest.raises(StorageError, match="has another name \\(a hard link\\)"):
        XlsxBook(other).write({"A": [["after"]]})
    assert XlsxBook(real).read()["A"] == [["before"]]


def test_a_host_save_during_the_write_is_kept(tmp_path, monkeypatch):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"A": [["before"]]})
    XlsxBook(tmp_path / "host.xlsx").create({"A": [["the host's save"]]})
    book = XlsxBook(path)
    book.read()
    real_save = Package.save

    def save_while_the_host_saves(self, target):
        real_save(self, target)
        os.replace(tmp_path / "host.xlsx", path)  # the host saved in a spreadsheet program meanwhile

    monkeypatch.setattr(Package, "save", save_while_the_host_saves)
    with pytest.raises(StorageError, match="changed while hostkit worked on it"):
        book.write({"A": [["hostkit's write"]]})
    assert XlsxBook(path).read()["A"] == [["the host's save"]]
