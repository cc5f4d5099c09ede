"""What players send: the five actions, read from a submission's Action and Value, and written back."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from hostkit.core.cards import Card
from hostkit.games.paths_and_pahs.board import Direction, Shift, Tile
from hostkit.games.paths_and_pahs.cards import NAMES, CardNames

MAX_TILES = 4
_NUMBERS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4}
_STAY = ("stay", "none")


class ActionKind(str, Enum):
    START = "start"
    CHANGE = "change"
    PAH = "pah"
    SHIFT = "shift"
    MOVE = "move"

    @classmethod
    def parse(cls, text: object) -> ActionKind:
        if isinstance(text, ActionKind):
            return text
        word = str(text or "").strip().lower()
        for kind in cls:
            if kind.value == word:
                return kind
        raise ValueError(f"action {str(text or '').strip()!r} is not one of {', '.join(k.value for k in cls)}")


class Verdict(str, Enum):
    APPLIED = "applied"
    REJECTED = "rejected"
    SUPERSEDED = "superseded"
    LATE = "late"


@dataclass(frozen=True)
class Start:
    """Round 1: the empty tile a player starts on."""

    kind: ClassVar[ActionKind] = ActionKind.START
    tile: Tile


@dataclass(frozen=True)
class Change:
    """A garnet spent to make `card` starting card number `slot` (1 or 2)."""

    kind: ClassVar[ActionKind] = ActionKind.CHANGE
    slot: int
    card: Card

    def __post_init__(self) -> None:
        if self.slot not in (1, 2):
            raise ValueError(f"starting card {self.slot} does not exist; change starting card 1 or 2")


@dataclass(frozen=True)
class Pah:
    """Three distinct cards to combine, and the one of them to discard."""

    kind: ClassVar[ActionKind] = ActionKind.PAH
    cards: tuple[Card, Card, Card]
    discard: Card

    def __post_init__(self) -> None:
        if len(self.cards) != 3 or len(set(self.cards)) != 3:
            raise ValueError("a PAH is three different cards")
        if self.discard not in self.cards:
            raise ValueError("the discarded card must be one of the PAH's three cards")


@dataclass(frozen=True)
class ShiftLine:
    """A player's shift of one line by one space."""

    kind: ClassVar[ActionKind] = ActionKind.SHIFT
    shift: Shift


@dataclass(frozen=True)
class Move:
    """A straight walk of 0 to 4 tiles; a walk of 0 tiles has no direction."""

    kind: ClassVar[ActionKind] = ActionKind.MOVE
    direction: Direction | None
    tiles: int

    def __post_init__(self) -> None:
        if not 0 <= self.tiles <= MAX_TILES:
            raise ValueError(f"a move is 0 to 3 tiles, or {MAX_TILES} for garnets, not {self.tiles}")
        if (self.direction is None) != (self.tiles == 0):
            raise ValueError("a move of 1 or more tiles has a direction, and a move of 0 tiles has none")


Action = Start | Change | Pah | ShiftLine | Move


def _parse_change(typed: str, names: CardNames) -> Change:
    match = re.match(r"\s*(?:starting\s+)?(?:card\s*)?#?(\d+)\s*[:.),-]?\s*(.*)", typed, re.I | re.S)
    if match is None:
        raise ValueError(
            f"change {typed!r} does not say which starting card; type 1: or 2: before the new card, "
            f"like '1: {names.format(Card((0, 1, 0)))}'"
        )
    if match[1] not in ("1", "2"):
        raise ValueError(f"change {typed!r}: starting card {match[1]} does not exist; type 1: or 2:")
    return Change(int(match[1]), names.parse(match[2]))


_CARD_SEPARATORS = re.compile(r"[,;/|&+\n]|\band\b", re.I)


def _in_threes(typed: str, names: CardNames) -> list[str] | None:
    """Nine value words with nothing between the cards ('black red square white red circle ...') as three
    cards of three words each, or None when the words are not nine."""
    words = [w for w in re.findall(r"[^\W\d_]+", typed.lower()) if names.knows(w)]
    return [" ".join(words[i : i + 3]) for i in range(0, 9, 3)] if len(words) == 9 else None


_PAH_WORDS = ("and", "on", "discard")
"""The words a PAH may hold besides card values: a separator, `blue circle on black`, and `discard`."""


def _not_cards(typed: str, names: CardNames) -> list[str]:
    """The words of a PAH, as typed and each once, that name no card value."""
    words = re.findall(r"[^\W\d_]+", typed)
    return list(dict.fromkeys(w for w in words if not names.knows(w.lower()) and w.lower() not in _PAH_WORDS))


