"""The state of a match between rounds: the board, each player's position, cards and score, and the rules."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from hostkit.core.cards import FULL_DECK, Card
from hostkit.core.players import player_key
from hostkit.core.rng import rng
from hostkit.games.paths_and_pahs.board import Axis, Board, Direction, Tile
from hostkit.games.paths_and_pahs.cards import NAMES, CardNames, shares_no_value

ROUNDS = 4
ENDGAME = ROUNDS + 1


@dataclass(frozen=True)
class Rules:
    """The settings a host may change (Config); the defaults are the rule sheet's."""

    pah_points: Mapping[int, int] = field(default_factory=lambda: {2: 7, 3: 6, 4: 5, ENDGAME: 4})
    change_cost: int = 1
    fourth_tile_cost: int = 4
    top_garnets: int = 7
    lowest_ec: int = 3

    def pah_value(self, round_number: int) -> int | None:
        """A PAH's points in that round, or None when PAHs score nothing then (round 1 on the sheet)."""
        return self.pah_points.get(round_number)


RULES = Rules()


def is_endgame(round_number: int) -> bool:
    return round_number == ENDGAME


def shift_axis(round_number: int) -> Axis:
    """Rounds 1 and 3 shift rows, rounds 2 and 4 columns."""
    return Axis.ROW if round_number % 2 else Axis.COLUMN


@dataclass(frozen=True)
class PlayerState:
    """One player after a round. `direction` is the way they moved in that round (None: no move)."""

    name: str
    starting: tuple[Card, Card]
    inventory: frozenset[Card]
    tile: Tile | None = None
    direction: Direction | None = None
    points: int = 0
    pahs: int = 0
    pahs_with_starting: int = 0
    garnets_spent: int = 0

    def as_json(self, names: CardNames = NAMES) -> dict[str, object]:
        return {
            "tile": None if self.tile is None else str(self.tile),
            "direction": None if self.direction is None else self.direction.value,
            "inventory": [names.format(card) for card in sorted(self.inventory)],
            "starting": [names.format(card) for card in self.starting],
            "points": self.points,
            "pahs": self.pahs,
            "pahs_with_starting": self.pahs_with_starting,
            "garnets_spent": self.garnets_spent,
        }


@dataclass(frozen=True)
class Match:
    """The board and the players after `round` rounds (0: dealt, not played yet)."""

    board: Board
    players: Mapping[str, PlayerState]
    round: int = 0

    def player(self, typed: str) -> PlayerState | None:
        """The player a typed name means: case, spaces and a leading @ ignored."""
        key = player_key(typed)
        return next((p for name, p in self.players.items() if player_key(name) == key), None)

    def with_players(self, players: Iterable[PlayerState], board: Board, round_number: int) -> Match:
        return replace(self, board=board, players={p.name: p for p in players}, round=round_number)


def deal_starting(seed: int | str, player: str) -> tuple[Card, Card]:
    """Two cards that share no value, drawn by rng(seed, 'starting', player) whatever the other players get."""
    rand = rng(seed, "starting", player_key(player))
    first = rand.choice(FULL_DECK)
    second = rand.choice([card for card in FULL_DECK if shares_no_value(first, card)])
    return first, second


def deal(seed: int | str, players: Iterable[str]) -> dict[str, tuple[Card, Card]]:
    return {player: deal_starting(seed, player) for player in players}


def new_match(board: Board, starting: Mapping[str, tuple[Card, Card]]) -> Match:
    """The match before round 1: every player off the board, holding their two starting cards."""
    players: dict[str, PlayerState] = {}
    seen: set[str] = set()
    for name, cards in starting.items():
        if player_key(name) in seen:
            raise ValueError(f"player {name!r} is named twice; give each player one row")
        seen.add(player_key(name))
        if len(cards) != 2 or cards[0] == cards[1]:
            raise ValueError(
                f"{name}'s starting cards {[NAMES.format(c) for c in cards]} are not two different cards; give two"
            )
        players[name] = PlayerState(name, (cards[0], cards[1]), frozenset(cards))
    if not players:
        raise ValueError("a match needs players; give each one two starting cards")
    return Match(board, players, 0)
