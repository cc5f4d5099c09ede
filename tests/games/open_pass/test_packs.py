import datetime as dt
from collections import Counter

from hostkit.games.open_pass.equation import parse_cards
from hostkit.games.open_pass.packs import (
    Bid,
    BidVerdict,
    Pack,
    Side,
    Trade,
    apply_trades,
    choose_packs,
    decide_round,
    describe_missing,
    judge_bids,
    sorted_cards,
)

UTC = dt.timezone.utc
START = parse_cards("1 1 1 2 2 2 3 3 3 + + + - - -")
PLAYERS = ("Ann", "Bo", "Cy", "Di")
PACKS = (
    Pack(1, "Heaven Basic", Side.HEAVEN, "Basic", parse_cards("4 5 x"), 2),
    Pack(1, "Heaven Special", Side.HEAVEN, "Special", parse_cards("9 x"), 3),
    Pack(1, "Hell Basic", Side.HELL, "Basic", parse_cards("0 ÷ -"), 4),
)


def at(hour: int) -> dt.datetime:
    return dt.datetime(2026, 11, 21, hour, tzinfo=UTC)


def standing(player: str, *packs: str, row: int = 2) -> Bid:
    return Bid(row, at(10), player, ", ".join(packs), packs)


def decide(bids, trades=(), pity_without_bid=True):
    before = {p: START for p in PLAYERS}
    return decide_round(1, None, PACKS, bids, trades, before, PLAYERS, "1", pity_without_bid)


def test_cards_sort_in_face_order_and_missing_cards_are_counted():
    assert sorted_cards("x+9÷0") == ("0", "9", "+", "x", "÷")
    assert describe_missing(Counter({"x": 1, "9": 2})) == "2 x 9, x"


def test_choose_packs_splits_names_and_counts_the_first_two():
    chosen, notes = choose_packs(
        "Ann", "hell basic; Heaven  Special and Purgatory, Heaven Basic, Hell Basic", PACKS, 1, 2
    )
    assert chosen == ("Hell Basic", "Heaven Special")
    assert notes == [
        "Ann bid for 'Purgatory', which is not a pack of round 1 (Heaven Basic, Heaven Special, Hell Basic); "
        "that choice is ignored.",
        "Ann chose more than 2 packs; Heaven Basic is ignored (a bid counts its first 2).",
        "Ann named Hell Basic twice; it counts once.",
    ]


def test_a_whole_text_that_is_a_pack_name_is_that_pack():
    packs = (Pack(1, "Heaven and Earth", Side.HEAVEN, "Basic", ("1",), 2),)
    assert choose_packs("Ann", "heaven AND earth", packs, 1, 2) == (("Heaven and Earth",), [])


def test_the_last_bid_before_the_deadline_stands():
    bids = [
        Bid(2, at(9), "Ann", "a", ("Heaven Basic",)),
        Bid(3, at(11), "Ann", "b", ("Hell Basic",)),
        Bid(4, at(13), "Ann", "c", ("Heaven Special",)),
        Bid(5, at(10), "Bo", "d", ()),
    ]
    judged = judge_bids(bids, at(12), UTC)
    assert [(b.row, b.verdict) for b in judged] == [
        (2, BidVerdict.REPLACED),
        (5, BidVerdict.STANDS),
        (3, BidVerdict.STANDS),
        (4, BidVerdict.LATE),
    ]
    assert judged[0].reason == "replaced by Ann's later bid (Bids row 3)"
    assert judged[2].reason == "the last bid before the deadline stands"
    assert judged[3].reason.startswith("came at 2026-11-21 13:00")
    assert judge_bids(bids[:1], None, UTC)[0].reason == "the player's last bid stands"


def test_odd_pack_is_given_even_pack_is_not_and_the_others_get_the_pity_card():
    result = decide([standing("Ann", "Heaven Special", "Hell Basic"), standing("Bo", "Hell Basic")])
    assert result.chosen == {"Heaven Basic": 0, "Heaven Special": 1, "Hell Basic": 2}
    assert result.is_given("Heaven Special") and not result.is_given("Hell Basic")
    assert result.gained == {"Ann": ("Heaven Special",), "Bo": (), "Cy": (), "Di": ()}
    assert result.pity == ("Bo", "Cy", "Di")
    assert result.inventories["Ann"] == sorted_cards(START + ("9", "x"))
    assert result.inventories["Cy"] == sorted_cards(START + ("1",))
    assert result.reasons["Bo"] == (
        "Hell Basic was chosen by 2 players (even): nobody who chose it gains it; "
        "you gained no pack, so you get the pity card 1."
    )
    assert result.reasons["Cy"] == "you made no bid this round; you gained no pack, so you get the pity card 1."


def test_every_pack_chosen_an_odd_number_of_times_gives_nobody_a_pack():
    result = decide([standing("Ann", "Heaven Basic", "Heaven Special"), standing("Bo", "Hell Basic")])
    assert result.all_odd
    assert not result.is_given("Heaven Basic")
    assert all(not got for got in result.gained.values())
    assert "every pack was chosen an odd number of times" in result.reasons["Ann"]


def test_pity_card_without_a_bid_is_a_choice():
    result = decide([standing("Ann", "Hell Basic"), standing("Bo", "Hell Basic")], pity_without_bid=False)
    assert result.pity == ("Ann", "Bo")
    assert result.inventories["Cy"] == START


def test_trades_apply_in_order_and_refuse_cards_not_held():
    before = {"Ann": ("9",), "Bo": ("1", "1"), "Cy": ("3",)}
    trades = [
        Trade(2, "Bo", ("1", "1"), "Ann", ("9",)),
        Trade(3, "Bo", ("9",), "Cy", ("3",)),
        Trade(4, "Ann", ("9",), "Cy", ()),
    ]
    applied, after = apply_trades(before, trades)
    assert [t.accepted for t in applied] == [True, True, False]
    assert applied[0].reason == "Bo gives 1 1 to Ann for 9"
    assert applied[2].reason == "Ann does not hold 9 to give (holds 1 1)"
    assert after == {"Ann": ("1", "1"), "Bo": ("3",), "Cy": ("9",)}
    assert before["Ann"] == ("9",)


def test_trades_follow_the_packs_and_pity_cards_of_the_round():
    result = decide([standing("Ann", "Heaven Special")], [Trade(5, "Ann", ("9",), "Bo", ("1",))])
    assert result.trades[0].accepted
    assert result.inventories["Bo"].count("9") == 1
    assert result.inventories["Bo"].count("1") == 3  # start 3, pity +1, traded -1
    assert result.trades_of("Bo") == list(result.trades)
    assert result.trades_of("Cy") == []


def test_a_refused_trade_is_no_players_trade():
    result = decide([], [Trade(5, "Ann", ("9",), "Bo", ())])
    assert not result.trades[0].accepted
    assert result.trades_of("Ann") == []
