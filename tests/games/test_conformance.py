"""Every registered game meets the same contract."""

import datetime as dt
import re
from pathlib import Path

import pytest

from hostkit.core.game import Game, Outcome
from hostkit.games import GAMES, game_package, load_game
from hostkit.core.settings import COMMON_SETTINGS
from hostkit.core.tables import BookError, Tables

README = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
NOW = dt.datetime(2030, 1, 1, tzinfo=dt.timezone.utc)


@pytest.fixture(params=sorted(GAMES))
def game(request) -> Game:
    return load_game(request.param)


def players(game: Game) -> list[str]:
    return [f"Player{i}" for i in range(game.min_players)]


def test_header(game):
    assert game.name in GAMES and game.title and game.rule_sheet.endswith(".txt")
    assert 1 <= game.min_players <= game.max_players
    keys = [s.key for s in game.all_settings()]
    assert len(keys) == len(set(keys)), "a setting is declared twice"


def test_new_book_lays_out_config_players_and_the_template(game):
    tabs = game.new_book(players(game), 5)
    config = {row[0]: row[1] for row in tabs["Config"][1:]}
    assert config["game"] == game.name and config["seed"] == 5
    assert [row[0] for row in tabs["Players"][1:]] == players(game)
    for tab in game.template()["tabs"]:
        assert tabs[tab["name"]][0] == tab["header"] and all(tab["header"])


def test_new_book_refuses_the_wrong_number_of_players(game):
    with pytest.raises(BookError, match=f"{game.title} is for"):
        game.new_book(players(game) + ["Extra"] * (game.max_players - game.min_players + 1), 5)


def test_score_on_a_fresh_book_never_crashes(game):
    tables = Tables(game.new_book(players(game), 5))
    try:
        outcome = game.score(tables, 1, NOW)
    except BookError as error:
        assert str(error)
    else:
        assert isinstance(outcome, Outcome)


def test_every_setting_is_in_the_readme(game):
    for setting in COMMON_SETTINGS + game.settings:
        assert f"`{setting.key}`" in README, f"README does not list the setting {setting.key}"


def test_no_template_tab_is_public_unless_declared(game):
    for tab in game.template()["tabs"]:
        assert not game.is_public(tab["name"]) or tab.get("public"), tab["name"]


def package_source(game: Game) -> str:
    folder = Path(__file__).parents[2] / "hostkit" / "games" / game_package(game.name).rsplit(".", 1)[1]
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.py")))


def test_a_game_package_imports_no_other_game(game):
    source = package_source(game)
    for other in GAMES:
        if game_package(other) != game_package(game.name):  # two variants may share one package
            assert f"{game_package(other)}" not in source, f"{game.name} imports {other}"


def test_every_template_tab_is_read_or_written_by_the_game(game):
    source = package_source(game)
    for tab in game.template()["tabs"]:
        assert f'"{tab["name"]}"' in source or tab["name"] == "Players", (
            f"{game.name}'s template tab {tab['name']!r} is never named in its code")


def test_every_public_pattern_matches_a_tab_the_game_writes(game):
    source = package_source(game)
    for pattern in game.public_tabs:
        shape = r"\{[^}]+\}".join(re.escape(part) for part in pattern.split("*"))
        assert re.search(f'["\']{shape}["\']', source), f"no tab the game writes matches {pattern!r}"


@pytest.mark.parametrize("step", ["board", "deal", "standings", "status", "next_prompt"])
def test_every_generic_step_answers_or_refuses_in_one_sentence(game, step):
    tables = Tables(game.new_book(players(game), 5))
    calls = {"board": lambda: game.board(tables, 1), "deal": lambda: game.deal(tables, 1, NOW),
             "standings": lambda: game.standings(tables), "status": lambda: game.status(tables, NOW),
             "next_prompt": lambda: game.next_prompt(tables, None, None)}
    try:
        calls[step]()
    except BookError as error:
        assert str(error).strip() and "\n" not in str(error)


@pytest.mark.parametrize("change", [1, -1])
def test_every_step_refuses_a_players_tab_with_the_wrong_count(game, change):
    tabs = game.new_book(players(game), 5)
    names = players(game) + [f"Extra{i}" for i in range(game.max_players - game.min_players + 1)]
    tabs["Players"] = [["Player"]] + [[n] for n in (names if change > 0 else names[:game.min_players - 1])]
    fix = "remove 1 player" if change > 0 else "add 1 player"
    with pytest.raises(BookError, match=f"^{re.escape(game.title)} is for {game.player_count()} players, but the "
                                        f"Players tab lists .*; {fix}, one name per row.$"):
        game.context(Tables(tabs))


def test_a_config_key_typed_twice_is_named_and_the_first_row_stands(game):
    tabs = game.new_book(players(game), 5)
    tabs["Config"].append(["seed", 99, ""])
    ctx = game.context(Tables(tabs))
    assert ctx.config["seed"] == 5
    row = len(tabs["Config"])
    assert [str(p) for p in ctx.problems] == [
        f"Config row {row}: setting 'seed' is already on row 4; this row is ignored. Delete one of the two."]
