"""`status --json` has one shape in every game."""

import json

import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.games import GAMES, load_game

SCHEMA = {"game", "match_id", "round", "phase", "waiting_for", "next", "problems", "details"}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_status_json_has_the_one_schema(tmp_path, name):
    game = load_game(name)
    path = tmp_path / "match.xlsx"
    players = ",".join(f"Player{i}" for i in range(game.min_players))
    assert CliRunner().invoke(main, ["new", name, "--book", str(path), "--players", players]).exit_code == 0
    result = CliRunner().invoke(main, ["status", "--book", str(path), "--json"])
    data = json.loads(result.stdout)
    assert set(data) == SCHEMA
    assert data["game"] == name and data["match_id"].startswith(name)
    assert isinstance(data["waiting_for"], list) and isinstance(data["problems"], int)
    assert isinstance(data["details"], dict) and (data["next"] is None or data["next"].strip())
    assert data["phase"] is not None


def test_a_lost_hap_and_grab_round_is_not_shown_as_lost_false(tmp_path):
    """Hap and Grab printed `lost: false` beside "Status: lost"; the shape now says the phase in one place."""
    path = tmp_path / "demo.xlsx"
    CliRunner().invoke(main, ["demo", "--book", str(path)])
    data = json.loads(CliRunner().invoke(main, ["status", "--book", str(path), "--json"]).stdout)
    assert data["phase"] == "over" and "lost" not in data
