"""Bad cells in Open, Pass's own tabs: reported by row, never read as something else, never a traceback."""

import pytest

from hostkit.core.tables import BookError
from tests.games.open_pass.test_game import bid, make_book, score


def test_a_duplicate_rounds_row_is_named_and_the_first_deadline_stands():
    game, tabs = make_book()
    tabs["Rounds"][1][1] = "2026-11-21 12:00"
    tabs["Rounds"].append([1, "2026-11-30 12:00"])
    bid(tabs, "Ann", "Heaven Basic", at="2026-11-21 13:00")
    out = score(game, tabs, 1)
    assert [(p.tab, p.row, p.message) for p in out.problems] == [
        ("Rounds", 5, "round 1 is already on row 2; this row is ignored. Delete one of the two.")
    ]
    assert [b["verdict"] for b in out.data["bids"]] == ["late"]


@pytest.mark.parametrize(
    "typed, message",
    [
        (1.9, "Round 1.9 is not a whole number"),
        (True, "Round True is not a whole number"),
        (float("inf"), "Round inf is not a whole number"),
        (1e12, "Round 1000000000000 is not a round of this match (1–3)"),
    ],
)
def test_a_bad_round_number_in_rounds_is_a_reported_row(typed, message):
    game, tabs = make_book()
    tabs["Rounds"].append([typed, "2026-11-21 12:00"])
    out = score(game, tabs, 1)
    assert [(p.row, p.message.split(";")[0].split(" (1")[0]) for p in out.problems] == [(5, message.split(" (1")[0])]


@pytest.mark.parametrize("deadline", [1e12, float("nan"), -1e7, "tonight 8pm"])
def test_an_unreadable_deadline_stops_its_round_and_the_rounds_after_it(deadline):
    game, tabs = make_book()
    tabs["Rounds"][2][1] = deadline
    out = score(game, tabs, 1)
    assert [p.row for p in out.problems] == [3]
    assert "round 2 and the rounds after it cannot be scored until it is fixed" in out.problems[0].message
    with pytest.raises(BookError, match=r"^Rounds row 3: Deadline "):
        score(game, tabs, 2)


def test_the_round_still_open_message_comes_first():
    import datetime as dt

    game, tabs = make_book()
    tabs["Rounds"][1][1] = "2026-11-21 12:00"
    tabs["Rounds"].append([7, None])
    out = score(game, tabs, 1, now=dt.datetime(2026, 11, 21, 11, tzinfo=dt.timezone.utc))
    assert [p.row for p in out.problems] == [2, 5]
    assert out.problems[0].message.startswith("round 1 is still open: bids close at 2026-11-21 12:00:00")


def test_a_bid_row_with_no_packs_is_reported_not_counted():
    game, tabs = make_book()
    bid(tabs, "Ann", "Heaven Basic")
    bid(tabs, "Bo", None)
    out = score(game, tabs, 1)
    blank = [p for p in out.problems if "names no pack" in p.message]
    assert len(blank) == 1 and blank[0].message.startswith("Bo's bid names no pack (Packs is blank)")
    assert [b["player"] for b in out.data["bids"]] == ["Ann"]
