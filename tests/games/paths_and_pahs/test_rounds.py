import dataclasses
import datetime as dt

import pytest

from hostkit.games.paths_and_pahs.actions import Verdict
from hostkit.games.paths_and_pahs.board import Direction, Tile
from hostkit.games.paths_and_pahs.cards import shares_no_value
from hostkit.games.paths_and_pahs.match import RULES, Rules, deal, deal_starting, new_match
from hostkit.games.paths_and_pahs.rounds import resolve_round
from tests.games.paths_and_pahs.helpers import CLOSES, card, layout, match_of, sub

ANN = "white yellow triangle; grey blue circle"
BOB = "grey red square; black yellow circle"
PAH = "black red square, white red circle, black blue circle"


def verdicts(result):
    return [(j.submission.player, j.submission.action, j.verdict.value) for j in result.actions]


def play(match, number, rows, garnets=None, **kwargs):
    return resolve_round(match, number, rows, CLOSES, garnets or {}, **kwargs)


def placed(match, **tiles):
    """The match with players moved onto tiles, as after an earlier round."""
    players = {
        n: dataclasses.replace(p, tile=Tile.parse(tiles[n])) if n in tiles else p for n, p in match.players.items()
    }
    return dataclasses.replace(match, players=players)


def test_deal_gives_two_cards_sharing_no_value_independently_per_player():
    dealt = deal(9, [f"P{i}" for i in range(9)])
    assert all(shares_no_value(a, b) for a, b in dealt.values())
    assert deal(9, ["P3"])["P3"] == dealt["P3"] == deal_starting(9, "@p3 ")
    assert deal(10, ["P3"])["P3"] != dealt["P3"] or deal(11, ["P3"])["P3"] != dealt["P3"]


def test_new_match_refuses_a_player_twice_or_one_card_twice():
    with pytest.raises(ValueError, match="named twice"):
        new_match(
            layout(),
            {
                "Ann": (card("black red square"), card("white blue circle")),
                "ann": (card("black red square"), card("white blue circle")),
            },
        )
    with pytest.raises(ValueError, match="not two different cards"):
        new_match(layout(), {"Ann": (card("black red square"), card("black red square"))})


def test_round_1_starts_on_an_empty_tile_and_a_player_without_start_is_reported():
    match = match_of(layout(B2="black red square"), Ann=ANN, Bob=BOB, Cat=ANN)
    result = play(match, 1, [sub("Ann", "start", "A1"), sub("Bob", "start", "B2"), sub("Ann", "move", "down 1")])
    assert verdicts(result) == [("Ann", "start", "applied"), ("Bob", "start", "rejected"), ("Ann", "move", "applied")]
    assert result.actions[1].reason.startswith("B2 holds black red square; start on an empty tile (A1, B1, C1, ")
    assert result.match.players["Ann"].tile == Tile.parse("A2")
    assert result.match.players["Bob"].tile is None
    assert result.reports == (
        "Bob sent no start and stays off the board until they send one (an empty tile)",
        "Cat sent no start and stays off the board until they send one (an empty tile)",
    )
    later = play(
        result.match,
        2,
        [
            sub("Bob", "move", "up 1"),
            sub("Cat", "start", "C3"),
            sub("Ann", "start", "A3"),
            sub("Cat", "move", "down 1"),
        ],
    )
    assert verdicts(later) == [
        ("Bob", "move", "rejected"),
        ("Cat", "start", "applied"),
        ("Ann", "start", "rejected"),
        ("Cat", "move", "applied"),
    ]
    assert "not on the board; send start" in later.actions[0].reason
    assert "already stands on A2" in later.actions[2].reason
    assert later.match.players["Cat"].tile == Tile.parse("C4")
    assert later.reports == ("Bob sent no start and stays off the board until they send one (an empty tile)",)


