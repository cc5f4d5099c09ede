"""Hap-Tac-Toe hindsight against small independent computations."""

import itertools
import random
import re
from fractions import Fraction

import pytest

from hostkit.core.cards import FULL_DECK
from hostkit.games.hap_tac_toe import SQUARES, HapTacToe, WhenStarsAlign, replay
from hostkit.games.hap_tac_toe.board import Board
from hostkit.games.hap_tac_toe.hindsight import claimable, deciding_turn, explain_game
from tests.games.hap_tac_toe.support import PLAYERS, STARTS, random_moves, turns


def on_one_line(squares) -> bool:
    """Same row, same column, or one 45° diagonal (no wrapping)."""
    keys = [lambda s: s.row, lambda s: s.column, lambda s: s.column - s.row, lambda s: s.column + s.row]
    return any(len({key(s) for s in squares}) == 1 for key in keys)


def brute_haps(blocks) -> set:
    return {
        frozenset(triple)
        for triple in itertools.combinations(blocks, 3)
        if on_one_line(triple) and all(len({blocks[s].values[k] for s in triple}) in (1, 3) for k in range(3))
    }


@pytest.mark.parametrize("seed", range(12))
def test_the_claims_a_board_allows_are_every_hap_on_one_line(seed):
    rand = random.Random(seed)
    blocks = dict(zip(rand.sample(SQUARES, 8 + seed), rand.sample(FULL_DECK, 8 + seed)))
    assert set(claimable(Board.of(blocks), HapTacToe().faces)) == brute_haps(blocks)


@pytest.mark.parametrize("rules", [HapTacToe(), WhenStarsAlign()])
def test_each_turn_lists_the_claims_open_after_it_and_the_deciding_turn_holds(rules):
    records = turns(rules, random_moves(rules, random.Random(7)), first="Alice")
    game = replay(rules, PLAYERS, "Alice", STARTS, records)
    explained = explain_game(game)
    blocks = {}
    for turn, data in zip(game.turns, explained.data["turns"]):
        blocks[turn.square] = turn.block
        open_now = {s for s in brute_haps(blocks) if s not in game.claimed or game.claimed[s].turn >= turn.number}
        assert {c["squares"] for c in data["claims"]} == {
            " ".join(x.name for x in sorted(s, key=lambda q: (q.row, q.column))) for s in open_now
        }
    decided, _ = deciding_turn(game)
    points = dict.fromkeys(PLAYERS, Fraction(0))
    for turn in game.turns:
        points[turn.player] += turn.points
        if decided is not None and turn.number >= decided.number:
            leader = max(points, key=points.get)
            assert points[leader] > min(points.values())
    assert explained.data["never_claimed"] == [
        c["squares"] for c in explained.data["turns"][-1]["claims"] if c["claimed_by"] is None
    ]


def test_every_claim_a_turn_allowed_is_told_as_claimed_then_later_or_never_in_words():
    rules = HapTacToe()
    block = [rules.faces.format(card) for card in FULL_DECK]
    moves = [  # A1 B1 C1 (cards 0, 13, 26: every value different) is a hap from turn 3, claimed on turn 4
        (block[0], "A1"),
        (block[13], "B1"),
        (block[26], "C1", "A1 B1 E5"),
        (block[1], "A5", "A1 B1 C1"),
        (block[2], "E5"),
    ]
    game = replay(rules, PLAYERS, "Alice", STARTS, turns(rules, moves, first="Alice"))
    explained = explain_game(game)
    third = next(line for line in explained.lines if line.startswith("  Turn 3 "))
    assert "A1 B1 C1, claimed later, on turn 4, by Bob" in third
    assert "Failed: A1 B1 E5 are not on one row" in third
    assert any(line.startswith("  Turns 1–2, 5: ") for line in explained.lines)
    assert not any(re.search(r"\b[a-z]+(-[a-z]+)+\b", line) for line in explained.lines)
    assert explained.data["turns"][2]["claims"][0]["when"] == "later"
