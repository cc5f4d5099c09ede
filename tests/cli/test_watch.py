"""`hostkit watch` re-scores a round once per change of its submissions, and an idle look costs little."""

from __future__ import annotations

import datetime as dt

import pytest
from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main, watch
from hostkit.storage.xlsx import XlsxBook
from tests.cli.watching import death_match, looks, third_turn
from tests.games.hap_and_grab.big_round import OPENS, big_round
from tests.games.hap_tac_toe.support import STARTS


@freeze_time(STARTS + dt.timedelta(minutes=3))
def test_watch_rescores_once_per_change_and_prints_nothing_on_idle_looks(tmp_path, monkeypatch):
    path = death_match(tmp_path / "dm.xlsx")
    looks(monkeypatch, {3: lambda: third_turn(path)})
    result = CliRunner().invoke(main, ["watch", "--book", str(path), "--round", "1", "--every", "5", "--for", "40s"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == 3, lines  # the first score, the one change, the end: idle looks say nothing
    assert lines[0].endswith("first score: When Stars Align, game 1: Next: Alice, turn 3")
    assert lines[1].endswith("1 new row in Moves: When Stars Align, game 1: Next: Bob, turn 4")
    assert lines[2].endswith("watched for 40s. Stopped.")
    assert "Game 1 Results" in XlsxBook(path).read()


@freeze_time(STARTS + dt.timedelta(minutes=3))
def test_verbose_says_each_idle_look(tmp_path, monkeypatch):
    path = death_match(tmp_path / "dm.xlsx")
    looks(monkeypatch, {})
    args = ["watch", "--book", str(path), "--round", "1", "--for", "30s", "--every", "5", "--verbose"]
    result = CliRunner().invoke(main, args)
    assert result.output.count("nothing new") == 5


def test_a_round_that_has_closed_is_scored_once_and_the_watch_ends(tmp_path, monkeypatch):
    path = tmp_path / "m.xlsx"
    XlsxBook(path).create(big_round(30))
    looks(monkeypatch, {})
    with freeze_time(OPENS.replace(tzinfo=dt.timezone.utc) + dt.timedelta(hours=1)):
        result = CliRunner().invoke(main, ["watch", "--book", str(path), "--round", "1"])
    assert result.exit_code == 0, result.output
    assert (
        "first score: Round 1: 38 answers judged" in result.output
        and "has closed and is scored. Stopped." in result.output
    )
    assert looks.count == 0


def test_a_rescore_judges_the_round_once_though_it_also_asks_when_the_round_closes(tmp_path, monkeypatch):
    import hostkit.games.hap_and_grab.game as hap_and_grab

    judged = []
    real = hap_and_grab.judge_part1
    monkeypatch.setattr(hap_and_grab, "judge_part1", lambda *args: judged.append(args[2]) or real(*args))
    path = tmp_path / "m.xlsx"
    XlsxBook(path).create(big_round(30))
    looks(monkeypatch, {})
    with freeze_time(OPENS.replace(tzinfo=dt.timezone.utc) + dt.timedelta(hours=1)):
        result = CliRunner().invoke(main, ["watch", "--book", str(path), "--round", "1"])
    assert result.exit_code == 0, result.output
    assert judged == [1]


def test_a_bad_duration_is_one_sentence(tmp_path):
    path = tmp_path / "m.xlsx"
    XlsxBook(path).create(big_round(3))
    result = CliRunner().invoke(main, ["watch", "--book", str(path), "--round", "1", "--for", "soon"])
    assert result.exit_code == 2 and "--for 'soon' is not a duration" in result.stderr


@pytest.mark.parametrize("text, seconds", [("90s", 90), ("45m", 2700), ("2h", 7200), ("1.5 hours", 5400), ("30", 30)])
def test_durations(text, seconds):
    assert watch.parse_duration(text) == seconds
