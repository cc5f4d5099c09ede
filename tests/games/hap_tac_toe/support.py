"""Building Death Match games for tests: times, turn records and random full games."""

from __future__ import annotations

import datetime as dt
import random

from hostkit.core.cards import FULL_DECK, is_hap
from hostkit.games.hap_tac_toe import SQUARES, TurnRecord, line_triples

STARTS = dt.datetime(2026, 11, 21, 20, 0, tzinfo=dt.timezone.utc)
PLAYERS = ("Alice", "Bob")


def at(seconds: float, starts: dt.datetime = STARTS) -> dt.datetime:
    return starts + dt.timedelta(seconds=seconds)


def turns(rules, moves, first="Alice", starts=STARTS, seconds=30):
    """Records from (block, square[, claims[, seconds taken]]) tuples; players alternate from `first`."""
    other = PLAYERS[1] if first == PLAYERS[0] else PLAYERS[0]
    records, clock = [], 0.0
    for n, move in enumerate(moves, start=1):
        block, square = move[0], move[1]
        claims = move[2] if len(move) > 2 else ""
        took = move[3] if len(move) > 3 else seconds
        clock += took
        records.append(TurnRecord(n, first if n % 2 else other, block, square, claims, at(clock, starts)))
    return records


def random_moves(rules, rand: random.Random, claims_per_turn: int = 4):
    """A full game's moves: 25 random blocks on random squares, each turn with random claims: haps on
    the board's lines (some already claimed), triples on lines, triples anywhere, earlier claims again,
    and unreadable pieces."""
    deck = rand.sample(FULL_DECK, 25)
    squares = rand.sample(SQUARES, 25)
    on_lines = list(line_triples())
    board: dict = {}
    made: list[str] = []
    moves = []
    for block, square in zip(deck, squares):
        board[square] = block
        haps = [t for t in on_lines if all(s in board for s in t) and is_hap(*(board[s] for s in t))]
        claims = []
        for _ in range(claims_per_turn):
            pick = rand.random()
            if pick < 0.3 and haps:
                triple = list(rand.choice(haps))
            elif pick < 0.55:
                triple = list(rand.choice(on_lines))
            elif pick < 0.8:
                triple = rand.sample(SQUARES, 3)
            else:
                triple = None
            if triple is not None:
                rand.shuffle(triple)
                text = " ".join(s.name for s in triple)
            elif pick < 0.9 and made:
                text = rand.choice(made)
            else:
                text = rand.choice(["A1 A2", "F1 A2 A3", "banana", "A1 A1 A2"])
            made.append(text)
            claims.append(text)
        moves.append((rules.format_block(block), square.name, "; ".join(claims)))
    return moves


def full_game(rules, claims=None, first="Alice", starts=STARTS, first_moves=(), seconds=30):
    """Records of a 25-turn game: `first_moves`, then blocks in deck order on squares in reading order
    (so row 1 holds the hap A1 B1 C1 from turn 3). `claims` maps a turn number to its claims text."""
    used = {rules.parse_block(m[0]) for m in first_moves}
    taken = {m[1] for m in first_moves}
    blocks = [rules.format_block(b) for b in FULL_DECK if b not in used]
    squares = [s.name for s in SQUARES if s.name not in taken]
    moves = list(first_moves) + list(zip(blocks, squares))[: 25 - len(first_moves)]
    claims = claims or {}
    moves = [(m[0], m[1], claims.get(n, m[2] if len(m) > 2 else ""), *m[3:]) for n, m in enumerate(moves, start=1)]
    return turns(rules, moves, first=first, starts=starts, seconds=seconds)
