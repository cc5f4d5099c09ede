"""Paths and PAHs hindsight against brute force on small boards and inventories."""

import functools
import itertools
import random

import pytest

from hostkit.core.cards import FULL_DECK
from hostkit.core.hindsight import Deadline
from hostkit.games.paths_and_pahs.board import Board, Direction, Tile
from hostkit.games.paths_and_pahs.hindsight import best_walk, most_pahs, walks

STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}


def brute_best(cells, start, previous, held) -> int:
    """The most new cards any straight walk of 0 to 3 tiles collects, trying every tile of the 6x6 grid."""
    best = len({cells[start]} - held - {None})
    for way, (dr, dc) in STEPS.items():
        if previous == OPPOSITE[way]:
            continue
        for n in range(1, 4):
            tiles = [(start[0] + dr * k, start[1] + dc * k) for k in range(n + 1)]
            if all(0 <= r < 6 and 0 <= c < 6 for r, c in tiles):
                best = max(best, len({cells[t] for t in tiles} - held - {None}))
    return best


@pytest.mark.parametrize("seed", range(15))
def test_the_best_move_collects_as_many_new_cards_as_any_walk(seed):
    rand = random.Random(seed)
    deck = list(FULL_DECK) + [None] * 9
    rand.shuffle(deck)
    cells = {(r, c): deck[r * 6 + c] for r in range(6) for c in range(6)}
    start = (rand.randrange(6), rand.randrange(6))
    held = frozenset(rand.sample(FULL_DECK, 6))
    previous = rand.choice([None, "up", "down", "left", "right"])
    options = walks(Board(tuple(deck)), Tile(*start), None if previous is None else Direction(previous), held)
    assert len(best_walk(options).new) == brute_best(cells, start, previous, held)


def brute_most_pahs(cards) -> int:
    """Every sequence of PAHs, each discarding one of its three cards."""

    @functools.cache
    def most(have: frozenset) -> int:
        return max(
            (
                1 + most(have - {discard})
                for triple in itertools.combinations(sorted(have), 3)
                if all(len({c.values[k] for c in triple}) == 2 for k in range(3))
                for discard in triple
            ),
            default=0,
        )

    return most(frozenset(cards))


@pytest.mark.parametrize("seed", range(25))
def test_the_most_pahs_of_an_inventory_is_the_best_of_every_sequence(seed):
    cards = frozenset(random.Random(seed).sample(FULL_DECK, 4 + seed % 6))
    count, exact = most_pahs(cards, Deadline())
    assert exact and count == brute_most_pahs(cards)


def test_a_packing_out_of_time_gives_the_best_found():
    late = Deadline(0)
    count, exact = most_pahs(frozenset(FULL_DECK[:12]), late)
    assert not exact and 0 <= count <= 12 - 2
