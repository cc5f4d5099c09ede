"""A match explained once it is over: each round's figures in words (text and the public tab) and as JSON.

Each game computes its own figures (hostkit/games/<game>/hindsight.py); this module holds the shape they
share, the words that say how sure a search is, the legend drawn under a hindsight picture, and the clock
that stops a search which runs too long.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hostkit.core.settings import HINDSIGHT_TAB as HINDSIGHT_TAB
from hostkit.core.tables import BookError, Rows

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


def proven(exact: bool) -> str:
    """How sure a search's best is, in the words the text and the tab use: JSON's `exact` true is "the best
    possible"."""
    return "the best possible" if exact else f"the best found in {SEARCH_SECONDS:g} s, not proven the best possible"


@dataclass
class Explained:
    """One round (or game) explained: lines for the host and the public tab, its JSON object, and whether every
    best it names is proven."""

    number: int
    lines: list[str]
    data: dict[str, Any]
    exact: bool = True


@dataclass
class Hindsight:
    """A whole match explained: first what concerns the match as a whole (what nobody found, the turning
    points), then round by round."""

    game: str
    rounds: list[Explained]
    match_lines: list[str] = field(default_factory=list)
    match_data: dict[str, Any] = field(default_factory=dict)
    image: Callable[[int | None], bytes] | None = None
    """Draws round N's board (None: the last round's) with what was missed marked, and a legend."""
    unit: str = "Round"
    title: str = ""
    """The game's name as players know it (the game's command name when blank)."""

    @property
    def exact(self) -> bool:
        return all(r.exact for r in self.rounds)

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
        return Hindsight(self.game, kept, [], self.match_data, self.image, self.unit, self.title)

    def lines(self) -> list[str]:
        """The match section first, then one section per round, each after a blank line."""
        sections = ([self.match_lines] if self.match_lines else []) + [r.lines for r in self.rounds]
        text: list[str] = []
        for section in sections:
            text += ([""] if text else []) + section
        return text

    def rows(self) -> Rows:
        """The public tab: one row per line, beside the round it explains (the match's rows first)."""
        rows: Rows = [[self.unit, "Hindsight"]]
        rows += [["Match", line] for line in self.match_lines]
        for explained in self.rounds:
            rows += [[explained.number, line] for line in explained.lines]
        return rows

    def to_dict(self) -> dict[str, Any]:
        """The same keys in every game: game, match (the whole match's figures), rounds (by number), exact."""
        return {
            "game": self.game,
            "match": self.match_data,
            "rounds": {str(r.number): r.data for r in self.rounds},
            "exact": self.exact,
        }


def with_legend(png: bytes, legend: Sequence[str]) -> bytes:
    """The picture with its legend written under it, a line for each mark it uses."""
    import io
    import textwrap

    from PIL import Image, ImageDraw

    from hostkit.core.drawing import LABEL_SIZE, PAGE, SCALE, TEXT, font

    picture = Image.open(io.BytesIO(png))
    size = LABEL_SIZE // SCALE
    width = picture.width - 2 * size
    chars = max(20, int(width / (size * 0.5)))
    lines = [part for line in legend for part in textwrap.wrap(line, chars)]
    page = Image.new("RGB", (picture.width, picture.height + size * (len(lines) * 13 // 10 + 1)), PAGE)
    page.paste(picture.convert("RGB"), (0, 0))
    draw = ImageDraw.Draw(page)
    for n, line in enumerate(lines):
        draw.text((size, picture.height + n * size * 13 // 10), line, fill=TEXT, font=font(size))
    out = io.BytesIO()
    page.save(out, "PNG", optimize=True)
    return out.getvalue()
