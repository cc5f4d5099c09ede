"""What `hostkit pull` records in an offline copy: where it came from, its time zone, each tab's fingerprint.

The record is a tab of the copy, so it travels with the file: `push` writes back only the tabs changed
since the pull, and refuses a tab that also changed on the spreadsheet meanwhile.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field

from hostkit.core.settings import PULL_TAB as PULL_TAB
from hostkit.core.tables import Cell, Rows

PULL_HEADER = ["Tab", "Fingerprint"]
_SPREADSHEET = "(spreadsheet)"
_TIMEZONE = "(time zone)"


@dataclass(frozen=True)
class Snapshot:
    key: str
    timezone: str | None
    fingerprints: Mapping[str, str] = field(default_factory=dict)

    def fingerprint_of(self, tab: str) -> str | None:
        return next((f for name, f in self.fingerprints.items() if name.casefold() == tab.casefold()), None)


def _plain(value: Cell) -> Cell:
    if value is None or value == "":
        return None
    if isinstance(value, float):
        value = round(value, 9)  # an xlsx file keeps 15 significant digits of a serial number, not 17
        return int(value) if value.is_integer() else value
    if isinstance(value, (dt.datetime, dt.date)):
        return value.isoformat()
    return value


def fingerprint(rows: Rows) -> str:
    """The same for the same cell values whichever backend read them (blanks, 3 vs 3.0, ragged rows,
    serial numbers to a billionth of a day)."""
    plain = []
    for row in rows:
        cells = [_plain(v) for v in row]
        while cells and cells[-1] is None:
            cells.pop()
        plain.append(cells)
    while plain and not plain[-1]:
        plain.pop()
    return hashlib.sha256(json.dumps(plain, ensure_ascii=False).encode()).hexdigest()[:16]


def snapshot_rows(snapshot: Snapshot) -> Rows:
    rows: Rows = [list(PULL_HEADER), [_SPREADSHEET, snapshot.key], [_TIMEZONE, snapshot.timezone]]
    rows += [[tab, print_] for tab, print_ in snapshot.fingerprints.items()]
    return rows


def read_snapshot(tabs: Mapping[str, Rows]) -> Snapshot | None:
    """The pull record of a copy, or None for a workbook that `hostkit pull` did not make."""
    name = next((n for n in tabs if n.casefold() == PULL_TAB.casefold()), None)
    if name is None:
        return None
    rows = tabs[name]
    key, timezone, prints = "", None, {}
    for row in rows[1:]:
        name = str(row[0]).strip() if row and row[0] is not None else ""
        value = row[1] if len(row) > 1 else None
        if name == _SPREADSHEET:
            key = str(value or "")
        elif name == _TIMEZONE:
            timezone = str(value) if value else None
        elif name:
            prints[name] = str(value or "")
    return Snapshot(key, timezone, prints)
