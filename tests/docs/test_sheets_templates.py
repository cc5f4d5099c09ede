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


def test_a_templates_form_target_is_the_tab_its_form_page_names():
    from hostkit.cli.templates import form_tab
    from hostkit.games import load_game

    for name in GAMES:
        found = form_tab(load_game(name))
        if found is not None:
            config = {row[0]: row[1] for row in cells(FOLDER / f"{name}.xlsx")["Config"][1:]}
            assert config["form_target"] == found[0]
            assert f"form_target   {found[0]}" in (FOLDER / f"{name}.md").read_text(encoding="utf-8")
    open_pass = {row[0]: row[1] for row in cells(FOLDER / "open-pass.xlsx")["Config"][1:]}
    assert open_pass["form_target"] == "Bids"


def test_the_first_publish_of_a_template_gives_it_its_own_match_id(tmp_path):
    import shutil

    from click.testing import CliRunner

    from hostkit.cli import main
    from hostkit.core.settings import with_setting

    def config(path):
        return {row[0]: row[1] for row in XlsxBook(path).read()["Config"][1:]}

    books = []
    for n in (1, 2):
        path = tmp_path / f"m{n}.xlsx"
        shutil.copy(FOLDER / "hap-and-grab.xlsx", path)
        book = XlsxBook(path)
        tabs = book.read()
        book.write({"Players": [["Player"], ["Reds"], ["Craw"]], "Config": with_setting(tabs["Config"], "seed", n)})
        assert config(path)["match_id"] == "template"
        result = CliRunner().invoke(
            main, ["publish", "--book", str(path), "--public-book", str(tmp_path / f"p{n}.xlsx")]
        )
        assert result.exit_code == 0, result.output
        assert "older than match ids" not in result.output
        assert "ready-made workbook's 'template'" in result.output
        books.append(config(path)["match_id"])
    assert books[0].startswith("hap-and-grab-") and books[0] != books[1]
