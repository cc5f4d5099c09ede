"""`score --message` gives the round's public results as a chat message in every game, and nothing private."""

from __future__ import annotations

import datetime as dt

import pytest
from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def demo_book(tmp_path, game):
    path = tmp_path / f"{game}.xlsx"
    assert run("demo", "--game", game, "--book", path).exit_code == 0
    return path


def paths_and_pahs_book(tmp_path):
    from tests.games.paths_and_pahs.workbook import new_match

    path = tmp_path / "paths.xlsx"
    new_match(path)
    return path


@pytest.mark.parametrize("game", ["hap-and-grab", "hap-tac-toe", "when-stars-align"])
def test_the_demo_games_give_a_message(tmp_path, game):
    result = run("score", "--book", demo_book(tmp_path, game), "--round", 1, "--message")
    assert result.stdout.startswith("```\n") and result.stdout.rstrip().endswith("```"), result.output
    assert "seed" not in result.stdout.casefold() and "--- for" not in result.stdout


def test_paths_and_pahs_gives_the_shifts_and_tiles_without_points_or_cards(tmp_path):
    from tests.games.paths_and_pahs.workbook import PLAYERS, opens

    with freeze_time(opens(2)):
        path = paths_and_pahs_book(tmp_path)
        result = run("score", "--book", path, "--round", 1, "--message")
    lines = result.stdout.splitlines()
    assert lines[:2] == ["```", "Paths and PAHs - round 1"], result.output
    assert all(any(line.startswith(f"{p}:") for line in lines) for p in PLAYERS)
    assert "point" not in result.stdout and "--- for" not in result.stdout


def test_cards_on_the_table_gives_the_anonymous_points(tmp_path):
    from tests.games.cards_on_the_table.support import closes, new_match

    path = new_match(tmp_path, seed=5)
    with freeze_time(closes(1) + dt.timedelta(minutes=30)):
        result = run("score", "--book", path, "--round", 1, "--message")
    lines = result.stdout.splitlines()
    assert lines[:3] == ["```", "Cards on the Table - round 1", "Points this round, best first (no"], result.output
    assert "Ann" not in result.stdout and "--- for" not in result.stdout
