"""One package per game: its pure rules, its workbook glue, its Game class and its template.

The registry below is one line per game; a game's module is imported only when the game is used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hostkit.core.game import Game
    from hostkit.core.verbs import Verbs

GAMES: dict[str, str] = {
    "hap-and-grab": "hostkit.games.hap_and_grab.game:HapAndGrab",
    "open-pass": "hostkit.games.open_pass.game:OpenPass",
    "hap-tac-toe": "hostkit.games.hap_tac_toe.game:HapTacToeMatch",
    "when-stars-align": "hostkit.games.hap_tac_toe.game:WhenStarsAlignMatch",
    "paths-and-pahs": "hostkit.games.paths_and_pahs.game:PathsAndPahs",
    "cards-on-the-table": "hostkit.games.cards_on_the_table.game:CardsOnTheTable",
    "custom": "hostkit.games.custom.game:CustomGame",
}


def load_game(name: str) -> Game:
    key = str(name or "").strip().lower()
    if key not in GAMES:
        known = ", ".join(GAMES)
        raise KeyError(f"unknown game {name!r}; hostkit knows: {known}")
    module, cls = GAMES[key].split(":")
    return getattr(importlib.import_module(module), cls)()


def game_package(name: str) -> str:
    """The package that holds a registered game: where its template and its own commands live."""
    return GAMES[name].split(":")[0].rsplit(".", 1)[0]


def game_verbs(name: str) -> Verbs | None:
    """The steps a game has of its own (`hostkit <game> <verb>`): its package's verbs module, when it has one."""
    try:
        module = importlib.import_module(f"{game_package(name)}.verbs")
    except ModuleNotFoundError:
        return None
    return module.VERBS
