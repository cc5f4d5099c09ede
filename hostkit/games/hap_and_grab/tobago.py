"""Part 2 of Hap and Grab, Tobago: the treasure deck, the deal, and the take/pass reveals.

Rules: docs/games/hap-and-grab.md (Part 2); rulings: that page, Hap and Grab, Part 2.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from hostkit.core.tables import Cell, is_blank
from hostkit.core.words import plural

UNSEEN_CARDS = 3


class Treasure(str, Enum):
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    SKULL = "skull"

    @property
    def is_skull(self) -> bool:
        return self is Treasure.SKULL

    def worth(self, skull_value: int = -3) -> int:
        return skull_value if self.is_skull else int(self.value)

    def describe(self) -> str:
        return "a skull" if self.is_skull else f"a {self.value}"


def parse_treasure(cell: Cell) -> Treasure:
    """A treasure card as typed in a cell: 3 to 7 (text or number) or `skull`."""
    if isinstance(cell, float) and cell.is_integer():
        cell = int(cell)
    word = "" if cell is None else str(cell).strip().casefold()
    for treasure in Treasure:
        if word == treasure.value:
            return treasure
    raise ValueError(f"{'' if cell is None else str(cell).strip()!r} is not a treasure card (3, 4, 5, 6, 7 or skull)")


@dataclass(frozen=True)
class DeckRecipe:
    """How many cards of each treasure the match's deck holds (Config skulls, sevens, each_of_3_to_6)."""

    skulls: int = 3
    sevens: int = 7
    each_of_3_to_6: int = 10

    def cards(self) -> list[Treasure]:
        low = [Treasure.THREE, Treasure.FOUR, Treasure.FIVE, Treasure.SIX]
        return (
            [t for t in low for _ in range(self.each_of_3_to_6)]
            + [Treasure.SEVEN] * self.sevens
            + [Treasure.SKULL] * self.skulls
        )

    def describe(self) -> str:
        return (
            f"{len(self.cards())} cards: {self.each_of_3_to_6} each of 3, 4, 5 and 6, "
            f"{plural(self.sevens, 'seven')}, {plural(self.skulls, 'skull')}"
        )


def shuffled_deck(recipe: DeckRecipe, rand: random.Random) -> tuple[Treasure, ...]:
    """The match's deck, top card first."""
    cards = recipe.cards()
    rand.shuffle(cards)
    return tuple(cards)


def is_held_back(treasure: Treasure, round_number: int) -> bool:
    """Sevens and skulls do not appear in the first round: they are skipped and stay in the deck."""
    return round_number == 1 and treasure in (Treasure.SEVEN, Treasure.SKULL)


@dataclass(frozen=True)
class Dealt:
    """One card of a round's reveal pile: where it lay in the deck and who peeked at it (None: unseen)."""

    position: int
    card: Treasure
    peeked_by: str | None


@dataclass(frozen=True)
class Deal:
    round: int
    order: tuple[str, ...]
    pile: tuple[Dealt, ...]
    skipped: int
    short: int
    """Cards the deal lacked because the deck ran out."""

    def peeks(self, player: str) -> list[Treasure]:
        return [d.card for d in sorted(self.pile, key=lambda d: d.position) if d.peeked_by == player]

    def peekers(self) -> list[str]:
        """The players in turn order of first appearance."""
        return list(dict.fromkeys(self.order))


def deal(
    deck: Sequence[Treasure],
    used: Iterable[int],
    order: Sequence[str],
    round_number: int,
    rand: random.Random,
    unseen: int = UNSEEN_CARDS,
) -> Deal:
    """Peeks from the top of the deck for each player (in order of first appearance, one per turn held),
    then `unseen` more cards; shuffled together into the reveal pile. Deck positions count from 1."""
    taken = set(used)
    free = (pos for pos in range(1, len(deck) + 1) if pos not in taken)
    skipped = 0

    def draw() -> int | None:
        nonlocal skipped
        for pos in free:
            if is_held_back(deck[pos - 1], round_number):
                skipped += 1
                continue
            return pos
        return None

    wanted: list[str | None] = [p for p in dict.fromkeys(order) for _ in range(order.count(p))]
    wanted += [None] * unseen
    cards: list[Dealt] = []
    for peeker in wanted:
        pos = draw()
        if pos is None:
            break
        cards.append(Dealt(pos, deck[pos - 1], peeker))
    pile = list(cards)
    rand.shuffle(pile)
    return Deal(round_number, tuple(order), tuple(pile), skipped, len(wanted) - len(cards))


