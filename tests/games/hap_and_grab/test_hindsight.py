"""Hap and Grab hindsight against small independent computations."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hostkit.core.cards import FULL_DECK
from hostkit.games.hap_and_grab.anti_hap import Board
from hostkit.games.hap_and_grab.hindsight import best_take
from hostkit.games.hap_and_grab.tobago import Choice, Rejected, Tobago, Treasure


def brute_anti_haps(cards) -> int:
    """Triples whose every attribute has exactly two values among the three cards."""
    return sum(
        all(len({card.values[k] for card in triple}) == 2 for k in range(3))
        for triple in itertools.combinations(cards, 3)
    )


@pytest.mark.parametrize("seed", range(20))
def test_the_anti_haps_of_a_board_are_every_triple_with_two_values_of_each_attribute(seed):
    cards = random.Random(seed).sample(FULL_DECK, 8 + seed % 4)
    board = Board.of(cards)
    assert len(board.anti_haps()) == brute_anti_haps(cards)


def every_ending(order, pile, skull_value):
    """Each player's treasure at the end of every way Part 2 can be played (the Tobago rules engine)."""
    endings = []

    def play(decisions):
        game = Tobago(order, pile, sorted(set(order)), skull_value)
        for choice in decisions:
            waiting = game.waiting()
            if waiting is None:
                return None
            try:
                game.push(waiting.player, choice, waiting.number)
            except Rejected:
                return None
        return game

    frontier = [()]
    while frontier:
        decisions = frontier.pop()
        game = play(decisions)
        if game is None:
            continue
        if game.is_over():
            endings.append(dict(game.treasure))
        else:
            frontier += [(*decisions, Choice.TAKE), (*decisions, Choice.PASS)]
    return endings


CARDS = st.sampled_from([Treasure.THREE, Treasure.FIVE, Treasure.SEVEN, Treasure.SKULL])


@settings(max_examples=150, deadline=None)
@given(
    order=st.lists(st.sampled_from("RC"), min_size=1, max_size=7),
    pile=st.lists(CARDS, min_size=1, max_size=9),
    skull_value=st.sampled_from([-3, 0, 2]),
)
def test_part_2_best_take_is_the_best_of_every_way_to_play_a_short_pile(order, pile, skull_value):
    endings = every_ending(order, pile, skull_value)
    for player in set(order):
        best = best_take(order, pile, player, skull_value)
        assert best.treasure == max(e[player] for e in endings)
        assert sum(Treasure(c).worth(skull_value) for c in best.cards) == best.treasure


def test_skulls_fall_to_whoever_holds_the_first_turn_then():
    """A skull revealed first goes to the first turn; later, to whichever turn the takes before it left first."""
    skull, five = Treasure.SKULL, Treasure.FIVE
    assert best_take("RCR", [skull, five, five], "R", -3).treasure == 2
    assert best_take("RCR", [five, skull, five], "R", -3).cards == ("5", "5")
    assert best_take("CRR", [five, five, skull], "R", -3).treasure == 10  # R takes both: C is left first
