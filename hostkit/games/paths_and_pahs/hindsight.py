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
from hostkit.core.hindsight import Deadline, Explained, Hindsight, proven, with_legend
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
    data: dict[str, Any] = {}
    told = []
    for name, after in result.match.players.items():
        start = _before_move(result, previous, name)
        if start is None:
            told.append(f"  {name}: not on the board, so no move.")
            data[name] = None
            continue
        held = after.inventory - result.collected.get(name, frozenset())
        came = previous[name].direction if previous is not None else None
        options = walks(result.board, start, came, held)
        best = best_walk(options)
        got = len(result.collected.get(name, ()))
        told.append(
            f"  {name} from {start} ({plural(len(options), 'tile')} in reach): {proven(True)} move was {best.words()}, "
            f"for {plural(len(best.new), 'new card')} ({names.format_all(best.new) or 'none'}); {name} collected {got}."
        )
        data[name] = {
            "from": str(start),
            "reachable": sorted({str(w.lands) for w in options}),
            "best": {"move": best.words(), "lands": str(best.lands), "new_cards": [names.format(c) for c in best.new]},
            "exact": True,
            "collected": got,
        }
    moved = {n: d for n, d in data.items() if d is not None}
    left = {n: len(d["best"]["new_cards"]) - d["collected"] for n, d in moved.items()}
    short = [n for n, gap in left.items() if gap > 0]
    head = (
        f"Round {result.round}: {len(short)} of {plural(len(moved), 'player')} collected fewer new cards than their "
        f"best move (without garnets) allowed, {plural(sum(left[n] for n in short), 'card')} left behind"
        + (f"; the most by {max(short, key=lambda n: left[n])}." if short else ".")
    )
    return Explained(result.round, [head, *told], {"players": data})


def explain_end(results: Sequence[RoundResult], rules: Rules) -> Explained | None:
    """The endgame as round 5: the most PAHs each inventory after round 4 could make, against those made."""
    final = next((r for r in results if r.round == ROUNDS), None)
    if final is None:
        return None
    endgame = next((r for r in results if r.round == ENDGAME), None)
    value = rules.pah_value(ENDGAME) or 0
    deadline = Deadline()
    told, data = [], {}
    for name, before in final.match.players.items():
        count, exact = most_pahs(before.inventory, deadline)
        made = (endgame.match.players[name].pahs - before.pahs) if endgame is not None else 0
        told.append(
            f"  {name}: {plural(len(before.inventory), 'card')}; {proven(exact)} was {plural(count, 'PAH')} for "
            f"{count * value} points; {name} made {plural(made, 'PAH')} for {made * value}."
        )
        data[name] = {"cards": len(before.inventory), "most_pahs": count, "points": count * value, "exact": exact}
        data[name] |= {"made": made, "made_points": made * value}
    unmade = sum(d["most_pahs"] - d["made"] for d in data.values())
    head = (
        f"Round {ENDGAME}, the endgame: {plural(unmade, 'PAH')} the inventories after round {ROUNDS} allowed went "
        f"unmade, {unmade * value} points at {value} each."
    )
    return Explained(ENDGAME, [head, *told], {"players": data}, exact=all(d["exact"] for d in data.values()))


def explain_match(rounds: Sequence[Explained]) -> tuple[list[str], dict[str, Any]]:
    """What nobody found (cards left on the board, PAHs unmade) before the rounds in detail."""
    moves = [r for r in rounds if r.number <= ROUNDS]
    left = {
        r.number: sum(len(d["best"]["new_cards"]) - d["collected"] for d in r.data["players"].values() if d)
        for r in moves
    }
    lines = [f"Cards the best moves would have collected and nobody did: {sum(left.values())} over the rounds."]
    if any(left.values()):
        worst = max(left, key=lambda n: left[n])
        lines[0] = lines[0][:-1] + f"; round {worst} left the most behind ({left[worst]})."
    end = next((r for r in rounds if r.number == ENDGAME), None)
    unmade: dict[str, int] = {}
    if end is not None:
        unmade = {n: d["points"] - d["made_points"] for n, d in end.data["players"].items()}
        most = sorted((n for n in unmade if unmade[n] > 0), key=lambda n: -unmade[n])
        lines.append(
            f"Endgame points the final cards allowed and nobody made: {sum(unmade.values())}"
            + (f"; the most by {', '.join(f'{n} ({unmade[n]})' for n in most[:3])}." if most else ".")
        )
    return lines, {"cards_left": {str(n): c for n, c in left.items()}, "endgame_points_unmade": unmade}


def picture(
    rounds: Sequence[Explained], results: Sequence[RoundResult], number: int | None, marks: Mapping[str, str]
) -> bytes:
    """Round N's board after the shifts (the endgame: round 4's), each player's best landing tile marked."""
    from hostkit.core.drawing import draw_grid
    from hostkit.games.paths_and_pahs.board import COLUMNS, SIZE
    from hostkit.games.paths_and_pahs.pictures import picture as card_picture

    moves = [r for r in rounds if r.number <= ROUNDS]
    chosen = moves[-1] if number is None or number > ROUNDS else next(r for r in moves if r.number == number)
    board = results[chosen.number - 1].board
    here: dict[Tile, list[str]] = {}
    if number is None or number <= ROUNDS:
        for name, info in chosen.data["players"].items():
            if info is not None:
                here.setdefault(Tile.parse(info["best"]["lands"]), []).append(marks[name] + "*")
    cells = [
        [card_picture(board[Tile(r, c)], tuple(here.get(Tile(r, c), ()))) for c in range(SIZE)] for r in range(SIZE)
    ]
    title = f"Paths and PAHs, round {chosen.number}" + (": the best landing tiles" if here else ": the board")
    png = draw_grid(cells, row_labels=[str(r + 1) for r in range(SIZE)], column_labels=list(COLUMNS), title=title)
    shown = [f"{marks[n]}* {n}" for n in marks if any(marks[n] + "*" in m for m in here.values())]
    legend = (
        [f"A letter with * marks where that player's best move would have landed: {', '.join(shown)}."]
        if shown
        else [f"The board after round {chosen.number}; the endgame has no moves, so no tile is marked."]
    )
    return with_legend(png, ["Each tile shows its card; a blank tile has none.", *legend])


def hindsight(results: Sequence[RoundResult], rules: Rules, names: CardNames, marks: Mapping[str, str]) -> Hindsight:
    rounds, previous = [], None
    for result in results:
        if result.round <= ROUNDS:
            rounds.append(explain_round(result, previous, names))
        previous = result.match.players
    end = explain_end(results, rules)
    rounds += [end] if end is not None else []
    match_lines, match_data = explain_match(rounds)

    def image(number: int | None) -> bytes:
        return picture(rounds, results, number, marks)

    return Hindsight(
        "paths-and-pahs", rounds, match_lines, match_data, image if rounds else None, title="Paths and PAHs"
    )