def test_shifts_of_a_round_are_summed_per_line_cancel_and_wrap():
    board = layout(A3="black red square", F3="white red circle", A1="grey blue circle")
    match = match_of(board, Ann=ANN, Bob=BOB, Cat=ANN, Dan=BOB)
    rows = [
        sub("Ann", "shift", "row 1 left"),
        sub("Bob", "shift", "row 1 right"),
        sub("Cat", "shift", "row 3 left"),
        sub("Dan", "shift", "row 3 left"),
    ]
    result = play(match, 1, rows)
    assert all(j.verdict is Verdict.APPLIED for j in result.actions)
    assert result.as_json()["shifts"] == {"row 1": 0, "row 3": -2}
    assert result.board[Tile.parse("A1")] == card("grey blue circle")
    assert result.board[Tile.parse("E3")] == card("black red square")  # A3 wrapped round, two to the left
    assert result.board[Tile.parse("D3")] == card("white red circle")
    assert "row 1 did not move" in result.actions[0].reason and "row 3 moved 2 left" in result.actions[2].reason
    columns = play(result.match, 2, [sub("Ann", "shift", "column E down"), sub("Bob", "shift", "row 2 left")])
    assert columns.board[Tile.parse("E4")] == card("black red square")
    assert verdicts(columns)[1][2] == "rejected" and "round 2 shifts columns, not rows" in columns.actions[1].reason


def test_players_do_not_move_with_the_board_and_collect_the_card_a_shift_brought_under_them():
    board = layout(D1="black red square", D2="white red circle", C2="grey yellow triangle")
    match = match_of(board, Ann=ANN, Bob=BOB)
    result = play(
        match,
        1,
        [
            sub("Ann", "start", "C1"),
            sub("Bob", "start", "E1"),
            sub("Bob", "shift", "row 1 left"),
            sub("Ann", "move", "down 1"),
            sub("Bob", "move", "stay"),
        ],
    )
    ann, bob = result.match.players["Ann"], result.match.players["Bob"]
    assert result.board[Tile.parse("C1")] == card("black red square")
    assert ann.tile == Tile.parse("C2") and ann.direction is Direction.DOWN
    assert ann.inventory == {card("black red square"), card("grey yellow triangle"), *match.players["Ann"].starting}
    assert result.collected["Ann"] == {card("black red square"), card("grey yellow triangle")}
    assert bob.tile == Tile.parse("E1") and bob.direction is None and result.collected["Bob"] == set()
    assert "walks down from C1 to C2; collects black red square, grey yellow triangle" in result.actions[3].reason
    assert result.match.board[Tile.parse("C1")] == card("black red square")  # cards stay on the board


def test_the_inventory_is_a_set_and_a_card_already_held_adds_nothing():
    match = placed(match_of(layout(A1="white yellow triangle", B1="black red square"), Ann=ANN), Ann="A1")
    result = play(match, 1, [sub("Ann", "move", "right 1")])
    assert result.match.players["Ann"].inventory == {*match.players["Ann"].starting, card("black red square")}
    assert result.actions[0].reason.endswith("collects black red square (1 already held)")


def test_refused_moves_off_the_board_opposite_and_a_fourth_tile_without_garnets():
    match = placed(match_of(layout(), Ann=ANN, Bob=BOB, Cat=ANN, Dan=BOB), Ann="B1", Bob="C3", Cat="A6", Dan="A1")
    first = play(
        match,
        1,
        [
            sub("Ann", "move", "left 3"),
            sub("Bob", "move", "left 2"),
            sub("Cat", "move", "right 4"),
            sub("Dan", "move", "right 4"),
        ],
        {"Cat": 3, "Dan": 4},
    )
    assert verdicts(first) == [
        ("Ann", "move", "rejected"),
        ("Bob", "move", "applied"),
        ("Cat", "move", "rejected"),
        ("Dan", "move", "applied"),
    ]
    assert first.actions[0].reason == (
        "left 3 from B1 would leave the board; there is 1 tile that way, and moves do not wrap"
    )
    assert first.actions[2].reason == "Cat has 3 garnets and cannot spend 4 on a fourth tile"
    assert first.match.players["Dan"].tile == Tile.parse("E1") and first.spent == {
        "Ann": 0,
        "Bob": 0,
        "Cat": 0,
        "Dan": 4,
    }
    assert first.match.players["Ann"].tile == Tile.parse("B1") and first.match.players["Ann"].direction is None
    second = play(
        first.match, 2, [sub("Bob", "move", "right 1"), sub("Dan", "move", "left 1"), sub("Ann", "move", "right 1")]
    )
    assert verdicts(second) == [("Bob", "move", "rejected"), ("Dan", "move", "rejected"), ("Ann", "move", "applied")]
    assert second.actions[0].reason == "Bob moved left in round 1 and cannot move right, the opposite way, in round 2"
    third = play(second.match, 3, [sub("Bob", "move", "right 1")])
    assert verdicts(third) == [("Bob", "move", "applied")]  # no move in round 2: nothing is opposite
    assert third.match.players["Dan"].garnets_spent == 4


