"""Every tab hostkit writes is laid out for reading, the same way on both backends."""

import datetime as dt

import openpyxl
from hypothesis import given, settings
from hypothesis import strategies as st

from hostkit.core.styles import Styled
from hostkit.core.times import to_serial
from hostkit.storage.layout import MAX_WIDTH, look
from hostkit.storage.sheets import SheetsBook
from hostkit.storage.xlsx import XlsxBook
from tests.storage.conftest import KEY

REASON = "ABD is not an anti-hap: the backgrounds are all different (white, gray, black)"
MOMENT = dt.datetime(2026, 11, 21, 20, 1, 5)
ROWS = [
    ["Timestamp", "Player", "Verdict", "Reason", "Row"],
    [MOMENT, "Reds", "incorrect", REASON, 2],
    [MOMENT.replace(microsecond=250_000), "Craw", "correct", "ok", 3],
    [],
    ["A note that may spill over the blank cells to its right, however long it is, without wrapping"],
    ["Card", Styled("■", fill="FFFFFF", font="E03131", centred=True), Styled(3.5, bold=True, number_format="0.0")],
]


def public_first(names):
    return sorted(
        (n for n in names if n in ("Leaderboard", "Round 1 Results", "Round 2 Results")),
        key=lambda n: (n != "Leaderboard", n),
    )


def test_widths_fit_the_content_and_long_text_wraps():
    layout = look(ROWS)
    assert layout.frozen == 1
    assert layout.widths[0] == len("yyyy-mm-dd hh:mm:ss.000")
    assert layout.widths[1] == len("Player") and layout.widths[3] == MAX_WIDTH
    assert layout.wrapped == {(1, 3)}  # the note (a row's last cell) spills instead, and widens nothing
    assert look([]).frozen == 0


def test_xlsx_bold_frozen_header_widths_wraps_formats_and_drawn_cells(tmp_path):
    path = tmp_path / "b.xlsx"
    XlsxBook(path).create({"Host notes": [["mine"]]})
    XlsxBook(path).write(
        {"Round 2 Results": ROWS, "Leaderboard": [["Round", "Player"], [1, "Reds"]], "Round 1 Results": [["Player"]]},
        order=public_first,
    )
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Leaderboard", "Round 1 Results", "Round 2 Results", "Host notes"]
    ws = wb["Round 2 Results"]
    assert ws.freeze_panes == "A2"
    assert all(c.font.b for c in ws[1]) and not ws["B2"].font.b
    assert ws["A2"].value == MOMENT and ws["A2"].number_format == "yyyy-mm-dd hh:mm:ss"
    assert ws["A3"].number_format == "yyyy-mm-dd hh:mm:ss.000"
    assert ws["D2"].alignment.wrap_text and not ws["A5"].alignment.wrap_text
    assert ws.column_dimensions["D"].width == MAX_WIDTH + 2 and ws.column_dimensions["B"].width == 8
    assert ws["E2"].value == 2 and ws["E2"].data_type == "n"
    assert ws["B6"].fill.fgColor.rgb.endswith("FFFFFF") and ws["B6"].font.color.rgb.endswith("E03131")
    assert ws["C6"].value == 3.5 and ws["C6"].number_format == "0.0" and ws["C6"].font.b
    assert wb.active.title == "Leaderboard"


