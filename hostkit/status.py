"""`status` in the one shape every game shares (core.status.Status), from what the game says of its match."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hostkit.core.status import Phase, Status

if TYPE_CHECKING:
    from hostkit.core.game import Outcome
    from hostkit.core.tables import Problem


def _names(waiting: object) -> list[str]:
    """Who a game's own waiting_for names: a player, a description, or lists of players by what they lack."""
    if waiting is None:
        return []
    if isinstance(waiting, str):
        return [waiting]
    if isinstance(waiting, dict):
        if "player" in waiting:
            return [str(waiting["player"])]
        found: list[str] = []
        for value in waiting.values():
            for name in value if isinstance(value, list) else [value]:
                if isinstance(name, str) and name not in found:
                    found.append(name)
        return found
    return [str(w) for w in waiting] if isinstance(waiting, list) else [str(waiting)]


def match_status(game: str, match_id: str | None, outcome: Outcome, problems: list[Problem]) -> Status:
    """The Status of a game's status outcome, whose data holds the round in play and its Phase (as the game
    computed them), what each round waits for, and the next command; `problems` are those `score` reports
    for that round. What a game says beyond the shared shape goes under details."""
    details = dict(outcome.data or {})
    details.pop("game", None)
    round_number = details.pop("round", None)
    phase = details.pop("phase")
    assert isinstance(phase, Phase), f"{game}'s status gives no phase"
    listed = details.get("rounds")
    rounds: list = listed if isinstance(listed, list) else []
    current = next((r for r in rounds if r.get("round") == round_number), None)
    if current is not None:
        waiting = current.get("waiting_for") or details.get("waiting_for")
        missing = current.get("not_submitted") or []
    else:
        waiting, missing = details.get("waiting_for"), []
    waiting_for = _names(waiting)
    waiting_for += [name for name in missing if name not in waiting_for]
    command = details.pop("next", None)
    if command is None:  # no command to run: what the host must do by hand, if the game says (else it waits)
        command = details.get("reason")
    details["problems"] = [p.as_json() for p in problems]
    return Status(game, match_id, round_number, phase, tuple(waiting_for), command, len(problems), details)
