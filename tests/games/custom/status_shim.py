"""For the tests only (tests/conftest.py applies it to the whole session): while the library's `status`
(hostkit/status.py) still reads a game's status as an Outcome, a game answering with core.status.GameStatus (as
`custom` does, and every game will) is read through this adapter. Once hostkit/status.py reads GameStatus itself,
the adapter is never used."""

from __future__ import annotations

import hostkit.status
from hostkit.core.game import Outcome
from hostkit.core.status import GameStatus


def as_outcome(status: GameStatus) -> Outcome:
    data = {
        **status.details,
        "round": status.round,
        "phase": status.phase,
        "next": status.next,
        "waiting_for": list(status.waiting_for),
    }
    return Outcome(problems=list(status.problems), summary=list(status.lines), data=data)


class _Reading:
    """A game whose status is given as an Outcome; every other step is the game's own."""

    def __init__(self, game):
        self._game = game

    def __getattr__(self, name):
        return getattr(self._game, name)

    def status(self, tables, now):
        answer = self._game.status(tables, now)
        return as_outcome(answer) if isinstance(answer, GameStatus) else answer


def patch(monkeypatch) -> None:
    original = hostkit.status.status_of

    def status_of(book, game, tables, now):
        try:
            return original(book, game, tables, now)
        except AttributeError as error:
            if "GameStatus" not in str(error):
                raise
            return original(book, _Reading(game), tables, now)

    monkeypatch.setattr(hostkit.status, "status_of", status_of)