def test_pahs_resolve_in_time_order_against_what_is_held_then():
    held = "black red square; white red circle"
    match = placed(match_of(layout(), Ann=held, Bob=held), Ann="A1", Bob="A1")
    hold = {
        n: dataclasses.replace(p, inventory=p.inventory | {card("black blue circle"), card("grey red circle")})
        for n, p in match.players.items()
    }
    match = dataclasses.replace(match, players=hold, round=1)
    rows = [
        sub("Ann", "pah", PAH + "; discard black blue circle", 1),
        sub("Ann", "pah", PAH + "; discard white red circle", 2),
        sub("Bob", "pah", "black red square, white red circle, grey red circle; discard grey red circle", 1),
        sub("Bob", "pah", "black red square, grey red circle, black blue circle; discard black red square", 2),
        sub("Bob", "pah", PAH + "; discard white red circle", 3),
    ]
    result = play(match, 2, rows)
    assert verdicts(result) == [
        ("Ann", "pah", "applied"),
        ("Bob", "pah", "rejected"),
        ("Ann", "pah", "rejected"),
        ("Bob", "pah", "applied"),
        ("Bob", "pah", "rejected"),
    ]
    assert result.actions[0].reason == (
        "a PAH of black red square, white red circle, black blue circle worth 7 (made with starting cards black red square, white red circle); black blue circle is discarded"
    )
    assert result.actions[1].reason == (
        "not a PAH: the backgrounds are all different (black, white, grey); the colours are all the same (red)"
    )
    assert result.actions[2].reason == "Ann does not hold black blue circle"  # discarded by her PAH a minute earlier
    assert result.actions[4].reason == "Bob does not hold black red square"
    ann, bob = result.match.players["Ann"], result.match.players["Bob"]
    assert (ann.points, ann.pahs, ann.pahs_with_starting) == (7, 1, 1)
    assert (bob.points, bob.pahs, bob.pahs_with_starting) == (7, 1, 1)
    assert bob.inventory == {card("white red circle"), card("grey red circle"), card("black blue circle")}
    assert bob.starting == match.players["Bob"].starting  # a discarded starting card is still a starting card


def test_pah_values_by_round_and_none_in_round_1():
    held = "black red square; white red circle"
    match = placed(match_of(layout(A1="black blue circle"), Ann=held), Ann="A1")
    first = play(match, 1, [sub("Ann", "pah", PAH + "; discard black red square"), sub("Ann", "move", "stay")])
    assert first.actions[0].verdict is Verdict.REJECTED
    assert first.actions[0].reason == (
        "PAHs made in round 1 score nothing (they score in rounds 2–4 and the endgame); no card is discarded"
    )
    rules = Rules(pah_points={2: 10, 5: 1})
    second = play(first.match, 2, [sub("Ann", "pah", PAH + "; discard black blue circle")], rules=rules)
    assert second.match.players["Ann"].points == 10
    assert (
        "PAHs made in round 3 score nothing (they score in rounds 2 and the endgame)"
        in play(second.match, 3, [sub("Ann", "pah", PAH + "; discard black red square")], rules=rules).actions[0].reason
    )


