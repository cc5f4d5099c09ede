"""A player's round from their messages: turning cards (>R2C4), stating actions, and what each costs.

The sheet's order: the first card turned is the starting card; an action stated before the second
card applies to it (none stated: −1 point and the first unused of Nullify > Replace > Scout); the
second card is the action's target; a 3rd card costs 2 points and each further card 1 more.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum

from hostkit.core.words import plural

from .cards import Board, BoardSet
from .cells import Cell
from .points import Points


class Action(Enum):
    NULLIFY = "Nullify"
    REPLACE = "Replace"
    SCOUT = "Scout"

    @classmethod
    def parse(cls, text: str) -> Action:
        word = str(text).strip().lower()
        for action in cls:
            if action.value.lower() == word:
                return action
        raise ValueError(f"action {text!r} is not one of nullify, replace, scout")

    def __str__(self) -> str:
        return self.value


ACTIONS: tuple[Action, ...] = (Action.NULLIFY, Action.REPLACE, Action.SCOUT)  # the order of the default
THIRD_CARD_PENALTY = 2
FURTHER_CARD_PENALTY = 1
UNSTATED_ACTION_PENALTY = 1

WHAT_IT_DOES = {
    Action.NULLIFY: "this card is worth 0 this round to everyone scoring with it; you score with your starting card",
    Action.REPLACE: "you score with this card instead of your starting card",
    Action.SCOUT: "you see this card and score with your starting card",
}


@dataclass(frozen=True)
class Turn:
    """'>R2C4': turn that card over."""

    cell: Cell


@dataclass(frozen=True)
class Statement:
    """'nullify', 'replace' or 'scout': the action for this round."""

    action: Action


@dataclass(frozen=True)
class Unclear:
    """Something that looks like a command but is not one, with what is wrong."""

    problem: str


Item = Turn | Statement | Unclear

_PIECES = re.compile(r">\s*r\s*(\d+)\s*c\s*(\d+)|\b(nullify|replace|scout)\b", re.IGNORECASE)


def read_message(text: str) -> tuple[Item, ...]:
    """The commands in one message, in the order they are written; anything else is ignored.

    Only '>R2C4' turns a card ('R2C4' alone may be talk). An action named twice in a message is
    stated once; a message naming two different actions states none, since which was meant is unclear.
    """
    items: list[Item] = []
    actions = {m.group(3).lower() for m in _PIECES.finditer(str(text)) if m.group(3)}
    mixed = len(actions) > 1
    for match in _PIECES.finditer(str(text)):
        if match.group(3) is None:
            try:
                items.append(Turn(Cell(int(match.group(1)), int(match.group(2)))))
            except ValueError as error:
                items.append(Unclear(f"{match.group(0).strip()} names no card: {error}"))
        elif mixed:
            named = ", ".join(str(a).lower() for a in ACTIONS if str(a).lower() in actions)
            items.append(Unclear(f"the message names more than one action ({named}); state just one"))
            mixed = False
        elif len(actions) == 1 and not any(isinstance(item, Statement) for item in items):
            items.append(Statement(Action.parse(match.group(3))))
    return tuple(items)


@dataclass(frozen=True)
class Reply:
    """The private answer to one message (by its position in the round's messages), and any penalty."""

    message: int
    text: str
    penalty: int = 0
    penalty_reason: str = ""


@dataclass(frozen=True)
class RoundPlay:
    """What a player did in one round: cards turned in order, the action, its target, the replies."""

    turned: tuple[Cell, ...]
    action: Action | None
    stated: bool
    replies: tuple[Reply, ...]

    @property
    def starting(self) -> Cell | None:
        return self.turned[0] if self.turned else None

    @property
    def target(self) -> Cell | None:
        return self.turned[1] if self.action is not None else None

    @property
    def scoring_cell(self) -> Cell | None:
        """The second card with Replace, else the starting card (None when no card was turned)."""
        return self.target if self.action is Action.REPLACE else self.starting

    @property
    def penalty(self) -> int:
        return sum(reply.penalty for reply in self.replies)

    def penalties(self) -> tuple[Points, ...]:
        return tuple(Points(-reply.penalty, reply.penalty_reason) for reply in self.replies if reply.penalty)

    def replies_to(self, message: int) -> tuple[Reply, ...]:
        return tuple(reply for reply in self.replies if reply.message == message)


NO_PLAY = RoundPlay((), None, False, ())


def first_unused(used: Collection[Action]) -> Action | None:
    return next((action for action in ACTIONS if action not in used), None)


def read_round(board: Board, messages: Sequence[str], used_before: Collection[Action] = ()) -> RoundPlay:
    """Read one player's messages of a round, in time order; used_before: actions used in earlier rounds."""
    turned: list[Cell] = []
    stated: Action | None = None
    action: Action | None = None
    replies: list[Reply] = []
    for position, text in enumerate(messages):
        items = read_message(text)
        if not items:
            replies.append(
                Reply(
                    position,
                    "Not read: type >R2C4 to turn over a card, or nullify, replace or scout to state your action.",
                )
            )
        for item in items:
            if isinstance(item, Unclear):
                replies.append(Reply(position, f"Not read: {item.problem}."))
            elif isinstance(item, Statement):
                replies.append(Reply(position, _state(item.action, stated, turned, used_before)))
                if len(turned) < 2 and item.action not in used_before:
                    stated = item.action
            elif item.cell in turned:
                replies.append(
                    Reply(
                        position,
                        f"You already turned over {item.cell} this round: "
                        f"{board[item.cell].describe()}. It is not turned again and costs nothing.",
                    )
                )
            else:
                turned.append(item.cell)
                answer, penalty, why, action = _turn(board, item.cell, len(turned), stated, used_before, action)
                replies.append(Reply(position, answer, penalty, why))
    return RoundPlay(tuple(turned), action, stated is not None and action is stated, tuple(replies))


def _state(action: Action, stated: Action | None, turned: list[Cell], used_before: Collection[Action]) -> str:
    if len(turned) >= 2:
        return f"Too late: your action this round was settled when you turned your second card, {turned[1]}."
    if action in used_before:
        left = [str(a) for a in ACTIONS if a not in used_before]
        return (
            f"You already used {action} in an earlier round, and each action is used once. "
            f"State {' or '.join(left)} before your second card."
        )
    change = f" (instead of {stated})" if stated is not None and stated is not action else ""
    return f"Noted: your action this round is {action}{change}; your second card this round is its target."


def _turn(
    board: Board, cell: Cell, count: int, stated: Action | None, used_before: Collection[Action], action: Action | None
) -> tuple[str, int, str, Action | None]:
    """The reply to turning a card, its penalty and the penalty's reason, and the round's action after it."""
    seen = f"You turned over {cell}: {board[cell].describe()}."
    if count == 1:
        return f"{seen} It is your starting card.", 0, "", action
    if count == 2:
        if stated is not None:
            return f"{seen} Your action is {stated}: {WHAT_IT_DOES[stated]}.", 0, "", stated
        chosen = first_unused(used_before)
        if chosen is None:
            return f"{seen} Every action is already used, so this card has no action.", 0, "", None
        why = (
            f"You stated no action before your second card, {cell}: −{UNSTATED_ACTION_PENALTY} point, "
            f"and your first unused action applies, {chosen}"
        )
        return f"{seen} {why}: {WHAT_IT_DOES[chosen]}.", UNSTATED_ACTION_PENALTY, f"{why}.", chosen
    if count == 3:
        why = f"Your 3rd card this round, {cell}: −{THIRD_CARD_PENALTY} points."
        return (
            f"{seen} This is your 3rd card this round: −{THIRD_CARD_PENALTY} points.",
            THIRD_CARD_PENALTY,
            why,
            action,
        )
    so_far = THIRD_CARD_PENALTY + FURTHER_CARD_PENALTY * (count - 3)
    why = f"Card {count} this round, {cell}: −{FURTHER_CARD_PENALTY} more point."
    return (
        f"{seen} This is card {count} this round: −{FURTHER_CARD_PENALTY} more point "
        f"({plural(so_far, 'point')} lost to extra cards this round).",
        FURTHER_CARD_PENALTY,
        why,
        action,
    )


def extra_card_warning(turned_so_far: int) -> str | None:
    """What a player is about to lose by turning one more card, or None when it is free."""
    next_card = turned_so_far + 1
    if next_card < 3:
        return None
    cost = THIRD_CARD_PENALTY if next_card == 3 else FURTHER_CARD_PENALTY
    return f"Turning over card {next_card} this round costs {plural(cost, 'point')}."


REVEAL_ROUNDS = ("previous", "any-earlier")
"""Which rounds a garnet may look back at: the rule sheet's 'a card ... from the previous round', or any
earlier round."""


def reveal_answer(
    boards: BoardSet, current_round: int, asked_round: int, cell: Cell, garnets: int, rounds: str = "previous"
) -> str:
    """The answer to a garnet purchase; ValueError says why it is refused (wrong round, no garnet)."""
    if current_round not in (2, 3):
        raise ValueError(f"a card can be bought only during round 2 or 3, not round {current_round}")
    allowed = [current_round - 1] if rounds == "previous" else list(range(1, current_round))
    if asked_round not in allowed:
        which = "the previous round" if rounds == "previous" else "an earlier round"
        raise ValueError(
            f"round {asked_round} is not {which} of round {current_round}; "
            f"ask for a card of round {' or '.join(map(str, allowed))}"
        )
    if garnets < 1:
        raise ValueError(f"a card costs 1 garnet and the player holds {plural(garnets, 'garnet')}")
    return f"For 1 garnet: in round {asked_round}, {cell} was {boards.card(asked_round, cell).describe()}."
