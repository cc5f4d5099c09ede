"""The games' shared fixtures."""

import pytest


@pytest.fixture(autouse=True)
def status_reads_game_status(monkeypatch):
    """`status` reads a game that answers with core.status.GameStatus (tests/games/custom/status_shim.py)."""
    from tests.games.custom.status_shim import patch

    patch(monkeypatch)
