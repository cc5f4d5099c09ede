import datetime as dt
import json
import random
import re
from fractions import Fraction

import pytest

from hostkit.core.cards import FULL_DECK
from hostkit.games.hap_tac_toe import (
    Game,
    HapTacToe,
    Rejection,
    Settings,
    TurnRecord,
    Verdict,
    Waiting,
    WhenStarsAlign,
    on_day_of,
    replay,
)
from tests.games.hap_tac_toe.support import PLAYERS, STARTS, at, random_moves, turns

STARS = WhenStarsAlign()
BLOCKS = HapTacToe()
# Column C gets a set on turn 3; A1, A2 stay apart from it.
OPENING = [
    ("yellow solid 4", "C3"),
    ("yellow solid 5", "C2"),
    ("yellow solid 6", "C1"),
    ("blue hollow 4", "A1"),
    ("white striped 4", "A2"),
]


def play(rules, moves, **kwargs):
    return replay(rules, PLAYERS, kwargs.pop("first", "Alice"), STARTS, turns(rules, moves, **kwargs))


def verdicts(game, turn):
    return [(c.claim.text, c.verdict) for c in game.turns[turn - 1].claims]


def test_every_verdict_in_written_order():
    moves = OPENING[:2] + [
        ("yellow solid 6", "C1", "set C1 C2 C3 set C3 C2 C1 set A1 A2 A3 set C1 C2 D4 set C1 C2 A5 set C1 C2 banana")
    ]
    game = play(STARS, moves + [("blue solid 4", "A1"), ("blue solid 5", "A2", "A1 A2 C2")])
    assert verdicts(game, 3) == [
        ("C1 C2 C3", Verdict.VALID),
        ("C3 C2 C1", Verdict.REPEAT),
        ("A1 A2 A3", Verdict.EMPTY_SQUARE),
        ("C1 C2 D4", Verdict.NOT_A_LINE),
        ("C1 C2 A5", Verdict.NOT_A_LINE),
        ("C1 C2 banana", Verdict.UNREADABLE),
    ]
    assert verdicts(game, 5) == [("A1 A2 C2", Verdict.NOT_A_LINE)]
    reasons = [c.reason for c in game.turns[2].claims]
    assert reasons[1] == "C3 C2 C1 was already claimed by Alice on turn 3"
    assert reasons[2] == "A1 A2 A3 are empty: no star there yet"
    assert reasons[5] == "'banana' is not a square; write a column A–E and a row 1–5, like C3"


def test_not_a_hap_names_the_attributes_and_the_line():
    game = play(STARS, [("yellow solid 4", "A1"), ("yellow hollow 5", "B1"), ("blue solid 6", "E1", "A1 B1 E1")])
    [claim] = game.turns[2].claims
    assert claim.verdict is Verdict.NOT_A_HAP
    assert claim.reason == (
        "A1 B1 E1 on row 1 is not a set: colour neither all the same nor all different "
        "(yellow, yellow, blue); pattern neither all the same nor all different "
        "(solid, hollow, solid)"
    )


def test_an_empty_square_is_judged_after_the_placement():
    game = play(STARS, [("yellow solid 4", "C3"), ("yellow solid 5", "C2", "C1 C2 C3 ; C2 C3 C4")])
    assert verdicts(game, 2) == [("C1 C2 C3", Verdict.EMPTY_SQUARE), ("C2 C3 C4", Verdict.EMPTY_SQUARE)]
    assert game.turns[1].claims[0].reason == "C1 is empty: no star there yet"


def test_a_claim_naming_a_square_twice_is_not_a_line():
    game = play(STARS, OPENING[:3] + [("blue solid 4", "D4", "C3 C3 C2")])
    [claim] = game.turns[3].claims
    assert claim.verdict is Verdict.NOT_A_LINE
    assert claim.reason == "C3 C3 C2 names C3 twice; a set needs three different squares"


