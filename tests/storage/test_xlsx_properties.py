"""Every kind of value a game writes reads back equal after an xlsx save, by hostkit's reader and by openpyxl.

"Equal" where a cell cannot hold the value exactly, as hostkit decides it deliberately:
- text: control characters XML 1.0 cannot hold are dropped, lone surrogates and U+FFFE/U+FFFF become U+FFFD;
  everything else (spaces at either end, line breaks, carriage returns, text like "=1+1") is kept as text;
- a number is a double: a whole number beyond 2**53 reads back as the nearest double, one beyond a double's
  range and an infinite or NaN float as their text;
- a date-time and a time of day to the millisecond (hostkit rounds half up); a naive datetime's fold is not kept
  (two equal wall-clock times are equal); a moment before 1900, which no date cell shows, as ISO text;
- openpyxl reads a date cell as a datetime at midnight: it is told from a date-time by its format.
"""

import datetime as dt
import math

import openpyxl
from hypothesis import given, settings
from hypothesis import strategies as st

from hostkit.core.styles import Styled, plain
from hostkit.storage.xlsx import XlsxBook
from hostkit.storage.xlsx_cells import xml_text

MOMENTS = st.datetimes(min_value=dt.datetime(1800, 1, 1), max_value=dt.datetime(9999, 12, 31, 23, 59, 59))
PLAIN = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["=1+1", " x", "y ", "a\r\nb", "\n", "@SUM(A1)", "+1", "-1", "0012", "TRUE", "#N/A", "1e5"]),
    st.integers(),
    st.integers(min_value=-(2**60), max_value=2**60),
    st.floats(),
    st.floats(min_value=-1e-300, max_value=1e-300),
    st.booleans(),
    st.dates(min_value=dt.date(1800, 1, 1)),
    MOMENTS,
    MOMENTS.map(lambda m: m.replace(hour=0, minute=0, second=0, microsecond=0)),
    st.datetimes(min_value=dt.datetime(2026, 10, 25, 1), max_value=dt.datetime(2026, 10, 25, 2)).map(
        lambda m: m.replace(fold=1)
    ),
    st.times(),
)
VALUES = PLAIN | st.builds(Styled, PLAIN, fill=st.sampled_from([None, "FFE699"]), bold=st.booleans())
"""What games write: plain values, and values drawn for players (a board's coloured cells)."""


def to_millisecond(moment):
    milliseconds = (moment.microsecond + 500) // 1000
    try:
        return moment.replace(microsecond=0) + dt.timedelta(milliseconds=milliseconds)
    except OverflowError:
        return moment.replace(microsecond=999_000)


def expected(value):
    """What a value reads back as, tagged with its kind (1 == True and 0.0 == dt.time() must not pass)."""
    value = plain(value)
    if isinstance(value, str):
        text = xml_text(value)
        return ("text", text) if text else None
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, float) and not math.isfinite(value):
        return ("text", str(value))
    if isinstance(value, int) and abs(value) >= 2**1024:
        return ("text", str(value))
    if isinstance(value, (int, float)):
        return ("number", float(value))
    if isinstance(value, dt.datetime):
        if value.year < 1900:
            return ("text", value.isoformat(" ", "milliseconds" if value.microsecond else "seconds"))
        return ("moment", to_millisecond(value))
    if isinstance(value, dt.date):
        return ("text", value.isoformat()) if value.year < 1900 else ("date", value)
    if value.microsecond >= 999_500 and (value.hour, value.minute, value.second) == (23, 59, 59):
        return ("time", value.replace(microsecond=999_000))
    return ("time", to_millisecond(dt.datetime.combine(dt.date(2000, 1, 1), value)).time())


def tagged(value, number_format=None):
    if value is None:
        return None
    if isinstance(value, str):
        return ("text", value)
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, (int, float)):
        return ("number", float(value))
    if isinstance(value, dt.datetime):
        if number_format == "yyyy-mm-dd":  # openpyxl: a date cell
            assert value.time() == dt.time()
            return ("date", value.date())
        return ("moment", value)
    if isinstance(value, dt.date):
        return ("date", value)
    return ("time", value)


@settings(max_examples=40)
@given(st.lists(VALUES, min_size=1, max_size=12))
def test_every_value_reads_back_equal(tmp_path_factory, values):
    path = tmp_path_factory.mktemp("values") / "b.xlsx"
    XlsxBook(path).create({"A": [["h"] * len(values), values]})
    want = [expected(v) for v in values]
    ours = XlsxBook(path).read()["A"]
    ours_row = ours[1] if len(ours) > 1 else []
    assert [tagged(v) for v in ours_row] + [None] * (len(values) - len(ours_row)) == want
    sheet = openpyxl.load_workbook(path)["A"]
    theirs = [tagged(sheet.cell(2, c).value, sheet.cell(2, c).number_format) for c in range(1, len(values) + 1)]
    assert theirs == want


@settings(max_examples=15)
@given(st.lists(VALUES, min_size=1, max_size=8))
def test_a_rewrite_changes_nothing(tmp_path_factory, values):
    """What hostkit reads, written again, reads back the same and is shown in the same formats."""
    path = tmp_path_factory.mktemp("rewrite") / "b.xlsx"
    XlsxBook(path).create({"A": [["h"] * len(values), values]})
    first = XlsxBook(path).read()["A"]
    formats = [c.number_format for c in openpyxl.load_workbook(path)["A"][2]] if len(first) > 1 else []
    XlsxBook(path).write({"A": first})
    assert XlsxBook(path).read()["A"] == first
    if formats:
        assert [c.number_format for c in openpyxl.load_workbook(path)["A"][2]] == formats
