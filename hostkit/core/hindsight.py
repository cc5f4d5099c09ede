"""A match explained once it is over: each round's figures in words (text and the public tab) and as JSON.

Each game computes its own figures (hostkit/games/<game>/hindsight.py); this module holds the shape they
share, and the clock that stops a search which runs too long.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hostkit.core.tables import BookError, Rows

HINDSIGHT_TAB = "Hindsight"
SEARCH_SECONDS = 2.0
"""A search running longer stops, and says that its answer is the best found, not proven."""


class Deadline:
    """When a search must stop: `over()` turns true SEARCH_SECONDS after it was made."""

    def __init__(self, seconds: float = SEARCH_SECONDS):
        self.seconds = seconds
        self.ends = time.monotonic() + seconds
        self.hit = False

    def over(self) -> bool:
        if not self.hit and time.monotonic() > self.ends:
            self.hit = True
        return self.hit


def proven(exact: bool, seconds: float = SEARCH_SECONDS) -> str:
    """How sure a search's answer is, in words."""
    return "exact" if exact else f"the best found in {seconds:g} s, not proven"


@dataclass
class Explained:
    """One round (or game) explained: lines for the host and the public tab, and its JSON object."""

    number: int
    lines: list[str]
    data: dict[str, Any]


@dataclass
class Hindsight:
    """A whole match explained: round by round, then what concerns the match as a whole."""

    game: str
    rounds: list[Explained]
    match_lines: list[str] = field(default_factory=list)
    match_data: dict[str, Any] = field(default_factory=dict)
    image: Callable[[int | None], bytes] | None = None
    """Draws round N's board (None: the last round's) with what was missed marked."""
    unit: str = "Round"

    def only(self, number: int | None) -> Hindsight:
        """The hindsight of round N alone (None: all); BookError when the match has no such round."""
        if number is None:
            return self
        kept = [r for r in self.rounds if r.number == number]
        if not kept:
            have = ", ".join(str(r.number) for r in self.rounds) or "none"
            raise BookError(
                f"{self.unit} {number} has nothing to explain ({self.unit.lower()}s explained: {have}); give "
                f"--round one of those, or leave it out."
            )
        return Hindsight(self.game, kept, [], {}, self.image, self.unit)

    def lines(self) -> list[str]:
        text: list[str] = []
        for explained in self.rounds:
            text += explained.lines + [""]
        return text + self.match_lines if self.match_lines else text[:-1]

    def rows(self) -> Rows:
        """The public tab: one row per line, beside the round it explains."""
        rows: Rows = [[self.unit, "Hindsight"]]
        for explained in self.rounds:
            rows += [[explained.number, line] for line in explained.lines]
        rows += [["Match", line] for line in self.match_lines]
        return rows

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game, "rounds": {str(r.number): r.data for r in self.rounds}}
        if self.match_data:
            data["match"] = self.match_data
        return data
