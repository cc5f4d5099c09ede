"""`hostkit watch` re-scores a round once per change of its submissions, and an idle look costs little."""

from __future__ import annotations

import datetime as dt

import pytest
from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main, watch
from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_and_grab.big_round import OPENS, big_round
from tests.games.hap_tac_toe.support import STARTS, turns
from tests.games.hap_tac_toe.workbook import make_book, move_rows

OPENING = [("yellow solid 4", "C3"), ("yellow solid 5", "C2"), ("yellow solid 6", "C1", "C1 C2 C3", 75)]


def looks(monkeypatch, changes: dict[int, object]) -> None:
    """Run the watch's looks without waiting: before look n, change n is made; each look is 5 s on."""

    def sleep(seconds):
        looks.count += 1
        change = changes.get(looks.count)
        if change is not None:
            change()

    looks.count = 0
    monkeypatch.setattr(watch, "sleep", sleep)
    ticks = iter(range(0, 10_000, 5))
    monkeypatch.setattr(watch, "clock", lambda: next(ticks))


def death_match(path):
    from hostkit.games.hap_tac_toe import WhenStarsAlign

    return make_book(path, games=[turns(WhenStarsAlign(), OPENING[:2])])


def third_turn(path):
    from hostkit.games.hap_tac_toe import WhenStarsAlign

    book = XlsxBook(path)
    moves = [list(r) for r in book.read()["Moves"]]
    moves += move_rows(1, turns(WhenStarsAlign(), OPENING)[2:])
    book.write({"Moves": moves})


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
