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


# ---- lists a player typed: a blank, `None` or a lone `-` is reported with its cell, never read as nothing


@pytest.mark.parametrize(
    "gives, said",
    [
        (None, "Gives is blank; type the cards Bo gives, or 'nothing' for none."),
        ("", "Gives is blank; type the cards Bo gives, or 'nothing' for none."),
        ("None", "Gives 'None' is not a list of cards; type the cards Bo gives, or 'nothing' for none."),
        (
            "-",
            "Gives '-' is not a list of cards; type the cards Bo gives, or 'nothing' for none "
            "(or 'minus' for one minus card).",
        ),
        ("9 q", "Gives '9 q': 'q' is not a card;"),
    ],
)
def test_a_trade_side_typed_as_none_is_reported_and_the_good_trades_still_apply(gives, said):
    from tests.games.open_pass.test_game import inventory, messages

    game, tabs = make_book()
    tabs["Trades"] += [[1, "Bo", gives, "Ann", "1"], [1, "Cy", "1", "Di", "2"]]
    out = score(game, tabs, 1)
    assert [(t["row"], t["applied"]) for t in out.data["trades"]] == [(3, True)]
    assert len(messages(out)) == 1 and messages(out)[0].startswith(f"Trades row 2: {said}")
    assert messages(out)[0].endswith("The trade is not applied until it is fixed.")
    assert inventory(tabs, 1, "Bo") == inventory(tabs, 1, "Ed")  # Bo neither gave nor got anything
    assert inventory(tabs, 1, "Cy") != inventory(tabs, 1, "Ed")


@pytest.mark.parametrize("gives, moved", [("nothing", ""), ("Nothing", ""), ("minus", "-")])
def test_nothing_is_typed_as_nothing_and_a_lone_minus_card_as_minus(gives, moved):
    game, tabs = make_book()
    tabs["Trades"] += [[1, "Bo", gives, "Ann", "1"]]
    out = score(game, tabs, 1)
    assert out.problems == []
    assert out.data["trades"] == [{"row": 2, "applied": True, "reason": f"Bo gives {moved or 'nothing'} to Ann for 1"}]


@pytest.mark.parametrize("cards", [None, " ", "None", "-", "n/a"])
def test_a_deck_typed_as_none_is_reported_and_not_dealt(cards):
    from hostkit.core.tables import Tables
    from hostkit.games.open_pass.tabs import read_decks

    game, tabs = make_book()
    held = tuple("1 1 1 2 2 2 3 3 3 + + + - - -".split())
    tabs["Decks"] += [["Bo", "Heaven", cards], ["Ann", "Hell", " ".join(held)]]
    ctx = game.context(Tables(tabs))
    deals, waiting, problems = read_decks(Tables(tabs), ctx, dict.fromkeys(ctx.roster.names, held))
    assert sorted(deals) == ["Ann"]
    assert [(p.tab, p.row) for p in problems] == [("Decks", 2)]
    said = problems[0].message
    assert said.startswith("Bo's deck: Cards ") and said.endswith("The deck is not dealt.")
    assert "or 'nothing' for a deck of 20 ÷" in said and waiting["Bo"] == said
    if cards not in (None, " "):
        assert repr(cards) in said


def test_a_deck_typed_as_nothing_is_the_hosts_deck_of_20_divides():
    from hostkit.core.tables import Tables
    from hostkit.games.open_pass.tabs import read_decks

    game, tabs = make_book()
    tabs["Decks"].append(["Bo", "Heaven", "nothing"])
    ctx = game.context(Tables(tabs))
    deals, _, problems = read_decks(Tables(tabs), ctx, dict.fromkeys(ctx.roster.names, ("1",) * 20))
    assert problems == [] and deals["Bo"].dealt == ("÷",) * 20


@pytest.mark.parametrize("packs", ["None", "-", "none"])
def test_a_bid_typed_as_none_is_reported_and_the_earlier_bid_stands(packs):
    game, tabs = make_book()
    bid(tabs, "Ann", "Heaven Basic")
    bid(tabs, "Ann", packs, at="2026-11-21 11:00")
    out = score(game, tabs, 1)
    blank = [p for p in out.problems if "names no pack" in p.message]
    assert [(p.tab, p.row) for p in blank] == [("Bids", 3)]
    assert blank[0].message.startswith(f"Ann's bid names no pack (Packs {packs!r} is no pack's name)")
    assert [(b["player"], b["row"]) for b in out.data["bids"]] == [("Ann", 2)]
