"""The match's end: players ranked by points, ties split by PAHs made with a starting card, then a seeded draw."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import groupby

from hostkit.core.players import player_key
from hostkit.core.rng import rng
from hostkit.core.words import plural
from hostkit.games.paths_and_pahs.match import RULES, PlayerState, Rules


@dataclass(frozen=True)
class Place:
    rank: int
    player: str
    points: int
    pahs: int
    pahs_with_starting: int
    tol: bool
    garnets: int
    ec: bool
    reason: str

    def as_json(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "player": self.player,
            "points": self.points,
            "pahs": self.pahs,
            "pahs_with_starting": self.pahs_with_starting,
            "tol": self.tol,
            "garnets": self.garnets,
            "ec": self.ec,
            "reason": self.reason,
        }


@dataclass(frozen=True)
class Draw:
    """A seeded draw among players tied on points and on PAHs with a starting card: rng(seed, *labels)
    shuffled `tied` (sorted by name) into `order`. For the host; the seed itself is not kept here."""

    tied: tuple[str, ...]
    order: tuple[str, ...]
    labels: tuple[object, ...]

    def record(self) -> str:
        labels = ", ".join(repr(label) for label in self.labels)
        return f"rng(seed, {labels}) shuffled {', '.join(self.tied)} into {', '.join(self.order)}"

    def as_json(self) -> dict[str, object]:
        return {"tied": list(self.tied), "order": list(self.order), "labels": list(self.labels)}


@dataclass(frozen=True)
class Standings:
    places: tuple[Place, ...]
    draws: tuple[Draw, ...]

    @property
    def top(self) -> Place:
        return self.places[0]

    @property
    def ec(self) -> tuple[str, ...]:
        return tuple(p.player for p in self.places if p.ec)

    def as_json(self) -> dict[str, object]:
        return {"standings": [p.as_json() for p in self.places], "draws": [d.as_json() for d in self.draws]}


def rank_players(players: Iterable[PlayerState], seed: int | str, rules: Rules = RULES) -> Standings:
    """Most points first; then more PAHs made with a starting card; then a seeded draw. The first place
    wins a ToL and rules.top_garnets garnets; the rules.lowest_ec last places are EC (never the first)."""
    field = sorted(players, key=lambda p: (-p.points, -p.pahs_with_starting, player_key(p.name)))
    if not field:
        raise ValueError("there are no players to rank; resolve the match's rounds first")
    order: list[PlayerState] = []
    draws: list[Draw] = []
    for (points, with_starting), group in groupby(field, key=lambda p: (p.points, p.pahs_with_starting)):
        tied = list(group)
        if len(tied) > 1:
            labels = ("standings", "draw", points, with_starting)
            rng(seed, *labels).shuffle(tied)
            draws.append(
                Draw(tuple(sorted((p.name for p in tied), key=player_key)), tuple(p.name for p in tied), labels)
            )
        order.extend(tied)
    ec_count = max(0, min(rules.lowest_ec, len(order) - 1))
    places = []
    for rank, p in enumerate(order, start=1):
        tol, ec = rank == 1, rank > len(order) - ec_count
        reason = _reason(rank, p, order, draws)
        if tol:
            reason += f"; the top player wins a ToL and {plural(rules.top_garnets, 'garnet')}"
        if ec:
            reason += f"; among the {ec_count} lowest, EC"
        places.append(
            Place(
                rank,
                p.name,
                p.points,
                p.pahs,
                p.pahs_with_starting,
                tol,
                rules.top_garnets if tol else 0,
                ec,
                reason + ".",
            )
        )
    return Standings(tuple(places), tuple(draws))


def _reason(rank: int, p: PlayerState, order: list[PlayerState], draws: list[Draw]) -> str:
    text = f"{ordinal(rank)} with {plural(p.points, 'point')} from {plural(p.pahs, 'PAH')}"
    on_points = [q for q in order if q.points == p.points]
    if len(on_points) == 1:
        return text
    others = [q.name for q in on_points if q is not p]
    counts = ", ".join(f"{q.name} {q.pahs_with_starting}" for q in on_points)
    text += f"; tied on points with {and_list(others)}, so ranked by PAHs made with a starting card ({counts})"
    draw = next((d for d in draws if p.name in d.order), None)
    if draw is not None:
        text += (
            f"; still tied with {and_list([n for n in draw.order if n != p.name])}, so a seeded draw "
            f"ordered them {', '.join(draw.order)}"
        )
    return text


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def and_list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
