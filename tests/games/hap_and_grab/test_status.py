"""`hostkit status` at each phase of a scripted Hap and Grab match."""

import datetime as dt
import json

from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main
from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_and_grab.helpers import OPENS
from tests.games.hap_and_grab.tobago_helpers import match_tabs


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def status(path, minutes):
    with freeze_time(OPENS + dt.timedelta(minutes=minutes)):
        result = run("status", "--book", path, "--json")
    assert result.exit_code == 0, result.output
    shaped = json.loads(result.stdout)
    data = {**shaped["details"], "next": shaped["next"], "waiting": shaped["waiting_for"]}  # own keys under details
    return data["rounds"][0], data


def test_status_at_each_phase_of_a_match(tmp_path):
    path = tmp_path / "game.xlsx"
    tabs = match_tabs()
    part1, board = tabs["Submissions"], tabs["Board"]
    tabs["Submissions"], tabs["Board"] = part1[:1], board[:1]
    XlsxBook(path).create(tabs)

    first, data = status(path, -30)
    assert first["state"] == "no board" and data["next"] == f"hostkit board --round 1 --book {path}"
    XlsxBook(path).write({"Board": board})  # the host types the board in

    first, data = status(path, -10)
    assert first["state"] == "not open" and first["seconds_left"] == 600
    assert first["says"].startswith("opens at 2026-11-21 20:00:00 (in 10 min 0 s)")

    XlsxBook(path).write({"Submissions": part1[:3]})  # Reds, then Craw: both have answered
    first, data = status(path, 2)
    assert first["state"] == "part 1 open" and first["not_submitted"] == [] and first["seconds_left"] == 360
    assert data["next"] == f"hostkit board --round 1 --book {path}"  # to publish the opened round's board
    with freeze_time(OPENS + dt.timedelta(minutes=2)):
        assert run("board", "--book", path, "--round", 1).exit_code == 0
    assert status(path, 2)[1]["next"] == f"hostkit score --round 1 --book {path}"
    XlsxBook(path).write({"Submissions": part1[:2]})  # only Reds
    first, data = status(path, 2)
    assert first["not_submitted"] == ["Craw"] and "no answer yet from Craw" in first["says"]
    assert data["waiting"] == ["Craw"]

    XlsxBook(path).write({"Submissions": part1})
    first, data = status(path, 60)
    assert first["state"] == "to score" and data["next"] == f"hostkit score --round 1 --book {path}"
    assert data["waiting"] == []  # Part 1 has closed: it waits for no player
    with freeze_time(OPENS + dt.timedelta(minutes=60)):
        assert run("score", "--book", path, "--round", 1).exit_code == 0

    first, data = status(path, 61)
    assert first["state"] == "to deal" and data["next"].startswith("hostkit deal --round 1")
    with freeze_time(OPENS + dt.timedelta(minutes=61)):
        assert run("deal", "--book", path, "--round", 1).exit_code == 0

    first, data = status(path, 62)
    assert first["state"] == "part 2" and first["waiting_for"] == {"player": "Craw", "card": 1}
    assert data["waiting"] == ["Craw"]
    assert data["next"] == f"hostkit play --round 1 --book {path}"
    assert "the option is Craw's (turn order CRCCR)" in first["says"]

    with freeze_time(OPENS + dt.timedelta(minutes=63)):
        assert run("play", "--book", path, "--round", 1, input="take\n" * 6).exit_code == 0
        text = run("status", "--book", path)
    first, data = status(path, 63)
    assert first["state"] == "over" and first["says"].startswith("Part 2 ended: the turn order is empty.")
    assert data["rounds"][1]["state"] == "no board" and data["next"] == f"hostkit board --round 2 --book {path}"
    assert text.output.splitlines()[1].startswith("  Round 1: Part 2 ended")
    assert text.output.splitlines()[-1] == f"Next: hostkit board --round 2 --book {path}"