def test_a_repeat_counts_whoever_made_the_first_claim():
    moves = OPENING[:3]
    moves[2] = (*moves[2], "C1 C2 C3")
    game = play(STARS, moves + [("blue hollow 4", "A1", "C3 C1 C2")])
    assert verdicts(game, 4) == [("C3 C1 C2", Verdict.REPEAT)]
    assert game.turns[3].claims[0].reason == "C3 C1 C2 was already claimed by Alice on turn 3"
    assert game.points == {"Alice": 1, "Bob": 0} and game.strikes == {"Alice": 0, "Bob": 1}


def test_a_hap_left_unclaimed_can_be_claimed_later_by_anyone():
    game = play(
        BLOCKS,
        [
            ("white red circle", "A1"),
            ("white red square", "A2"),
            ("white red triangle", "A3"),
            ("black blue circle", "E5", "A1 A2 A3"),
        ],
    )
    assert verdicts(game, 4) == [("A1 A2 A3", Verdict.VALID)] and game.points["Bob"] == 1


def test_half_point_scoring_is_exact():
    game = play(
        BLOCKS,
        [
            ("white red circle", "A1"),
            ("white red square", "A2"),
            ("white red triangle", "A3", "A1 A2 A3; A1 A2 A3; A1 A2 B2; banana"),
        ],
    )
    assert [c.points for c in game.turns[2].claims] == [1, Fraction(-1, 2), Fraction(-1, 2), Fraction(-1, 2)]
    assert game.points["Alice"] == Fraction(-1, 2) and game.strikes == {"Alice": 0, "Bob": 0}
    assert game.as_json()["players"]["Alice"]["points"] == -0.5


def test_invalid_claim_points_is_a_setting():
    rules = HapTacToe(Settings(invalid_claim_points=0.25))
    game = play(rules, [("white red circle", "A1"), ("white red square", "A2", "A1 A2 A3")])
    assert game.points["Bob"] == Fraction(-1, 4)


def test_strikes_cost_a_point_every_second_strike_and_start_again():
    game = play(
        STARS,
        OPENING[:3]
        + [
            ("blue hollow 4", "A1", "A1 A2 A3; A1 A2 A3; A1 A2 A3"),
            ("white striped 4", "A2"),
            ("white solid 4", "E5", "A1 A2 B2; C1 C2 C3"),
        ],
    )
    bob = game.turns[3].claims
    assert [(c.points, c.strikes, c.note) for c in bob] == [
        (0, 1, "strike 1 of 2"),
        (-1, 0, "strike 2 of 2: -1, strikes back to 0"),
        (0, 1, "strike 1 of 2"),
    ]
    assert [(c.points, c.strikes) for c in game.turns[5].claims] == [(-1, 0), (1, 0)]
    assert game.points == {"Alice": 0, "Bob": -1} and game.strikes == {"Alice": 0, "Bob": 0}
    three = WhenStarsAlign(Settings(strikes_per_point=3))
    game = play(three, OPENING[:3] + [("blue hollow 4", "A1", "A1 A2 A3; A1 A2 A3; A1 A2 A3")])
    assert game.points["Bob"] == -1 and game.strikes["Bob"] == 0


def test_scoring_is_a_setting_in_either_game():
    assert STARS.settings.scoring.value == "strikes" and BLOCKS.settings.scoring.value == "half-point"
    mixed = HapTacToe(Settings(scoring="strikes"))
    game = play(mixed, [("white red circle", "A1", "A1 A2 A3")])
    assert game.points["Alice"] == 0 and game.strikes["Alice"] == 1


