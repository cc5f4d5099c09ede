"""Paths and PAHs cards: background, shape and colour, typed as three value names in any order.

Built on the core's Card and Faces: a card's values are (background, shape, colour) indexes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from hostkit.core.cards import Card, Faces, is_pah

ATTRIBUTES = ("background", "shape", "colour")
BACKGROUNDS = ("black", "white", "grey")
SHAPES = ("circle", "square", "triangle")
COLOURS = ("red", "yellow", "blue")
ALIASES = {"gray": "grey"}
_WORD = re.compile(r"[^\W\d_]+")
# A card is written background, colour, shape: "black red square".
_WRITTEN_ORDER = (0, 2, 1)


@dataclass(frozen=True)
class CardNames:
    """The names one match gives its card values (Config settings), and how cards are typed and written."""

    faces: Faces
    _words: Mapping[str, tuple[int, int]] = field(repr=False, compare=False)

    @classmethod
    def of(
        cls,
        backgrounds: Sequence[str] = BACKGROUNDS,
        shapes: Sequence[str] = SHAPES,
        colours: Sequence[str] = COLOURS,
        aliases: Mapping[str, str] | None = None,
        attributes: Sequence[str] = ATTRIBUTES,
    ) -> CardNames:
        """Names for the values; every value is one word, used by one attribute only. Aliases whose
        value is not among the names are dropped, so the default 'gray' alias never gets in the way."""
        if len(attributes) != 3:
            raise ValueError(f"attributes {list(attributes)!r}: a card has three attributes; name three")
        values = tuple(tuple(str(v).strip().lower() for v in names) for names in (backgrounds, shapes, colours))
        words: dict[str, tuple[int, int]] = {}
        for a, names in enumerate(values):
            if len(names) != 3 or len(set(names)) != 3:
                raise ValueError(f"{attributes[a]} names {list(names)!r}: give three different names")
            for i, name in enumerate(names):
                if _WORD.fullmatch(name) is None:
                    raise ValueError(f"{attributes[a]} name {name!r}: a value name is one word of letters")
                if name in words:
                    raise ValueError(
                        f"{name!r} names both a {attributes[words[name][0]]} and a "
                        f"{attributes[a]}; give each value its own word"
                    )
                words[name] = (a, i)
        kept: dict[str, str] = {}
        for alias, name in (ALIASES if aliases is None else aliases).items():
            alias, name = alias.strip().lower(), name.strip().lower()
            if name in words and alias not in words:
                kept[alias] = name
                words[alias] = words[name]
        faces = Faces(tuple(attributes), values, kept)  # type: ignore[arg-type]
        return cls(faces, words)

    def knows(self, word: str) -> bool:
        """Whether a lower-case word names a value of some attribute."""
        return word in self._words

    def parse(self, text: object) -> Card:
        """A card from text naming one value of each attribute in any order; other words are ignored."""
        typed = str(text or "").strip()
        if not typed:
            raise ValueError(f"a card is blank; type its three values, like {self.format(Card((0, 0, 0)))!r}")
        found: list[set[int]] = [set(), set(), set()]
        for word in _WORD.findall(typed.lower()):
            if word in self._words:
                attribute, value = self._words[word]
                found[attribute].add(value)
        for a, values in enumerate(found):
            names = self.faces.values[a]
            if len(values) > 1:
                both = ", ".join(names[v] for v in sorted(values))
                raise ValueError(
                    f"card {typed!r} names two {_plural(self.faces.attributes[a])} ({both}); a card has one of each"
                )
            if not values:
                raise ValueError(
                    f"card {typed!r} names no {self.faces.attributes[a]} ({', '.join(names)}); "
                    f"type a card as its three values, like {self.format(Card((0, 0, 0)))!r}"
                )
        return Card(tuple(min(values) for values in found))  # type: ignore[arg-type]

    def format(self, card: Card) -> str:
        """'black red square': background, colour, shape."""
        return " ".join(self.faces.values[a][card.values[a]] for a in _WRITTEN_ORDER)

    def format_all(self, cards: Iterable[Card]) -> str:
        return ", ".join(self.format(card) for card in cards) or "none"

    def why_not_pah(self, cards: Sequence[Card]) -> str:
        return self.faces.why_not_pah(cards)

    def is_card(self, text: object) -> bool:
        try:
            self.parse(text)
        except ValueError:
            return False
        return True


NAMES = CardNames.of()


def shares_no_value(a: Card, b: Card) -> bool:
    """True when the two cards differ in every attribute, as starting cards must."""
    return all(x != y for x, y in zip(a.values, b.values))


def is_pah_set(cards: Sequence[Card]) -> bool:
    """Three distinct cards forming an anti-hap."""
    return len(cards) == 3 and len(set(cards)) == 3 and is_pah(*cards)


def _plural(word: str) -> str:
    return word + ("es" if word.endswith("s") else "s")
