import datetime as dt

import pytest

from hostkit.core.games import load_game
from hostkit.core.tables import BookError, Tables
from tests.helpers import BOARD_WORDS, OPENS, at, hap_and_grab_tabs, solutions

GAME = load_game("hap-and-grab")
AFTER = dt.datetime(2026, 11, 23, tzinfo=dt.timezone.utc)
SOL = solutions()
WRONG = "ACG"


def score(rows, now=AFTER, **kw):
    return GAME.score(Tables(hap_and_grab_tabs(rows, **kw)), 1, now)


def test_scores_a_round_into_results_and_leaderboard():
    out = score([[at(10), "Reds", 1, SOL[0]], [at(20), "@craw ", 1, f"{SOL[1]} {SOL[2]}"], [at(30), "Craw", 1, WRONG]])
    assert out.problems == []
    data = out.data
    assert data["players"] == {
        "Reds": {"correct": 1, "penalties": 0, "turns": 0, "lost": False},
        "Craw": {"correct": 2, "penalties": 1, "turns": 0, "lost": False},
    }
    assert data["turn_order"] == []
    assert data["anti_haps_total"] == len(SOL) and data["anti_haps_found"] == 3
    assert [a["verdict"] for a in data["answers"]] == ["correct", "correct", "correct", "incorrect"]
    assert data["answers"][0]["timestamp"] == "2026-11-21T20:00:10+00:00"
    results = out.writes["Round 1 Results"]
    assert results[0] == ["Timestamp", "Player", "Cards", "Verdict", "Penalty", "Reason", "Submissions row"]
    assert results[4][:5] == ["2026-11-21 20:00:30", "Craw", WRONG, "incorrect", 1]
    assert ["Round", "Player", "Correct", "Penalties", "Turns", "Status"] == out.writes["Leaderboard"][0]
    assert out.writes["Leaderboard"][2][:5] == [1, "Craw", 2, 1, 0]
    assert set(out.writes) == {"Round 1 Results", "Leaderboard"}


def test_turn_order_of_the_rule_sheet_through_the_workbook():
    rows = [[at(i), "Reds" if who == "R" else "Craw", 1, SOL[i]] for i, who in enumerate("RCRCCCRCCRCCRCR")]
    rows.append([at(100), "Craw", 1, WRONG])
    out = score(rows)
    assert out.data["turn_order"] == ["Craw", "Reds", "Craw", "Craw", "Reds"]
    assert ["Turn order", "CRCCR", "Craw, Reds, Craw, Craw, Reds"] in out.writes["Round 1 Results"]


@pytest.mark.parametrize(
    "row, message",
    [
        ([at(5), "", 1, SOL[0]], "'' is not a player (Reds, Craw)"),
        ([at(5), "Joker", 1, SOL[0]], "'Joker' is not a player (Reds, Craw); fix the name or add the player"),
        (["soon", "Reds", 1, SOL[0]], "Timestamp 'soon' is not a time"),
        ([at(5), "Reds", 9, SOL[0]], "Round 9 is not a round of this match (1–4)"),
        ([at(5), "Reds", "one", SOL[0]], "Round 'one' is not a round number"),
        ([at(5), "Reds", 1, "  "], "Reds's answer is blank"),
        ([at(-60), "Reds", 1, SOL[0]], "before round 1 opened at 2026-11-21 20:00:00"),
    ],
)
def test_unusable_rows_are_reported_and_the_good_rows_scored(row, message):
    out = score([row, [at(10), "Craw", 1, SOL[1]]])
    assert len(out.problems) == 1
    assert out.problems[0].row == 2 and out.problems[0].tab == "Submissions"
    assert message in out.problems[0].message
    assert out.data["players"]["Craw"]["correct"] == 1


def test_rows_of_other_rounds_are_skipped_silently():
    out = score([[at(3600 + 10), "Reds", 2, SOL[0]], [at(10), "Craw", 1, SOL[1]]])
    assert out.problems == []
    assert len(out.data["answers"]) == 1


def test_a_blank_round_is_read_from_the_time():
    out = score([[at(10), "Reds", None, SOL[0]], [at(3600 + 10), "Craw", None, SOL[1]]])
    assert [a["player"] for a in out.data["answers"]] == ["Reds"]


def test_a_round_still_open_is_not_scored():
    now = (OPENS + dt.timedelta(minutes=4, seconds=48)).replace(tzinfo=dt.timezone.utc)
    out = score([[at(10), "Reds", 1, SOL[0]]], now=now)
    assert out.writes == {}
    assert "round 1 is still open: 3 min 12 s left (Part 1 closes at 2026-11-21 20:08:00)" in out.problems[0].message


def test_a_round_not_yet_opened_is_not_scored():
    now = (OPENS - dt.timedelta(minutes=2)).replace(tzinfo=dt.timezone.utc)
    out = score([], now=now)
    assert out.writes == {} and "has not opened yet" in out.problems[0].message