def test_a_change_spends_a_garnet_before_pahs_and_replaces_the_starting_card():
    match = placed(match_of(layout(), Ann="black red square; white yellow triangle", Bob=BOB), Ann="A1")
    match = dataclasses.replace(
        match,
        round=1,
        players={
            **match.players,
            "Ann": dataclasses.replace(
                match.players["Ann"], inventory=match.players["Ann"].inventory | {card("black blue circle")}
            ),
        },
    )
    rows = [
        sub("Ann", "pah", PAH + "; discard black blue circle", 1),  # sent before the change, resolved after it
        sub("Ann", "change", "2: white red circle", 2),
        sub("Bob", "change", "1: black red square", 1),
    ]
    result = play(match, 2, rows, {"Ann": 1, "Bob": 0})
    assert verdicts(result) == [("Ann", "pah", "applied"), ("Bob", "change", "rejected"), ("Ann", "change", "applied")]
    assert result.actions[1].reason == "Bob has 0 garnets and cannot spend 1 on changing starting card 1"
    assert result.actions[2].reason == (
        "starting card 2 is now white red circle for 1 garnet; white yellow triangle leaves the inventory"
    )
    ann = result.match.players["Ann"]
    assert ann.starting == (card("black red square"), card("white red circle"))
    assert ann.inventory == {card("black red square"), card("white red circle")}
    assert (ann.points, ann.pahs_with_starting, ann.garnets_spent) == (7, 1, 1) and result.spent["Ann"] == 1


def test_the_last_legal_change_stands_and_costs_once():
    match = match_of(layout(), Ann="black red square; white yellow triangle")
    rows = [
        sub("Ann", "change", "1: grey blue circle", 1),
        sub("Ann", "change", "1: white red circle", 2),
        sub("Ann", "change", "2: black red square", 3),
    ]
    result = play(match, 1, rows, {"Ann": 5})
    assert verdicts(result) == [
        ("Ann", "change", "superseded"),
        ("Ann", "change", "applied"),
        ("Ann", "change", "rejected"),
    ]
    assert result.actions[2].reason == (
        "black red square is already starting card 1; the two starting cards are different cards"
    )
    assert result.actions[0].reason.startswith("superseded by Ann's later change (row ")
    assert "the last legal change sent before the close stands" in result.actions[0].reason
    assert result.spent["Ann"] == 1


def test_the_endgame_only_makes_pahs():
    held = "black red square; white red circle"
    match = placed(match_of(layout(), Ann=held), Ann="A1")
    match = dataclasses.replace(
        match,
        round=4,
        players={
            "Ann": dataclasses.replace(
                match.players["Ann"], inventory=match.players["Ann"].inventory | {card("black blue circle")}
            )
        },
    )
    rows = [
        sub("Ann", "change", "1: grey blue circle"),
        sub("Ann", "move", "down 1"),
        sub("Ann", "shift", "row 1 left"),
        sub("Ann", "start", "B2"),
        sub("Ann", "pah", PAH + "; discard white red circle"),
    ]
    result = play(match, 5, rows, {"Ann": 9})
    assert [j.verdict.value for j in result.actions] == ["rejected"] * 4 + ["applied"]
    assert result.actions[0].reason == "round 5 is the endgame: players only make PAHs, so no change"
    ann = result.match.players["Ann"]
    assert ann.points == 4 and ann.tile == Tile.parse("A1") and ann.garnets_spent == 0
    assert result.shifts == {} and result.reports == ()


