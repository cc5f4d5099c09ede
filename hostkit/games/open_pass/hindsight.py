"""Open, Pass in hindsight: first the match (who missed the best score their deal allowed and by how much, and
who would have led had everyone made their best), then for every player that best (the exact search of
`open-pass best`) as an equation with its value, against the score they made."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from hostkit.core.hindsight import Explained, Hindsight, proven
from hostkit.core.tables import BookError
from hostkit.core.words import plural
from hostkit.games.open_pass.best import Best
from hostkit.games.open_pass.equation import Evaluation, format_cards, format_number
from hostkit.games.open_pass.play import Play

BestFor = Callable[[str], tuple[Play, Best, Evaluation | None]]
WIDEST = 3
"""The misses the match section names, widest first."""


def equation(evaluation: Evaluation) -> str:
    """The equation as built, how it reads when that differs, and its value: `9 + 3 x 2 = 24`."""
    built = format_cards(evaluation.cards) or "no card"
    read = "" if evaluation.normalised == built else f", which reads as {evaluation.normalised}"
    return f"{built}{read} = {format_number(evaluation.score)}"


def player_lines(play: Play, top: Best, played: Evaluation | None) -> tuple[list[str], dict[str, Any]]:
    deal = play.deal
    chosen = [deal.dealt[n - 1] for n in top.opened]
    made = "has not finished" if played is None else f"made {equation(played)}"
    opened = (
        f"by opening {'card' if len(top.opened) == 1 else 'cards'} {', '.join(map(str, top.opened))} of the deal ({', '.join(chosen)}; each opened card "
        f"goes to the left)"
        if top.opened
        else "by opening no card"
    )
    lines = [
        f"  {deal.player}: {proven(True)} was {equation(top.evaluation)}, {opened}; {deal.player} {made}. "
        f"Dealt in this order: {format_cards(deal.dealt)}."
    ]
    data = {
        "dealt": format_cards(deal.dealt),
        "best": format_number(top.score),
        "exact": True,
        "open": list(top.opened),
        "equation": format_cards(top.evaluation.cards),
        "reads_as": top.evaluation.normalised,
        "played": None if played is None else format_number(played.score),
        "played_equation": None if played is None else format_cards(played.cards),
    }
    return lines, data


def leaders(scores: dict[str, Fraction]) -> list[str]:
    top = max(scores.values(), default=None)
    return [p for p, s in scores.items() if s == top]


def explain_match(figures: dict[str, dict[str, Any] | None]) -> tuple[list[str], dict[str, Any]]:
    """Who missed their best score and by how much, and who would have led had everyone made their best."""
    done = {p: f for p, f in figures.items() if f is not None and f["played"] is not None}
    best = {p: Fraction(f["best"]) for p, f in done.items()}
    made = {p: Fraction(f["played"]) for p, f in done.items()}
    short = sorted(((best[p] - made[p], p) for p in done if made[p] < best[p]), key=lambda g: (-g[0], g[1]))
    lines = [
        f"Nobody made the best score their deal allowed ({plural(len(done), 'player')} finished)."
        if len(short) == len(done)
        else f"{len(done) - len(short)} of {plural(len(done), 'player')} made the best score their deal allowed."
    ]
    if short:
        widest = "; ".join(
            f"{p} {format_number(gap)} short ({done[p]['best']} possible, made {done[p]['played']})"
            for gap, p in short[:WIDEST]
        )
        lines.append(f"The widest misses: {widest}.")
    if done:
        lines.append(
            f"{' and '.join(leaders(made))} made the top score ({format_number(max(made.values()))}); had everyone "
            f"made their best, {' and '.join(leaders(best))} would have led with {format_number(max(best.values()))}."
        )
    data = {
        "made_best": [p for p in done if made[p] == best[p]],
        "short": {p: format_number(gap) for gap, p in short},
        "top_made": leaders(made),
        "top_best": leaders(best),
    }
    return lines, data


def hindsight(players: Sequence[str], play_round: int, best_for: BestFor) -> Hindsight:
    lines = [f"Round {play_round}: the best score each player's deal allowed, against the score they made."]
    data: dict[str, Any] = {}
    for player in players:
        try:
            play, top, played = best_for(player)
        except BookError as error:
            lines.append(f"  {player}: no deal to search ({error})")
            data[player] = None
            continue
        more, data[player] = player_lines(play, top, played)
        lines += more
    match_lines, match_data = explain_match(data)
    rounds = [Explained(play_round, lines, {"players": data})]
    return Hindsight("open-pass", rounds, match_lines, match_data, title="Open, Pass")
