"""The When Stars Align sheet's worked examples, on a board built from its words.

The sheet's picture is not in the seed, so the board below is one that says exactly what the text
says: row 2, column B, A5–E1 and A3–C1 each hold the set described; A1–E5 holds two sets; A2–D5
holds none, although A2, B3 and E1 would be a set if the grid wrapped.
"""

import itertools

import pytest

from hostkit.games.hap_tac_toe import (
    LINES,
    Board,
    Claim,
    Claimed,
    Verdict,
    WhenStarsAlign,
    judge_claim,
    line_through,
    parse_square,
)

RULES = WhenStarsAlign()
FACES = RULES.faces
SHEET_BOARD = {
    "A1": "blue solid 6",
    "C1": "white striped 5",
    "E1": "white solid 6",
    "A2": "yellow solid 5",
    "B2": "yellow solid 4",
    "D2": "yellow solid 6",
    "A3": "blue hollow 6",
    "B3": "blue solid 4",
    "C3": "white solid 5",
    "B4": "white solid 4",
    "C4": "yellow hollow 4",
    "D4": "blue hollow 5",
    "D5": "blue striped 5",
    "E5": "white striped 6",
}
BOARD = Board.of({parse_square(sq): FACES.parse(text) for sq, text in SHEET_BOARD.items()})


def sets_on(line_name):
    line = next(line for line in LINES if line.name == line_name)
    occupied = [sq for sq in line.squares if BOARD.is_occupied(sq)]
    return {
        " ".join(s.name for s in t)
        for t in itertools.combinations(occupied, 3)
        if FACES.is_hap([BOARD.block_at(s) for s in t])
    }


def judge(text):
    return judge_claim(BOARD, Claim.of(*text.split()), {}, FACES, RULES.claim_noun)


def test_row_2_is_a_set_of_same_colour_same_pattern_different_shapes():
    assert sets_on("row 2") == {"A2 B2 D2"}
    judgement = judge("A2 B2 D2")
    assert judgement.verdict is Verdict.VALID
    assert judgement.reason == (
        "A2 B2 D2 on row 2 is a set: colour all yellow; pattern all solid; points all different (5, 4, 6)"
    )


def test_column_b_is_a_set_of_same_shape_and_pattern_different_colours():
    assert sets_on("column B") == {"B2 B3 B4"}
    assert judge("B2 B3 B4").reason.endswith(
        "colour all different (yellow, blue, white); pattern all solid; points all 4"
    )


def test_the_diagonal_a5_e1_is_a_set_of_same_colour_and_pattern():
    [found] = sets_on("the diagonal A5–E1")
    judgement = judge(found)
    assert judgement.verdict is Verdict.VALID and judgement.line.name == "the diagonal A5–E1"
    assert "colour all white; pattern all solid; points all different" in judgement.reason


def test_the_diagonal_a3_c1_is_a_set_all_different():
    assert sets_on("the diagonal A3–C1") == {"A3 B2 C1"}
    assert judge("A3 B2 C1").reason.endswith(
        "colour all different (blue, yellow, white); "
        "pattern all different (hollow, solid, striped); "
        "points all different (6, 4, 5)"
    )


def test_the_diagonal_a1_e5_holds_two_sets():
    assert sets_on("the diagonal A1–E5") == {"B2 D4 E5", "A1 B2 C3"}
    assert judge("E5 D4 B2").verdict is Verdict.VALID
    assert judge("A1 B2 C3").verdict is Verdict.VALID
    assert judge("A1 C3 E5").verdict is Verdict.NOT_A_HAP


def test_a2_to_d5_with_e1_holds_no_set_because_the_grid_does_not_wrap():
    assert sets_on("the diagonal A2–D5") == set()
    wrapped = [parse_square(s) for s in ("A2", "B3", "E1")]
    assert FACES.is_hap([BOARD.block_at(s) for s in wrapped])
    assert line_through(wrapped) is None
    judgement = judge("A2 B3 E1")
    assert judgement.verdict is Verdict.NOT_A_LINE
    assert judgement.reason == ("A2 B3 E1 are not on one row, column or 45° diagonal (the grid does not wrap around)")


@pytest.mark.parametrize("claim", ["A2 B2 D2", "B2 B3 B4", "A3 B2 C1", "B2 D4 E5", "A1 B2 C3"])
def test_each_example_is_claimable_once(claim):
    first = Claim.of(*claim.split())
    claimed = {first.key(): Claimed("Ian", 3)}
    again = judge_claim(BOARD, Claim.of(*reversed(claim.split())), claimed, FACES, "set")
    assert again.verdict is Verdict.REPEAT and again.reason.endswith("was already claimed by Ian on turn 3")
