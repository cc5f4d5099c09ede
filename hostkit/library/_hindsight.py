"""hindsight: the match explained once it is over, written to the public Hindsight tab (Match.hindsight)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hostkit.core.game import Game, Outcome
    from hostkit.core.hindsight import Hindsight
    from hostkit.core.tables import Tables
    from hostkit.library._workbooks import Workbooks


@dataclass
class Explanation:
    """What `hindsight` found: the match explained, whether it is over, and the public tab to write (none for
    a host's preview)."""

    hindsight: Hindsight
    over: bool
    preview: bool
    round_number: int | None = None
    writes: dict[str, Any] = field(default_factory=dict)

    def lines(self) -> list[str]:
        shown = self.hindsight.only(self.round_number)
        head = (
            f"Hindsight of {self.hindsight.title or self.hindsight.game}"
            + (f", {shown.unit.lower()} {self.round_number}" if self.round_number else "")
            + (" (private preview for the host: nothing is written)" if self.preview else "")
            + ":"
        )
        return [head, *shown.lines()]

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.hindsight.only(self.round_number).to_dict(),
            "over": self.over,
            "preview": self.preview,
            "written": sorted(self.writes),
        }


def explain(
    books: Workbooks, game: Game, tables: Tables, round_number: int | None = None, host: bool = False
) -> Explanation:
    """The match explained. Once its standings are settled the Hindsight tab is among the writes; before that
    only the host may see it (host=True, a preview never written), and anyone else is refused in one sentence."""
    from hostkit.core.hindsight import HINDSIGHT_TAB
    from hostkit.core.tables import BookError
    from hostkit.library._ledgers import settled

    over = settled(books, game, tables) is not None
    if not over and not host:
        raise BookError(
            "The match is not over yet, so its hindsight stays private: run `hostkit standings` once its last "
            "round is scored (or add --host for a private preview, which is never written)."
        )
    hindsight = game.hindsight(tables)
    explanation = Explanation(hindsight, over, host, round_number)
    explanation.lines()  # an unknown --round is refused before anything is written
    if not host:
        explanation.writes[HINDSIGHT_TAB] = hindsight.rows()
    return explanation


def outcome_of(explanation: Explanation, image_round: int | None) -> Outcome:
    from hostkit.core.game import Outcome
    from hostkit.core.words import chat_block

    lines = explanation.lines()
    draw = explanation.hindsight.image
    return Outcome(
        writes=dict(explanation.writes),
        summary=lines,
        data=explanation.to_dict(),
        image=None if draw is None else lambda: draw(image_round),
        message=None if explanation.preview else chat_block(lines),
        about="hindsight",
    )
