import datetime as dt

import pytest

from hostkit.core.times import (
    discord_time,
    format_span,
    format_time,
    from_serial,
    parse_time,
    pasteable,
    to_serial,
    wall_clock,
    zone,
)

UTC = dt.timezone.utc
LONDON = zone("Europe/London")


def test_serial_43831_is_2020_01_01():
    assert from_serial(43831) == dt.datetime(2020, 1, 1)
    assert to_serial(dt.datetime(2020, 1, 1, 12)) == 43831.5


def test_naive_values_are_read_in_the_workbook_zone():
    moment = parse_time(dt.datetime(2026, 7, 1, 20, 0), LONDON)
    assert moment.astimezone(UTC) == dt.datetime(2026, 7, 1, 19, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "text, order, expected",
    [
        ("2026-11-21 20:05:13", "MDY", dt.datetime(2026, 11, 21, 20, 5, 13)),
        ("2026-11-21T20:05:13Z", "MDY", dt.datetime(2026, 11, 21, 20, 5, 13)),
        ("11/21/2026 20:05:13", "MDY", dt.datetime(2026, 11, 21, 20, 5, 13)),
        ("21/11/2026 20:05:13", "DMY", dt.datetime(2026, 11, 21, 20, 5, 13)),
        ("1/2/2026 20:05", "DMY", dt.datetime(2026, 2, 1, 20, 5)),
    ],
)
def test_text_formats(text, order, expected):
    assert parse_time(text, UTC, order) == expected.replace(tzinfo=UTC)


def test_text_with_an_offset_is_converted_to_the_zone():
    assert parse_time("2026-11-21T20:00:00+01:00", UTC) == dt.datetime(2026, 11, 21, 19, tzinfo=UTC)


def test_unreadable_text_says_how_to_write_it():
    with pytest.raises(ValueError, match="write it like 2026-11-21 20:05:13 or 11/21/2026"):
        parse_time("yesterday", UTC)
    with pytest.raises(ValueError):
        parse_time("21/11/2026 20:05:13", UTC, "MDY")


def test_unknown_zone_is_named():
    with pytest.raises(ValueError, match="'Mars/Base' is not an IANA time zone"):
        zone("Mars/Base")


def test_format_time_and_span():
    assert format_time(dt.datetime(2026, 1, 1, 20, 0, 5, 250000, tzinfo=UTC), UTC) == "2026-01-01 20:00:05.250"
    assert format_span(dt.timedelta(minutes=3, seconds=12)) == "3 min 12 s"
    assert format_span(dt.timedelta(seconds=40)) == "40 s"
    assert format_span(dt.timedelta(hours=2, minutes=5)) == "2 h 5 min"


@pytest.mark.parametrize(
    "value",
    [1e12, -1e7, float("inf"), float("-inf"), float("nan"), 2958466.5, 10**400, "0001-01-01 00:00", "9999-12-31 23:59"],
)
def test_a_time_outside_any_sane_range_is_refused_not_overflowed(value):
    with pytest.raises(ValueError, match=r"^is not a time \(it falls outside the years 1900–9998\); fix the date$"):
        parse_time(value, UTC)


def test_a_blank_cell_is_called_blank_and_no_message_repeats_the_value():
    with pytest.raises(ValueError, match="^is blank; type the date and time$"):
        parse_time("  ", UTC)
    with pytest.raises(ValueError) as error:
        parse_time("tonight 8pm", UTC)
    assert "tonight" not in str(error.value)


@pytest.mark.parametrize("fold, offset", [(0, 1), (1, 0)])
def test_the_hour_a_clock_shows_twice_is_read_by_its_fold_and_shown_as_it_was(fold, offset):
    typed = dt.datetime(2026, 10, 25, 1, 30, 5, 250000, fold=fold)  # London's clocks go back at 02:00 BST
    moment = parse_time(typed, LONDON)
    assert moment.utcoffset() == dt.timedelta(hours=offset) and moment.fold == fold
    assert moment.astimezone(UTC) == dt.datetime(2026, 10, 25, 1 - offset, 30, 5, 250000, tzinfo=UTC)
    shown = wall_clock(moment, LONDON)
    assert (shown, shown.tzinfo, shown.fold) == (typed, None, fold)


