"""The players of a match, matched the way hosts read names: case, spaces and a leading @ ignored."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from hostkit.core.tables import BookError, Cell, Problem, Tables, is_blank

PLAYERS_TAB = "Players"
WEBHOOK_COLUMN = "Webhook"
"""Players' column of each player's Discord webhook."""


def player_key(name: Cell) -> str:
    return str(name or "").strip().lstrip("@").strip().casefold()


@dataclass(frozen=True)
class Roster:
    names: tuple[str, ...]

    def match(self, typed: Cell) -> str | None:
        """The player a typed name is, or None; a text's player is worked out once (rows repeat a few names)."""
        if type(typed) is not str:
            return self._by_key.get(player_key(typed))
        matched = self._by_text
        if typed not in matched:
            matched[typed] = self._by_key.get(player_key(typed))
        return matched[typed]

    @functools.cached_property
    def _by_text(self) -> dict[str, str | None]:
        return {}

    @functools.cached_property
    def _by_key(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for name in self.names:
            found.setdefault(player_key(name), name)
        return found

    def unknown(self, typed: Cell, column: str = "Player") -> str:
        """Why a typed name is no player, in words: the cell is blank, or the name is not one of the players."""
        if is_blank(typed):
            return f"{column} is blank"
        return f"{str(typed).strip()!r} is not a player ({', '.join(self.names)})"

    def initials(self) -> dict[str, str] | None:
        """One letter per player when their first letters differ, as hosts write turn orders (RCCRC)."""
        letters = {name: name.lstrip("@")[:1].upper() for name in self.names}
        return letters if len(set(letters.values())) == len(letters) else None

    def compact(self, order: list[str]) -> str:
        letters = self.initials()
        if letters is None:
            return ", ".join(order)
        return "".join(letters[name] for name in order)


def read_roster(tables: Tables) -> tuple[Roster, list[Problem]]:
    table = tables.require(PLAYERS_TAB)
    names: list[str] = []
    problems: list[Problem] = []
    for record in table.records("Player"):
        name = record.text("Player").lstrip("@").strip()
        if any(player_key(n) == player_key(name) for n in names):
            problems.append(Problem(table.name, record.row, f"player {name!r} is listed twice; the second is ignored"))
            continue
        names.append(name)
    if not names:
        raise BookError("The Players tab lists no players; type one name per row under the header 'Player'.")
    return Roster(tuple(names)), problems


def parse_player_list(text: str) -> list[str]:
    """The names of a --players option: comma-separated, each stripped of spaces and a leading @."""
    names = [part.strip().lstrip("@").strip() for part in text.split(",")]
    names = [n for n in names if n]
    seen: set[str] = set()
    for name in names:
        if player_key(name) in seen:
            raise ValueError(f"player {name!r} is named twice")
        seen.add(player_key(name))
    return names
