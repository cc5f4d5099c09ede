"""Reading timestamps from cells: datetimes, spreadsheet serial numbers and text, in a time zone."""

from __future__ import annotations

import datetime as dt
import functools
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from hostkit.core.tables import Cell, is_blank, refuse_error

SERIAL_EPOCH = dt.datetime(1899, 12, 30)
DAY = dt.timedelta(days=1)
FIRST_YEAR, LAST_YEAR = 1900, 9998
"""Times outside these years are refused: none is a real submission, and their arithmetic could overflow."""
_OUT_OF_RANGE = f"is not a time (it falls outside the years {FIRST_YEAR}–{LAST_YEAR}); fix the date"
DATE_ORDERS = ("MDY", "DMY")
_CLOCKS = ("%H:%M:%S.%f", "%H:%M:%S", "%H:%M")


def zone(name: str) -> dt.tzinfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name too long to be a file's
        shown = name if len(name) <= 60 else f"{name[:40]}... ({len(name):,} characters)"
        raise ValueError(f"{shown!r} is not an IANA time zone name (like UTC or Europe/London)") from None


def from_serial(serial: int | float) -> dt.datetime:
    """A spreadsheet serial number (days since 1899-12-30) as a naive datetime, to the millisecond."""
    if not 0 <= serial < _LAST_SERIAL:  # also refuses nan
        raise ValueError(_OUT_OF_RANGE)
    return SERIAL_EPOCH + dt.timedelta(milliseconds=round(serial * 86_400_000))


def to_serial(moment: dt.datetime) -> float:
    return (moment.replace(tzinfo=None) - SERIAL_EPOCH) / DAY


def time_of_day(span: dt.timedelta) -> dt.time:
    """The time a clock shows that long after midnight (a spreadsheet's time cell, a fraction of a day)."""
    return (dt.datetime.min + span).time()


_LAST_SERIAL = to_serial(dt.datetime(LAST_YEAR + 1, 1, 1))


def _slashed_formats(date_order: str) -> list[str]:
    day = "%m/%d/%Y" if date_order == "MDY" else "%d/%m/%Y"
    return [f"{day} {clock}" for clock in _CLOCKS] + [day]


def parse_time(value: Cell, tz: dt.tzinfo, date_order: str = "MDY") -> dt.datetime:
    """The moment a cell names, as an aware datetime; naive values are read in tz.

    The result carries the fixed UTC offset in force at that moment (not tz itself), so that adding
    minutes and comparing moments count real time across a daylight-saving change.
    """
    if isinstance(value, dt.datetime):  # the common case, a date-time cell, first
        moment = value
    elif is_blank(value):
        raise ValueError("is blank; type the date and time")
    elif isinstance(value, bool):
        raise ValueError("is not a time; type the date and time")
    elif isinstance(value, dt.date):
        moment = dt.datetime(value.year, value.month, value.day)
    elif isinstance(value, (int, float)):
        moment = from_serial(value)
    else:
        refuse_error(value, "a date and time")
        moment = _parse_text(str(value).strip(), date_order)
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:
        raise ValueError(_OUT_OF_RANGE)
    if moment.tzinfo is None:  # its wall-clock time, with the offset tz has then
        return _zoned(moment, _fixed(tz.utcoffset(moment) or dt.timedelta(0)))
    local = moment.astimezone(tz)
    return _zoned(local, _fixed(local.utcoffset() or dt.timedelta(0)))


def _zoned(moment: dt.datetime, zone: dt.tzinfo | None) -> dt.datetime:
    """moment.replace(tzinfo=zone), in a third of the time (replace parses its keywords): every time a match
    reads or writes goes through here."""
    return dt.datetime.combine(moment.date(), moment.time(), zone)


@functools.lru_cache(maxsize=64)
def _fixed(offset: dt.timedelta) -> dt.timezone:
    """The fixed-offset zone of an offset (a match's moments share a handful)."""
    return dt.timezone(offset)


def _parse_text(text: str, date_order: str) -> dt.datetime:
    try:
        return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        pass
    for fmt in _slashed_formats(date_order):
        try:
            return dt.datetime.strptime(text, fmt)
        except ValueError:
            continue
    example = "11/21/2026 20:05:13" if date_order == "MDY" else "21/11/2026 20:05:13"
    raise ValueError(
        f"is not a time; write it like 2026-11-21 20:05:13 or {example} (Config date_order is {date_order})"
    )


@functools.lru_cache(maxsize=65536)
def format_time(moment: dt.datetime, tz: dt.tzinfo) -> str:
    """A moment as local wall-clock text (milliseconds shown when there are any); each answer's
    time is formatted several times, for its reasons and its row, hence the cache."""
    local = moment.astimezone(tz)
    text = local.isoformat(" ", "seconds")[:19]  # as strftime("%Y-%m-%d %H:%M:%S") gives it, faster
    if local.microsecond:
        text += f".{local.microsecond // 1000:03d}"
    return text


def wall_clock(moment: dt.datetime, tz: dt.tzinfo) -> dt.datetime:
    """A moment as the date and time a clock in tz shows, for a spreadsheet cell (cells hold no time zone)."""
    return _zoned(moment.astimezone(tz), None)


def format_span(span: dt.timedelta) -> str:
    seconds = max(0, int(span.total_seconds()))
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours} h {minutes} min"
    if minutes:
        return f"{minutes} min {seconds} s"
    return f"{seconds} s"
