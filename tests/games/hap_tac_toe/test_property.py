"""Random full games judged by the module against a brute-force referee that knows nothing of LINES."""

import itertools
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from hostkit.games.hap_tac_toe import (
    SQUARES,
    HapTacToe,
    Scoring,
    Verdict,
    WhenStarsAlign,
    line_triples,
    parse_claims,
    parse_square,
    replay,
)
from tests.games.hap_tac_toe.support import PLAYERS, STARTS, random_moves, turns


def collinear(squares):
    """Three different squares on a row, column or 45° diagonal, from coordinates alone."""
    if len(set(squares)) != 3:
        return False
    a, b, c = sorted(squares)
    (dx1, dy1), (dx2, dy2) = (b.column - a.column, b.row - a.row), (c.column - a.column, c.row - a.row)
    slope_ok = dx1 == 0 or dy1 == 0 or abs(dx1) == abs(dy1)
    return slope_ok and dx1 * dy2 == dx2 * dy1


def hap(blocks):
    return all(len({b.values[i] for b in blocks}) in (1, 3) for i in range(3))


def test_brute_force_lines_match_the_line_table():
    brute = {frozenset(t) for t in itertools.combinations(SQUARES, 3) if collinear(t)}
    assert brute == {frozenset(t) for t in line_triples()} and len(brute) == 140


@pytest.mark.parametrize("rules", [HapTacToe(), WhenStarsAlign()], ids=["half-point", "strikes"])
@pytest.mark.parametrize("seed", range(12))
def test_every_verdict_agrees_with_a_brute_force_referee(rules, seed):
    referee(rules, seed)


def test_the_random_games_reach_every_verdict():
    seen = sum((referee(HapTacToe(), seed) for seed in range(3)), Counter())
    assert set(seen) == set(Verdict), seen


def referee(rules, seed):
    """Replay a random full game and check each verdict, the claimed sets and the points; the verdicts seen."""
    seen = Counter()
    rand = random.Random(f"htt-property:{seed}")
    moves = random_moves(rules, rand, claims_per_turn=rand.randint(2, 8))
    first = rand.choice(PLAYERS)
    game = replay(rules, PLAYERS, first, STARTS, turns(rules, moves, first=first, seconds=20))
    assert game.rejected is None and game.is_over() and len(game.turns) == 25
    board, claimed = {}, set()
    points, strikes = {p: Fraction(0) for p in PLAYERS}, {p: 0 for p in PLAYERS}
    for (block_text, square_text, claims_text), turn in zip(moves, game.turns):
        board[parse_square(square_text)] = rules.parse_block(block_text)
        assert [c.claim for c in turn.claims] == parse_claims(claims_text)
        for judged in turn.claims:
            squares = judged.claim.squares
            if squares is None:
                expected = Verdict.UNREADABLE
            elif not collinear(squares):
                expected = Verdict.NOT_A_LINE
            elif any(s not in board for s in squares):
                expected = Verdict.EMPTY_SQUARE
            elif not hap([board[s] for s in squares]):
                expected = Verdict.NOT_A_HAP
            elif frozenset(squares) in claimed:
                expected = Verdict.REPEAT
            else:
                expected = Verdict.VALID
                claimed.add(frozenset(squares))
            assert judged.verdict is expected, (turn.number, judged.claim.text, judged.reason)
            seen.update([expected])
            if expected is Verdict.VALID:
                points[turn.player] += 1
            elif rules.settings.scoring is Scoring.HALF_POINT:
                points[turn.player] -= Fraction(1, 2)
            else:
                strikes[turn.player] += 1
                if strikes[turn.player] == 2:
                    points[turn.player] -= 1
                    strikes[turn.player] = 0
    assert set(game.claimed) == claimed
    assert game.points == points and game.strikes == strikes
    return seen


@pytest.mark.parametrize("seed", range(6))
def test_every_hap_on_a_line_is_claimable_once_on_a_full_board(seed):
    rules = WhenStarsAlign()
    rand = random.Random(f"htt-all-haps:{seed}")
    moves = random_moves(rules, rand, claims_per_turn=0)
    records = turns(rules, moves)
    blocks = {parse_square(m[1]): rules.parse_block(m[0]) for m in moves}
    everything = [t for t in itertools.combinations(SQUARES, 3) if collinear(t) and hap([blocks[s] for s in t])]
    text = "; ".join(" ".join(s.name for s in t) for t in everything)
    records[-1] = replace(records[-1], claims=f"{text}; {text}")
    game = replay(rules, PLAYERS, "Alice", STARTS, records)
    verdicts = [c.verdict for c in game.turns[-1].claims]
    assert verdicts == [Verdict.VALID] * len(everything) + [Verdict.REPEAT] * len(everything)
    assert game.points[game.turns[-1].player] == len(everything) - len(everything) // 2
