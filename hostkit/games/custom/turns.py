"""The turn order a round's answers earn: each N-th correct answer a turn, then the bonus for the most correct
answers, then the turns each incorrect answer removes (as Hap and Grab's Part 1, in RULINGS.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hostkit.games.custom.judge import Judged, Verdict
from hostkit.games.custom.settings import Rules


@dataclass(frozen=True)
class TurnOrder:
    """The order, each player's counts, every step in words, and what each answer (by its index in the judged
    list) did to the order."""

    order: tuple[str, ...]
    correct: Mapping[str, int]
    incorrect: Mapping[str, int]
    steps: tuple[str, ...]
    effects: Mapping[int, str]

    def turns(self, player: str) -> int:
        return self.order.count(player)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def build_turns(answers: Sequence[Judged], players: Sequence[str], rules: Rules) -> TurnOrder:
    """Earned turns in the order the correct answers came, then the bonus turn, then the losses, player by
    player in the Players tab's order."""
    order: list[str] = []
    count = {p: 0 for p in players}
    steps: list[str] = []
    effects: dict[int, str] = {}
    for index, a in enumerate(answers):
        if a.verdict is not Verdict.CORRECT:
            continue
        count[a.player] += 1
        if count[a.player] % rules.turn_every == 0:
            where = "front" if rules.newest_first else "back"
            order.insert(0 if rules.newest_first else len(order), a.player)
            said = f"{a.player}'s {_ordinal(count[a.player])} correct answer puts a turn at the {where}."
            steps.append(said)
            effects[index] = said
    most = max(count.values(), default=0)
    leaders = [p for p in players if count[p] == most]
    if rules.bonus_most and most and len(leaders) == 1:
        order.insert(0, leaders[0])
        steps.append(f"{leaders[0]} gave the most correct answers ({most}) and gets one more turn at the front.")
    wrong = {p: 0 for p in players}
    for p in players:
        for index, a in enumerate(answers):
            if a.player != p or not a.incorrect:
                continue
            wrong[p] += 1
            for _ in range(rules.lost_per_incorrect):
                said = _lose(order, p)
                steps.append(said)
                effects[index] = f"{effects[index]} {said}" if index in effects else said
    return TurnOrder(tuple(order), count, wrong, tuple(steps), effects)


def _lose(order: list[str], player: str) -> str:
    if player in order:
        del order[len(order) - 1 - order[::-1].index(player)]
        return f"An incorrect answer removes {player}'s last remaining turn."
    return f"An incorrect answer of {player}'s finds no turn left to remove."


def order_words(order: Sequence[str]) -> str:
    return ", ".join(order) or "(empty)"
