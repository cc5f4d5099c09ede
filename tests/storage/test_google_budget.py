"""Google's quota kept by every process: 60 reads and 60 writes in any rolling minute per account, across the
match, public and season spreadsheets, on a clock that moves only when hostkit waits (or a test moves it)."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main
from hostkit.cli import watch as watch_module
from hostkit.core.times import to_serial
from hostkit.storage.quota import Budget, record_path
from tests.cli.watching import OPENING
from tests.games.hap_tac_toe.support import STARTS, turns
from tests.games.hap_tac_toe.workbook import make_book
from tests.storage.conftest import ACCOUNT, KEY, PUBLIC_KEY
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


# ---- one budget per account, shared by every hostkit process on the machine


def test_two_budgets_of_one_account_share_its_minute_through_the_state_file(quota_clock, tmp_path, monkeypatch):
    monkeypatch.setenv("HOSTKIT_STATE", str(tmp_path))
    watch, score = Budget(record_path(ACCOUNT)), Budget(record_path(ACCOUNT))  # as two processes hold them
    for _ in range(40):
        watch.take("read")
    for _ in range(20):
        score.take("read")
    score.take("write")
    assert quota_clock.waited == []
    said: list[str] = []
    score.take("read", said.append)  # the account's 61st read of the minute, though this process's 21st
    assert quota_clock.waited == [61.0] and said == [
        "Keeping within Google's quota of 60 reads a minute: waiting 61 s…"
    ]
    other = Budget(record_path("someone-else@season-3.iam.gserviceaccount.com"))
    other.take("read")  # another account has a minute of its own
    assert quota_clock.waited == [61.0]
    assert sorted(p.name for p in tmp_path.glob("google-quota-*.json")) == [
        "google-quota-hostkit-bot@season-3.iam.gserviceaccount.com.json",
        "google-quota-someone-else@season-3.iam.gserviceaccount.com.json",
    ]


def test_a_damaged_record_is_an_empty_one_and_an_unusable_folder_leaves_each_process_its_own_count(
    quota_clock, tmp_path, monkeypatch
):
    monkeypatch.setenv("HOSTKIT_STATE", str(tmp_path))
    record_path(ACCOUNT).write_text('{"read": [1, "x", true, null], "write": "no"', encoding="utf-8")
    budget = Budget(record_path(ACCOUNT))
    budget.take("read")
    assert json.loads(record_path(ACCOUNT).read_text()) == {"read": [0.0], "write": []}
    (tmp_path / "a file").write_text("")
    monkeypatch.setenv("HOSTKIT_STATE", str(tmp_path / "a file"))  # no folder can be made there
    alone = Budget(record_path(ACCOUNT))
    for _ in range(61):
        alone.take("write")
    assert quota_clock.waited == [61.0]


@freeze_time(STARTS + dt.timedelta(minutes=3))
def test_a_watch_and_five_commands_of_another_process_in_its_minute_draw_no_429(
    fake, credentials, quota_clock, monkeypatch, tmp_path
):
    from hostkit.games.hap_tac_toe import WhenStarsAlign
    from hostkit.storage import quota
    from hostkit.storage.xlsx import XlsxBook

    monkeypatch.setenv("HOSTKIT_STATE", str(tmp_path / "state"))
    path = make_book(tmp_path / "dm.xlsx", games=[turns(WhenStarsAlign(), OPENING[:2])])
    fake.clock = quota_clock.now  # Google's own count: a 61st read or write of the account in a minute is a 429
    fake.add(KEY, as_sheet({name: [list(r) for r in rows] for name, rows in XlsxBook(path).read().items()}))
    sheet = ["--sheet", KEY, "--credentials", str(credentials)]
    commands = [["status", *sheet], ["score", "--round", "1", *sheet]] * 2 + [["status", *sheet]]
    other_process: dict = {}  # the budgets of the host's own commands, run beside the watch
    ran = []

    def host_runs_a_command() -> None:
        watching, quota._BUDGETS = quota._BUDGETS, other_process
        try:
            ran.append(CliRunner().invoke(main, commands[len(ran)]))
        finally:
            quota._BUDGETS = watching

    def sleep(seconds: float) -> None:  # a Form response every second, and a command every 10 s for 50 s
        quota_clock.seconds += seconds
        moves = next(t for t in fake.books[KEY].tabs if t.title == "Moves")
        row = max(r for r, _ in moves.cells) + 1
        for c, value in enumerate([1, 3 + row, "Bob", "yellow solid 5", "Z9", None, to_serial(STARTS)]):
            if value is not None:
                moves.cells[(row, c)] = value
        moves.row_count = row + 1
        if len(ran) < len(commands) and quota_clock.seconds >= 10 * (len(ran) + 1):
            host_runs_a_command()

    monkeypatch.setattr(watch_module, "sleep", sleep)
    monkeypatch.setattr(watch_module, "clock", quota_clock.now)
    result = CliRunner().invoke(main, ["watch", "--round", "1", *sheet, "--every", "2", "--for", "2m"])
    assert result.exit_code == 0, result.output
    assert len(ran) == 5 and all(r.exit_code in (0, 1) and "Traceback" not in r.output for r in ran), [
        r.output for r in ran
    ]
    assert not [c for c in fake.calls if c.status == 429]
    reads, writes = fake.most_in_a_minute()
    assert reads == 60 and writes <= 60 and quota_clock.waited  # the account's whole minute, and someone paced
    assert other_process and other_process[ACCOUNT] is not quota.budget(ACCOUNT)
