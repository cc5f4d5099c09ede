"""Settings and scoring policies: `half-point` (Hap-Tac-Toe) and `strikes` (When Stars Align).

Points are exact Fractions; `as_number` gives an int or float for JSON.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from fractions import Fraction


class Scoring(str, Enum):
    HALF_POINT = "half-point"
    STRIKES = "strikes"


def parse_scoring(text: object) -> Scoring:
    word = str(text if text is not None else "").strip().lower().replace("_", "-").replace(" ", "-")
    for scoring in Scoring:
        if word == scoring.value:
            return scoring
    raise ValueError(f"scoring {str(text).strip()!r} is not known; use half-point or strikes")


def exact(value: int | float | str | Decimal | Fraction) -> Fraction:
    """A number as an exact Fraction; a float is read as the decimal it prints as (0.1 stays 1/10)."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a number")
    if isinstance(value, float):
        value = repr(value)
    try:
        return Fraction(value.strip() if isinstance(value, str) else value)
    except (ValueError, TypeError, ZeroDivisionError):
        raise ValueError(f"{value!r} is not a number; write it like 0.5") from None


def as_number(value: Fraction | Decimal | int | dt.timedelta) -> int | float:
    """An exact number (or a span, as seconds) for JSON: an int when whole, a float otherwise."""
    if isinstance(value, dt.timedelta):
        value = Fraction(value // dt.timedelta(microseconds=1), 1_000_000)
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def format_points(value: Fraction | int) -> str:
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"


@dataclass(frozen=True)
class Settings:
    """The Config settings of a match; scoring None means the variant's default."""

    move_seconds: int = 60
    reserve_seconds: int = 300
    scoring: Scoring | None = None
    invalid_claim_points: Fraction = Fraction(1, 2)
    strikes_per_point: int = 2

    def __post_init__(self) -> None:
        object.__setattr__(self, "invalid_claim_points", exact(self.invalid_claim_points))
        if self.scoring is not None and not isinstance(self.scoring, Scoring):
            object.__setattr__(self, "scoring", parse_scoring(self.scoring))
        if self.move_seconds <= 0:
            raise ValueError(f"move_seconds {self.move_seconds} must be above 0, like 60")
        if self.reserve_seconds < 0:
            raise ValueError(f"reserve_seconds {self.reserve_seconds} must be 0 or more, like 300")
        if self.invalid_claim_points < 0:
            raise ValueError(
                f"invalid_claim_points {self.invalid_claim_points} is what a bad claim costs; "
                f"write it as 0 or more, like 0.5"
            )
        if self.strikes_per_point < 1:
            raise ValueError(f"strikes_per_point {self.strikes_per_point} must be 1 or more, like 2")

    @property
    def move(self) -> dt.timedelta:
        return dt.timedelta(seconds=self.move_seconds)

    @property
    def reserve(self) -> dt.timedelta:
        return dt.timedelta(seconds=self.reserve_seconds)

    def policy(self) -> ScoringPolicy:
        if self.scoring is Scoring.STRIKES:
            return Strikes(self.strikes_per_point)
        if self.scoring is Scoring.HALF_POINT:
            return HalfPoint(self.invalid_claim_points)
        raise ValueError("Settings.scoring is not set; use half-point or strikes")


@dataclass(frozen=True)
class Scored:
    """What one claim does to its player: points (exact), the strike count after it, and why."""

    points: Fraction
    strikes: int
    note: str


class ScoringPolicy:
    scoring: Scoring

    def score(self, is_valid: bool, strikes: int) -> Scored:
        raise NotImplementedError

    def final_score(self, points: Fraction) -> Fraction | int:
        return points


@dataclass(frozen=True)
class HalfPoint(ScoringPolicy):
    """+1 for a valid claim, minus invalid_claim_points for any other; the match total is rounded up."""

    invalid_claim_points: Fraction = Fraction(1, 2)
    scoring = Scoring.HALF_POINT

    def score(self, is_valid: bool, strikes: int) -> Scored:
        if is_valid:
            return Scored(Fraction(1), strikes, "+1")
        cost = self.invalid_claim_points
        return Scored(-cost, strikes, f"-{format_points(cost)}")

    def final_score(self, points: Fraction) -> int:
        return math.ceil(points)


@dataclass(frozen=True)
class Strikes(ScoringPolicy):
    """+1 for a valid claim; any other is a strike, and every strikes_per_point-th strike costs 1 point
    and starts the count again."""

    strikes_per_point: int = 2
    scoring = Scoring.STRIKES

    def score(self, is_valid: bool, strikes: int) -> Scored:
        if is_valid:
            return Scored(Fraction(1), strikes, "+1")
        count = strikes + 1
        if count >= self.strikes_per_point:
            return Scored(Fraction(-1), 0, f"strike {count} of {self.strikes_per_point}: -1, strikes back to 0")
        return Scored(Fraction(0), count, f"strike {count} of {self.strikes_per_point}")

    def final_score(self, points: Fraction) -> Fraction | int:
        return int(points) if Fraction(points).denominator == 1 else points
