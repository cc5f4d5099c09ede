"""Open, Pass equations: cards as text, and their score by the rule sheet's unusual reading.

A card is one digit 0–9 or one of the symbols + - x ÷. Reading an equation (docs/games/open-pass.md, Rulings):
in each run of adjacent numbers only the leftmost counts, likewise in each run of adjacent symbols;
a symbol at the right end is dropped; a symbol at the left end gets a 0 in front; then the terms are
evaluated strictly left to right with exact fractions.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

DIGITS = tuple("0123456789")
SYMBOLS = ("+", "-", "x", "÷")
FACES = DIGITS + SYMBOLS
SPELLINGS = {"*": "x", "X": "x", "×": "x", "/": "÷", ":": "÷", "−": "-", "–": "-", "minus": "-"}
_SEPARATORS = re.compile(r"[\s,;]+")


class DivisionByZero(enum.Enum):
    """What a division by zero does to an equation (Config `division_by_zero`)."""

    ZERO = "zero"  # the whole equation scores 0
    SKIP = "skip"  # that division is left out and the equation goes on

    def describe(self) -> str:
        if self is DivisionByZero.ZERO:
            return "the whole equation scores 0"
        return "that division is left out"


_SYMBOL_NAMES = {"+": "a plus", "-": "a minus", "x": "a times", "÷": "a divide"}


def card_name(card: str) -> str:
    """A card in words, a symbol's face in brackets so a minus never reads as a dash: 'a minus [-]', 'an 8'."""
    if card in _SYMBOL_NAMES:
        return f"{_SYMBOL_NAMES[card]} [{card}]"
    return f"{'an' if card == '8' else 'a'} {card}"


def is_digit(card: str) -> bool:
    return card in DIGITS


def is_symbol(card: str) -> bool:
    return card in SYMBOLS


def parse_card(text: object) -> str:
    """One card face from how a host or player may type it: `*`, `X` and `×` are x; `/` and `:` are ÷."""
    if isinstance(text, float) and text.is_integer():
        text = int(text)
    word = str(text).strip()
    word = SPELLINGS.get(word, word)
    if word not in FACES:
        raise ValueError(
            f"{str(text).strip()!r} is not a card; a card is one digit 0–9 or one of + - x ÷ "
            f"(write * or X for x and / for ÷)"
        )
    return word


def parse_cards(text: object) -> tuple[str, ...]:
    """Cards separated by spaces, commas or semicolons, or typed together with a symbol among them:
    '+ 3 1 x 9', '+,3,1,x,9' and '+31x9' are all ('+', '3', '1', 'x', '9'). Digits alone typed together
    ('12') are refused: they may mean a number, and no card is one."""
    if text is None:
        return ()
    if isinstance(text, float) and text.is_integer():
        text = int(text)
    cards: list[str] = []
    for word in _SEPARATORS.split(str(text).strip()):
        faces = [SPELLINGS.get(c, c) for c in word]
        if len(word) > 1 and all(f in FACES for f in faces) and any(is_symbol(f) for f in faces):
            cards.extend(parse_card(c) for c in word)
        elif word:
            cards.append(parse_card(word))
    return tuple(cards)


def format_cards(cards: Iterable[str]) -> str:
    return " ".join(cards)


def format_number(value: Fraction) -> str:
    """A score exactly: 52, -3, 7/2."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True)
class Evaluation:
    """An equation read and scored: the cards as built, the terms that count, the score and why."""

    cards: tuple[str, ...]
    terms: tuple[str, ...]
    score: Fraction
    steps: tuple[str, ...]
    divided_by_zero: bool = False

    @property
    def normalised(self) -> str:
        return format_cards(self.terms) if self.terms else "0"

    def explain(self) -> str:
        """The reading in words a host can paste to the player."""
        shown = format_cards(self.cards) or "(no cards)"
        return f"{shown} reads as {self.normalised} and scores {format_number(self.score)}: " + "; ".join(self.steps)


def _apply(total: Fraction, symbol: str, number: int) -> Fraction:
    if symbol == "+":
        return total + number
    if symbol == "-":
        return total - number
    if symbol == "x":
        return total * number
    return total / number


def evaluate(cards: Sequence[str], division_by_zero: DivisionByZero = DivisionByZero.ZERO) -> Evaluation:
    """Score an equation given left to right."""
    cards = tuple(cards)
    steps: list[str] = []
    kept: list[str] = []
    for position, card in enumerate(cards, start=1):
        if kept and is_digit(kept[-1]) == is_digit(card):
            kind = "numbers" if is_digit(card) else "symbols"
            steps.append(f"card {position} ({card}) is ignored: only the leftmost of adjacent {kind} counts")
            continue
        kept.append(card)
    if kept and is_symbol(kept[-1]):
        steps.append(f"the {kept[-1]} at the right end is dropped")
        kept.pop()
    if kept and is_symbol(kept[0]):
        steps.append(f"the {kept[0]} at the left end gets a 0 in front")
        kept.insert(0, "0")
    if not kept:
        steps.append("no number counts, so the score is 0")
        return Evaluation(cards, (), Fraction(0), tuple(steps))
    total = Fraction(int(kept[0]))
    for symbol, number in zip(kept[1::2], kept[2::2]):
        value = int(number)
        if symbol == "÷" and value == 0:
            if division_by_zero is DivisionByZero.ZERO:
                steps.append(f"{format_number(total)} ÷ 0 divides by zero, so the whole equation scores 0")
                return Evaluation(cards, tuple(kept), Fraction(0), tuple(steps), divided_by_zero=True)
            steps.append(f"{format_number(total)} ÷ 0 divides by zero, so that division is left out")
            continue
        result = _apply(total, symbol, value)
        steps.append(f"{format_number(total)} {symbol} {number} = {format_number(result)}")
        total = result
    return Evaluation(cards, tuple(kept), total, tuple(steps))


def built_equation(opened: Sequence[str]) -> tuple[str, ...]:
    """The equation from cards in the order they were opened: each opened card goes to the LEFT."""
    return tuple(reversed(opened))