def test_a_zone_name_too_long_for_a_file_name_is_named_shortly(monkeypatch):
    def too_long(name):
        raise OSError(36, "File name too long", name)

    monkeypatch.setattr("hostkit.core.times.ZoneInfo", too_long)
    with pytest.raises(ValueError, match=r"^'Europe/x+\.\.\. \(307 characters\)' is not an IANA time zone"):
        zone("Europe/" + "x" * 300)


@pytest.mark.parametrize("code", ["#N/A", "#REF!", "#DIV/0!", "#VALUE!", "#NAME?", "#NUM!", "#NULL!"])
def test_a_spreadsheet_error_is_not_a_time(code):
    from hostkit.core.tables import CellError

    for value in (CellError(code), code):
        with pytest.raises(ValueError, match=r"^is a spreadsheet error \(.+\), not a date and time; fix its formula"):
            parse_time(value, UTC)


# ---- Discord timestamps: each player reads them in their own zone; pasted by hand they name the workbook's

CLOSES = dt.datetime(2026, 11, 21, 20, 0, tzinfo=UTC)
SAID = f"Part 1 closes {discord_time(CLOSES)} ({discord_time(CLOSES, 'R')})."


def test_a_discord_timestamp_is_the_unix_second_and_its_style():
    assert discord_time(CLOSES) == "<t:1795291200:F>"
    assert discord_time(CLOSES.astimezone(LONDON), "R") == "<t:1795291200:R>"
    assert discord_time(CLOSES + dt.timedelta(milliseconds=999), "t") == "<t:1795291200:t>"
    with pytest.raises(ValueError, match="not a Discord timestamp style"):
        discord_time(CLOSES, "X")
    with pytest.raises(ValueError, match="no time zone"):
        discord_time(CLOSES.replace(tzinfo=None))


def test_pasted_text_keeps_the_workbooks_zone_and_names_it():
    assert pasteable(SAID, UTC) == "Part 1 closes 2026-11-21 20:00:00 UTC."
    assert pasteable(SAID, zone("UTC")) == "Part 1 closes 2026-11-21 20:00:00 UTC."
    assert pasteable(SAID, zone("America/New_York")) == "Part 1 closes 2026-11-21 15:00:00 America/New_York."
    styles = " ".join(discord_time(CLOSES, s) for s in "tTdDf")
    assert pasteable(styles, LONDON) == (
        "20:00 Europe/London 20:00:00 Europe/London 2026-11-21 2026-11-21 2026-11-21 20:00 Europe/London"
    )


def test_a_relative_timestamp_says_how_long_against_now_or_is_left_out():
    before = CLOSES - dt.timedelta(hours=2, minutes=5)
    assert pasteable(SAID, UTC, now=before) == "Part 1 closes 2026-11-21 20:00:00 UTC (in 2 h 5 min)."
    assert pasteable(SAID, UTC, now=CLOSES + dt.timedelta(seconds=90)) == (
        "Part 1 closes 2026-11-21 20:00:00 UTC (1 min 30 s ago)."
    )
    assert pasteable(f"closing {discord_time(CLOSES, 'R')}", UTC) == "closing 2026-11-21 20:00:00 UTC"


@pytest.mark.parametrize(
    "text", ["no time here", "<t:99999999999999:F>", "<t:-99999999999:F>", "<t:12:Q>", "<t::F>", "<t:1795291200>"]
)
def test_text_that_holds_no_timestamp_a_calendar_has_is_pasted_as_it_is(text):
    assert pasteable(text, UTC) == text