def test_a_round_closes_early_once_every_anti_hap_is_found():
    now = (OPENS + dt.timedelta(minutes=2)).replace(tzinfo=dt.timezone.utc)
    out = score([[at(30), "Reds", 1, " ".join(SOL)]], now=now)
    assert out.problems == [] and out.data["anti_haps_found"] == len(SOL)


def test_the_workbook_time_zone_decides_lateness():
    # Opens 20:00 local in New York; an answer at 01:07 UTC the next day is 20:07 local: on time.
    out = score([["2026-11-22T01:07:00Z", "Reds", 1, SOL[0]]])
    assert out.data["answers"][0]["verdict"] == "late"
    out = GAME.score(Tables(hap_and_grab_tabs(
        [["2026-11-22T01:07:00Z", "Reds", 1, SOL[0]]], config={"timezone": "America/New_York"})), 1, AFTER)
    assert out.data["answers"][0]["verdict"] == "correct"
    assert out.data["answers"][0]["timestamp"] == "2026-11-21T20:07:00-05:00"


def test_missing_opens_time_stops_with_a_fix():
    tabs = hap_and_grab_tabs([])
    tabs["Rounds"][1][1] = None
    with pytest.raises(BookError, match="Round 1 has no Opens time in the Rounds tab"):
        GAME.score(Tables(tabs), 1, AFTER)


def test_a_bad_setting_names_the_row_value_and_fix():
    with pytest.raises(BookError, match=r"Config row \d+: part1_minutes 'eight' is not a whole number"):
        score([], config={"part1_minutes": "eight"})


def test_renamed_header_is_one_sentence():
    tabs = hap_and_grab_tabs([])
    tabs["Submissions"][0][3] = "Message"
    with pytest.raises(BookError, match="Tab 'Submissions' has no column 'Answer'"):
        GAME.score(Tables(tabs), 1, AFTER)


def test_typed_board_is_checked_and_warned_not_changed():
    tabs = hap_and_grab_tabs([], board=("white square red",) * 2 + ("gray circle blue",) * 6)
    out = GAME.board(Tables(tabs), 1)
    assert out.writes == {}
    messages = [p.message for p in out.problems]
    assert "round 1: card B (white square red) is the same card as A" in messages


def test_unknown_board_value_is_reported_with_its_row():
    tabs = hap_and_grab_tabs([])
    tabs["Board"][3][4] = "purple"
    out = GAME.board(Tables(tabs), 1)
    assert any("Board row 4: colour 'purple' is not one of red, blue, yellow" in p.message for p in out.problems)


def test_generated_board_is_seeded_recorded_and_keeps_other_rounds():
    tabs = hap_and_grab_tabs([])
    first = GAME.board(Tables(tabs), 2)
    again = GAME.board(Tables(tabs), 2)
    assert first.writes == again.writes
    board = first.writes["Board"]
    assert [r[0] for r in board[1:]].count(1) == len(BOARD_WORDS)
    assert 8 <= [r[0] for r in board[1:]].count(2) <= 11
    assert first.writes["Draws"][1][:3] == ["board", 2, "7:board:2"]
    other = GAME.board(Tables(tabs), 2, seed=8)
    assert other.writes["Draws"][1][2] == "8:board:2"
    assert other.writes["Board"] != board


def test_board_force_replaces_and_rerun_replaces_its_draw_row():
    tabs = hap_and_grab_tabs([])
    out = GAME.board(Tables(tabs), 1, force=True)
    tabs.update(out.writes)
    again = GAME.board(Tables(tabs), 1, force=True)
    assert len(again.writes["Draws"]) == 2
    assert again.writes["Board"] == out.writes["Board"]


def test_scoring_twice_gives_the_same_writes():
    rows = [[at(10), "Reds", 1, SOL[0]], [at(12), "Craw", 1, "=HYPERLINK(\"x\")"]]
    tabs = hap_and_grab_tabs(rows)
    first = GAME.score(Tables(tabs), 1, AFTER)
    tabs.update(first.writes)
    second = GAME.score(Tables(tabs), 1, AFTER)
    assert first.writes == second.writes


def test_leaderboard_keeps_rounds_scored_before():
    tabs = hap_and_grab_tabs([[at(10), "Reds", 1, SOL[0]], [at(3600 + 5), "Craw", 2, SOL[0]]])
    tabs["Board"] += [[2, *row[1:]] for row in tabs["Board"][1:]]
    tabs.update(GAME.score(Tables(tabs), 1, AFTER).writes)
    out = GAME.score(Tables(tabs), 2, AFTER)
    assert [row[:3] for row in out.writes["Leaderboard"][1:]] == [
        [1, "Reds", 1], [1, "Craw", 0], [2, "Reds", 0], [2, "Craw", 1]]


def test_public_tabs():
    assert GAME.is_public("Leaderboard") and GAME.is_public("Round 3 Results")
    assert not GAME.is_public("Board") and not GAME.is_public("Draws")
