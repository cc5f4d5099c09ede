"""On a Google Sheet every command of every registered game costs at most 3 requests: the tabs' names and sizes,
the cells of the tabs it uses (all small here, so one request), one write."""

import datetime as dt

import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.games import GAMES, load_game
from tests.storage.conftest import KEY

STEPS = (
    ("status",),
    ("board", "--round", "1"),
    ("board", "--round", "1"),
    ("deal", "--round", "1"),
    ("score", "--round", "1"),
    ("score", "--round", "1"),
    ("standings",),
    ("ledger",),
)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_command_reads_its_tabs_once_and_writes_once(name, fake, credentials):
    fake.add(KEY, {"Host notes": [["mine"]]})
    game = load_game(name)
    players = ",".join(f"Player{i}" for i in range(game.min_players))
    sheet = ["--sheet", KEY, "--credentials", str(credentials)]

    def spent(*args: str) -> tuple[int, object]:
        before = len(fake.calls)
        result = CliRunner().invoke(main, [*args, *sheet])
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
        return len(fake.calls) - before, result

    count, result = spent("new", name, "--players", players, "--seed", "3")
    assert result.exit_code == 0, result.output
    assert count == 2, "new"  # the tabs' names (none of them hostkit's yet), the write
    rounds = next((t for t in fake.books[KEY].tabs if t.title in ("Rounds", "Games")), None)
    if rounds is not None:  # the first round (or game) opened long ago
        rounds.cells[(1, 1)] = (dt.datetime(2026, 1, 1, 20, 0) - dt.datetime(1899, 12, 30)) / dt.timedelta(days=1)
    for step in STEPS:
        count, result = spent(*step)
        assert count <= 3, f"{name}: {' '.join(step)} made {count} requests ({result.output})"
