"""Whether the treasure deck holds the longest possible game on the match's boards.

Rules: docs/games/hap-and-grab.md, the amendment "Card limits": "The deck has at most 3x skulls and
7x 7-treasures. All other treasures appear in equal amounts. Note that the deck is bigger than the longest
possible game, so not all cards will appear." The longest game finds every anti-hap of every round; a round
then deals a peek per turn and 3 unseen cards, and round 1 deals from the 3-6 cards only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from hostkit.games.hap_and_grab.tobago import UNSEEN_CARDS, DeckRecipe

LEAST_EACH = 10
"""The equal count of the treasures 3 to 6 that the rulings start from; it grows when the boards need it."""

ALL_ANTI_HAPS = 864
"""The anti-haps of the whole deck of 27 cards."""
_MOST_ANTI_HAPS = (0, 0, 0, 1, 4, 7, 14, 20, 32, 40, 56, 72)
"""The most anti-haps a board of n cards can hold, for n up to 11: found by trying every set of n cards that
holds a given card (every card is alike under renaming the values of each attribute)."""


def most_anti_haps(cards: int) -> int:
    """The most anti-haps a board of this many cards can hold: exact up to 11 cards; above, a bound (leaving out
    each card in turn counts every anti-hap cards - 3 times, so M(n) <= n * M(n - 1) / (n - 3))."""
    if cards < len(_MOST_ANTI_HAPS):
        return _MOST_ANTI_HAPS[max(cards, 0)]
    return min(ALL_ANTI_HAPS, cards * (cards - 1) * (cards - 2) // 6, cards * most_anti_haps(cards - 1) // (cards - 3))


def most_turns(anti_haps: int) -> int:
    """The most turns a round can earn: one player finds every anti-hap, a turn per 3 and one for the most."""
    return anti_haps // 3 + 1 if anti_haps else 0


def round_cards(anti_haps: int) -> int:
    """The most cards a round can take from the deck: a peek per turn and the unseen cards (none without turns)."""
    turns = most_turns(anti_haps)
    return turns + UNSEEN_CARDS if turns else 0


@dataclass(frozen=True)
class LongestGame:
    """The cards each round of the longest possible game takes, and which rounds have no board yet."""

    cards: Mapping[int, int]
    undrawn: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.cards.values())

    def fits(self, recipe: DeckRecipe) -> bool:
        first = self.cards.get(1, 0)
        return self.total <= len(recipe.cards()) and first <= 4 * recipe.each_of_3_to_6

    def least_each(self, skulls: int, sevens: int) -> int:
        """The smallest equal count of 3 to 6 (at least LEAST_EACH) with which the deck holds this game."""
        others = max(self.total - skulls - sevens, self.cards.get(1, 0))
        return max(LEAST_EACH, -(-others // 4))


def longest_game(anti_haps: Mapping[int, int], rounds: int, board_max_cards: int) -> LongestGame:
    """The longest game given the anti-haps of the rounds that have a board; a round without one is counted
    at the most a board of board_max_cards cards can hold."""
    worst = most_anti_haps(board_max_cards)
    cards = {n: round_cards(anti_haps.get(n, worst)) for n in range(1, rounds + 1)}
    return LongestGame(cards, tuple(n for n in range(1, rounds + 1) if n not in anti_haps))
