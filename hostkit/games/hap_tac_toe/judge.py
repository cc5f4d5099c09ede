"""Judging one claim at the end of a turn: the verdict and its reason in words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from hostkit.games.hap_tac_toe.blocks import BlockFaces
from hostkit.games.hap_tac_toe.board import Board, Line, Square, format_squares, line_through
from hostkit.games.hap_tac_toe.claims import Claim


class Verdict(str, Enum):
    VALID = "valid"
    NOT_A_HAP = "not-a-hap"
    NOT_A_LINE = "not-a-line"
    EMPTY_SQUARE = "empty-square"
    REPEAT = "repeat"
    UNREADABLE = "unreadable"

    @property
    def is_valid(self) -> bool:
        return self is Verdict.VALID


@dataclass(frozen=True)
class Claimed:
    """Who first claimed a set of three squares validly, and on which turn."""

    player: str
    turn: int


@dataclass(frozen=True)
class Judgement:
    verdict: Verdict
    reason: str
    line: Line | None = None


def judge_claim(
    board: Board, claim: Claim, claimed: Mapping[frozenset[Square], Claimed], faces: BlockFaces, noun: str = "hap"
) -> Judgement:
    """One claim against the board as the turn ends. Checks run: readable, three different squares on
    one line, all occupied, a hap, not claimed before."""
    if claim.squares is None:
        return Judgement(Verdict.UNREADABLE, claim.problem or f"{claim.text!r} cannot be read as three squares")
    squares = claim.squares
    named = format_squares(squares)
    if len(set(squares)) != len(squares):
        twice = sorted({s for s in squares if squares.count(s) > 1})
        return Judgement(
            Verdict.NOT_A_LINE, f"{named} names {format_squares(twice)} twice; a {noun} needs three different squares"
        )
    line = line_through(squares)
    if line is None:
        return Judgement(
            Verdict.NOT_A_LINE, f"{named} are not on one row, column or 45° diagonal (the grid does not wrap around)"
        )
    empty = [s for s in squares if not board.is_occupied(s)]
    if empty:
        verb = "is" if len(empty) == 1 else "are"
        return Judgement(
            Verdict.EMPTY_SQUARE, f"{format_squares(empty)} {verb} empty: no {faces.piece} there yet", line
        )
    blocks = [block for s in squares if (block := board.block_at(s)) is not None]  # every square is occupied
    if not faces.is_hap(blocks):
        return Judgement(
            Verdict.NOT_A_HAP, f"{named} on {line.name} is not a {noun}: {faces.why_not_hap(blocks)}", line
        )
    first = claimed.get(claim.key())
    if first is not None:
        return Judgement(Verdict.REPEAT, f"{named} was already claimed by {first.player} on turn {first.turn}", line)
    return Judgement(Verdict.VALID, f"{named} on {line.name} is a {noun}: {faces.hap_reason(blocks)}", line)  # type: ignore[arg-type]
