"""A sample Paths and PAHs match: nine players start on the board, shift its lines, walk their paths and make
PAHs over five rounds, with the usual slips, to the final standings."""

from __future__ import annotations

import datetime as dt
import itertools
import random
from typing import Any

from hostkit.core.game import Demo, DemoStep, Game
from hostkit.core.rng import rng
from hostkit.core.tables import Rows, Tables
from hostkit.games.paths_and_pahs.board import COLUMNS, Direction, Tile
from hostkit.games.paths_and_pahs.cards import NAMES, is_pah_set

PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")
SEED = 2026
ROUNDS = (1, 2, 3, 4, 5)
FIRST_OPENS = dt.datetime(2026, 11, 16, 20, 0)
PLAYED_AT = dt.datetime(2026, 11, 23, 20, 0, tzinfo=dt.timezone.utc)
HEADER = ["Timestamp", "Player", "Round", "Action", "Value"]


def demo_book(game: Game) -> Demo:
    """The match laid out and dealt, every round's actions sent in; the commands score the five rounds and
    the standings."""
    tabs = game.new_book(list(PLAYERS), SEED)
    opens = {n: FIRST_OPENS + dt.timedelta(days=n - 1) for n in ROUNDS}
    tabs["Rounds"] = [tabs["Rounds"][0]] + [[n, opens[n], None] for n in ROUNDS]
    tabs.update(game.board(Tables(tabs), 1, now=PLAYED_AT).writes)
    tabs.update(game.deal(Tables(tabs), 1, PLAYED_AT).writes)
    rand = rng(SEED, "demo")
    rows: Rows = [HEADER]
    empty = [tile for tile, card in _board(tabs).items() if card is None]
    rows += [
        [opens[1] + dt.timedelta(minutes=3 + i), p, 1, "start", str(t)]
        for i, (p, t) in enumerate(zip(PLAYERS[:-1], empty))
    ]
    rows.append([opens[1] + dt.timedelta(minutes=9), "Zed", 1, "start", str(empty[-1])])  # not a player
    work, state = dict(tabs), dict[str, Any]()
    for number in ROUNDS:  # each round's actions chosen from the match as the rounds before left it
        if number > 1:
            rows += _round(state, number, opens[number], rand)
        if number == 2:
            rows.append([opens[2] + dt.timedelta(minutes=1), PLAYERS[-1], 2, "start", str(empty[-1])])
        work["Submissions"] = rows
        scored = game.score(Tables(work), number, PLAYED_AT)
        state = dict(scored.data or {}).get("players", {})
        work.update(scored.writes)
    tabs["Submissions"] = rows
    return Demo(
        tabs,
        (),
        f"Paths and PAHs for {len(PLAYERS)} players: five rounds of starts, shifts, moves and PAHs, with a "
        f"late start, moves off the board, wrong PAHs and a stranger's row.",
        steps=(*(DemoStep("score", n) for n in ROUNDS), DemoStep("standings"), DemoStep("ledger")),
        now=PLAYED_AT,
    )


def _board(tabs: dict[str, Rows]) -> dict[Tile, Any]:
    rows = tabs["Board"][1:]
    return {Tile(r, c): rows[r][c + 1] for r in range(6) for c in range(6)}


def _round(players: dict[str, Any], number: int, opens: dt.datetime, rand: random.Random) -> Rows:
    """Each player's actions in a round: the PAHs they can make (one in five slipping), a shift before the
    endgame, and the longest move their tile allows (now and then one step too far)."""
    rows: Rows = []
    for i, (player, seen) in enumerate(players.items()):
        held = list(seen["inventory"])
        for k in range(2):
            made = a_pah(held, seen["starting"])
            if made is None:
                break
            value, discard = made
            if rand.random() < 0.2:
                value = value.replace("; discard", ", one more; discard", 1)
            rows.append([opens + dt.timedelta(minutes=10 + k), player, number, "pah", value])
            held.remove(discard)
        if number == ROUNDS[-1]:
            continue
        line = f"row {i % 6 + 1}" if number % 2 else f"column {COLUMNS[i % 6]}"
        way = (("left", "right") if number % 2 else ("up", "down"))[i % 2]
        rows.append([opens + dt.timedelta(minutes=20), player, number, "shift", f"{line} {way}"])
        if seen["tile"] is not None:
            here = Tile.parse(seen["tile"])
            ways = [
                d
                for d in Direction
                if seen["direction"] is None or d is not Direction.parse(seen["direction"]).opposite
            ]
            way_to = max(ways, key=lambda d: (min(here.room(d), 3), d.value))
            steps = min(here.room(way_to), 3) + (1 if rand.random() < 0.1 else 0)
            rows.append([opens + dt.timedelta(minutes=30), player, number, "move", f"{way_to.value} {steps}"])
    return rows


def a_pah(inventory: list[str], starting: list[str]) -> tuple[str, str] | None:
    """A PAH the player can make, and the card it discards (one not among their starting cards if it can)."""
    cards = sorted(NAMES.parse(c) for c in inventory)
    for triple in itertools.combinations(cards, 3):
        if is_pah_set(triple):
            names = [NAMES.format(c) for c in triple]
            discard = next((n for n in names if n not in starting), names[0])
            return f"{', '.join(names)}; discard {discard}", discard
    return None
