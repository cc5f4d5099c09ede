"""Where a match stands, in the one shape every game shares: a phase from a fixed set, computed by each game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hostkit.core.tables import Problem


class Phase(str, Enum):
    """What a round (and the match) is waiting for."""

    SETUP = "setup"
    """Not ready to play: no board, no opening time, no packs, or not open yet."""
    OPEN = "open"
    """Players are sending their submissions."""
    CLOSED = "closed"
    """Closed and not scored yet."""
    SCORED = "scored"
    """Scored, with more of the round to run (a deal, say)."""
    LIVE = "live"
    """A live phase the host plays with `hostkit play`."""
    OVER = "over"
    """Done: for the match, every round played (or a result that ends it early)."""


def match_phase(rounds: Sequence[tuple[int, Phase]]) -> tuple[int | None, Phase]:
    """The round in play and its phase: the first round not over; once every round is over, the last one."""
    for number, phase in rounds:
        if phase is not Phase.OVER:
            return number, phase
    return (rounds[-1][0] if rounds else None), Phase.OVER


@dataclass(frozen=True)
class Status:
    """`hostkit status`: the game, the match, the round in play (else the last), its phase, who it waits for,
    the next thing for the host to do (None once nothing is left), how many problems `score` reports for that
    round, and the game's own keys."""

    game: str
    match_id: str | None
    round: int | None
    phase: Phase
    waiting_for: tuple[str, ...] = ()
    next: str | None = None
    problems: int = 0
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "match_id": self.match_id,
            "round": self.round,
            "phase": self.phase.value,
            "waiting_for": list(self.waiting_for),
            "next": self.next,
            "problems": self.problems,
            "details": dict(self.details),
        }


@dataclass(frozen=True)
class GameStatus:
    """What a game says of its match (`Game.status`): the round in play and its phase, the players it waits for
    (names, in the order the game lists them), the next step for the host (a `hostkit VERB ...` command without
    the workbook option, or a sentence of what to do by hand; None when the game has nothing to add), the lines
    for the host, the problems found reading the workbook, and the game's own keys."""

    round: int | None
    phase: Phase
    waiting_for: tuple[str, ...] = ()
    next: str | None = None
    lines: tuple[str, ...] = ()
    problems: tuple[Problem, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)


def waiting_in(phase: Phase, *groups: Iterable[str]) -> tuple[str, ...]:
    """Who a round in `phase` still waits for, the same way in every game: the players named in `groups` (each
    once, in order) while the round takes submissions or is played live; nobody once it is closed."""
    if phase not in (Phase.OPEN, Phase.LIVE):
        return ()
    return tuple(dict.fromkeys(name for group in groups for name in group))
