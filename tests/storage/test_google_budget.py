"""Google's quota kept by every process: 60 reads and 60 writes in any rolling minute per account, across the
match, public and season spreadsheets, on a clock that moves only when hostkit waits (or a test moves it)."""

from __future__ import annotations

import datetime as dt

import pytest
from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main
from hostkit.cli import watch as watch_module
from hostkit.core.times import to_serial
from hostkit.storage.quota import Budget
from tests.cli.watching import OPENING
from tests.games.hap_tac_toe.support import STARTS, turns
from tests.games.hap_tac_toe.workbook import make_book
from tests.storage.conftest import KEY, PUBLIC_KEY
from tests.storage.test_sheets_scale import sheet_of
from tests.storage.test_watch_sheet import as_sheet


def test_the_budget_waits_for_the_oldest_request_to_leave_the_minute(quota_clock):
    budget, said = Budget(), []
    for _ in range(60):
        budget.take("read", said.append)
    assert not said and quota_clock.waited == []
    budget.take("write", said.append)  # writes have a budget of their own
    budget.take("read", said.append)
    assert quota_clock.waited == [61.0] and said == [
        "Keeping within Google's quota of 60 reads a minute: waiting 61 s…"
    ]


def test_a_big_public_score_then_another_command_is_paced_not_refused(fake, credentials, quota_clock, monkeypatch):
    monkeypatch.setattr("hostkit.storage.sheets.MAX_BODY", 12_000)  # many batches from a small round
    fake.clock = quota_clock.now
    fake.add(KEY, sheet_of(1_000))
    fake.add(PUBLIC_KEY, {"Sheet1": []})
    sheet = ["--sheet", KEY, "--credentials", str(credentials)]
    scored = CliRunner().invoke(main, ["score", "--round", "1", *sheet, "--public-sheet", PUBLIC_KEY])
    assert scored.exit_code in (0, 1), scored.output
    writes = fake.count("spreadsheets.batchUpdate")
    assert writes > 60, writes  # more than a minute's quota, so the command itself was paced
    assert CliRunner().invoke(main, ["score", "--round", "1", *sheet]).exit_code in (0, 1)
    assert not [c for c in fake.calls if c.status == 429]
    assert max(fake.most_in_a_minute()) <= 60 and quota_clock.waited


@freeze_time(STARTS + dt.timedelta(minutes=3))
def test_five_minutes_of_watch_with_a_form_response_every_second_stay_within_the_quota(
    fake, credentials, quota_clock, monkeypatch, tmp_path
):
    from hostkit.games.hap_tac_toe import WhenStarsAlign
    from hostkit.storage.xlsx import XlsxBook

    path = make_book(tmp_path / "dm.xlsx", games=[turns(WhenStarsAlign(), OPENING[:2])])
    fake.clock = quota_clock.now
    fake.add(KEY, as_sheet({name: [list(r) for r in rows] for name, rows in XlsxBook(path).read().items()}))
    fake.add(PUBLIC_KEY, {"Sheet1": []})
    moves = next(t for t in fake.books[KEY].tabs if t.title == "Moves")
    first = moves.row_count = max(r for r, _ in moves.cells) + 1
    added = [0]

    def responses_so_far() -> None:  # a Form response every second of the watch: the tab grows by its row
        moves = next(t for t in fake.books[KEY].tabs if t.title == "Moves")  # a write replaces the tabs
        while added[0] < int(quota_clock.seconds):
            row = first + added[0]
            answer = [1, 3 + added[0], "Bob", "yellow solid 5", "Z9", None, to_serial(STARTS.replace(tzinfo=None))]
            for c, value in enumerate(answer):
                if value is not None:
                    moves.cells[(row, c)] = value
            moves.row_count = row + 1
            added[0] += 1

    def sleep(seconds: float) -> None:
        quota_clock.seconds += seconds
        responses_so_far()

    monkeypatch.setattr(watch_module, "sleep", sleep)
    monkeypatch.setattr(watch_module, "clock", quota_clock.now)
    args = ["watch", "--round", "1", "--sheet", KEY, "--credentials", str(credentials)]
    result = CliRunner().invoke(main, [*args, "--public-sheet", PUBLIC_KEY, "--every", "3", "--for", "5m"])
    assert result.exit_code == 0, result.output
    assert quota_clock.seconds >= 296 and added[0] >= 296
    assert not [c for c in fake.calls if c.status == 429]
    reads, writes = fake.most_in_a_minute()
    assert reads <= 60 and writes <= 60, (reads, writes)
    lines = result.stdout.splitlines()
    counted = sum(int(line.split(" new row")[0].split()[-1]) for line in lines if " new row" in line)
    assert counted == added[0] and len(lines) > 60, result.stdout  # every response scored, at each look
    assert lines[-1].endswith("watched for 5m. Stopped.")


@pytest.mark.parametrize(("every", "public"), [("1.5", False), ("2.5", True)])
def test_watch_on_a_sheet_refuses_an_every_the_quota_cannot_keep(fake, credentials, every, public):
    fake.add(KEY, sheet_of(3))
    args = ["watch", "--round", "1", "--sheet", KEY, "--credentials", str(credentials), "--every", every]
    result = CliRunner().invoke(main, [*args, *(["--public-sheet", PUBLIC_KEY] if public else [])])
    assert result.exit_code == 2
    assert "is more often than Google's quota" in result.output and fake.calls == []
    floor = "3" if public else "2"
    assert f"give --every {floor} or more" in result.output