def test_sheets_formats_go_in_the_one_request_that_writes(fake):
    fake.add(KEY, {"Host notes": [["mine"]], "Leaderboard": [["old"]]})
    sheet = SheetsBook(KEY, fake.session())
    sheet.write({"Round 2 Results": ROWS, "Round 1 Results": [["Player"]]}, order=public_first)
    assert [c.kind for c in fake.calls] == ["spreadsheets.get", "spreadsheets.batchUpdate"]
    book = fake.books[KEY]
    assert [t.title for t in sorted(book.tabs, key=lambda t: t.index)] == [
        "Leaderboard",
        "Round 1 Results",
        "Round 2 Results",
        "Host notes",
    ]
    tab = book.tab("Round 2 Results")
    assert tab.frozen_rows == 1
    assert all(tab.formats[(0, c)]["textFormat"] == {"bold": True} for c in range(5))
    assert abs(tab.cells[(1, 0)] - to_serial(MOMENT)) < 1e-9
    assert tab.formats[(1, 0)]["numberFormat"] == {"type": "DATE_TIME", "pattern": "yyyy-mm-dd hh:mm:ss"}
    assert tab.formats[(1, 3)] == {"verticalAlignment": "TOP", "wrapStrategy": "WRAP"}
    assert (4, 0) not in tab.formats and (1, 1) not in tab.formats
    assert tab.cells[(1, 4)] == 2
    assert tab.formats[(5, 1)] == {
        "textFormat": {"foregroundColorStyle": {"rgbColor": {"red": 0.8784, "green": 0.1922, "blue": 0.1922}}},
        "backgroundColorStyle": {"rgbColor": {"red": 1.0, "green": 1.0, "blue": 1.0}},
        "horizontalAlignment": "CENTER",
        "verticalAlignment": "MIDDLE",
        "wrapStrategy": "WRAP",
    }
    assert tab.formats[(5, 2)]["numberFormat"] == {"type": "NUMBER", "pattern": "0.0"}
    assert tab.widths[3] == MAX_WIDTH * 7 + 14 and tab.widths[1] == 6 * 7 + 14


def test_rewriting_a_tab_clears_the_old_formats(fake):
    fake.add(KEY, {"Sheet1": []})
    sheet = SheetsBook(KEY, fake.session())
    sheet.write({"Results": ROWS})
    sheet.write({"Results": [["Only", "", "", "", ""]]})  # hostkit's five columns, one row
    tab = fake.books[KEY].tab("Results")
    assert {r for r, _ in tab.formats} == {0} and fake.rows(KEY, "Results") == [["Only"]]


def test_a_row_of_wrapped_text_gets_the_height_of_its_lines(tmp_path):
    import openpyxl

    from hostkit.storage.xlsx import XlsxBook

    path = tmp_path / "b.xlsx"
    XlsxBook(path).create(
        {"Results": [["Player", "Reason", "Row"], ["Ann", "a very long reason " * 10, 2], ["Bo", "ok", 3]]}
    )
    ws = openpyxl.load_workbook(path)["Results"]
    assert ws.row_dimensions[2].height == 60 and ws.row_dimensions[3].height is None
    assert ws["B2"].alignment.wrap_text


def _look_row_by_row(rows):
    """The layout's rules applied a cell at a time, as the rule reads: each cell measured alone, a body row's
    last filled cell left out, each column as wide as its widest (within MIN_WIDTH and MAX_WIDTH), and a body
    cell wider than its column wrapped, its row as tall as its tallest wrapped text."""
    from hostkit.core.styles import plain
    from hostkit.storage.layout import MIN_WIDTH, _length

    width = max((len(r) for r in rows), default=0)
    measured = []
    for number, row in enumerate(rows):
        lengths = [_length(v) for v in row] + [0] * (width - len(row))
        filled = [i for i, n in enumerate(lengths) if n]
        if number and filled:
            lengths[filled[-1]] = 0
        measured.append(lengths)
    widths = [min(MAX_WIDTH, max(MIN_WIDTH, max(column))) for column in zip(*measured)]
    wrapped = {(r, c) for r, lengths in enumerate(measured) for c, n in enumerate(lengths) if r and n > widths[c]}
    lines = {}
    for r, c in wrapped:
        text, room = str(plain(rows[r][c])), max(widths[c] - 1, 1)
        tall = sum(-(-len(line) // room) or 1 for line in text.split("\n"))
        if tall > lines.get(r, 1):
            lines[r] = tall
    return tuple(widths), frozenset(wrapped), lines


_CELLS = st.one_of(
    st.none(),
    st.text(alphabet=st.sampled_from("ab \n\t"), max_size=70),
    st.integers(min_value=-(10**60), max_value=10**60),
    st.floats(allow_nan=True),
    st.datetimes(min_value=dt.datetime(1900, 1, 1)),
    st.dates(),
    st.builds(Styled, st.text(max_size=60), bold=st.booleans(), centred=st.booleans()),
)


@settings(max_examples=300)
@given(st.lists(st.lists(_CELLS, max_size=5), max_size=8))
def test_a_tab_measured_a_column_at_a_time_is_laid_out_as_a_cell_at_a_time(rows):
    layout = look(rows)
    assert (layout.widths, layout.wrapped, layout.lines) == _look_row_by_row(rows)
