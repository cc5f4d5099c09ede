"""Open, Pass play phase: decks checked, padded and dealt with the seed; open or pass; the ranking.

Rules: docs/games/open-pass.md; rulings: that page, Open, Pass. A deck is built from
the player's inventory and padded with ÷ to the deck size, then shuffled with the seed for the dealer
the player chose. Each dealt card is opened (put at the LEFT of the equation) or passed; once the
open limit is reached every later card passes automatically. Best score first; equal scores are
ordered by one seeded draw of all players, which is shown.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from hostkit.core.rng import rng
from hostkit.core.tables import Cell
from hostkit.core.words import plural
from hostkit.games.open_pass.equation import built_equation, format_cards, format_number
from hostkit.games.open_pass.packs import Side, describe_missing, sorted_cards

PAD_CARD = "÷"


class Decision(enum.Enum):
    OPEN = "open"
    PASS = "pass"
    AUTO = "pass (automatic)"


def parse_decision(value: Cell) -> Decision:
    word = str(value or "").strip().casefold()
    if word in ("open", "o"):
        return Decision.OPEN
    if word in ("pass", "p"):
        return Decision.PASS
    raise ValueError(f"decision {str(value or '').strip()!r} is neither open nor pass")


@dataclass(frozen=True)
class Deal:
    """A player's deck as dealt: the deck they built (padded), the dealer, the seeded shuffle."""

    player: str
    dealer: Side
    deck: tuple[str, ...]
    padding: int
    draw: str
    dealt: tuple[str, ...]


@dataclass(frozen=True)
class Play:
    """The decisions made on a deal so far, automatic passes included."""

    deal: Deal
    decisions: tuple[Decision, ...]

    @property
    def opened(self) -> tuple[str, ...]:
        return tuple(card for card, d in zip(self.deal.dealt, self.decisions) if d is Decision.OPEN)

    @property
    def equation(self) -> tuple[str, ...]:
        return built_equation(self.opened)

    def is_over(self) -> bool:
        return len(self.decisions) == len(self.deal.dealt)

    def next_card(self) -> int:
        """The 1-based number of the card dealt next."""
        return len(self.decisions) + 1

    def extended(self, decision: Decision, max_open: int) -> Play:
        """The play after one more decision; opening the max_open-th card passes every later card automatically."""
        decisions = self.decisions + (decision,)
        if decision is Decision.OPEN and decisions.count(Decision.OPEN) == max_open:
            decisions += (Decision.AUTO,) * (len(self.deal.dealt) - len(decisions))
        return Play(self.deal, decisions)


def pick_dealer(typed: str, dealers: Mapping[Side, str]) -> Side | None:
    """The dealer a player wrote, by side (Heaven, Hell) or by the dealer's name, case-insensitively."""
    typed = typed.casefold()
    return next(
        (side for side, who in dealers.items() if typed and typed in (side.value.casefold(), str(who).casefold())), None
    )


def deck_refusal(player: str, cards: Sequence[str], held: Sequence[str], size: int) -> str:
    """Why a deck cannot be dealt ('' when it can): more cards than a deck holds, cards not held, or fewer
    cards than the player could put in. The rule sheet pads with ÷ only a player who does not have enough
    cards, and only by what they lack; a deck typed `nothing` is the host's stand-in for a player who sent none."""
    if len(cards) > size:
        return (
            f"{player}'s deck has {plural(len(cards), 'card')}; a deck is exactly {size}: remove "
            f"{len(cards) - size}. The deck is not dealt."
        )
    missing = Counter(cards) - Counter(held)
    if missing:
        return (
            f"{player}'s deck uses {describe_missing(missing)} more than {player} holds "
            f"({plural(len(held), 'card')}: {format_cards(held)}). The deck is not dealt."
        )
    if cards and len(cards) < min(len(held), size):
        short = min(len(held), size) - len(cards)
        must = (
            f"so the deck must be exactly {size} of them (÷ pads only a player who holds fewer than {size})"
            if len(held) >= size
            else f"so the deck must hold all {len(held)} (÷ pads only the {size - len(held)} they lack)"
        )
        return (
            f"{player}'s deck has {plural(len(cards), 'card')}, but {player} holds {len(held)}, {must}: add "
            f"{short} more. The deck is not dealt."
        )
    return ""


def deal_deck(player: str, dealer: Side, cards: Sequence[str], size: int, seed: int | str) -> Deal:
    """The deck padded with ÷ to `size` and shuffled by the draw seed:deal:player:dealer."""
    padding = size - len(cards)
    deck = sorted_cards(tuple(cards) + (PAD_CARD,) * padding)
    dealt = list(deck)
    rng(seed, "deal", player, dealer.value).shuffle(dealt)
    return Deal(player, dealer, deck, padding, f"{seed}:deal:{player}:{dealer.value}", tuple(dealt))


@dataclass(frozen=True)
class Placing:
    player: str
    score: Fraction
    place: int
    tokens: int
    candidate: bool
    reason: str

    def has_award(self) -> bool:
        """Whether the place wins Tokens of Life or makes the player an elimination candidate."""
        return bool(self.tokens or self.candidate)


def rank(
    players: Sequence[str],
    scores: Mapping[str, Fraction],
    seed: int | str,
    first_tokens: int,
    second_third_tokens: int,
    candidates: int,
) -> tuple[list[Placing], list[str]]:
    """Best score first; equal scores in the order of one seeded draw of all players, shown (never the seed:
    the lines go to the public Final Results).

    The best score wins first_tokens Tokens of Life, the 2nd and 3rd second_third_tokens each, and the
    `candidates` worst scores become elimination candidates. Returns the placings and a line per tie.
    """
    drawn = list(players)
    rng(seed, "ranking").shuffle(drawn)
    order = sorted(scores, key=lambda p: (-scores[p], drawn.index(p)))
    lines: list[str] = []
    for value in sorted({scores[p] for p in order}, reverse=True):
        tied = [p for p in order if scores[p] == value]
        if len(tied) > 1:
            lines.append(
                f"Tie at {format_number(value)} between {', '.join(sorted(tied))}, broken by the seeded "
                f"ranking draw: {', '.join(tied)}."
            )
    n = len(order)
    tokens = {1: first_tokens, 2: second_third_tokens, 3: second_third_tokens}
    placings = []
    for place, player in enumerate(order, start=1):
        is_tied = sum(scores[q] == scores[player] for q in order) > 1
        why_tie = " (a tie broken by the seeded draw)" if is_tied else ""
        award, candidate = tokens.get(place, 0), place > n - candidates
        parts = []
        if award:
            parts.append(
                f"{nth(place)}best score ({format_number(scores[player])}){why_tie}: "
                f"{plural(award, 'Token of Life', 'Tokens of Life')}"
            )
        if candidate:
            parts.append(
                f"{nth(n - place + 1)}worst score ({format_number(scores[player])}){why_tie}: elimination candidate"
            )
        placings.append(Placing(player, scores[player], place, award, candidate, "; ".join(parts)))
    return placings, lines


def nth(n: int) -> str:
    """'the ' for 1, 'the 2nd ' for 2, and so on: 'the best score', 'the 3rd worst score'."""
    if n == 1:
        return "the "
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"the {n}{suffix} "
