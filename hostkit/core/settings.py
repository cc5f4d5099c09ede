"""Config settings: each declared once with its default and meaning, read from the Config tab."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from hostkit.core.forms import format_columns, parse_columns
from hostkit.core.tables import BookError, Cell, Problem, Rows, Table, Tables, is_blank, refuse_error
from hostkit.core.times import DATE_ORDERS, zone

CONFIG_TAB = "Config"
CONFIG_HEADER = ["Key", "Value", "Meaning"]
LEDGER_TAB = "Ledger"
HINDSIGHT_TAB = "Hindsight"
PULL_TAB = "hostkit pull"
"""The tabs of the ledger (core/ledger.py), the hindsight (core/hindsight.py) and a pulled copy's record
(storage/snapshot.py), named here so that a step which only passes them by imports none of those modules."""


@dataclass(frozen=True)
class Setting:
    key: str
    default: Any
    meaning: str
    parse: Callable[[Cell], Any]
    laid_out: bool = True
    """Whether a new Config tab has its row (an older name, still read, has none)."""


def whole_number(value: Cell) -> int:
    """A cell as a whole number: an int, an integral float (spreadsheets give 2.0), or text of either."""
    if type(value) is int:  # the common cell, checked first
        return value
    if isinstance(value, int) and not isinstance(value, bool):  # an int of another type, such as an IntEnum
        return value
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            refuse_error(value, "a whole number")
    try:
        number = float(value.strip() if isinstance(value, str) else value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError("is not a whole number") from None
    if isinstance(value, bool) or not number.is_integer():
        raise ValueError("is not a whole number")
    return int(number)


MAX_SEED = 10**15 - 1
"""The largest seed: spreadsheet programs keep 15 significant digits of a number (LibreOffice saves 2^53-1 as
9007199254740990), so a longer seed would come back changed, and the next board would differ."""


def integer(low: int | None = None, high: int | None = None) -> Callable[[Cell], int]:
    def parse(value: Cell) -> int:
        number = whole_number(value)
        if (low is not None and number < low) or (high is not None and number > high):
            span = f"from {low}" + (f" to {high}" if high is not None else " up")
            raise ValueError(f"is out of range; use a whole number {span}")
        return number

    return parse


def seed_number(value: Cell) -> int:
    """A seed: a whole number from 0 to MAX_SEED."""
    number = whole_number(value)
    if number < 0:
        raise ValueError(f"is negative; use a whole number from 0 to {MAX_SEED}")
    if number > MAX_SEED:
        raise ValueError(TOO_LONG_SEED)
    return number


TOO_LONG_SEED = (
    f"has more than 15 digits, and spreadsheet programs keep only 15 (a longer seed comes back changed after a save, "
    f"and the boards with it); use a seed from 0 to {MAX_SEED}"
)


def text(value: Cell) -> str:
    return str(value).strip()


def choice(*options: str) -> Callable[[Cell], str]:
    def parse(value: Cell) -> str:
        word = str(value).strip()
        for option in options:
            if word.casefold() == option.casefold():
                return option
        raise ValueError(f"is not one of {', '.join(options)}")

    return parse


def timezone_name(value: Cell) -> str:
    name = str(value).strip()
    zone(name)
    return name


COMMON_SETTINGS: tuple[Setting, ...] = (
    Setting("game", "", "The game this workbook runs (set by `hostkit new`).", text),
    Setting(
        "match",
        "",
        "This match's name in the season ledger (blank: the game's title, with a duel's two players).",
        text,
    ),
    Setting(
        "seed",
        0,
        "The seed of every random choice (boards, shuffles, tie-breaks): a whole number from 0 to "
        "999999999999999 (15 digits, as many as a spreadsheet keeps).",
        seed_number,
    ),
    Setting(
        "match_id",
        "",
        "This match's own id, set by `hostkit new` (`template` in a ready-made workbook: the first command "
        "that writes makes it the match's own): the season ledger and the public workbook know the match by "
        "it, so renaming the match never pays it twice. Leave it as it is.",
        text,
    ),
    Setting(
        "ledger_book",
        "",
        "The older name of season for a season ledger given with --ledger: still read, never written.",
        text,
        laid_out=False,
    ),
    Setting(
        "season",
        "",
        "The season workbook (or season ledger) this match belongs to and pays into, set by `hostkit new "
        "--season` or the first --season or --ledger that pays a result (a path from the match workbook's "
        "folder, or a Google Sheet's key); blank: the match's own Ledger tab.",
        text,
    ),
    Setting("timezone", "UTC", "IANA time zone that timestamps without one are read in.", timezone_name),
    Setting(
        "date_order",
        "MDY",
        "How slashed dates typed as text are read: MDY (11/21/2026, Google Forms in US English) or DMY "
        "(21/11/2026); blank: as the Google Sheet's locale writes them (day first outside the US), else MDY.",
        choice(*DATE_ORDERS),
    ),
    Setting(
        "form_tab",
        "",
        "The tab a Google Form sends its responses to (like Form Responses 1), read as the "
        "submissions; blank: submissions are in the Submissions tab.",
        text,
    ),
    Setting(
        "form_columns",
        "",
        "Which Form question fills which column, as 'Question -> Column' pairs separated "
        "by ; (like 'Your Discord name -> Player; Your answer -> Answer'); questions already named like "
        "the column need no pair.",
        lambda value: format_columns(parse_columns(value)),
    ),
    Setting("form_target", "Submissions", "The tab the Form's responses stand in for.", text),
    Setting(
        "public_webhook",
        "",
        "The public channel's Discord webhook URL, for --send (private: never shown in any tab or message).",
        text,
    ),
    Setting(
        "public_thread",
        "",
        "The id of the thread (or forum post) of the public channel that public messages go to (blank: the "
        "channel itself).",
        text,
    ),
    Setting(
        "discord_images",
        "",
        "Whether Discord messages carry the board's picture (blank or yes: they do; no: text only).",
        choice("yes", "no"),
    ),
)


@dataclass(frozen=True)
class Config:
    values: Mapping[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    @property
    def tz(self) -> dt.tzinfo:
        return zone(self.values["timezone"])


def config_rows(
    settings: Iterable[Setting], overrides: Mapping[str, Any], meanings: Mapping[str, str] | None = None
) -> list[list[Cell]]:
    """The Config tab: each setting's key, value (the default unless overridden) and meaning (a game may
    give its own, with an example of its own)."""
    rows: list[list[Cell]] = [list(CONFIG_HEADER)]
    for s in settings:
        if s.laid_out or s.key in overrides:
            rows.append([s.key, overrides.get(s.key, s.default), (meanings or {}).get(s.key, s.meaning)])
    return rows


def with_setting(rows: Rows, key: str, value: Cell) -> Rows:
    """The Config tab's rows with one setting's value replaced (its row added when missing)."""
    rows = [list(r) for r in rows] or [list(CONFIG_HEADER)]
    header = [str(c or "").strip().casefold() for c in rows[0]]
    k, v = (header.index("key"), header.index("value")) if {"key", "value"} <= set(header) else (0, 1)
    for row in rows[1:]:
        if len(row) > k and str(row[k] or "").strip().casefold() == key.casefold():
            row.extend([None] * (v + 1 - len(row)))
            row[v] = value
            return rows
    added: list[Cell] = [None] * (max(k, v) + 1)
    added[k], added[v] = key, value
    return rows + [added]


def given_setting(tables: Tables, key: str) -> str:
    """A setting's value as Config holds it, as text ('' when its row is missing or its value blank)."""
    records = tables.require(CONFIG_TAB).records("Key", "Value")
    return next((r.text("Value") for r in records if r.text("Key").lower() == key), "")


