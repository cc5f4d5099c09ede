"""The best Open, Pass score a dealt order allows: an exact search over which cards to open.

The equation is read left to right, and the leftmost card is the one opened last, so reading the
equation means taking the opened cards from the last dealt back to the first. Reading needs only a
small state: how many cards are open, whether the last card that counted was a number or which symbol
waits for its number, and the running total. Every step a card can make on the total (+ d, - d, x d,
÷ d with d a digit 0–9, or leaving it alone) never lowers a larger total below a smaller one, so for
each state only the largest total matters. The search keeps that one total per state: 20 cards x
11 open counts x 7 states, exact, with no guessing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from hostkit.games.open_pass.equation import DivisionByZero, Evaluation, built_equation, evaluate, is_digit

START, NUMBER, DEAD = "start", "number", "dead"


@dataclass(frozen=True)
class Best:
    """The best score and one way to reach it: the dealt positions (1-based) to open, in dealing order."""

    score: Fraction
    opened: tuple[int, ...]
    evaluation: Evaluation


def _step(phase: str, total: Fraction, card: str, rule: DivisionByZero) -> tuple[str, Fraction]:
    """The reading state after one more card at the right of the equation."""
    if phase == DEAD:
        return DEAD, Fraction(0)
    if phase == START:
        return (NUMBER, Fraction(int(card))) if is_digit(card) else (card, Fraction(0))
    if phase == NUMBER:
        return (NUMBER, total) if is_digit(card) else (card, total)
    if not is_digit(card):
        return phase, total
    number = int(card)
    if phase == "÷" and number == 0:
        return (DEAD, Fraction(0)) if rule is DivisionByZero.ZERO else (NUMBER, total)
    if phase == "+":
        return NUMBER, total + number
    if phase == "-":
        return NUMBER, total - number
    if phase == "x":
        return NUMBER, total * number
    return NUMBER, total / number


def best(dealt: Sequence[str], max_open: int = 10, rule: DivisionByZero = DivisionByZero.ZERO) -> Best:
    """The highest score reachable by opening at most max_open of the dealt cards, exactly."""
    # state (open count, phase) -> (largest total, dealt indexes opened, in reading order)
    states: dict[tuple[int, str], tuple[Fraction, tuple[int, ...]]] = {(0, START): (Fraction(0), ())}
    for index in range(len(dealt) - 1, -1, -1):
        grown = dict(states)
        for (count, phase), (total, chosen) in states.items():
            if count == max_open:
                continue
            key_phase, new_total = _step(phase, total, dealt[index], rule)
            key = (count + 1, key_phase)
            candidate = (new_total, chosen + (index,))
            if key not in grown or new_total > grown[key][0]:
                grown[key] = candidate
        states = grown
    score, chosen = max(
        ((total, chosen) for total, chosen in states.values()), key=lambda item: (item[0], -len(item[1]))
    )
    opened = tuple(sorted(i + 1 for i in chosen))
    return Best(score, opened, evaluate(built_equation([dealt[i - 1] for i in opened]), rule))


def brute_force(dealt: Sequence[str], max_open: int = 10, rule: DivisionByZero = DivisionByZero.ZERO) -> Fraction:
    """The best score by trying every set of cards to open (for checking `best` on small decks)."""
    top = Fraction(0)
    for size in range(1, min(max_open, len(dealt)) + 1):
        for chosen in combinations(range(len(dealt)), size):
            top = max(top, evaluate(built_equation([dealt[i] for i in chosen]), rule).score)
    return top