class Choice(str, Enum):
    TAKE = "take"
    PASS = "pass"


def parse_choice(cell: Cell) -> Choice:
    word = "" if is_blank(cell) else str(cell).strip().casefold()
    for choice in Choice:
        if word in (choice.value, choice.value[0]):
            return choice
    raise ValueError(f"{'' if cell is None else str(cell).strip()!r} is not a decision; type take or pass")


class Rejected(Exception):
    """A decision that breaks a rule of Part 2; the message says which, in words for the host."""


@dataclass(frozen=True)
class Step:
    """One decision applied: who, what, the Decisions row it came from (None: forced), and why it mattered."""

    player: str
    choice: Choice
    row: int | None
    reason: str
    forced: bool = False


@dataclass
class Reveal:
    number: int
    card: Treasure
    steps: list[Step] = field(default_factory=list)
    taken_by: str | None = None
    order_after: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Waiting:
    player: str
    number: int
    card: Treasure


def _names(order: Sequence[str]) -> str:
    return ", ".join(order) or "(empty)"


class Tobago:
    """Part 2 of one round, played forward one decision at a time (like a board in python-chess).

    The option on a revealed card starts at the first turn; taking gives the card to that turn's player and
    removes the turn; passing moves the option past the player's consecutive turns; a skull is taken at once
    by the first turn's player. Part 2 ends when the order is empty or when the option passes the last turn.
    Every revealed card is taken or ends Part 2, so at most as many cards as there were turns are revealed.
    """

    def __init__(
        self,
        order: Sequence[str],
        pile: Sequence[Treasure],
        players: Sequence[str] = (),
        skull_value: int = -3,
        show: Callable[[Sequence[str]], str] = _names,
    ):
        self.start = tuple(order)
        self.order = list(order)
        self.pile = tuple(pile)
        self.skull_value = skull_value
        self.show = show
        self.limit = min(len(self.order), len(self.pile))
        self.treasure = {p: 0 for p in (*players, *self.order)}
        self.reveals: list[Reveal] = []
        self.option = 0
        self.ended: str | None = None
        self._reveal_next()

    # ---- state

    def is_over(self) -> bool:
        return self.ended is not None

    def waiting(self) -> Waiting | None:
        if self.is_over():
            return None
        current = self.reveals[-1]
        return Waiting(self.order[self.option], current.number, current.card)

    def unrevealed(self) -> int:
        return len(self.pile) - len(self.reveals)

    # ---- in words

    def story(self, round_number: int, brief: bool = False) -> list[str]:
        """What has happened in Part 2, card by card, as lines for the host."""
        lines = [f"Part 2 of round {round_number}: turn order {self.show(self.start)}."]
        for reveal in self.reveals:
            lines.append(f"Card {reveal.number} revealed: {reveal.card.describe()}.")
            if not brief:
                lines += [f"  {step.reason}" for step in reveal.steps]
            elif reveal.order_after is not None:
                lines[-1] += (
                    f" {'Taken by ' + reveal.taken_by if reveal.taken_by else 'Not taken'}; turn order "
                    f"after it: {self.show(reveal.order_after)}."
                )
        if brief:
            waiting = self.waiting()
            lines.append(
                f"Part 2 has ended: {self.ended}."
                if waiting is None
                else f"Waiting for {waiting.player}'s decision on card {waiting.number} ({waiting.card.describe()})."
            )
            lines.append(self.describe_treasure())
        return lines

    def describe_treasure(self) -> str:
        return "Treasure this round: " + ", ".join(f"{p} {t}" for p, t in self.treasure.items()) + "."

    def as_json(self) -> dict[str, Any]:
        waiting = self.waiting()
        return {
            "reveals": [
                {
                    "card": r.card.value,
                    "value": r.card.worth(self.skull_value),
                    "number": r.number,
                    "taken_by": r.taken_by,
                    "decisions": [
                        {
                            "player": s.player,
                            "decision": s.choice.value,
                            "row": s.row,
                            "forced": s.forced,
                            "reason": s.reason,
                        }
                        for s in r.steps
                    ],
                    "turn_order_after": None if r.order_after is None else list(r.order_after),
                }
                for r in self.reveals
            ],
            "turn_order_left": list(self.order),
            "waiting_for": None
            if waiting is None
            else {"player": waiting.player, "card": waiting.card.value, "number": waiting.number},
            "treasure": dict(self.treasure),
            "ended": self.ended,
        }

    # ---- moves

    def push(self, player: str, choice: Choice, card: int | None, row: int | None = None) -> Step:
        """Apply one recorded decision, or raise Rejected with the reason."""
        if card is not None and 1 <= card <= len(self.reveals) and self.reveals[card - 1].card.is_skull:
            return self._skull(player, choice, self.reveals[card - 1], row)
        if self.ended is not None:
            raise Rejected(f"Part 2 has already ended ({self.ended}); no decision is needed")
        current = self.reveals[-1]
        holder = self.order[self.option]
        about = f"card {current.number} ({current.card.describe()}) is being decided and the option is {holder}'s"
        if card is None:
            raise Rejected(f"the Card is blank; type the number of the revealed card ({about})")
        if card > current.number:
            raise Rejected(f"card {card} is not revealed yet (Card is the number of the card in reveal order): {about}")
        if card < 1:
            raise Rejected(f"there is no card {card}; cards are numbered from 1 as they are revealed ({about})")
        if card < current.number:
            earlier = self.reveals[card - 1]
            settled = f"taken by {earlier.taken_by}" if earlier.taken_by else "passed by every turn"
            raise Rejected(f"card {card} is already settled ({settled}); now {about}")
        if player != holder:
            raise Rejected(f"{player} does not hold the option: {about}")
        if choice is Choice.TAKE:
            return self._take(player, row)
        return self._pass(player, row)

    def _skull(self, player: str, choice: Choice, skull: Reveal, row: int | None) -> Step:
        """A recorded decision on a skull, which was taken at once: a take by its taker confirms it."""
        taker, forced = skull.taken_by, skull.steps[0]
        if choice is Choice.PASS:
            raise Rejected(
                f"card {skull.number} is a skull and a skull cannot be passed: {taker}, who held "
                f"the first turn, had to take it"
            )
        if player != taker:
            raise Rejected(
                f"card {skull.number} is a skull, taken at once by {taker} (who held the first turn), not by {player}"
            )
        if forced.row is not None:
            raise Rejected(f"card {skull.number}, a skull, is already recorded as taken by {taker} (row {forced.row})")
        confirmed = Step(forced.player, forced.choice, row, forced.reason, forced=True)
        skull.steps[0] = confirmed
        return confirmed

    def _take(self, player: str, row: int | None, forced: bool = False) -> Step:
        current = self.reveals[-1]
        del self.order[self.option]
        self.treasure[player] = self.treasure.get(player, 0) + current.card.worth(self.skull_value)
        current.taken_by = player
        current.order_after = tuple(self.order)
        why = (
            f"{player} holds the first turn and must take card {current.number}, a skull ({self.skull_value:+d})"
            if forced
            else f"{player} takes card {current.number} ({current.card.describe()}, "
            f"{current.card.worth(self.skull_value):+d})"
        )
        step = Step(
            player, Choice.TAKE, row, f"{why}; that turn leaves the order, now {self.show(self.order)}.", forced
        )
        current.steps.append(step)
        self._reveal_next()
        return step

    def _pass(self, player: str, row: int | None) -> Step:
        current = self.reveals[-1]
        position = self.option
        while position < len(self.order) and self.order[position] == player:
            position += 1
        if position == len(self.order):
            self.ended = f"every turn passed card {current.number}, so nobody takes it"
            current.order_after = tuple(self.order)
            why = f"{player} passes card {current.number}, the last turn: nobody takes it and Part 2 ends."
        else:
            self.option = position
            why = (
                f"{player} passes card {current.number}; the option moves to {self.order[position]} "
                f"(turn {position + 1} of {self.show(self.order)})."
            )
        step = Step(player, Choice.PASS, row, why)
        current.steps.append(step)
        return step

    def _reveal_next(self) -> None:
        if not self.order:
            self.ended = "the turn order is empty"
            return
        if len(self.reveals) >= self.limit:
            self.ended = "the reveal pile is used up"
            return
        self.reveals.append(Reveal(len(self.reveals) + 1, self.pile[len(self.reveals)]))
        self.option = 0
        if self.pile[len(self.reveals) - 1].is_skull:
            self._take(self.order[0], None, forced=True)
