"""`hostkit watch` carries on through a passing conflict, stops once the workbook is gone for a minute, and a
Ctrl-C as it exits ends it with status 130 and one line."""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import shutil

import pytest
from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main, watch
from hostkit.library import _commit as committing
from hostkit.storage.xlsx import XlsxBook
from tests.cli.watching import death_match, looks, third_turn
from tests.games.hap_tac_toe.support import STARTS


def watching(path, *more):
    return CliRunner().invoke(main, ["watch", "--book", str(path), "--round", "1", "--every", "5", *more])


@freeze_time(STARTS + dt.timedelta(minutes=3))
def test_a_host_save_during_a_rescore_is_said_and_the_next_look_scores_again(tmp_path, monkeypatch):
    path = death_match(tmp_path / "dm.xlsx")
    hosts = tmp_path / "host.xlsx"
    shutil.copy(path, hosts)
    third_turn(hosts)
    real = committing.write_all
    saves = []

    def save_after_the_host(*args):
        saves.append(1)
        if len(saves) == 1:
            os.replace(hosts, path)  # the host's spreadsheet program saves while the round is being scored
        return real(*args)

    monkeypatch.setattr(committing, "write_all", save_after_the_host)
    looks(monkeypatch, {})
    result = watching(path, "--for", "30s")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "not scored: the workbook was saved by another program meanwhile" in lines[0]
    assert lines[0].endswith("trying again at the next look.")
    assert lines[1].endswith("first score: When Stars Align, game 1: Next: Bob, turn 4")
    assert lines[-1].endswith("Stopped.") and "Game 1 Results" in XlsxBook(path).read()


@freeze_time(STARTS + dt.timedelta(minutes=3))
def test_another_command_holding_the_lock_is_said_and_waited_out(tmp_path, monkeypatch):
    path = death_match(tmp_path / "dm.xlsx")
    monkeypatch.setenv("HOSTKIT_LOCK_WAIT", "0")
    other = XlsxBook(path)
    looks(monkeypatch, {1: lambda: (third_turn(path), other.lock()), 2: other.release})
    result = watching(path, "--for", "30s")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith("first score: When Stars Align, game 1: Next: Alice, turn 3")
    assert lines[1].endswith(
        "not scored: another hostkit command is using the workbook; trying again at the next look."
    )
    assert lines[2].endswith("1 new row in Moves: When Stars Align, game 1: Next: Bob, turn 4")


@freeze_time(STARTS + dt.timedelta(minutes=3))
def test_a_workbook_missing_for_a_while_is_said_once_and_scored_when_back(tmp_path, monkeypatch):
    path = death_match(tmp_path / "dm.xlsx")
    aside = tmp_path / "aside.xlsx"
    looks(monkeypatch, {1: lambda: path.rename(aside), 3: lambda: (aside.rename(path), third_turn(path))})
    result = watching(path, "--for", "40s")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith("first score: When Stars Align, game 1: Next: Alice, turn 3")
    assert lines[1].endswith(f"{path} is not there; looking again every 5s.")
    assert lines[2].endswith("1 new row in Moves: When Stars Align, game 1: Next: Bob, turn 4")
    assert lines[-1].endswith("Stopped.")


@freeze_time(STARTS + dt.timedelta(minutes=3))
def test_a_workbook_gone_for_a_minute_stops_the_watch_in_one_sentence(tmp_path, monkeypatch):
    path = death_match(tmp_path / "dm.xlsx")
    looks(monkeypatch, {1: path.unlink})
    result = watching(path)
    assert result.exit_code == 2, result.output
    assert result.output.count("is not there") == 1
    assert result.stderr.strip().startswith("Error: ") and len(result.stderr.strip().splitlines()) == 1
    assert "has been gone for 60 seconds" in result.stderr and looks.count < 20


def test_a_workbook_missing_at_the_start_is_refused_at_once(tmp_path, monkeypatch):
    looks(monkeypatch, {})
    result = watching(tmp_path / "none.xlsx")
    assert result.exit_code == 2 and "There is no workbook" in result.stderr and looks.count == 0


@freeze_time(STARTS + dt.timedelta(minutes=3))
def test_ctrl_c_landing_as_the_watch_exits_gives_status_130_and_one_line(tmp_path, monkeypatch):
    path = death_match(tmp_path / "dm.xlsx")
    presses = []

    def ctrl_c(seconds):
        presses.append(1)
        raise KeyboardInterrupt

    def stamp_then_ctrl_c():
        if presses:  # the second Ctrl-C, while the first one's line is being said
            raise KeyboardInterrupt
        return "12:00:00"

    monkeypatch.setattr(watch, "sleep", ctrl_c)
    monkeypatch.setattr(watch, "_stamp", stamp_then_ctrl_c)
    result = watching(path)
    assert result.exit_code == 130, (result.exit_code, result.output)
    assert isinstance(result.exception, SystemExit) and "Traceback" not in result.output
    assert result.stderr.strip() == "hostkit: stopped at Ctrl-C; a save is either whole or not made at all."


def test_ctrl_c_landing_after_a_command_gives_status_130_not_a_signal(monkeypatch, capsys):
    import hostkit.core.collector

    @contextlib.contextmanager
    def interrupted_on_the_way_out(leaving=False):
        try:
            yield
        finally:
            raise KeyboardInterrupt  # Ctrl-C as the command's exit unwinds

    monkeypatch.setattr(hostkit.core.collector, "paused_collector", interrupted_on_the_way_out)
    with pytest.raises(SystemExit) as stopped:
        main(["games"], prog_name="hostkit")
    assert stopped.value.code == 130
    assert capsys.readouterr().err.strip() == "hostkit: stopped at Ctrl-C; a save is either whole or not made at all."
