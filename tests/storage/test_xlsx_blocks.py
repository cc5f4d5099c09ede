"""A tab's body is written a block of rows at a time, a column at a time, when its cells are common ones: the
XML and the styles asked for are the very ones the rows written one by one give."""

import datetime as dt
from unittest.mock import patch

from hypothesis import example, given, settings
from hypothesis import strategies as st

from hostkit.core.styles import Styled
from hostkit.storage import xlsx_cells
from hostkit.storage.layout import DATE_TIME, look
from hostkit.storage.xlsx_cell_styles import StyleBook
from hostkit.storage.xlsx_cells import escape

STYLES = (
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font/></fonts>'
    '<fills count="2"><fill/><fill/></fills><borders count="1"><border/></borders><cellXfs count="1"><xf/></cellXfs>'
    "</styleSheet>"
)
CLEAN = st.text(alphabet="abc", min_size=1, max_size=70)  # text as it is, the longer wrapped
ODD = st.sampled_from(["", " ", "<", " x", "y ", "a<b", "a&b", "a>b", "a\nb", "a\x01"])
MOMENTS = st.datetimes(min_value=dt.datetime(1899, 12, 1), max_value=dt.datetime(2100, 1, 1))
LEAP_DAY = st.datetimes(min_value=dt.datetime(1900, 2, 28), max_value=dt.datetime(1900, 3, 2))
KINDS = [
    CLEAN,
    CLEAN | ODD,
    st.text(alphabet="ab <>&\n\r\x01\ufffe", max_size=60),
    st.integers(min_value=-(10**60), max_value=10**60),
    st.integers() | st.sampled_from([2**1024, -(2**1024), True]),
    st.floats(allow_nan=True),
    st.integers() | st.floats(min_value=-1e300, max_value=1e300),
    (MOMENTS | LEAP_DAY).map(lambda m: m.replace(microsecond=m.microsecond // 1000 * 1000)),
    MOMENTS.map(lambda m: m.replace(microsecond=0)),
    MOMENTS | LEAP_DAY,
    st.dates(),
    st.builds(Styled, st.text(alphabet="ab", max_size=60), bold=st.booleans(), fill=st.sampled_from([None, "FF0000"])),
]


@st.composite
def tabs(draw):
    """Rows whose columns are each mostly of one kind, some cells blank and some rows short."""
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=1, max_size=4))
    rows = []
    for _ in range(draw(st.integers(0, 12))):
        row = [draw(st.none() | kind) if draw(st.integers(0, 5)) == 0 else draw(kind) for kind in kinds]
        rows.append(row[: draw(st.integers(0, len(row)))] if draw(st.integers(0, 7)) == 0 else row)
    return rows


def _written(rows):
    styles = StyleBook(STYLES)
    return list(xlsx_cells.sheet_xml(rows, styles)), styles.serialise()


LEAP_YEAR_1900 = [["h"], [dt.datetime(1900, 3, 1)], [dt.datetime(1900, 3, 2)], [dt.datetime(1900, 2, 28, 23)]]


@settings(max_examples=500)
@given(tabs(), st.integers(min_value=1, max_value=8), st.integers(min_value=1, max_value=3))
@example([["h"], ["y "], ["abc"]], 2, 1)  # a space to keep at the end of a text
@example([["h"], ["abc"], [" x"]], 2, 1)  # at the start
@example([["h", "h"], ["a", Styled("x", fill="FF0000")], ["long " * 11 + "text", "b"]], 2, 1)  # styles in order
@example(LEAP_YEAR_1900, 2, 1)  # a moment before 1 March 1900 is a day less
def test_rows_written_a_column_at_a_time_are_the_rows_written_one_by_one(rows, block, least):
    with patch.object(xlsx_cells, "BLOCK", block), patch.object(xlsx_cells, "LEAST", least):
        together = _written(rows)
    with patch.object(xlsx_cells._Cells, "block", lambda *_: None):
        one_by_one = _written(rows)
    assert together == one_by_one


def test_common_cells_whose_styles_are_asked_for_already_are_written_a_column_at_a_time():
    moment = dt.datetime(2026, 11, 21, 20, 0, 1)
    rows = [["When", "Reason", "Row"], *([moment, "a long reason," * 5, n] for n in range(3))]
    cells = xlsx_cells._Cells(StyleBook(STYLES), 3)
    columns = [column[1:] for column in zip(*rows)]
    wrapping = look(rows).wrapping
    assert cells.block(columns, 1, wrapping) is None  # neither the date-time's nor the wrapped text's style yet
    cells.attribute(False, DATE_TIME, False)
    cells.attribute(False, None, True)
    ats, written = cells.block(columns, 1, wrapping)
    assert ats == ["2", "3", "4"] and written[2][0] == '<c r="C2"><v>0</v></c>'
    assert written[0][1] == f'<c r="A3" s="1"><v>{xlsx_cells.serial(moment)!r}</v></c>'


def test_a_tab_of_common_cells_is_written_a_column_at_a_time_but_for_its_first_rows():
    moment = dt.datetime(2026, 11, 21, 20, 0, 1)
    rows = [["When", "Player", "Reason", "Row"]]
    rows += [[moment + dt.timedelta(milliseconds=n * 250), "Reds", "a long reason," * 5, n] for n in range(400)]
    written = []
    one_by_one = xlsx_cells._Tab.one_by_one

    def counted(tab, start, end):
        written.extend(range(start, end))
        return one_by_one(tab, start, end)

    with patch.object(xlsx_cells._Tab, "one_by_one", counted):
        _written(rows)
    # the header and the first rows (which ask for the styles), fewer than a block halved the last time
    assert written == list(range(len(written))) and len(written) < 1 + 2 * xlsx_cells.LEAST


@given(st.lists(st.text(alphabet=st.characters(max_codepoint=0x9F), min_size=1) | st.text(min_size=1), min_size=1))
@example(["ab\x7f"])
@example(["a\tb"])
@example(["ab\u00a0"])
@example(["a", "b&c"])
def test_texts_written_as_they_are_are_the_printable_ones_with_nothing_to_escape_nor_space_to_keep(texts):
    expected = all(t.isprintable() and escape(t) == t and t.strip(" ") == t for t in texts)
    assert xlsx_cells._as_they_are(texts) == expected


def test_a_column_of_zeros_and_blanks_holds_cell_numbers_and_one_of_a_huge_number_does_not():
    assert xlsx_cells._are_cell_numbers([0, None, 0], floats=False)
    assert not xlsx_cells._are_cell_numbers([0, None, 2**1024], floats=False)
    assert not xlsx_cells._are_cell_numbers([0.0, float("nan")], floats=True)
