"""Rewriting an .xlsx file part by part: replaced tabs are new, every other part is byte for byte the same."""

import datetime as dt
import zipfile

import openpyxl
import pytest
from openpyxl.drawing.image import Image as XlImage
from PIL import Image

from hostkit.core.styles import Styled
from hostkit.storage.xlsx_cells import StyleBook
from hostkit.storage.xlsx_parts import Package, PackageError

FORMULA_SHEET = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
    '<row r="1"><c r="A1"><f>1+2</f><v>3</v></c></row></sheetData></worksheet>'
)


def host_book(path, tmp_path):
    """A workbook with a hostkit tab and a host's own tab holding an image."""
    wb = openpyxl.Workbook()
    wb.active.title = "Results"
    wb.active.append(["old"])
    notes = wb.create_sheet("Notes")
    notes["A1"] = "my notes"
    Image.new("RGB", (20, 10), "red").save(tmp_path / "pic.png")
    notes.add_image(XlImage(str(tmp_path / "pic.png")), "B2")
    wb.save(path)


def parts(path):
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_every_part_but_the_replaced_tab_is_copied_byte_for_byte(tmp_path):
    path = tmp_path / "book.xlsx"
    host_book(path, tmp_path)
    before = parts(path)
    package = Package.read(path)
    package.replace({"Results": [["Player", "Score"], ["Ann", 3]]})
    package.save(tmp_path / "after.xlsx")
    after = parts(tmp_path / "after.xlsx")
    notes_part = "xl/worksheets/sheet2.xml"
    assert after[notes_part] == before[notes_part]
    assert after["xl/worksheets/_rels/sheet2.xml.rels"] == before["xl/worksheets/_rels/sheet2.xml.rels"]
    assert any(name.startswith("xl/media/") for name in after)
    wb = openpyxl.load_workbook(tmp_path / "after.xlsx")
    assert [list(r) for r in wb["Results"].iter_rows(values_only=True)] == [["Player", "Score"], ["Ann", 3]]
    assert len(wb["Notes"]._images) == 1


def test_a_formula_keeps_its_cached_value(tmp_path):
    path = tmp_path / "book.xlsx"
    package = Package.empty()
    package.replace({"Results": [["x"]], "Sums": [["placeholder"]]})
    entry = next(e for e in package.sheets() if e.name == "Sums")
    package._set(entry.part, FORMULA_SHEET)
    package.save(path)
    again = Package.read(path)
    again.replace({"Results": [["y"]]})
    again.save(path)
    assert openpyxl.load_workbook(path, data_only=True)["Sums"]["A1"].value == 3
    assert openpyxl.load_workbook(path)["Sums"]["A1"].value == "=1+2"


def test_values_keep_their_types_and_text_is_never_a_formula(tmp_path):
    path = tmp_path / "book.xlsx"
    package = Package.empty()
    moment = dt.datetime(2026, 11, 21, 20, 0, 5)
    package.replace(
        {
            "Tab": [
                ["Text", "Number", "When", "Flag"],
                ['=HYPERLINK("x")', 2.5, moment, True],
                [" spaced ", 7, dt.date(2026, 1, 2), False],
                ["a\x01b", None, "", None],
            ]
        }
    )
    package.save(path)
    ws = openpyxl.load_workbook(path)["Tab"]
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    assert rows[1] == ['=HYPERLINK("x")', 2.5, moment, True]
    assert ws["A2"].data_type == "s"
    assert rows[2][:3] == [" spaced ", 7, dt.datetime(2026, 1, 2)]
    assert rows[3][0] == "ab"


def test_header_is_bold_and_frozen_columns_fit_and_long_text_wraps(tmp_path):
    path = tmp_path / "book.xlsx"
    package = Package.empty()
    package.replace({"Tab": [["Player", "Reason", "Row"], ["Ann", "a reason that goes on " * 5, 2]]})
    package.save(path)
    ws = openpyxl.load_workbook(path)["Tab"]
    assert ws["A1"].font.b and not ws["A2"].font.b
    assert ws.freeze_panes == "A2"
    assert ws.column_dimensions["A"].width < ws.column_dimensions["B"].width
    assert ws["B2"].alignment.wrap_text


def test_styled_cells_are_drawn(tmp_path):
    path = tmp_path / "book.xlsx"
    package = Package.empty()
    package.replace({"Board": [["Row", "A"], [1, Styled("▲", fill="1F4E79", font="FFD700", centred=True)]]})
    package.save(path)
    cell = openpyxl.load_workbook(path)["Board"]["B2"]
    assert cell.value == "▲"
    assert cell.fill.fgColor.rgb == "FF1F4E79" and cell.font.color.rgb == "FFFFD700"
    assert cell.alignment.horizontal == "center"


def test_new_tabs_go_last_and_tabs_can_be_arranged(tmp_path):
    path = tmp_path / "book.xlsx"
    package = Package.empty()
    package.replace({"Config": [["Key"]], "Round 1 Results": [["x"]], "Leaderboard": [["y"]]})
    package.arrange(["Leaderboard", "Round 1 Results"])
    package.save(path)
    assert openpyxl.load_workbook(path).sheetnames == ["Leaderboard", "Round 1 Results", "Config"]


def test_styles_are_appended_to_a_prefixed_stylesheet():
    xml = (
        '<x:styleSheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        '<x:fonts count="1"><x:font/></x:fonts><x:fills count="2"><x:fill/><x:fill/></x:fills>'
        '<x:cellXfs count="1"><x:xf numFmtId="0"/></x:cellXfs></x:styleSheet>'
    )
    styles = StyleBook(xml)
    from hostkit.storage.xlsx_cells import Look

    assert styles.index(Look(bold=True)) == 1
    assert styles.index(Look(fill="FF0000", number_format="0.00")) == 2
    out = styles.serialise()
    assert '<x:cellXfs count="3">' in out and '<x:fonts count="2">' in out and '<x:numFmts count="1">' in out


def test_a_damaged_file_is_a_package_error(tmp_path):
    path = tmp_path / "bad.xlsx"
    path.write_bytes(b"not a zip")
    with pytest.raises(PackageError):
        Package.read(path)


def test_saving_again_reuses_the_formats_already_in_the_file(tmp_path):
    path = tmp_path / "book.xlsx"
    rows = [
        ["Player", "When", "Reason", "Row"],
        ["Ann", dt.datetime(2026, 1, 1, 20, 0), "long " * 30, 2],
        [Styled("●", fill="FF0000", font="FFFFFF", centred=True)],
    ]
    package = Package.empty()
    package.replace({"Tab": rows})
    package.save(path)
    styles = parts(path)["xl/styles.xml"]
    for _ in range(3):
        again = Package.read(path)
        again.replace({"Tab": rows, "Other": rows})
        again.save(path)
    assert parts(path)["xl/styles.xml"] == styles
    assert openpyxl.load_workbook(path)["Other"]["A3"].fill.fgColor.rgb == "FFFF0000"