def tables_with_setting(tables: Tables, key: str, value: Cell) -> Tables:
    """The tables with Config's setting `key` read as `value` (its row added when missing)."""
    config = tables.require(CONFIG_TAB)
    return tables.replaced(CONFIG_TAB, Table(config.name, with_setting([config.header, *config.rows], key, value)))


def read_config(tables: Tables, settings: Iterable[Setting]) -> tuple[Config, list[Problem]]:
    """The settings' values: the Config tab's where given, else the defaults. A bad value stops the run."""
    declared = {s.key: s for s in settings}
    values = {key: s.default for key, s in declared.items()}
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    table = tables.require(CONFIG_TAB)
    for record in table.records("Key", "Value"):
        key = record.text("Key").lower()
        if key in seen:
            problems.append(
                Problem(
                    table.name,
                    record.row,
                    f"setting {key!r} is already on row {seen[key]}; this row is ignored. Delete one of the two.",
                )
            )
            continue
        seen[key] = record.row
        if key not in declared:
            problems.append(
                Problem(
                    table.name,
                    record.row,
                    f"unknown setting {record.text('Key')!r}; it is ignored (known settings: {', '.join(declared)})",
                )
            )
            continue
        if is_blank(record["Value"]):
            continue
        try:
            values[key] = declared[key].parse(record["Value"])
        except ValueError as error:
            raise BookError(
                f"Config row {record.row}: {key} {record['Value']!r} {error}. "
                f"Fix the value (default: {declared[key].default!r})."
            ) from None
    return Config(values), problems
