"""Hap-like cards: three attributes of three values each, and the hap / anti-hap tests."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Card:
    """A card as three value indexes (0, 1 or 2), one per attribute."""

    values: tuple[int, int, int]

    def __post_init__(self) -> None:
        if len(self.values) != 3 or any(v not in (0, 1, 2) for v in self.values):
            raise ValueError(f"a card has three values of 0, 1 or 2, not {self.values!r}")


FULL_DECK: tuple[Card, ...] = tuple(Card((a, b, c)) for a, b, c in itertools.product(range(3), repeat=3))


def _sizes(cards: Sequence[Card]) -> list[int]:
    return [len({card.values[i] for card in cards}) for i in range(3)]


def is_hap(a: Card, b: Card, c: Card) -> bool:
    """Every attribute all the same or all different."""
    return all(size in (1, 3) for size in _sizes((a, b, c)))


def is_pah(a: Card, b: Card, c: Card) -> bool:
    """Every attribute two the same and one different (a PAH)."""
    return all(size == 2 for size in _sizes((a, b, c)))


def triples(cards: Sequence[Card]) -> Iterator[tuple[int, int, int]]:
    """Index triples i < j < k of a sequence of cards."""
    return itertools.combinations(range(len(cards)), 3)


def pahs(cards: Sequence[Card]) -> list[tuple[int, int, int]]:
    """The index triples that form a PAH (an anti-hap)."""
    return [t for t in triples(cards) if is_pah(*(cards[i] for i in t))]


def haps(cards: Sequence[Card]) -> list[tuple[int, int, int]]:
    """The index triples that form a hap."""
    return [t for t in triples(cards) if is_hap(*(cards[i] for i in t))]


@dataclass(frozen=True)
class Faces:
    """How one game names its cards' attributes and values, with accepted spellings."""

    attributes: tuple[str, str, str]
    values: tuple[tuple[str, str, str], ...]
    aliases: Mapping[str, str]

    def parse_value(self, attribute: int, text: object) -> int:
        word = str(text or "").strip().lower()
        word = self.aliases.get(word, word)
        names = self.values[attribute]
        if not word:
            raise ValueError(f"{self.attributes[attribute]} is blank; type one of {', '.join(names)}")
        if word not in names:
            raise ValueError(
                f"{self.attributes[attribute]} {str(text or '').strip()!r} is not one of {', '.join(names)}"
            )
        return names.index(word)

    def parse(self, words: Iterable[object]) -> Card:
        return Card(tuple(self.parse_value(i, w) for i, w in enumerate(words)))  # type: ignore[arg-type]

    def format(self, card: Card) -> tuple[str, str, str]:
        return tuple(self.values[i][v] for i, v in enumerate(card.values))  # type: ignore[return-value]

    def describe(self, card: Card) -> str:
        return " ".join(self.format(card))

    def why_not_pah(self, cards: Sequence[Card]) -> str:
        """The attributes that break the anti-hap rule, in words."""
        broken = []
        for i, size in enumerate(_sizes(cards)):
            if size == 2:
                continue
            seen = [self.values[i][card.values[i]] for card in cards]
            how = f"all the same ({seen[0]})" if size == 1 else f"all different ({', '.join(seen)})"
            broken.append(f"the {_plural(self.attributes[i])} are {how}")
        return "; ".join(broken)


def _plural(word: str) -> str:
    return word + ("es" if word.endswith("s") else "s")
