"""Blocks (stars): three attributes of three values, typed in any order, named by the game's Config.

The core Faces holds the names; BlockFaces adds reading a block typed in free order
(`Solid Yellow 4-pointed`), short codes for the text board, and hap reasons in words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from hostkit.core.cards import FULL_DECK, Card, Faces, is_hap

_WORD = re.compile(r"[^\W\d_]+|\d+")


def _words(text: str) -> tuple[str, ...]:
    """Letters and digits apart, so `4-pointed` and `4pointed` both read as 4 and pointed."""
    return tuple(_WORD.findall(text.casefold()))


def _or_list(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)


@dataclass(frozen=True)
class BlockFaces:
    """How a game names its blocks (the core Faces) and what one block is called (block, star)."""

    faces: Faces
    piece: str = "block"
    _lookup: Mapping[tuple[str, ...], tuple[int, int]] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        lookup: dict[tuple[str, ...], tuple[int, int]] = {}
        for a, group in enumerate(self.faces.values):
            for v, name in enumerate(group):
                key = _words(name)
                if not key:
                    raise ValueError(f"{self.faces.attributes[a]} value {name!r} has no letters or digits; rename it")
                if key in lookup:
                    other = self.faces.attributes[lookup[key][0]]
                    raise ValueError(
                        f"value {name!r} is used twice ({other} and {self.faces.attributes[a]}); "
                        f"every value name must be unique so blocks can be typed in any order"
                    )
                lookup[key] = (a, v)
        for alias, target in self.faces.aliases.items():
            if _words(alias) and _words(alias) not in lookup and _words(target) in lookup:
                lookup[_words(alias)] = lookup[_words(target)]
        object.__setattr__(self, "_lookup", lookup)

    @property
    def attributes(self) -> tuple[str, str, str]:
        return self.faces.attributes

    @property
    def values(self) -> tuple[tuple[str, str, str], ...]:
        return self.faces.values

    def parse(self, text: object) -> Card:
        """A block typed as its three values in any order, any case; other words are ignored."""
        raw = str(text if text is not None else "").strip()
        found: list[list[int]] = [[], [], []]
        unknown: list[str] = []
        words = _words(raw)
        longest = max(len(key) for key in self._lookup)
        i = 0
        while i < len(words):
            for size in range(min(longest, len(words) - i), 0, -1):
                hit = self._lookup.get(words[i : i + size])
                if hit is not None:
                    if hit[1] not in found[hit[0]]:
                        found[hit[0]].append(hit[1])
                    i += size
                    break
            else:
                unknown.append(words[i])
                i += 1
        problems = []
        for a, indexes in enumerate(found):
            names = self.values[a]
            if len(indexes) > 1:
                problems.append(
                    f"it names {len(indexes)} {self.attributes[a]} values "
                    f"({', '.join(names[v] for v in indexes)}) where a {self.piece} has one"
                )
            elif not indexes:
                problems.append(f"it names no {self.attributes[a]} ({_or_list(names)})")
        if problems:
            if unknown:
                verb = "is not a value" if len(unknown) == 1 else "are not values"
                problems.append(f"{', '.join(repr(w) for w in unknown)} {verb} of this game")
            example = self.format(FULL_DECK[0])
            raise ValueError(
                f"{raw!r} is not a {self.piece}: {'; '.join(problems)}. Type its three values, like {example!r}"
            )
        return Card((found[0][0], found[1][0], found[2][0]))

    def format(self, block: Card) -> str:
        """The block's values in the game's attribute order: `yellow solid 4`."""
        return self.faces.describe(block)

    def codes(self) -> tuple[tuple[str, str, str], ...]:
        """Per attribute, the shortest prefixes that tell its values apart (So, Ho, St for solid, hollow, striped)."""
        out = []
        for names in self.values:
            size = next(
                n for n in range(1, max(map(len, names)) + 1) if len({name[:n] for name in names}) == len(names)
            )
            first, second, third = (name[:size].capitalize().ljust(size) for name in names)
            out.append((first, second, third))
        return tuple(out)

    def code(self, block: Card) -> str:
        """A short code for the text board: `YSo4` for yellow solid 4."""
        codes = self.codes()
        return "".join(codes[a][v] for a, v in enumerate(block.values))

    def legend(self) -> str:
        codes = self.codes()
        parts = []
        for a, attribute in enumerate(self.attributes):
            pairs = [c.strip() if c.strip() == n else f"{c.strip()} {n}" for c, n in zip(codes[a], self.values[a])]
            parts.append(f"{attribute}: {', '.join(pairs)}")
        return "; ".join(parts)

    def hap_reason(self, blocks: Sequence[Card]) -> str:
        """Each attribute in words: `colour all yellow; pattern all different (solid, hollow, striped)`."""
        parts = []
        for a, attribute in enumerate(self.attributes):
            seen = [self.values[a][b.values[a]] for b in blocks]
            distinct = len(set(seen))
            if distinct == 1:
                parts.append(f"{attribute} all {seen[0]}")
            elif distinct == len(seen):
                parts.append(f"{attribute} all different ({', '.join(seen)})")
            else:
                parts.append(f"{attribute} neither all the same nor all different ({', '.join(seen)})")
        return "; ".join(parts)

    def why_not_hap(self, blocks: Sequence[Card]) -> str:
        """Only the attributes that break the hap rule."""
        return "; ".join(p for p in self.hap_reason(blocks).split("; ") if "neither" in p)

    def is_hap(self, blocks: Sequence[Card]) -> bool:
        return is_hap(*blocks)


def make_faces(
    attributes: Sequence[str],
    values: Sequence[Sequence[str]],
    aliases: Mapping[str, str] | None = None,
    piece: str = "block",
) -> BlockFaces:
    """Faces from Config names: three attributes, three values each, every value name unique.
    Aliases (like gray for grey) are kept only where they name a value and clash with none."""
    attributes = tuple(str(a).strip().lower() for a in attributes)
    values = tuple(tuple(str(v).strip().lower() for v in group) for group in values)
    if len(attributes) != 3 or any(not a for a in attributes):
        raise ValueError(f"attributes {list(attributes)!r}: name exactly three, like background, colour, shape")
    if len(values) != 3 or any(len(group) != 3 or not all(group) for group in values):
        raise ValueError(f"values {[list(g) for g in values]!r}: give three non-blank values for each attribute")
    names = {_words(v) for group in values for v in group}
    kept = {
        alias: target
        for alias, target in (aliases or {}).items()
        if _words(target) in names and _words(alias) not in names
    }
    return BlockFaces(Faces(attributes, values, kept), piece)  # type: ignore[arg-type]
