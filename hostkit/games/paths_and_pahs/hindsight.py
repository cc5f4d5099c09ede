"""Paths and PAHs in hindsight: each round, every player's reachable tiles on the shifted board and the move
that would have collected the most new cards; at the end, the most PAHs each final inventory could make.

The most PAHs: each PAH discards one of its three cards, so read backwards a sequence of PAHs adds each
discarded card to a set that already holds two cards making a PAH with it. The most PAHs an inventory makes is
its size less the smallest subset from which every other card can be added back that way (a fixed point:
the order of adding never matters), found by trying subsets by size."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from hostkit.core.cards import Card, is_pah
from hostkit.core.hindsight import Deadline, Explained, Hindsight, proven
from hostkit.core.words import plural
from hostkit.games.paths_and_pahs.actions import Start
from hostkit.games.paths_and_pahs.board import Board, Direction, Tile, path
from hostkit.games.paths_and_pahs.cards import CardNames
from hostkit.games.paths_and_pahs.match import ENDGAME, ROUNDS, PlayerState, Rules
from hostkit.games.paths_and_pahs.rounds import RoundResult

MOST_TILES = 3
"""The walk without garnets: a fourth tile costs garnets, so it is left out of the best move."""


@dataclass(frozen=True)
class Walk:
    direction: Direction | None
    tiles: int
    lands: Tile
    new: tuple[Card, ...]

    def words(self) -> str:
        return (
            f"stay on {self.lands}"
            if self.direction is None
            else f"{self.direction.value} {self.tiles} to {self.lands}"
        )


def walks(board: Board, start: Tile, previous: Direction | None, held: frozenset[Card]) -> list[Walk]:
    """Every legal walk of 0 to 3 tiles from `start`, never the opposite of `previous`, and the new cards each
    collects."""
    found = [Walk(None, 0, start, _new(board, [start], held))]
    for way in Direction:
        if previous is not None and way is previous.opposite:
            continue
        for tiles in range(1, MOST_TILES + 1):
            walked = path(start, way, tiles)
            if walked is not None:
                found.append(Walk(way, tiles, walked[-1], _new(board, walked, held)))
    return found


def _new(board: Board, walked: Iterable[Tile], held: frozenset[Card]) -> tuple[Card, ...]:
    cards = [board[t] for t in walked]
    return tuple(dict.fromkeys(c for c in cards if c is not None and c not in held))


def best_walk(options: Sequence[Walk]) -> Walk:
    return max(options, key=lambda w: len(w.new))


def spanned(cards: frozenset[Card], kept: Iterable[Card]) -> frozenset[Card]:
    """Every card of `cards` that can be added back to `kept`, each making a PAH with two already there."""
    have = set(kept)
    grown = True
    while grown:
        grown = False
        for card in cards - have:
            if any(is_pah(card, a, b) for a, b in combinations(have, 2)):
                have.add(card)
                grown = True
    return frozenset(have)


def most_pahs(cards: frozenset[Card], deadline: Deadline) -> tuple[int, bool]:
    """The most PAHs the inventory makes, and whether that is proven (else the best found before the deadline)."""
    ordered = sorted(cards)
    for size in range(2, len(ordered)):
        for kept in combinations(ordered, size):
            if deadline.over():
                return _greedy(cards), False
            if spanned(cards, kept) == cards:
                return len(cards) - size, True
    return 0, True


def _greedy(cards: frozenset[Card]) -> int:
    """PAHs made by discarding, while one can, the first card that is in a PAH (a lower bound)."""
    have, made = set(cards), 0
    while True:
        card = next((c for c in sorted(have) if any(is_pah(c, a, b) for a, b in combinations(have - {c}, 2))), None)
        if card is None:
            return made
        have.discard(card)
        made += 1


def _before_move(result: RoundResult, previous: Mapping[str, PlayerState] | None, name: str) -> Tile | None:
    if previous is not None and previous[name].tile is not None:
        return previous[name].tile
    starts = [j.action for j in result.actions if j.is_applied() and isinstance(j.action, Start)]
    owners = [j.submission.player for j in result.actions if j.is_applied() and isinstance(j.action, Start)]
    return next((s.tile for s, who in zip(starts, owners) if who.casefold() == name.casefold()), None)


def explain_round(result: RoundResult, previous: Mapping[str, PlayerState] | None, names: CardNames) -> Explained:
    lines = [f"Round {result.round}: on the board after the shifts, each player's best move (without garnets)."]
    data: dict[str, Any] = {}
    for name, after in result.match.players.items():
        start = _before_move(result, previous, name)
        if start is None:
            lines.append(f"  {name}: not on the board, so no move.")
            data[name] = None
            continue
        held = after.inventory - result.collected.get(name, frozenset())
        came = previous[name].direction if previous is not None else None
        options = walks(result.board, start, came, held)
        best = best_walk(options)
        got = len(result.collected.get(name, ()))
        lines.append(
            f"  {name} from {start}: {plural(len(options), 'reachable tile')}; best {best.words()} for "
            f"{plural(len(best.new), 'new card')} ({names.format_all(best.new) or 'none'}; exact); collected {got}."
        )
        data[name] = {
            "from": str(start),
            "reachable": sorted({str(w.lands) for w in options}),
            "best": {"move": best.words(), "lands": str(best.lands), "new_cards": [names.format(c) for c in best.new]},
            "exact": True,
            "collected": got,
        }
    return Explained(result.round, lines, {"players": data})


def explain_end(results: Sequence[RoundResult], rules: Rules) -> tuple[list[str], dict[str, Any]]:
    final = next((r for r in results if r.round == ROUNDS), None)
    if final is None:
        return [], {}
    endgame = next((r for r in results if r.round == ENDGAME), None)
    value = rules.pah_value(ENDGAME) or 0
    deadline = Deadline()
    lines = [f"The endgame: the most PAHs each player's inventory after round {ROUNDS} could make, at {value} each."]
    data: dict[str, Any] = {}
    for name, before in final.match.players.items():
        count, exact = most_pahs(before.inventory, deadline)
        made = (endgame.match.players[name].pahs - before.pahs) if endgame is not None else 0
        lines.append(
            f"  {name}: {plural(len(before.inventory), 'card')}, at most {plural(count, 'PAH')} for "
            f"{count * value} points ({proven(exact)}); made {plural(made, 'PAH')} for {made * value}."
        )
        data[name] = {"cards": len(before.inventory), "most_pahs": count, "points": count * value, "exact": exact}
        data[name] |= {"made": made, "made_points": made * value}
    return lines, data


def hindsight(results: Sequence[RoundResult], rules: Rules, names: CardNames, marks: Mapping[str, str]) -> Hindsight:
    rounds, previous = [], None
    for result in results:
        if result.round <= ROUNDS:
            rounds.append(explain_round(result, previous, names))
        previous = result.match.players
    match_lines, match_data = explain_end(results, rules)

    def image(number: int | None) -> bytes:
        from hostkit.core.drawing import draw_grid
        from hostkit.games.paths_and_pahs.board import COLUMNS, SIZE
        from hostkit.games.paths_and_pahs.pictures import picture

        chosen = rounds[-1] if number is None else next(r for r in rounds if r.number == number)
        board = results[chosen.number - 1].board
        here: dict[Tile, list[str]] = {}
        for name, info in chosen.data["players"].items():
            if info is not None:
                here.setdefault(Tile.parse(info["best"]["lands"]), []).append(marks[name] + "*")
        cells = [
            [picture(board[Tile(r, c)], tuple(here.get(Tile(r, c), ()))) for c in range(SIZE)] for r in range(SIZE)
        ]
        title = f"Paths and PAHs, round {chosen.number}: * marks each player's best landing tile"
        return draw_grid(cells, row_labels=[str(r + 1) for r in range(SIZE)], column_labels=list(COLUMNS), title=title)

    return Hindsight("paths-and-pahs", rounds, match_lines, match_data, image if rounds else None)
