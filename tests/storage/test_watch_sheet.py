"""`hostkit watch` on a Google Sheet: a Form response (a new row) is re-scored once; each idle look costs one
small request."""

from __future__ import annotations

import datetime as dt

from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main
from hostkit.core.times import to_serial
from tests.cli.watching import OPENING, looks
from tests.games.hap_tac_toe.support import STARTS, turns
from tests.games.hap_tac_toe.workbook import make_book, move_rows
from tests.storage.conftest import KEY


def as_sheet(tabs: dict) -> dict:
    """Tabs as a Google Sheet holds them: date-times as serial numbers."""
    return {
        name: [[to_serial(v) if isinstance(v, dt.datetime) else v for v in row] for row in rows]
        for name, rows in tabs.items()
    }


@freeze_time(STARTS + dt.timedelta(minutes=3))
def test_a_new_row_is_rescored_once_and_each_idle_look_is_one_small_request(fake, credentials, monkeypatch, tmp_path):
    from hostkit.games.hap_tac_toe import WhenStarsAlign
    from hostkit.storage.xlsx import XlsxBook

    path = make_book(tmp_path / "dm.xlsx", games=[turns(WhenStarsAlign(), OPENING[:2])])
    fake.add(KEY, as_sheet({name: [list(r) for r in rows] for name, rows in XlsxBook(path).read().items()}))

    def new_row():  # typed or sent by a Form: the tab grows by the row
        tab = next(t for t in fake.books[KEY].tabs if t.title == "Moves")
        row = max(r for r, _ in tab.cells) + 1
        for c, value in enumerate(as_sheet({"m": move_rows(1, turns(WhenStarsAlign(), OPENING)[2:])})["m"][0]):
            if value is not None:
                tab.cells[(row, c)] = value
        tab.row_count = max(tab.row_count, row + 1) + 1

    looks(monkeypatch, {4: new_row})
    args = ["watch", "--sheet", KEY, "--credentials", str(credentials), "--round", "1", "--for", "1m", "--verbose"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "first score" in lines[0] and sum("new row" in line for line in lines) == 1
    idle = [line for line in lines if line.endswith("nothing new")]
    writes = [c for c in fake.calls if c.kind == "spreadsheets.batchUpdate"]
    full = [c for c in fake.calls if "ranges" in c.query]
    small = [c for c in fake.calls if c.kind == "spreadsheets.get" and "ranges" not in c.query]
    assert len(writes) == 2 and len(full) == 2, str([(c.kind[13:], c.query.get("ranges")) for c in fake.calls])
    assert len(small) == len(idle) + 2 and len(idle) >= 5  # one per look, whatever it finds
    assert all(c.bytes_sent < 1_000 for c in small)
