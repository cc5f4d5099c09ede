"""What `hostkit watch` says: the first row of an empty tab is a new row, and every duration has its unit."""

from __future__ import annotations

import datetime as dt

from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main
from hostkit.storage.xlsx import XlsxBook
from tests.cli.watching import OPENING, looks
from tests.games.hap_tac_toe.support import STARTS, turns
from tests.games.hap_tac_toe.workbook import make_book, move_rows


@freeze_time(STARTS + dt.timedelta(minutes=3))
def test_the_first_row_of_an_empty_tab_is_one_new_row_and_a_plain_for_is_in_seconds(tmp_path, monkeypatch):
    from hostkit.games.hap_tac_toe import WhenStarsAlign

    path = make_book(tmp_path / "dm.xlsx", games=[])

    def first_move():
        book = XlsxBook(path)
        moves = [list(r) for r in book.read()["Moves"]]
        book.write({"Moves": moves + move_rows(1, turns(WhenStarsAlign(), OPENING)[:1])})

    looks(monkeypatch, {2: first_move})
    result = CliRunner().invoke(main, ["watch", "--book", str(path), "--round", "1", "--every", "5", "--for", "30"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "1 new row in Moves" in lines[1], lines
    assert lines[-1].endswith("watched for 30 s. Stopped.")