def test_superseded_late_unreadable_and_unknown_rows():
    match = match_of(layout(), Ann=ANN, Bob=BOB)
    late = sub("Ann", "move", "down 2", 24 * 60 + 1)
    rows = [
        sub("Ann", "start", "A1", 1),
        sub("Ann", "start", "B1", 2),
        sub("Ann", "move", "down 3", 3),
        late,
        sub("Ann", "move", "down 1", 4),
        sub("Bob", "start", "A9", 5),
        sub("Zed", "start", "A1", 6),
        sub("Bob", "dance", "A1", 7),
        sub("Ann", "move", "down 1", 24 * 60),
    ]  # the last one lands on the close
    result = play(match, 1, rows)
    assert verdicts(result) == [
        ("Ann", "start", "superseded"),
        ("Ann", "start", "applied"),
        ("Ann", "move", "superseded"),
        ("Ann", "move", "superseded"),
        ("Bob", "start", "rejected"),
        ("Zed", "start", "rejected"),
        ("Bob", "dance", "rejected"),
        ("Ann", "move", "applied"),
        ("Ann", "move", "late"),
    ]
    assert result.actions[-1].reason == (
        "sent at 2030-01-02 12:01:00, after round 1 closed at 2030-01-02 12:00:00; not counted"
    )
    assert result.actions[4].reason == "tile 'A9' is off the board; columns run A–F and rows 1–6; not counted"
    assert "'Zed' is not a player of this match (Ann, Bob)" in result.actions[5].reason
    assert result.match.players["Ann"].tile == Tile.parse("B2")
    assert result.actions[0].action is not None  # a superseded row keeps what it was read as


def test_an_unreadable_last_row_leaves_the_earlier_legal_one_standing():
    match = placed(match_of(layout(), Ann=ANN), Ann="C3")
    result = play(match, 1, [sub("Ann", "move", "left 2", 1), sub("Ann", "move", "lft 2", 2)])
    assert verdicts(result) == [("Ann", "move", "applied"), ("Ann", "move", "rejected")]
    assert result.match.players["Ann"].tile == Tile.parse("A3")


def test_a_later_illegal_start_does_not_cancel_an_earlier_legal_one():
    """The issue's case: `start C4`, then `start` on a tile that is not empty: the player stands on C4."""
    board = layout(B3="black red square")
    result = play(match_of(board, Ann=ANN), 1, [sub("Ann", "start", "C4", 1), sub("Ann", "start", "B3", 2)])
    assert verdicts(result) == [("Ann", "start", "applied"), ("Ann", "start", "rejected")]
    assert result.match.players["Ann"].tile == Tile.parse("C4")
    assert not any("sent no start" in report for report in result.reports)


def test_rounds_resolve_in_order_and_the_result_is_json():
    match = match_of(layout(), Ann=ANN)
    with pytest.raises(ValueError, match="round 2 cannot be resolved after round 0; resolve round 1 next"):
        play(match, 2, [])
    with pytest.raises(ValueError, match="round 6 does not exist"):
        play(match, 6, [])
    result = play(match, 1, [sub("@ann ", "start", "A1")], {"ANN": 2})
    data = result.as_json()
    assert set(data) == {"game", "round", "board", "shifts", "players", "actions"}
    assert data["players"]["Ann"]["tile"] == "A1" and data["players"]["Ann"]["starting"] == [
        "white yellow triangle",
        "grey blue circle",
    ]
    assert data["actions"][0] == {
        "timestamp": "2030-01-01T12:00:00+00:00",
        "player": "@ann ",
        "action": "start",
        "value": "A1",
        "verdict": "applied",
        "reason": "starts on A1",
    }
    assert result.match.round == 1 and RULES.pah_value(5) == 4


def test_rows_sent_before_the_round_opened_are_rejected_and_supersede_nothing():
    match = match_of(layout(), Ann=ANN)
    rows = [
        sub("Ann", "start", "A1", -5),
        sub(
            "Ann",
            "start",
            "B1",
            5,
        ),
        sub("Ann", "move", "down 1", -1),
    ]
    result = play(match, 1, rows, opens=rows[1].at - dt.timedelta(minutes=5))
    assert verdicts(result) == [("Ann", "start", "rejected"), ("Ann", "move", "rejected"), ("Ann", "start", "applied")]
    assert result.actions[0].reason == (
        "sent at 2030-01-01 11:55:00, before round 1 opened at 2030-01-01 12:00:00; not counted"
    )
    assert result.match.players["Ann"].tile == Tile.parse("B1")
