"""The largest tab a host wrote is parsed ahead, in a thread of its own, while a command does other work: what
a look-up then reads, and what it reports, is what the same look-up reads and reports with no thread."""

import datetime as dt
import re
import threading
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hostkit.core.times import DAY, time_of_day
from hostkit.storage import xlsx_formulas, xlsx_read
from hostkit.storage.book import StorageError
from hostkit.storage.layout import Real
from hostkit.storage.xlsx import XlsxBook
from hostkit.storage.xlsx_formulas import Worksheet, has_formula, unread, values

ROWS = 4000
"""Rows of the big tab: over AHEAD once written."""


def _book(path, rows: int = ROWS):
    """A workbook whose Submissions tab the host wrote (its zip entries carry no hostkit mark)."""
    submissions = [["Timestamp", "Player", "Answer"]] + [
        [45000 + i / 1000, f"P{i % 7}", "KHD KED"] for i in range(rows)
    ]
    XlsxBook(path).create({"Config": [["key", "value"], ["rounds", 3]], "Submissions": submissions})
    _rewritten(path, {})
    return path


def _rewritten(path, changed: dict[str, bytes]) -> None:
    """The package written again with some parts changed, and no entry comments (as a host's program saves it)."""
    with zipfile.ZipFile(path) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    parts.update(changed)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in parts.items():
            target.writestr(name, data)


def _sheet_xml(path, index: int) -> bytes:
    with zipfile.ZipFile(path) as archive:
        return archive.read(f"xl/worksheets/sheet{index}.xml")


def _read(path, name: str, ahead: bool, monkeypatch) -> object:
    """A tab as a look-up reads it, with or without the thread; what it raises, as its sentence."""
    with monkeypatch.context() as patched:
        if not ahead:
            patched.setattr(xlsx_read, "AHEAD", 1 << 40)
        tabs = XlsxBook(path).read()
        assert (tabs._ahead is not None) == ahead
        try:
            return tabs[name]
        except StorageError as error:
            return str(error)


def test_the_tab_parsed_ahead_reads_as_it_reads_with_no_thread(tmp_path, monkeypatch):
    path = _book(tmp_path / "b.xlsx")
    tabs = XlsxBook(path).read()
    assert tabs._ahead is not None and tabs._ahead.name == "Submissions"
    parsed_now = []
    parsed = xlsx_read.Tabs._parsed
    monkeypatch.setattr(xlsx_read.Tabs, "_parsed", lambda self, name: parsed_now.append(name) or parsed(self, name))
    rows = tabs["Submissions"]
    assert parsed_now == []
    monkeypatch.undo()
    assert len(rows) == ROWS + 1 and rows[1] == [45000, "P0", "KHD KED"]
    assert rows == _read(path, "Submissions", False, monkeypatch)
    assert tabs["Config"] == [["key", "value"], ["rounds", 3]]


def test_a_small_workbook_starts_no_thread(tmp_path):
    path = _book(tmp_path / "b.xlsx", rows=20)
    before = threading.active_count()
    tabs = XlsxBook(path).read()
    assert tabs._ahead is None and threading.active_count() == before
    assert len(tabs["Submissions"]) == 21


def test_a_tab_hostkit_wrote_is_not_parsed_ahead(tmp_path):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"Results": [["Player", "Score"]] + [[f"P{i}", i] for i in range(ROWS)]})
    assert XlsxBook(path).read()._ahead is None


def test_a_damaged_tab_is_the_same_sentence_with_the_thread(tmp_path, monkeypatch):
    path = _book(tmp_path / "b.xlsx")
    xml = _sheet_xml(path, 2)
    _rewritten(path, {"xl/worksheets/sheet2.xml": xml.replace(b"</sheetData>", b"<row r='9999'><c r='A9999'>")})
    said = _read(path, "Submissions", True, monkeypatch)
    assert said == _read(path, "Submissions", False, monkeypatch)
    assert "is damaged" in said


def test_a_tab_spanning_too_many_cells_is_refused_as_with_no_thread(tmp_path, monkeypatch):
    path = _book(tmp_path / "b.xlsx")
    far = b'<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>'
    _rewritten(path, {"xl/worksheets/sheet2.xml": _sheet_xml(path, 2).replace(b"</sheetData>", far)})
    tabs = XlsxBook(path).read()
    assert tabs._ahead is None  # refused before any thread, which would have made every cell
    with pytest.raises(StorageError, match="column XFD and row 1,048,576"):
        tabs["Submissions"]


