"""A custom match in hindsight: each round's key answers nobody found, who found each answer first, and the
turn each answer earned or lost."""

from __future__ import annotations

from collections.abc import Sequence

from hostkit.core.game import Context
from hostkit.core.hindsight import Explained, Hindsight
from hostkit.core.times import format_time
from hostkit.games.custom.scoring import Scored


def explained(scored: Scored, ctx: Context) -> Explained:
    tz = ctx.config.tz
    firsts = [a for a in scored.answers if a.first]
    missed = scored.missed()
    lines = [f"Round {scored.number}:"]
    if scored.key:
        lines.append(
            f"  Nobody found {len(missed)} of the {len(scored.key)} key answers: {', '.join(k.typed for k in missed)}."
            if missed
            else f"  Every one of the {len(scored.key)} key answers was found."
        )
    lines += [
        f"  {a.key.typed if a.key else a.typed}: found first by {a.player} at {format_time(a.at, tz)}." for a in firsts
    ]
    effects = scored.turns.effects if scored.turns is not None else {}
    lines += [
        f"  {scored.answers[i].player}'s {scored.answers[i].typed!r}: {said}" for i, said in sorted(effects.items())
    ]
    data = {
        "missed": [k.typed for k in missed],
        "found_first": [
            {"answer": a.key.typed if a.key else a.typed, "player": a.player, "at": a.at.isoformat()} for a in firsts
        ],
        "turns": [
            {"player": scored.answers[i].player, "answer": scored.answers[i].typed, "effect": said}
            for i, said in sorted(effects.items())
        ],
    }
    return Explained(scored.number, lines, data)


def hindsight(rounds: Sequence[Scored], ctx: Context) -> Hindsight:
    return Hindsight("custom", [explained(s, ctx) for s in rounds])
