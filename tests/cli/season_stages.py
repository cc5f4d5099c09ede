"""A sample season played to each of its steps once per test session, each step a folder a test copies: the
season workbook and its matches' workbooks, as the commands leave them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from hostkit.cli import main
from hostkit.games import load_game
from hostkit.library._season_demo import DEATH_GAME, MAIN_GAME, _renamed, _without, prepare
from hostkit.storage.xlsx import XlsxBook

CAST = "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ivy"


def run(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


def status(season: Path) -> dict:
    result = run("season", "status", "--book", season, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def member(season: Path, player: str) -> dict:
    return next(m for m in status(season)["cast"] if m["player"] == player)


def ledger_rows(path: Path) -> list:
    return XlsxBook(path).read()["Ledger"][1:]


def start_main(folder: Path, name: str = "main-1", without: str | tuple[str, ...] | None = None) -> Path:
    """A Paths and PAHs sample match started in the season and scored, its standings still to run."""
    game = load_game(MAIN_GAME)
    sample = game.demo()
    tabs = _without(sample.tabs, "Zed")  # the sample's row from a stranger, reported at every standings
    for player in (without,) if isinstance(without, str) else without or ():
        tabs = _without(tabs, player)
    book = XlsxBook(folder / f"{name}.xlsx")
    prepare(XlsxBook(folder / "season.xlsx"), game, tabs, book, sample.now)
    return book.path


def start_death(folder: Path, pair: tuple[str, str], name: str = "death-1") -> Path:
    """A Hap-Tac-Toe sample match for the pair `season dm` set (the sample's winner plays as B), started in the
    season and played, its standings still to run."""
    game = load_game(DEATH_GAME)
    sample = game.demo()
    book = XlsxBook(folder / f"{name}.xlsx")
    tabs = _renamed(sample.tabs, dict(zip(("Reds", "Craw"), pair)))
    prepare(XlsxBook(folder / "season.xlsx"), game, tabs, book, sample.now)
    return book.path


def build(root: Path) -> dict[str, Path]:
    """Each step of the sample season in a folder of its own."""
    stages: dict[str, Path] = {}

    def stage(name: str, before: str | None) -> Path:
        folder = root / name
        if before is None:
            folder.mkdir()
        else:
            shutil.copytree(stages[before], folder)
        stages[name] = folder
        return folder

    folder = stage("new", None)
    made = run("season", "new", "--book", folder / "season.xlsx", "--cast", CAST, "--name", "Season 3")
    assert made.exit_code == 0, made.output
    start_main(stage("main_started", "new"))
    ended = run("standings", "--book", stage("main_over", "main_started") / "main-1.xlsx")
    assert ended.exit_code == 0, ended.output
    chosen = run("season", "dm", "--book", stage("dm_set", "main_over") / "season.xlsx", "--players", "Bob,Eve")
    assert chosen.exit_code == 0, chosen.output
    start_death(stage("dm_started", "dm_set"), ("Bob", "Eve"))
    over = run("standings", "--book", stage("dm_over", "dm_started") / "death-1.xlsx")
    assert over.exit_code == 0, over.output
    return stages


def copied(stages: dict[str, Path], name: str, tmp_path: Path) -> Path:
    """A test's own copy of a stage's folder."""
    target = tmp_path / name
    shutil.copytree(stages[name], target)
    return target
