"""Heat indicators as named rules (Config `heat_rule`); the rule stays host-only, players may deduce it.

Every rule here looks at the four side sums of a card: for each side, the numbers of the three
neighbours on that side, the board wrapping round (the sheet: "as if the board were tessellated").
The up side of R1C1 is R5C5, R5C1 and R5C2; the corner neighbours count for two sides each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .cards import Board, Heat, Shade, Side
from .cells import CELLS, Cell

SideSums = tuple[int, int, int, int]

# The three neighbours on each side as (rows down, columns right) steps, in Side order.
SIDE_STEPS: dict[Side, tuple[tuple[int, int], ...]] = {
    Side.UP: ((-1, -1), (-1, 0), (-1, 1)),
    Side.RIGHT: ((-1, 1), (0, 1), (1, 1)),
    Side.DOWN: ((1, -1), (1, 0), (1, 1)),
    Side.LEFT: ((-1, -1), (0, -1), (1, -1)),
}

ALL_SIDES_EQUAL_HEAT = Heat((Shade.GREY,) * 4)
"""When the four side sums are all equal, no side holds more or fewer points than another,
so a careful host draws every triangle grey (GGGG): black would say "more that way", white "less"."""


def side_sums(number_at: Callable[[Cell], int], cell: Cell) -> SideSums:
    """The sum of the three neighbours' numbers on each side (up, right, down, left), wrapping round."""
    return tuple(  # type: ignore[return-value]
        sum(number_at(cell.wrapped(dr, dc)) for dr, dc in SIDE_STEPS[side]) for side in Side
    )


def _highest_black_lowest_white(sums: SideSums) -> Heat:
    high, low = max(sums), min(sums)
    if high == low:
        return ALL_SIDES_EQUAL_HEAT
    return Heat(tuple(Shade.BLACK if s == high else Shade.WHITE if s == low else Shade.GREY for s in sums))  # type: ignore[arg-type]


def _against_the_mean(sums: SideSums) -> Heat:
    total = sum(sums)
    return Heat(
        tuple(  # type: ignore[arg-type]
            Shade.BLACK if 4 * s > total else Shade.WHITE if 4 * s < total else Shade.GREY for s in sums
        )
    )


@dataclass(frozen=True)
class HeatRule:
    """A named way to shade the four triangles from the four side sums."""

    name: str
    description: str
    shade: Callable[[SideSums], Heat]

    def heat(self, board: Board, cell: Cell) -> Heat:
        return self.shade(side_sums(board.number, cell))

    def apply(self, board: Board) -> Board:
        """The board with every card's heat set by this rule (heat depends on numbers only)."""
        return board.with_heat({cell: self.heat(board, cell) for cell in CELLS})

    def is_followed_by(self, board: Board) -> bool:
        return all(card.heat == self.heat(board, cell) for cell, card in board.items())


HIGHEST_LOWEST = HeatRule(
    "highest-lowest",
    "For each side, sum the three neighbours on that side (the board wraps round). "
    "The highest side(s) are black, the lowest white, the rest grey; all four equal: all grey.",
    _highest_black_lowest_white,
)
AGAINST_THE_MEAN = HeatRule(
    "against-the-mean",
    "For each side, sum the three neighbours on that side (the board wraps round). "
    "A side above the mean of the four sums is black, below it white, equal to it grey.",
    _against_the_mean,
)

HEAT_RULES: dict[str, HeatRule] = {rule.name: rule for rule in (HIGHEST_LOWEST, AGAINST_THE_MEAN)}
DEFAULT_HEAT_RULE = HIGHEST_LOWEST


def heat_rule(name: str | None) -> HeatRule:
    """The rule a Config `heat_rule` names; blank gives the default (docs/games/cards-on-the-table.md, Rulings)."""
    key = str(name or "").strip().lower()
    if not key:
        return DEFAULT_HEAT_RULE
    if key not in HEAT_RULES:
        raise ValueError(f"heat_rule {name!r} is not known; use one of {', '.join(HEAT_RULES)}")
    return HEAT_RULES[key]


def heat_rule_setting(value: object) -> str:
    """Config heat_rule as typed, read: the rule's name."""
    return heat_rule(str(value)).name
