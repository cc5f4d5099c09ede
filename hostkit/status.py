"""`status` in the one shape every game shares: game, match_id, round, phase, waiting_for, next, problems, and
the game's own keys under details."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hostkit.core.game import Outcome


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


def status_json(game: str, match_id: str | None, outcome: Outcome) -> dict:
    """`status --json` in the one shape every game shares; what a game says beyond it goes under details."""
    details = dict(outcome.data or {})
    details.pop("game", None)
    rounds = details.get("rounds") if isinstance(details.get("rounds"), list) else None
    if rounds:
        current = next((r for r in rounds if r.get("state") != "over"), rounds[-1])
        round_number, phase = current.get("round"), current.get("state")
        waiting = current.get("waiting_for") or details.get("waiting_for")
        missing = current.get("not_submitted") or []
    else:
        round_number, phase = details.get("round"), details.get("phase")
        waiting, missing = details.get("waiting_for"), []
    waiting_for = _names(waiting)
    waiting_for += [name for name in missing if name not in waiting_for]
    command = details.pop("next", None)
    if command is None:  # no command to run: what the host must do by hand, if the game says (else it waits)
        command = details.get("reason")
    if phase is None:
        phase = "waiting" if waiting_for else "over" if command and "standings" in command else "ready"
    details["problems"] = [p.as_json() for p in outcome.problems]
    return {
        "game": game,
        "match_id": match_id,
        "round": round_number,
        "phase": phase,
        "waiting_for": waiting_for,
        "next": command,
        "problems": len(outcome.problems),
        "details": details,
    }
