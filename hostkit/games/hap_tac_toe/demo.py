"""A sample Death Match: two full games played at chat speed, with the usual slips in the claims."""

from __future__ import annotations

import datetime as dt
import random

from hostkit.core.cards import FULL_DECK, is_hap
from hostkit.core.game import Demo, DemoStep, Game
from hostkit.core.rng import rng
from hostkit.core.settings import with_setting
from hostkit.core.tables import Rows
from hostkit.games.hap_tac_toe.board import SQUARES, format_squares, line_triples
from hostkit.games.hap_tac_toe.replay import Carry, TurnRecord
from hostkit.games.hap_tac_toe.replay import Game as PureGame
from hostkit.games.hap_tac_toe.variants import HapTacToe

PLAYERS = ("Reds", "Craw")
SEED = 2026
STARTS = (dt.datetime(2026, 11, 21, 20, 0), dt.datetime(2026, 11, 21, 20, 45))


def demo_book(game: Game) -> Demo:
    rules: HapTacToe = game.rules()  # type: ignore[attr-defined]
    tabs = game.new_book(list(PLAYERS), SEED)
    config = with_setting(tabs["Config"], "advantage", PLAYERS[0])
    tabs["Config"] = with_setting(config, "first_player", PLAYERS[1])
    tabs["Games"] = [tabs["Games"][0]] + [[n, at] for n, at in enumerate(STARTS, start=1)]
    moves: Rows = [tabs["Moves"][0]]
    first, carry = PLAYERS[1], None
    for number, starts in enumerate(STARTS, start=1):
        rows, carry = _game(rules, number, first, starts, carry, rng(SEED, "demo", number))
        moves += rows
        first = PLAYERS[0]
    tabs["Moves"] = moves
    return Demo(
        tabs,
        (),
        f"{rules.title}: {' and '.join(PLAYERS)}, both games played turn by turn, "
        f"with missed, wrong and repeated claims.",
        steps=(DemoStep("score", 1), DemoStep("score", 2), DemoStep("standings"), DemoStep("ledger")),
    )


def _game(
    rules: HapTacToe, number: int, first: str, starts: dt.datetime, carry: Carry | None, rand: random.Random
) -> tuple[Rows, Carry]:
    """Moves rows of one game: random placements; each player claims most of the sets their block
    completes, sometimes one that is not a set, sometimes one already claimed."""
    game = PureGame.new(rules, PLAYERS, first, starts.replace(tzinfo=dt.timezone.utc), number, carry)
    blocks, squares = rand.sample(FULL_DECK, 25), rand.sample(SQUARES, 25)
    triples = list(line_triples())
    rows: Rows = []
    at = starts
    for turn, (block, square) in enumerate(zip(blocks, squares), start=1):
        after = game.board.place(square, block)
        claims = [
            t
            for t in triples
            if square in t
            and all(after.is_occupied(s) for s in t)
            and is_hap(*(placed for s in t if (placed := after.block_at(s)) is not None))
            and rand.random() < 0.8
        ]
        if rand.random() < 0.12:
            claims.append(rand.choice([t for t in triples if all(after.is_occupied(s) for s in t)] or triples))
        if game.claimed and rand.random() < 0.08:
            one, two, three = sorted(next(iter(game.claimed)))
            claims.append((one, two, three))
        text = " ".join(f"set {format_squares(t)}" for t in claims)
        at += dt.timedelta(seconds=rand.randint(12, 68))
        player = game.waiting_for().player  # type: ignore[union-attr]
        game = game.play(
            TurnRecord(turn, player, rules.format_block(block), square.name, text, at.replace(tzinfo=dt.timezone.utc))
        )
        rows.append([number, turn, player, rules.format_block(block), square.name, text, at])
    return rows, game.carry()
