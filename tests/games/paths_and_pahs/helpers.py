"""Small builders for Paths and PAHs tests: boards from a few placements, submissions by minute."""

from __future__ import annotations

import datetime as dt
import itertools

from hostkit.games.paths_and_pahs.actions import Submission
from hostkit.games.paths_and_pahs.board import TILES, Board, Tile
from hostkit.games.paths_and_pahs.cards import NAMES
from hostkit.games.paths_and_pahs.match import Match, new_match

OPENS = dt.datetime(2030, 1, 1, 12, 0, tzinfo=dt.timezone.utc)
CLOSES = OPENS + dt.timedelta(hours=24)
_rows = itertools.count(2)


def card(text: str):
    return NAMES.parse(text)


def layout(**placed: str) -> Board:
    """A board holding only the named cards, like layout(C1='black red square'); every other tile empty."""
    cells = {Tile.parse(tile): card(name) for tile, name in placed.items()}
    return Board(tuple(cells.get(tile) for tile in TILES))


def match_of(board: Board, **starting: str) -> Match:
    """Players with starting cards given as 'card; card'."""
    return new_match(board, {name: tuple(card(c) for c in cards.split(";")) for name, cards in starting.items()})


def sub(player: str, action: str, value: str, minute: float = 0, round_start: dt.datetime = OPENS) -> Submission:
    return Submission(next(_rows), round_start + dt.timedelta(minutes=minute), player, action, value)
