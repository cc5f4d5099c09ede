"""The private message each player gets: where they stand, what they hold, and their score."""

from __future__ import annotations

from hostkit.core.words import plural
from hostkit.games.paths_and_pahs.cards import NAMES, CardNames
from hostkit.games.paths_and_pahs.match import ENDGAME, PlayerState

TITLE = "Paths and PAHs"


def private_message(player: PlayerState, after_round: int = 0, names: CardNames = NAMES) -> str:
    """A player's message after a round (0: the deal, before round 1)."""
    if after_round == 0:
        heading = f"{TITLE}: your starting cards, {player.name}"
    else:
        heading = f"{TITLE}, after {'the endgame' if after_round == ENDGAME else f'round {after_round}'}: {player.name}"
    if player.tile is None:
        where = "You are not on the board yet: send start with an empty tile (like C4) to begin there."
    else:
        moved = f", after moving {player.direction.value}" if player.direction is not None else ""
        where = f"You stand on {player.tile}{moved}."
    starting = "; ".join(f"{i}. {names.format(card)}" for i, card in enumerate(player.starting, start=1))
    held = sorted(player.inventory)
    inventory = (
        "\n".join(f"- {names.format(card)}" + (" (starting card)" if card in player.starting else "") for card in held)
        or "- nothing"
    )
    score = (
        f"Points: {player.points} from {plural(player.pahs, 'PAH')} "
        f"({player.pahs_with_starting} made with a starting card)."
    )
    return "\n".join(
        [heading, where, f"Starting cards: {starting}.", f"Inventory ({plural(len(held), 'card')}):", inventory, score]
    )
