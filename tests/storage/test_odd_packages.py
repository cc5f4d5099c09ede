"""Packages other programs write in ways hostkit itself never does: read, and written back whole."""

import re
import zipfile

import openpyxl
import pytest

from hostkit.storage.xlsx import XlsxBook


def _rezipped(path, change):
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    change(parts)
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def _book(path):
    wb = openpyxl.Workbook()
    wb.active.title = "Notes"
    wb.active.append(["a", "b", "c"])
    wb.create_sheet("Config").append(["Key", "Value"])
    wb["Config"].append(["seed", 7])
    wb.save(path)
    return path


def _in_utf16(parts, names):
    for name in names:
        text = re.sub(r"^<\?xml[^>]*\?>\s*", "", parts[name].decode("utf-8"))
        parts[name] = ('<?xml version="1.0" encoding="UTF-16" standalone="yes"?>' + text).encode("utf-16")


@pytest.mark.parametrize("which", ["workbook", "every part"])
def test_a_package_whose_xml_is_in_utf16_is_read_and_written(tmp_path, which):
    path = _book(tmp_path / "u.xlsx")
    _rezipped(
        path,
        lambda parts: _in_utf16(
            parts, ["xl/workbook.xml"] if which == "workbook" else [n for n in parts if n.endswith((".xml", ".rels"))]
        ),
    )
    book = XlsxBook(path)
    assert book.read()["Config"] == [["Key", "Value"], ["seed", 7]]
    book.write({"Config": [["Key", "Value"], ["seed", 8]], "New": [["h"], [1]]})
    wb = openpyxl.load_workbook(path)
    assert wb["Config"]["B2"].value == 8 and wb["Notes"]["C1"].value == "c" and wb["New"]["A2"].value == 1


def test_a_package_with_no_styles_keeps_every_style_its_tabs_use_resolvable(tmp_path):
    path = _book(tmp_path / "n.xlsx")

    def without_styles(parts):
        del parts["xl/styles.xml"]
        rels = "xl/_rels/workbook.xml.rels"
        parts[rels] = re.sub(rb'<Relationship [^>]*styles\.xml"\s*/>', b"", parts[rels])
        types = "[Content_Types].xml"
        parts[types] = re.sub(rb'<Override PartName="/xl/styles.xml"[^>]*/>', b"", parts[types])
        sheet = "xl/worksheets/sheet1.xml"
        for i, column in enumerate("ABC"):
            parts[sheet] = parts[sheet].replace(f'<c r="{column}1"'.encode(), f'<c r="{column}1" s="{9 + i}"'.encode())

    _rezipped(path, without_styles)
    assert b's="11"' in zipfile.ZipFile(path).read("xl/worksheets/sheet1.xml")
    XlsxBook(path).write({"Config": [["Key", "Value"], ["seed", 8]]})
    with zipfile.ZipFile(path) as archive:
        styles = archive.read("xl/styles.xml").decode()
        used = {
            int(i)
            for name in archive.namelist()
            if name.startswith("xl/worksheets/")
            for i in re.findall(rb' s="(\d+)"', archive.read(name))
        }
    formats = re.search(r"<cellXfs[^>]*>(.*?)</cellXfs>", styles, re.S).group(1)
    count = len(re.findall(r"<xf\b", formats))
    assert {9, 10, 11} <= used and max(used) < count
    assert f'<cellXfs count="{count}">' in styles
    assert openpyxl.load_workbook(path)["Notes"]["C1"].value == "c"


@pytest.mark.parametrize(
    "odd, said",
    [
        ("saved as Strict Open XML", "is saved as Strict Open XML Spreadsheet, which hostkit neither reads nor writes"),
        (
            "a part that unpacks to a GiB (a zip bomb)",
            "has a part (xl/worksheets/sheet1.xml) that unpacks to 1,024 MiB",
        ),
    ],
)
def test_a_package_hostkit_will_not_read_is_refused_in_one_sentence_by_a_read_and_a_save(tmp_path, odd, said):
    from hostkit.storage.book import StorageError
    from tests.odd_packages import ODD

    path = ODD[odd](_book(tmp_path / "odd.xlsx"))
    before = path.read_bytes()
    with pytest.raises(StorageError) as read:
        XlsxBook(path).read()["Config"]
    with pytest.raises(StorageError) as saved:
        XlsxBook(path).write({"Config": [["Key", "Value"], ["seed", 8]]})
    for error in (read.value, saved.value):
        assert str(error).startswith(f"{path} {said}") and str(error).count(". ") == 0 and "\n" not in str(error)
    assert path.read_bytes() == before


def test_a_part_is_refused_by_its_declared_size_before_anything_is_inflated(tmp_path, monkeypatch):
    from hostkit.storage.book import StorageError
    from tests.odd_packages import ODD

    path = ODD["a part that unpacks to a GiB (a zip bomb)"](_book(tmp_path / "odd.xlsx"))
    monkeypatch.setattr(zipfile.ZipFile, "open", lambda *a, **k: pytest.fail("a part was opened"))
    with pytest.raises(StorageError, match="1,024 MiB, more than the 200 MiB"):
        XlsxBook(path).read()


def test_a_strict_package_written_in_utf16_is_found_too(tmp_path):
    from hostkit.storage.book import StorageError
    from tests.odd_packages import ODD

    path = ODD["saved as Strict Open XML"](_book(tmp_path / "odd.xlsx"))
    _rezipped(path, lambda parts: _in_utf16(parts, ["xl/workbook.xml", "_rels/.rels"]))
    with pytest.raises(StorageError, match="Strict Open XML"):
        XlsxBook(path).read()
