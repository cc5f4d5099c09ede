"""`hostkit status` at each phase of a scripted Open, Pass match."""

import datetime as dt
import json

from freezegun import freeze_time

from hostkit.storage.xlsx import XlsxBook
from tests.games.open_pass.test_cli import PLAYERS, full_deck, new_match, run

NOW = dt.datetime(2026, 11, 21, 12, 0)


def status(path):
    with freeze_time(NOW):
        result = run("status", "--book", path, "--json")
    assert result.exit_code == 0, result.output
    shaped = json.loads(result.stdout)
    return {**shaped["details"], "next": shaped["next"], "waiting": shaped["waiting_for"]}  # own keys under details


def test_status_at_each_phase_of_a_match(tmp_path):
    path = new_match(tmp_path)
    book = XlsxBook(path)
    rounds = book.read()["Rounds"]
    rounds[1][1] = NOW + dt.timedelta(minutes=90)
    book.write({"Rounds": rounds})
    data = status(path)
    one = data["rounds"][0]
    assert one["state"] == "bids open" and one["seconds_left"] == 5400
    assert one["not_submitted"] == PLAYERS[2:]  # Ann and Bo have bid for round 1
    assert "no bid yet from Cy, Di" in one["says"] and data["waiting"] == PLAYERS[2:]
    assert data["rounds"][3]["state"] == "waiting"

    rounds[1][1] = None
    book.write({"Rounds": rounds})
    data = status(path)
    assert [r["state"] for r in data["rounds"][:3]] == ["to score"] * 3
    assert data["waiting"] == []  # a closed round waits for no player, though Cy and Di never bid
    assert data["next"] == f"hostkit score --round 1 --book {path}"
    for number in (1, 2, 3):
        run("score", "--book", path, "--round", number)
    data = status(path)
    assert [r["state"] for r in data["rounds"]] == ["scored", "scored", "scored", "decks"]
    assert data["rounds"][3]["not_submitted"] == PLAYERS and data["next"] is None

    book = XlsxBook(path)  # read anew, after the commands' writes
    tabs = book.read()
    decks = tabs["Decks"] + [[p, "Heaven", full_deck(path, p)] for p in PLAYERS]
    decisions = tabs["Decisions"] + [[p, None, None, "open"] for p in PLAYERS[1:] for _ in range(10)]
    book.write({"Decks": decks, "Decisions": decisions + [["Ann", None, None, "pass"]] * 3})
    data = status(path)
    play = data["rounds"][3]
    assert play["state"] == "playing" and play["waiting_for"] == {"player": "Ann", "card": 4}
    assert data["waiting"] == ["Ann"]
    assert play["says"] == "still playing: Ann (card 4 of 20 next)"
    assert data["next"] == f"hostkit play --player Ann --book {path}"

    book.write({"Decisions": decisions + [["Ann", None, None, "open"]] * 10})
    data = status(path)
    assert data["rounds"][3]["state"] == "to score" and data["next"].startswith("hostkit score --round 4")
    run("score", "--book", path, "--round", 4)
    data = status(path)
    assert data["rounds"][3]["state"] == "over" and data["next"] is None
    text = run("status", "--book", path)
    assert "Round 4: every player has finished; Final Results is written." in text.output
