"""The xlsx reader: every cell as its computed value, so a host's formula in a cell hostkit reads is read
as what it shows, not as its text."""

import datetime as dt
import re
import zipfile

import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_and_grab.helpers import OPENS, at, hap_and_grab_tabs, solutions

SOL = ["".join(s) for s in solutions()]


def with_formula(path, tab_index: int, ref: str, formula: str, cached: str) -> None:
    """Put a formula with its cached value in a cell, as a spreadsheet program saves it."""
    with zipfile.ZipFile(path) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    name = f"xl/worksheets/sheet{tab_index}.xml"
    xml = parts[name].decode()
    cell = re.search(rf'<c r="{ref}"[^>]*?(/>|>.*?</c>)', xml)
    style = re.search(r's="\d+"', cell.group(0)) if cell else None
    new = f'<c r="{ref}"{" " + style.group(0) if style else ""}><f>{formula}</f><v>{cached}</v></c>'
    xml = xml.replace(cell.group(0), new)
    parts[name] = xml.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for part, data in parts.items():
            target.writestr(part, data)


def test_formulas_in_cells_hostkit_reads_are_read_as_their_values(tmp_path):
    path = tmp_path / "game.xlsx"
    tabs = hap_and_grab_tabs([[at(10), "Craw", 1, SOL[0]]], config={"part1_minutes": 5})
    XlsxBook(path).create(tabs)
    names = list(XlsxBook(path).read())
    config_row = next(i for i, row in enumerate(tabs["Config"], start=1) if row[0] == "part1_minutes")
    opens = (OPENS - dt.datetime(1899, 12, 30)) / dt.timedelta(days=1)
    with_formula(path, names.index("Config") + 1, f"B{config_row}", "2*3", "6")
    with_formula(path, names.index("Rounds") + 1, "B2", "B3-1/24", repr(opens))
    read = XlsxBook(path).read()
    assert read["Config"][config_row - 1][1] == 6
    assert read["Rounds"][1][1] == OPENS
    result = CliRunner().invoke(main, ["score", "--book", str(path), "--round", "1"])
    assert result.exit_code == 0, result.output
    assert "Craw: 1 correct" in result.output


def test_text_xml_cannot_hold_is_replaced_and_the_workbook_still_opens(tmp_path):
    import openpyxl

    path = tmp_path / "odd.xlsx"
    odd = "Reds\ufffe said \uffff hi \udc80 \x01there"
    XlsxBook(path).create({"Notes": [["Reason"], [odd]]})
    assert XlsxBook(path).read()["Notes"][1] == ["Reds\ufffd said \ufffd hi \ufffd there"]
    assert openpyxl.load_workbook(path)["Notes"]["A2"].value == "Reds\ufffd said \ufffd hi \ufffd there"


def _typed_at(path, ref: str, tab_index: int = 1) -> None:
    """A value typed far out in a tab, as a slip of the keyboard leaves it."""
    with zipfile.ZipFile(path) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    name = f"xl/worksheets/sheet{tab_index}.xml"
    row = re.fullmatch(r"[A-Z]+(\d+)", ref).group(1)
    parts[name] = parts[name].replace(
        b"</sheetData>", f'<row r="{row}"><c r="{ref}"><v>1</v></c></row></sheetData>'.encode()
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for part, data in parts.items():
            target.writestr(part, data)


def test_a_value_at_the_last_cell_of_a_tab_is_one_sentence_not_a_crash(tmp_path):
    from hostkit.storage.book import StorageError

    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"Scores": [["Player"], ["Ann"]], "Notes": [["mine"]]})
    _typed_at(path, "XFD1048576")  # the reader would make all 17 billion cells of the span
    tabs = XlsxBook(path).read()
    assert tabs["Notes"] == [["mine"]]
    try:
        tabs["Scores"]
    except StorageError as error:
        assert "Tab 'Scores' of " in str(error) and "column XFD and row 1,048,576" in str(error)
    else:
        raise AssertionError("a tab spanning 17 billion cells was read")


@pytest.mark.parametrize("tag", ['<c t="n" r="XFD1048576">', '<c\tr="XFD1048576">', "<c r='XFD1048576'>"])
def test_a_value_at_the_last_cell_is_found_however_its_tag_is_written(tmp_path, tag):
    from hostkit.storage.book import StorageError

    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"Scores": [["Player"], ["Ann"]]})
    _typed_at(path, "XFD1048576")
    with zipfile.ZipFile(path) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet] = parts[sheet].replace(b'<c r="XFD1048576">', tag.encode())
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for part, data in parts.items():
            target.writestr(part, data)
    with pytest.raises(StorageError, match="column XFD and row 1,048,576"):
        XlsxBook(path).read()["Scores"]


def test_a_wide_tab_within_the_limit_is_read(tmp_path):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"Scores": [["Player"], ["Ann"]]})
    _typed_at(path, "AB3")  # past column Z: its cells are counted, 28 by 3
    assert XlsxBook(path).read()["Scores"][2] == [None] * 27 + [1]


def test_text_that_looks_like_a_far_cell_is_only_text(tmp_path):
    path = tmp_path / "b.xlsx"
    typed = ['<c r="XFD1048576">', 'r="XFD1048576"']
    XlsxBook(path).create({"Scores": [["Player", "Answer"], ["Ann", typed[0]], ["Bo", typed[1]]]})
    _typed_at(path, "AB3")  # a far cell to make the tab searched
    assert [row[1] for row in XlsxBook(path).read()["Scores"][1:]] == typed


def test_a_status_on_a_workbook_with_a_value_at_its_last_cell_is_refused_in_one_sentence(tmp_path):
    path = tmp_path / "game.xlsx"
    XlsxBook(path).create(hap_and_grab_tabs([]))
    _typed_at(path, "XFD1048576")  # in Config, the first tab
    result = CliRunner().invoke(main, ["status", "--book", str(path)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert result.stderr.count("\n") == 1 and "delete whatever is typed far beyond the table" in result.stderr
