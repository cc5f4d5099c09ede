"""Threshold N: award the top groups of equal figures while fewer than N players share the award."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import groupby


@dataclass(frozen=True)
class Award:
    winners: tuple[str, ...]
    reason: str


def threshold(figures: Mapping[str, float], n: int, *, what: str = "the award") -> Award:
    """Rank by figure, best first, in groups of equal figures; award whole groups while fewer than n."""
    ranked = sorted(figures.items(), key=lambda item: -item[1])
    winners: list[str] = []
    stopped = ""
    for figure, group in groupby(ranked, key=lambda item: item[1]):
        names = [name for name, _ in group]
        if len(winners) + len(names) >= n:
            stopped = (
                f"; the next group ({', '.join(names)} with {_fmt(figure)}) would make "
                f"{len(winners) + len(names)} players, not fewer than {n}"
            )
            break
        winners.extend(names)
    if winners:
        reason = f"Threshold {n}: {', '.join(winners)} win {what}{stopped}."
    else:
        reason = f"Threshold {n}: nobody wins {what}{stopped}."
    return Award(tuple(winners), reason)


def _fmt(figure: float) -> str:
    return str(int(figure)) if float(figure).is_integer() else str(figure)
