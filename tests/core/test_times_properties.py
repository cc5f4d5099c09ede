"""Time texts read the same under either date_order where they are unambiguous, and formatting a moment then
reading it back gives the moment again.

"Again" means: to the millisecond (format_time shows milliseconds, not microseconds), and in the hour a clock
shows twice (a change back from summer time), wall-clock text names the first of the two moments: text without
an offset cannot tell them apart. A naive datetime keeps them apart by its fold."""

import datetime as dt
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from hostkit.core.times import (
    DATE_ORDERS,
    DISCORD_STYLES,
    discord_time,
    format_time,
    parse_time,
    pasteable,
    wall_clock,
    zone,
)

ZONES = st.sampled_from(["UTC", "Europe/London", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"]).map(zone)
NAIVE = st.datetimes(min_value=dt.datetime(1900, 1, 2), max_value=dt.datetime(9998, 12, 30))
CHANGES = st.sampled_from([dt.datetime(2026, 10, 25, 0), dt.datetime(2026, 11, 1, 5), dt.datetime(2026, 4, 4, 14, 30)])
"""Shortly before a clock goes back, in UTC (London, New York, Lord Howe's half-hour)."""
NEAR_CHANGES = st.builds(lambda start, seconds: start + dt.timedelta(seconds=seconds), CHANGES, st.floats(0, 7200))
MOMENTS = st.builds(lambda m: m.replace(tzinfo=dt.timezone.utc), NAIVE | NEAR_CHANGES)


def iso_texts(moment):
    whole = moment.replace(microsecond=0)
    return st.sampled_from(
        [
            whole.isoformat(" "),
            whole.isoformat("T"),
            whole.isoformat(" ", "minutes"),
            moment.isoformat(" ", "milliseconds"),
            f"{whole.isoformat(' ')}+05:30",
            f"{whole.isoformat('T')}Z",
        ]
    )


def slashed(moment, order, clock):
    day = f"{moment.month}/{moment.day}" if order == "MDY" else f"{moment.day}/{moment.month}"
    return f"{day}/{moment.year} {moment.strftime(clock)}".strip()


@settings(max_examples=100)
@given(NAIVE.flatmap(iso_texts), ZONES)
def test_iso_text_is_the_same_moment_under_either_date_order(text, tz):
    assert parse_time(text, tz, "MDY") == parse_time(text, tz, "DMY")


@settings(max_examples=100)
@given(NAIVE, st.sampled_from(DATE_ORDERS), st.sampled_from(["%H:%M:%S", "%H:%M", "%H:%M:%S.%f", ""]), ZONES)
def test_slashed_text_is_read_in_its_order_and_never_misread_in_the_other(moment, order, clock, tz):
    text = slashed(moment, order, clock)
    shown = moment if clock == "%H:%M:%S.%f" else moment.replace(microsecond=0)
    shown = shown.replace(second=0) if clock == "%H:%M" else shown
    shown = shown.replace(hour=0, minute=0, second=0, microsecond=0) if not clock else shown
    assert parse_time(text, tz, order).replace(tzinfo=None) == shown
    other = "DMY" if order == "MDY" else "MDY"
    if moment.day == moment.month:
        assert parse_time(text, tz, other) == parse_time(text, tz, order)
    elif moment.day > 12:  # unambiguous: read in its own order only, refused (not misread) in the other
        with pytest.raises(ValueError, match=f"date_order is {other}"):
            parse_time(text, tz, other)
    else:  # ambiguous: each order reads it its own way, as Config date_order says
        assert parse_time(text, tz, other).replace(tzinfo=None) == shown.replace(day=moment.month, month=moment.day)


@settings(max_examples=100)
@given(MOMENTS, ZONES, st.sampled_from(DATE_ORDERS))
def test_formatted_time_reads_back_as_the_same_moment(moment, tz, order):
    assume(1900 <= moment.astimezone(tz).year <= 9998)
    back = parse_time(format_time(moment, tz), tz, order)
    to_millisecond = moment.replace(microsecond=moment.microsecond // 1000 * 1000)
    local = moment.astimezone(tz)
    if local.fold and tz.utcoffset(local.replace(fold=0)) != tz.utcoffset(local):  # the second pass of an hour
        assert back == to_millisecond - (tz.utcoffset(local.replace(fold=0)) - tz.utcoffset(local))
    else:
        assert back == to_millisecond
    assert back.utcoffset() == tz.utcoffset(back.replace(tzinfo=None))


@settings(max_examples=100)
@given(MOMENTS, ZONES)
def test_a_wall_clock_cell_reads_back_as_the_same_moment(moment, tz):
    assume(1900 <= moment.astimezone(tz).year <= 9998)
    assert parse_time(wall_clock(moment, tz), tz) == moment


def test_the_hour_a_clock_shows_twice():
    london = zone("Europe/London")
    first, second = (dt.datetime(2026, 10, 25, 0, 30, tzinfo=dt.timezone.utc) + dt.timedelta(hours=h) for h in (0, 1))
    assert format_time(first, london) == format_time(second, london) == "2026-10-25 01:30:00"
    assert parse_time("2026-10-25 01:30:00", london) == first
    assert parse_time(wall_clock(second, london), london) == second


def read(text, order):
    try:
        return parse_time(text, zone("UTC"), order)
    except ValueError as refused:
        assert str(refused).startswith("is ")  # one sentence, never another exception
        return None


SLASHED = re.compile(r"\s*(\d{1,2})/(\d{1,2})/\d{4}(\s.*)?")


@settings(max_examples=300)
@given(
    st.text(alphabet="0123456789/-:. TZ+", max_size=22)
    | st.builds(slashed, NAIVE, st.sampled_from(DATE_ORDERS), st.just("%H:%M"))
)
def test_any_text_either_order_accepts_is_the_same_moment_unless_day_and_month_could_swap(text):
    mdy, dmy = read(text, "MDY"), read(text, "DMY")
    if mdy is not None and dmy is not None and mdy != dmy:
        first, second = map(int, SLASHED.fullmatch(text).groups()[:2])
        assert first <= 12 and second <= 12 and first != second


UNIX_MOMENTS = st.builds(
    lambda m: m.replace(tzinfo=dt.timezone.utc),
    st.datetimes(min_value=dt.datetime(1900, 1, 2), max_value=dt.datetime(9998, 12, 30)) | NEAR_CHANGES,
)


@settings(max_examples=150)
@given(UNIX_MOMENTS, ZONES)
def test_a_discord_timestamp_pasted_reads_back_as_the_same_moment(moment, tz):
    assume(1900 <= moment.astimezone(tz).year <= 9998)
    whole = moment.replace(microsecond=0)
    token = discord_time(moment)
    assert re.fullmatch(r"<t:-?\d+:F>", token) and int(token[3:-3]) == whole.timestamp()
    pasted = pasteable(f"by {token} ({discord_time(moment, 'R')}).", tz)
    assert pasted == f"by {format_time(whole, tz)} {tz.key}."
    back = parse_time(pasted[3 : -len(tz.key) - 2], tz)
    local = whole.astimezone(tz)
    if local.fold and tz.utcoffset(local.replace(fold=0)) != tz.utcoffset(local):  # wall-clock text names the first
        assert back == whole - (tz.utcoffset(local.replace(fold=0)) - tz.utcoffset(local))
    else:
        assert back == whole


@settings(max_examples=150)
@given(UNIX_MOMENTS, UNIX_MOMENTS, st.sampled_from(DISCORD_STYLES))
def test_every_style_pastes_as_text_with_no_timestamp_left(moment, now, style):
    pasted = pasteable(f"[{discord_time(moment, style)}]", dt.timezone.utc, now=now)
    assert "<t:" not in pasted
    if style == "R":
        assert pasted.startswith("[in ") or pasted.endswith(" ago]")


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(list("<t:>-0123456789FRfdDTx() ")) | st.characters(), max_size=40))
def test_any_text_pastes_without_an_error_and_text_with_no_timestamp_is_unchanged(text):
    pasted = pasteable(text, zone("Europe/London"))
    if "<t:" not in text:
        assert pasted == text


class OtherDatetime(dt.datetime):
    """A date-time cell of another type than the reader's, which parse_time reads by its general path."""


LOCAL_CHANGES = [
    ("Europe/London", dt.datetime(2026, 3, 29, 1)),  # 01:00 to 02:00 does not happen
    ("Europe/London", dt.datetime(2026, 10, 25, 1)),  # 01:00 to 02:00 happens twice
    ("America/New_York", dt.datetime(2026, 3, 8, 2)),
    ("America/New_York", dt.datetime(2026, 11, 1, 1)),
    ("Australia/Lord_Howe", dt.datetime(2026, 4, 5, 1, 30)),  # half an hour twice
    ("Australia/Lord_Howe", dt.datetime(2026, 10, 4, 2)),  # half an hour that does not happen
    ("America/Sao_Paulo", dt.datetime(2018, 11, 4, 0)),  # midnight does not happen
    ("Europe/Amsterdam", dt.datetime(1937, 7, 1, 0)),  # +01:19:32 to +01:20, a change of seconds within an hour
]
"""Where a zone's clock changes, in its own wall-clock time."""
NEAR_LOCAL_CHANGES = st.builds(
    lambda change, seconds, fold: (zone(change[0]), (change[1] + dt.timedelta(seconds=seconds)).replace(fold=fold)),
    st.sampled_from(LOCAL_CHANGES),
    st.integers(-5400, 5400) | st.floats(-5400, 5400),
    st.sampled_from([0, 1]),
)
DST_ZONES = st.sampled_from(sorted({name for name, _ in LOCAL_CHANGES})).map(zone)


@settings(max_examples=400)
@given(NEAR_LOCAL_CHANGES | st.tuples(DST_ZONES | ZONES, NAIVE))
def test_a_naive_date_time_cell_is_read_as_the_general_path_reads_it(near):
    tz, naive = near
    read = parse_time(naive, tz)
    fields = (naive.year, naive.month, naive.day, naive.hour, naive.minute, naive.second, naive.microsecond)
    general = parse_time(OtherDatetime(*fields, fold=naive.fold), tz)
    assert read == general and read.utcoffset() == general.utcoffset() == tz.utcoffset(naive)
    assert (read.replace(tzinfo=None), read.fold, type(read)) == (naive, naive.fold, dt.datetime)
    if not naive.fold:
        assert read.utcoffset() == parse_time(naive.isoformat(" "), tz).utcoffset()


@settings(max_examples=300)
@given(MOMENTS | NEAR_LOCAL_CHANGES.map(lambda near: parse_time(near[1], near[0])), DST_ZONES | ZONES)
def test_format_time_and_wall_clock_show_what_the_zone_s_clock_shows(moment, tz):
    local = moment.astimezone(tz)
    assume(1900 <= local.year <= 9998)
    millisecond = f".{local.microsecond // 1000:03d}" if local.microsecond else ""
    assert format_time(moment, tz) == local.isoformat(" ", "seconds")[:19] + millisecond
    wall = wall_clock(moment, tz)
    assert (wall, wall.fold, wall.tzinfo) == (local.replace(tzinfo=None), local.fold, None)
