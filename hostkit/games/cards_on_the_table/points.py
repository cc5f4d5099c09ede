"""Points with their reason: every award and penalty says why, in words a host can paste to a player."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Points:
    """Points won (negative: lost) and the reason for them."""

    points: int
    reason: str

    def __str__(self) -> str:
        return self.reason


NOTHING = Points(0, "")


def total(items: Iterable[Points]) -> int:
    return sum(item.points for item in items)


def signed(points: int) -> str:
    """+2, −1 or 0, as reasons write a change of score."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"
