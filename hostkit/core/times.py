"""Reading timestamps from cells: datetimes, spreadsheet serial numbers and text, in a time zone."""

from __future__ import annotations

import datetime as dt
import functools
import math
import re
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from hostkit.core.tables import Cell, is_blank, refuse_error

SERIAL_EPOCH = dt.datetime(1899, 12, 30)
DAY = dt.timedelta(days=1)
FIRST_YEAR, LAST_YEAR = 1900, 9998
"""Times outside these years are refused: none is a real submission, and their arithmetic could overflow."""
_OUT_OF_RANGE = f"is not a time (it falls outside the years {FIRST_YEAR}–{LAST_YEAR}); fix the date"
DATE_ORDERS = ("MDY", "DMY")
_CLOCKS = ("%H:%M:%S.%f", "%H:%M:%S", "%H:%M")
_NO_OFFSET = dt.timedelta(0)
_combine = dt.datetime.combine


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
    if type(value) is dt.datetime and value.tzinfo is None and FIRST_YEAR <= value.year <= LAST_YEAR:
        # the common cell, a date-time read naive: _zoned's work, without its call
        return _combine(value, value.time(), _fixed(tz.utcoffset(value) or _NO_OFFSET))
    if isinstance(value, dt.datetime):
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
        return _zoned(moment, _fixed(tz.utcoffset(moment) or _NO_OFFSET))
    local = moment.astimezone(tz)
    return _zoned(local, _fixed(local.utcoffset() or _NO_OFFSET))


def _zoned(moment: dt.datetime, zone: dt.tzinfo | None) -> dt.datetime:
    """moment.replace(tzinfo=zone), in a sixth of the time (replace parses its keywords): every time a match
    reads or writes goes through here. combine takes only the date of a datetime given as its date."""
    return _combine(moment, moment.time(), zone)


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


def time_text(moment: dt.datetime, tz: dt.tzinfo) -> str:
    """A moment as local wall-clock text (milliseconds shown when there are any)."""
    local = moment.astimezone(tz)
    text = _to_the_second(local.year, local.month, local.day, local.hour, local.minute, local.second)
    return text + _MILLISECONDS[local.microsecond // 1000] if local.microsecond else text


format_time = functools.lru_cache(maxsize=65536)(time_text)
"""time_text, remembered: most answers' times are formatted several times, for their reasons and their rows
(a moment formatted once takes time_text itself)."""


@functools.lru_cache(maxsize=4096)
def _to_the_second(year: int, month: int, day: int, hour: int, minute: int, second: int) -> str:
    """A wall-clock time to the second, as isoformat writes it (2026-11-21 20:05:13): a round's answers share
    a few hundred seconds, so each second's text is made once."""
    return f"{year:04d}-{month:02d}-{day:02d} {hour:02d}:{minute:02d}:{second:02d}"


_MILLISECONDS = tuple(f".{n:03d}" for n in range(1000))
"""The text of each millisecond after a time's seconds, ready made (formatting one takes longer)."""


def wall_clock(moment: dt.datetime, tz: dt.tzinfo) -> dt.datetime:
    """A moment as the date and time a clock in tz shows, for a spreadsheet cell (cells hold no time zone)."""
    local = moment.astimezone(tz)
    return _combine(local, local.time())


def format_span(span: dt.timedelta) -> str:
    seconds = max(0, int(span.total_seconds()))
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours} h {minutes} min"
    if minutes:
        return f"{minutes} min {seconds} s"
    return f"{seconds} s"


DISCORD_STYLES = "tTdDfFR"
"""Discord's timestamp styles: short and long time, short and long date, short and long date-time, relative."""
_DISCORD = re.compile(r"<t:(-?\d{1,15}):([tTdDfFR])>")
_RELATIVE_AFTER = re.compile(r" ?\(<t:-?\d{1,15}:R>\)")
_PASTED = {"t": slice(11, 16), "T": slice(11, 19), "d": slice(0, 10), "D": slice(0, 10), "f": slice(0, 16)}
"""The part of format_time's text each style shows (F and R show all of it)."""


def discord_time(moment: dt.datetime, style: str = "F") -> str:
    """A moment as a Discord timestamp, `<t:1795291200:F>`, which each reader's Discord shows in their own time
    zone; style R says how long until (or since) it. Whole seconds, as Discord counts."""
    if style not in DISCORD_STYLES or len(style) != 1:
        raise ValueError(f"{style!r} is not a Discord timestamp style ({', '.join(DISCORD_STYLES)})")
    if moment.tzinfo is None:
        raise ValueError(f"{moment} has no time zone; a Discord timestamp needs the moment itself")
    return f"<t:{math.floor(moment.timestamp())}:{style}>"


def pasteable(text: str, tz: dt.tzinfo, now: dt.datetime | None = None) -> str:
    """Text with its Discord timestamps as a host pastes it by hand: each one the wall-clock time in tz, with
    the zone named (`2026-11-21 20:00:00 UTC`, `20:00 UTC` for style t). A relative one (R) says `in 2 h 5 min`
    or `5 min ago` against `now`; without `now` a relative one in brackets after a time is dropped, and any
    other shows the full time. A timestamp no calendar holds is left as it is."""
    if now is None:
        text = _RELATIVE_AFTER.sub("", text)
    return _DISCORD.sub(lambda match: _pasted(match, tz, now), text)


def _pasted(match: re.Match[str], tz: dt.tzinfo, now: dt.datetime | None) -> str:
    try:
        moment = dt.datetime.fromtimestamp(int(match[1]), dt.timezone.utc)
    except (OverflowError, OSError, ValueError):
        return match[0]
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:
        return match[0]
    style = match[2]
    if style == "R" and now is not None:
        ahead = moment - now
        return f"in {format_span(ahead)}" if ahead >= dt.timedelta(0) else f"{format_span(-ahead)} ago"
    shown = format_time(moment, tz)[_PASTED.get(style, slice(None))]
    return shown if style in "dD" else f"{shown} {zone_name(tz, moment)}"


def zone_name(tz: dt.tzinfo, moment: dt.datetime) -> str:
    """How a pasted time names its zone: the IANA name the workbook's Config gives, else the zone's own name."""
    return getattr(tz, "key", None) or tz.tzname(moment.astimezone(tz)) or "UTC"