def _parse_pah(typed: str, names: CardNames) -> Pah:
    parts = re.split(r"\bdiscard\b", typed, flags=re.I)
    example = "'black red square, white red circle, black blue circle; discard white red circle'"
    if len(parts) != 2:
        raise ValueError(f"pah {typed!r} must name three cards, then 'discard' and one of them, like {example}")
    if others := _not_cards(typed, names):
        which = "words that are not card values" if len(others) > 1 else "a word that is not a card value"
        raise ValueError(
            f"pah {typed!r} has {which} ({', '.join(others)}); type only the three cards, then 'discard' and "
            f"one of them, like {example}"
        )
    named = [p for p in _CARD_SEPARATORS.split(parts[0]) if p.strip()]
    if len(named) != 3:
        named = _in_threes(parts[0], names) or named
    if len(named) != 3:
        raise ValueError(
            f"pah {typed!r} names {len(named)} cards before 'discard'; a PAH is three cards "
            f"separated by commas, like {example}"
        )
    cards = tuple(names.parse(p) for p in named)
    discard = names.parse(parts[1])
    if len(set(cards)) != 3:
        twice = next(c for c in cards if cards.count(c) > 1)
        raise ValueError(f"pah {typed!r} names {names.format(twice)} twice; a PAH is three different cards")
    if discard not in cards:
        raise ValueError(f"pah {typed!r} discards {names.format(discard)}, which is not one of its three cards")
    return Pah(cards, discard)  # type: ignore[arg-type]


def _parse_move(typed: str) -> Move:
    words = re.findall(r"[a-z]+|\d+", typed.lower())
    directions = {Direction.parse(w) for w in words if w in ("up", "down", "left", "right")}
    counts = [int(w) if w.isdigit() else _NUMBERS[w] for w in words if w.isdigit() or w in _NUMBERS]
    if any(w in _STAY for w in words) and not directions and not any(counts):
        return Move(None, 0)
    if len(counts) != 1 or len(directions) > 1 or (counts[0] and not directions):
        raise ValueError(
            f"move {typed!r} is not a move; type a direction and 0 to 3 tiles, like 'left 3' "
            f"(4 tiles cost garnets; 'stay' for none)"
        )
    if counts[0] > MAX_TILES:
        raise ValueError(f"move {typed!r} goes {counts[0]} tiles; a move is 0 to 3 tiles, or {MAX_TILES} for garnets")
    return Move(directions.pop() if counts[0] else None, counts[0])


def parse_action(kind: object, value: object, names: CardNames = NAMES) -> Action:
    """A submission's Action and Value as an action; ValueError names what is wrong and how to type it."""
    action = ActionKind.parse(kind)
    typed = str(value if value is not None else "").strip()
    if action is ActionKind.START:
        return Start(Tile.parse(typed))
    if action is ActionKind.CHANGE:
        return _parse_change(typed, names)
    if action is ActionKind.PAH:
        return _parse_pah(typed, names)
    if action is ActionKind.SHIFT:
        return ShiftLine(Shift.parse(typed))
    return _parse_move(typed)


def format_action(action: Action, names: CardNames = NAMES) -> str:
    """The Value that parse_action reads back as the same action."""
    if isinstance(action, Start):
        return str(action.tile)
    if isinstance(action, Change):
        return f"{action.slot}: {names.format(action.card)}"
    if isinstance(action, Pah):
        return f"{names.format_all(action.cards)}; discard {names.format(action.discard)}"
    if isinstance(action, ShiftLine):
        return str(action.shift)
    if action.direction is None:
        return "stay"
    return f"{action.direction.value} {action.tiles}"


@dataclass(frozen=True)
class Submission:
    """One row a player sent in the round being resolved, as typed."""

    row: int
    at: dt.datetime
    player: str
    action: str
    value: str


@dataclass(frozen=True)
class Judged:
    """A submission with its verdict, the reason in words, and the action it was read as (None if unreadable)."""

    submission: Submission
    verdict: Verdict
    reason: str
    action: Action | None = None

    def is_applied(self) -> bool:
        return self.verdict is Verdict.APPLIED

    def as_json(self) -> dict[str, object]:
        sub = self.submission
        return {
            "timestamp": sub.at.isoformat(),
            "player": sub.player,
            "action": sub.action,
            "value": sub.value,
            "verdict": self.verdict.value,
            "reason": self.reason,
        }