def test_a_parse_that_fails_in_the_thread_is_done_again_on_look_up(tmp_path, monkeypatch):
    path = _book(tmp_path / "b.xlsx")
    expected = _read(path, "Submissions", False, monkeypatch)

    class Failing:
        def get_sheet_by_name(self, name):
            raise ValueError(name)

    opened = xlsx_read._opened
    readers = []

    def failing_second(path, data, seen):  # the first reader is the workbook's, the second the thread's
        book, seen = opened(path, data, seen)
        readers.append(book)
        return (book if len(readers) == 1 else Failing()), seen

    with monkeypatch.context() as patched:
        patched.setattr(xlsx_read, "_opened", failing_second)
        tabs = XlsxBook(path).read()
    assert len(readers) == 2
    assert tabs._ahead is not None
    assert tabs["Submissions"] == expected


def test_a_file_written_over_after_it_was_read_reads_as_it_was_read(tmp_path):
    path = _book(tmp_path / "b.xlsx")
    book = XlsxBook(path)
    tabs = book.read()
    assert tabs._ahead is not None
    tabs._ahead._thread.join()
    _rewritten(path, {"xl/worksheets/sheet2.xml": _sheet_xml(path, 2).replace(b"KHD KED", b"AKC")})
    rows = tabs["Submissions"]
    assert rows[1] == [45000, "P0", "KHD KED"] and len(rows) == ROWS + 1


def test_a_tab_never_looked_up_is_dropped(tmp_path):
    path = _book(tmp_path / "b.xlsx")
    tabs = XlsxBook(path).read()
    assert tabs["Config"][1] == ["rounds", 3]
    tabs._ahead._thread.join()
    assert tabs.again()["Submissions"] == tabs["Submissions"]


_FAR = re.compile(rb"""<(?:\w+:)?c\s[^>]*?\br\s*=\s*["'](?:[A-Z]{2,3}\d+|[A-Z]\d{6,})["']""")
_CELL = st.tuples(
    st.sampled_from(["<c", "<x:c", "c"]),
    st.sampled_from([" ", "\t", ""]),
    st.sampled_from(["", 's="1" ', "x='AB1' "]),
    st.sampled_from(["r", "xr"]),
    st.sampled_from(["=", " = "]),
    st.sampled_from(['"', "'"]),
    st.sampled_from(["A", "AB", "XFD", "XFDA", "Ab", ""]),
    st.sampled_from(["100000", "1", "99999", "1048576", "1x", ""]),
    st.sampled_from(['"', "'"]),
    st.sampled_from([">", "/>"]),
).map("".join)
"""A cell's tag, as any program might write it, or a near miss."""
_OTHER = st.sampled_from(["<f>", "<x:f>", "<f/>", 't="e"', "t='e'", "e", '"e"', "<v>1</v>", "</c>", "<x:worksheet>"])
"""A formula, an error, a value, and other pieces of a worksheet part."""


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.one_of(_CELL, _OTHER), max_size=12))
def test_a_part_with_no_far_lead_has_no_far_cell_and_one_with_no_unread_lead_no_unread_cell(pieces):
    xml = "".join(pieces).encode()
    part = Worksheet.of(xml)
    if not part.far:
        assert not _FAR.search(xml) and not xlsx_formulas._FAR_PLAIN.search(xml)
    if not part.unread:
        assert not has_formula(xml) and b'"e"' not in xml and b"'e'" not in xml
        assert list(unread(xml)) == []


def _read_cell_by_cell(grid):
    """The reader's cells as hostkit read them one at a time, before columns were read whole."""
    rows = [[_cell(v) if type(v) in (float, dt.timedelta) else None if v == "" else v for v in row] for row in grid]
    return rows, Real.date in {type(v) for row in rows for v in row}


def _cell(value):
    if type(value) is float and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if type(value) is dt.timedelta:
        return time_of_day(value) if value < DAY else value.total_seconds() / 86400
    return value


_READER_CELL = st.one_of(
    st.floats(),
    st.sampled_from([1.0, -0.0, 2.0**53, -(2.0**53), 2.0**53 - 1, 0.5]),
    st.integers(),
    st.booleans(),
    st.sampled_from(["", "Round", "0"]),
    st.text(max_size=3),
    st.datetimes(),
    st.dates(),
    st.times(),
    st.timedeltas(min_value=dt.timedelta(0)),
)
"""What the reader gives for a cell."""


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 4).flatmap(lambda width: st.lists(st.lists(_READER_CELL, min_size=width, max_size=width))))
def test_a_tab_read_a_column_at_a_time_reads_as_it_reads_cell_by_cell(grid):
    _same_cells(values(grid), _read_cell_by_cell(grid))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(_READER_CELL, max_size=4)))
def test_rows_of_different_widths_read_as_they_read_cell_by_cell(grid):
    _same_cells(values(grid), _read_cell_by_cell(grid))


def _same_cells(read, expected):
    assert read[1] == expected[1] and len(read[0]) == len(expected[0])
    for row, expected_row in zip(read[0], expected[0]):
        assert type(row) is list and len(row) == len(expected_row)
        assert all(type(a) is type(b) and (a is b or a == b) for a, b in zip(row, expected_row))