@pytest.mark.parametrize(
    "record, kind, reason",
    [
        (
            TurnRecord(3, "Bob", "yellow hollow 4", "D4", "", at(90)),
            Rejection.WRONG_PLAYER,
            "turn 3 is Alice's, not Bob's: turns alternate and Alice moved first in game 1",
        ),
        (
            TurnRecord(3, "Carol", "yellow hollow 4", "D4", "", at(90)),
            Rejection.WRONG_PLAYER,
            "'Carol' is not a player of this match \\(Alice or Bob\\)",
        ),
        (
            TurnRecord(3, "Alice", "Yellow Solid 4", "D4", "", at(90)),
            Rejection.BLOCK_PLACED,
            "yellow solid 4 is already on C3 \\(turn 1\\); pick a star that is not placed yet",
        ),
        (
            TurnRecord(3, "Alice", "purple solid 4", "D4", "", at(90)),
            Rejection.NOT_A_BLOCK,
            "'purple solid 4' is not a star: it names no colour",
        ),
        (
            TurnRecord(3, "Alice", "yellow hollow 4", "C2", "", at(90)),
            Rejection.SQUARE_TAKEN,
            "C2 is taken by yellow solid 5 \\(turn 2\\); pick an empty square",
        ),
        (
            TurnRecord(3, "Alice", "yellow hollow 4", "F3", "", at(90)),
            Rejection.OFF_BOARD,
            "F3 is off the board; columns run A–E and rows 1–5, like C3",
        ),
        (
            TurnRecord(3, "Alice", "yellow hollow 4", "middle", "", at(90)),
            Rejection.OFF_BOARD,
            "'middle' is not a square",
        ),
        (
            TurnRecord(3, "Alice", "yellow hollow 4", "D4", "", None),
            Rejection.BAD_TIME,
            "turn 3 has no Done time; type when Alice said done",
        ),
        (
            TurnRecord(3, "Alice", "yellow hollow 4", "D4", "", at(59)),
            Rejection.BAD_TIME,
            "the turn ends \\(20:00:59\\) before it began \\(20:01:00\\); fix its Done time",
        ),
        (
            TurnRecord(3, "Alice", "yellow hollow 4", "D4", "", at(90).replace(tzinfo=None)),
            Rejection.BAD_TIME,
            "mixes a time zone with none",
        ),
        (
            TurnRecord(4, "Bob", "yellow hollow 4", "D4", "", at(90)),
            Rejection.TURN_NUMBER,
            "turn 3 is missing before turn 4",
        ),
        (TurnRecord(2, "Bob", "yellow hollow 4", "D4", "", at(90)), Rejection.TURN_NUMBER, "turn 2 is written twice"),
    ],
)
def test_a_turn_that_breaks_a_rule_stops_the_replay(record, kind, reason):
    records = turns(STARS, OPENING[:2]) + [record, TurnRecord(4, "Bob", "blue hollow 6", "E5", "", at(120))]
    game = replay(STARS, PLAYERS, "Alice", STARTS, records)
    assert game.rejected is not None and game.rejected.kind is kind
    assert re.search(reason, game.rejected.reason)
    assert len(game.turns) == 2 and len(game.board) == 2
    assert game.waiting_for() == Waiting("Alice", 3)
    assert game.as_json()["rejected"]["kind"] == kind.value
    assert game.rejected.describe().startswith(f"Turn {record.turn} ({record.player}) is refused: ")


def test_nothing_of_a_rejected_turn_is_scored_and_the_fixed_row_plays():
    game = play(STARS, OPENING[:2])
    wrong = TurnRecord(3, "Alice", "yellow solid 6", "C2", "C1 C2 C3", at(90))
    refused = game.play(wrong)
    assert refused.rejected.kind is Rejection.SQUARE_TAKEN and refused.points == game.points
    assert game.check(wrong) == refused.rejected
    with pytest.raises(ValueError, match="game 1 is stopped at Turn 3 \\(Alice\\) is refused"):
        refused.play(wrong)
    fixed = game.play(TurnRecord(3, "alice", "yellow solid 6", "C1", "C1 C2 C3", at(90)))
    assert fixed.rejected is None and fixed.check(wrong) is not None and fixed.points["Alice"] == 1
    assert fixed.turns[-1].player == "Alice"


