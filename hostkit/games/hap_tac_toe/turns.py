"""A turn of the Death Match as the replay sees it: the Moves row as typed, the turn played (its claims
judged) or rejected (and why), what carries into game 2, and whose move is due."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

from hostkit.core.cards import Card
from hostkit.games.hap_tac_toe.blocks import BlockFaces
from hostkit.games.hap_tac_toe.board import Square
from hostkit.games.hap_tac_toe.claims import Claim
from hostkit.games.hap_tac_toe.clock import TurnClock
from hostkit.games.hap_tac_toe.judge import Verdict
from hostkit.games.hap_tac_toe.scoring import as_number


class Rejection(str, Enum):
    """Why a turn cannot be played: the replay stops there and nothing of the turn is scored."""

    GAME_OVER = "game-over"
    TURN_NUMBER = "turn-number"
    WRONG_PLAYER = "wrong-player"
    BAD_TIME = "bad-time"
    NOT_A_BLOCK = "not-a-block"
    BLOCK_PLACED = "block-placed"
    OFF_BOARD = "off-board"
    SQUARE_TAKEN = "square-taken"


@dataclass(frozen=True)
class TurnRecord:
    """A Moves row as typed: block, square and claims are text; done is a moment (None when blank)."""

    turn: int
    player: str
    block: str
    square: str
    claims: str = ""
    done: dt.datetime | None = None


@dataclass(frozen=True)
class JudgedClaim:
    claim: Claim
    verdict: Verdict
    reason: str
    points: Fraction
    strikes: int
    """The player's strike count after this claim."""
    note: str
    """What the claim did to the score: `+1`, `-0.5`, `strike 1 of 2`."""

    def as_json(self) -> dict[str, Any]:
        return {
            "squares": [s.name for s in self.claim.squares or ()],
            "text": self.claim.text,
            "verdict": self.verdict.value,
            "points": as_number(self.points),
            "reason": self.reason,
            "scoring": self.note,
        }


@dataclass(frozen=True)
class PlayedTurn:
    number: int
    player: str
    block: Card | None
    """None when the player ran out of time: the turn is not played."""
    square: Square | None
    clock: TurnClock
    claims: tuple[JudgedClaim, ...] = ()
    lost: str | None = None

    @property
    def points(self) -> Fraction:
        return sum((c.points for c in self.claims), Fraction(0))

    def as_json(self, faces: BlockFaces) -> dict[str, Any]:
        return {
            "turn": self.number,
            "player": self.player,
            "block": faces.format(self.block) if self.block else None,
            "square": self.square.name if self.square else None,
            "done": self.clock.ended.isoformat(),
            "seconds": as_number(self.clock.seconds),
            "from_reserve": as_number(self.clock.from_reserve),
            "reserve_left": as_number(self.clock.reserve_left),
            "points": as_number(self.points),
            "lost": self.lost,
            "claims": [c.as_json() for c in self.claims],
        }


@dataclass(frozen=True)
class RejectedTurn:
    record: TurnRecord
    kind: Rejection
    reason: str

    def describe(self) -> str:
        return f"Turn {self.record.turn} ({self.record.player}) is refused: {self.reason}"

    def as_json(self) -> dict[str, Any]:
        return {"turn": self.record.turn, "player": self.record.player, "kind": self.kind.value, "reason": self.reason}


@dataclass(frozen=True)
class Carry:
    """What game 2 inherits from game 1: each player's reserve and strike count."""

    reserves: Mapping[str, dt.timedelta]
    strikes: Mapping[str, int]


@dataclass(frozen=True)
class Waiting:
    player: str
    turn: int
