import datetime as dt
import random
import re

import pytest

from hostkit.games.hap_tac_toe import (
    SQUARES,
    Claim,
    Message,
    format_claims,
    format_message,
    parse_claims,
    parse_clock_time,
    parse_message,
)


def texts(claims):
    return [(c.text, c.is_readable()) for c in claims]


@pytest.mark.parametrize(
    "typed",
    [
        "set A1 A2 A4 set B2 C3 D4",
        "A1 A2 A4; B2 C3 D4",
        "Set a1, a2, a4. SET b2 c3 d4",
        "A1 A2 A4\nB2 C3 D4",
        "hap A1-A2-A4 hap B2-C3-D4",
        "A1 A2 A4 B2 C3 D4",
        "set A1, A2 and A4 | B2 C3 D4 done",
    ],
)
def test_claims_come_in_groups_of_three(typed):
    assert texts(parse_claims(typed)) == [("A1 A2 A4", True), ("B2 C3 D4", True)]


@pytest.mark.parametrize("typed", ["", "   ", None, "set", " ; ; "])
def test_blank_claims_are_none(typed):
    assert parse_claims(typed) == []


def test_written_order_is_kept_within_and_between_claims():
    claims = parse_claims("set C3 B2 A1; A4 A2 A1")
    assert [c.text for c in claims] == ["C3 B2 A1", "A4 A2 A1"]
    assert claims[0].key() == parse_claims("A1 B2 C3")[0].key()


@pytest.mark.parametrize(
    "typed, problem",
    [
        ("set A1 A2", "'A1 A2' names 2 squares; a claim names three, like A1 A2 A4"),
        ("set A1 A2 A3 A4", "names 4 squares"),
        ("set A1 F2 A3", "F2 is off the board"),
        ("set A1 A2 A6", "A6 is off the board"),
        ("set A1 A2 banana", "'BANANA' is not a square|'banana' is not a square"),
        ("set 1 2 3", "'1' is not a square"),
    ],
)
def test_unreadable_pieces_become_unreadable_claims(typed, problem):
    [claim] = parse_claims(typed)
    assert not claim.is_readable() and claim.squares is None
    assert claim.text == typed[4:]
    assert re.search(problem, claim.problem)


def test_an_unreadable_piece_does_not_spoil_its_neighbours():
    assert texts(parse_claims("set A1 A2 A4 set B2 C3 set C1 C2 C3")) == [
        ("A1 A2 A4", True),
        ("B2 C3", False),
        ("C1 C2 C3", True),
    ]


def test_claims_round_trip_through_both_formats():
    rand = random.Random(11)
    for _ in range(300):
        claims = []
        for _ in range(rand.randint(0, 6)):
            if rand.random() < 0.2:
                claims.extend(parse_claims(f"set {rand.choice(['A1 A2', 'Z9 A1 A2', 'hello', 'B2 B3 B4 B5'])}"))
            else:
                claims.append(Claim.of(*rand.sample(SQUARES, 3)))
        for word in (None, "set", "hap"):
            assert parse_claims(format_claims(claims, word)) == claims


def test_format_claims_writes_either_style():
    claims = parse_claims("A1 A2 A4; B2 C3 D4")
    assert format_claims(claims) == "A1 A2 A4; B2 C3 D4"
    assert format_claims(claims, "set") == "set A1 A2 A4 set B2 C3 D4"


def test_claim_of_needs_three_squares():
    with pytest.raises(ValueError, match="a claim names three squares, not 2: 'A1 A2'"):
        Claim.of("A1", "A2")


def test_the_live_message_gives_block_square_claims_and_time():
    message = parse_message("yellow solid 4 C3 set A1 A2 A4 done @20:01:15")
    assert message == Message("yellow solid 4", "C3", "set A1 A2 A4", dt.time(20, 1, 15))
    assert [c.text for c in message.claim_list()] == ["A1 A2 A4"]


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("Solid Yellow 4-pointed c3 done", Message("Solid Yellow 4-pointed", "c3")),
        ("@20:01 4 yellow solid C3", Message("4 yellow solid", "C3", "", dt.time(20, 1))),
        (
            "yellow solid 4 C3, set A1 A2 A4 set B2 C3 D4 Done.",
            Message("yellow solid 4", "C3", "set A1 A2 A4 set B2 C3 D4"),
        ),
        ("white red circle F9 done", Message("white red circle", "F9")),
    ],
)
def test_live_messages_are_read_leniently(typed, expected):
    assert parse_message(typed) == expected


@pytest.mark.parametrize(
    "typed, message",
    [
        ("yellow solid 4 done", "names no square; type the block, the square and the claims"),
        ("C3 set A1 A2 A4 done", "names no block before its square C3"),
        ("yellow solid 4 C3 @20:01 @20:02", "has 2 times; type one"),
        ("yellow solid 4 C3 @25:01", "'25:01' is not a time of day"),
    ],
)
def test_bad_live_messages_say_what_to_type(typed, message):
    with pytest.raises(ValueError, match=message):
        parse_message(typed)


def test_live_messages_round_trip():
    for typed in [
        "yellow solid 4 C3 set A1 A2 A4 done @20:01:15",
        "blue hollow 6 E5 done",
        "white striped 5 A1 A1 A2 A4; B2 C3 D4 done @09:00:00.250",
    ]:
        message = parse_message(typed)
        assert format_message(message) == typed
        assert parse_message(format_message(message)) == message


def test_clock_times():
    assert parse_clock_time("@ 20:01:15") == dt.time(20, 1, 15)
    assert parse_clock_time("9:05") == dt.time(9, 5)
    assert parse_clock_time("20:01:15.25") == dt.time(20, 1, 15, 250000)
    for typed in ("noon", "20:61", "20:01:15.1234567", "2001"):
        with pytest.raises(ValueError, match="write it like 20:01:15"):
            parse_clock_time(typed)
