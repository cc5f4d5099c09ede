"""The registry of games: one line per game, imported only when the game is used."""

from __future__ import annotations

import importlib

from hostkit.core.game import Game

GAMES: dict[str, str] = {
    "hap-and-grab": "hostkit.core.games.hap_and_grab:HapAndGrab",
    "open-pass": "hostkit.core.games.open_pass:OpenPass",
}


def load_game(name: str) -> Game:
    key = str(name or "").strip().lower()
    if key not in GAMES:
        known = ", ".join(GAMES)
        raise KeyError(f"unknown game {name!r}; hostkit knows: {known}")
    module, cls = GAMES[key].split(":")
    return getattr(importlib.import_module(module), cls)()
