import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hostkit.core.styles import Styled
from hostkit.core.tables import HANDLED, BookError, Table, column_letter, is_blank_row


def test_a_column_named_twice_is_refused_with_both_places():
    table = Table(
        "Submissions", [["Timestamp", "Player", "Round", "Answer", " player "], ["t", "Reds", 1, "ABC", "Craw"]]
    )
    with pytest.raises(
        BookError,
        match=r"^Tab 'Submissions' has 2 columns named 'Player' \(columns B and E\), so it "
        r"is not clear which one to read; rename or delete all but one",
    ):
        list(table.records("Timestamp", "Player"))


def test_a_repeated_column_that_is_not_read_does_no_harm():
    table = Table("Submissions", [["Player", "Notes", "Notes"], ["Reds", "a", "b"]])
    assert [r["Player"] for r in table.records("Player")] == ["Reds"]


@pytest.mark.parametrize(
    "index, letters", [(0, "A"), (25, "Z"), (26, "AA"), (51, "AZ"), (52, "BA"), (701, "ZZ"), (702, "AAA")]
)
def test_column_letters(index, letters):
    assert column_letter(index) == letters


def test_two_tabs_whose_names_differ_only_in_case_are_refused_naming_both():
    import pytest

    from hostkit.core.tables import BookError, Tables

    with pytest.raises(BookError, match="two tabs named 'Submissions' and 'SUBMISSIONS', which differ only in case"):
        Tables({"Submissions": [["Timestamp"]], "SUBMISSIONS": []})


def test_records_read_full_rows_short_rows_and_a_missing_optional_column_alike():
    table = Table(
        "Submissions",
        [
            ["Timestamp", "Player", "Notes", "Answer"],
            ["t1", "Reds", "a note", "ABC"],
            ["t2", "Craw"],  # the cells after the last filled one are not there at all
            [None, None, None, None],
            ["t3", "Reds", None, "DEF", "beyond the header"],
        ],
    )
    read = [(r.row, dict(r.cells)) for r in table.records("Answer", "Player", optional=("Round", "Timestamp"))]
    assert read == [
        (2, {"Answer": "ABC", "Player": "Reds", "Round": None, "Timestamp": "t1"}),
        (3, {"Answer": None, "Player": "Craw", "Round": None, "Timestamp": "t2"}),
        (5, {"Answer": "DEF", "Player": "Reds", "Round": None, "Timestamp": "t3"}),
    ]
    both = [dict(r.cells) for r in table.records("Answer", "Timestamp")]
    assert both == [
        {"Answer": "ABC", "Timestamp": "t1"},
        {"Answer": None, "Timestamp": "t2"},
        {"Answer": "DEF", "Timestamp": "t3"},
    ]


@pytest.mark.parametrize("styled", [True, False])
def test_a_tab_is_read_as_its_cells_values_in_rows_of_its_own(styled):
    name = Styled("Reds", bold=True) if styled else "Reds"
    source = [["Player", "Answer"], [name, "ABC"], ["Craw", Styled(None) if styled else None]]
    table = Table("Submissions", source)
    assert table.rows == [["Reds", "ABC"], ["Craw", None]]
    assert all(type(row) is list for row in table.rows)
    source[2][1] = "DEF"
    assert table.rows[1] == ["Craw", None]


def test_records_leave_out_blank_rows_and_the_rows_the_host_marked_handled():
    table = Table(
        "Submissions",
        [
            ["Player", HANDLED, "Answer"],
            ["Reds", None, "ABC"],
            ["Craw", "yes", "DEF"],
            [" ", None],
            ["Craw", " ", "GHI"],
        ],
    )
    assert [(r.row, r["Answer"]) for r in table.records("Answer", "Player")] == [(2, "ABC"), (5, "GHI")]


CELLS = (
    st.none()
    | st.sampled_from(["", " ", "\t", "x", " y "])
    | st.integers(-2, 2)
    | st.booleans()
    | st.just(dt.datetime(2026, 11, 21, 20, 0))
)


@given(st.lists(st.lists(CELLS, max_size=4), max_size=6))
def test_records_are_the_rows_that_are_not_wholly_blank(rows):
    table = Table("Tab", [["A", "B", "C"], *rows])
    read = [(r.row, dict(r.cells)) for r in table.records("A", optional=("B", "C"))]
    assert read == [
        (number, {c: row[i] if i < len(row) else None for i, c in enumerate("ABC")})
        for number, row in enumerate(rows, start=2)
        if not is_blank_row(row)
    ]


@given(st.lists(st.lists(CELLS, max_size=5), max_size=6), st.booleans())
def test_values_are_the_records_cells_in_the_order_asked(rows, handled):
    header = ["A", "B", HANDLED if handled else "C", "D"]
    table = Table("Tab", [header, *rows])
    for columns, optional in [(("D", "A"), ("E", "B")), (("B",), ()), ((), ("E",)), (("A", "B", "D"), ())]:
        names = [*columns, *optional]
        records = [(r.row, tuple(r.cells.get(c) for c in names)) for r in table.records(*columns, optional=optional)]
        assert list(table.values(*columns, optional=optional)) == records


def test_a_record_reads_its_cells_and_shows_them():
    record = next(Table("Tab", [["Player", "Answer"], ["Reds", " ABC "]]).records("Player", "Answer"))
    assert (record.row, record["Player"], record.text("Answer"), record.text("Round")) == (2, "Reds", "ABC", "")
    assert repr(record) == "Record(row=2, cells={'Player': 'Reds', 'Answer': ' ABC '})"