def test_turns_alternate_from_the_named_first_player_and_sort_by_turn():
    records = turns(STARS, OPENING, first="Bob")
    game = replay(STARS, PLAYERS, "bob", STARTS, reversed(records))
    assert [t.player for t in game.turns] == ["Bob", "Alice", "Bob", "Alice", "Bob"]
    assert game.waiting_for() == Waiting("Alice", 6)


def test_the_game_ends_when_the_grid_is_full_and_refuses_more_rows():
    moves = random_moves(STARS, random.Random(3), claims_per_turn=0)
    game = play(STARS, moves)
    assert game.is_over() and game.board.is_full() and len(game.turns) == 25
    assert game.waiting_for() is None and game.clock_at(at(10_000)) is None
    assert game.end_reason() == "the grid is full after 25 turns"
    unplaced = [b for b in FULL_DECK if game.board.square_of(b) is None]
    assert len(unplaced) == 2
    extra = game.play(TurnRecord(26, "Bob", STARS.format_block(unplaced[0]), "A1", "", at(10_000)))
    assert extra.rejected.kind is Rejection.GAME_OVER
    assert extra.rejected.reason == "game 1 is already over (the grid is full after 25 turns); delete this row"


def test_the_json_has_the_issue_shape():
    moves = OPENING[:2] + [("yellow solid 6", "C1", "set C1 C2 C3 set A1 A2")]
    data = json.loads(json.dumps(play(STARS, moves, seconds=75).as_json()))
    assert set(data) >= {"game", "round", "board", "turns", "players", "waiting_for", "ended"}
    assert data["game"] == "when-stars-align" and data["round"] == 1 and data["ended"] is False
    assert data["board"] == {"C1": "yellow solid 6", "C2": "yellow solid 5", "C3": "yellow solid 4"}
    turn = data["turns"][2]
    assert {k: turn[k] for k in ("turn", "player", "block", "square", "seconds", "reserve_left")} == {
        "turn": 3,
        "player": "Alice",
        "block": "yellow solid 6",
        "square": "C1",
        "seconds": 75,
        "reserve_left": 270,
    }
    assert turn["claims"][0] == {
        "squares": ["C1", "C2", "C3"],
        "text": "C1 C2 C3",
        "verdict": "valid",
        "points": 1,
        "reason": turn["claims"][0]["reason"],
        "scoring": "+1",
    }
    assert turn["claims"][1]["squares"] == [] and turn["claims"][1]["verdict"] == "unreadable"
    assert data["players"]["Alice"] == {
        "points": 1,
        "strikes": 1,
        "reserve_left": 270,
        "lost": False,
        "lost_reason": None,
    }
    assert data["waiting_for"] == {"player": "Bob", "turn": 4}


def test_game_setup_is_checked():
    with pytest.raises(ValueError, match="a Death Match has two different players"):
        Game.new(STARS, ["Alice", "alice"], "Alice", STARTS)
    with pytest.raises(ValueError, match="first_player 'Carol' is not Alice or Bob; name one of them"):
        Game.new(STARS, PLAYERS, "Carol", STARTS)
    assert Game.new(STARS, PLAYERS, "@BOB", STARTS).first_player == "Bob"


def test_a_time_of_day_is_read_on_the_day_of_starts():
    assert on_day_of(dt.time(20, 1, 15), STARTS) == at(75)


def test_the_picture_marks_each_claimed_set_with_who_claimed_it():
    from hostkit.games.hap_tac_toe.board import parse_square
    from hostkit.games.hap_tac_toe.pictures import _grid, board_png, claim_marks

    game = play(STARS, OPENING[:2] + [("yellow solid 6", "C1", "set C1 C2 C3")])
    marks = claim_marks(game.claimed)
    assert marks == {parse_square(s): ["Ali"] for s in ("C1", "C2", "C3")}
    grid = _grid(STARS, game.board, marks)
    assert grid[0][2].marks == ("Ali",) and grid[0][0] is None
    assert board_png(STARS, game.board, "t", game.claimed) != board_png(STARS, game.board, "t")
