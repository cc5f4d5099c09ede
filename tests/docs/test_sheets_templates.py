"""sheets_templates/ holds, for every game, the workbook `hostkit new` makes and its Form page, as the game
packages make them today: regenerating them changes nothing."""

from pathlib import Path

from hostkit.cli.templates import FOLDER, write_templates
from hostkit.games import GAMES
from hostkit.storage.xlsx import XlsxBook


def cells(path: Path) -> dict:
    return {name: rows for name, rows in XlsxBook(path).read().items()}


def test_every_game_has_a_workbook_and_a_form_page():
    assert {p.name for p in FOLDER.iterdir()} == {f"{g}.{kind}" for g in GAMES for kind in ("xlsx", "md")}


def test_regenerating_the_templates_changes_nothing(tmp_path):
    write_templates(tmp_path)
    for name in GAMES:
        assert cells(tmp_path / f"{name}.xlsx") == cells(FOLDER / f"{name}.xlsx"), (
            f"sheets_templates/{name}.xlsx is out of date: run `python -m hostkit.cli.templates`"
        )
        made = (tmp_path / f"{name}.md").read_text(encoding="utf-8")
        assert made == (FOLDER / f"{name}.md").read_text(encoding="utf-8"), f"sheets_templates/{name}.md is out of date"


def test_a_template_holds_the_games_tabs_and_no_players(tmp_path):
    from hostkit.games import load_game

    for name in GAMES:
        tabs = cells(FOLDER / f"{name}.xlsx")
        game = load_game(name)
        assert {t["name"] for t in game.template()["tabs"]} | {"Config"} == set(tabs)
        assert tabs["Players"] == [["Player"]]
        config = {row[0]: row[1:] for row in tabs["Config"][1:]}
        assert config["game"][0] == name and config["seed"][0] is None and config["timezone"][1]
