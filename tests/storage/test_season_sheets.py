"""A season whose workbook is a Google Sheet while its matches are xlsx files, the reverse, and the sample season
played wholly on Google Sheets, all on the fake Sheets API."""

from __future__ import annotations

import json

from click.testing import CliRunner

from hostkit.cli import main
from hostkit.games import load_game
from hostkit.library._season_demo import DEATH_GAME, MAIN_GAME, _renamed, _without, play_season, prepare
from hostkit.storage.sheets import SheetsBook
from hostkit.storage.xlsx import XlsxBook
from tests.storage.conftest import KEY, PUBLIC_KEY

CAST = "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal,Ivy"
MATCH_KEYS = {
    name: f"1HostkitFake{name.title().replace('-', '')}Key0000000000000000" for name in ("main-1", "death-1", "main-2")
}


def run(*args: object):
    return CliRunner().invoke(main, [str(a) for a in args])


def sample(name: str, renamed: tuple[str, str] | None = None):
    game = load_game(DEATH_GAME if renamed else MAIN_GAME)
    demo = game.demo()
    tabs = _renamed(demo.tabs, dict(zip(("Reds", "Craw"), renamed))) if renamed else _without(demo.tabs, "Zed")
    return game, tabs, demo.now


def status(*where: object) -> dict:
    result = run("season", "status", *where, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_season_on_a_sheet_with_its_matches_in_xlsx_files(tmp_path, fake, credentials):
    fake.add(KEY)
    creds = ("--credentials", credentials)
    made = run("season", "new", "--sheet", KEY, *creds, "--cast", CAST)
    assert made.exit_code == 0, made.output
    season = SheetsBook(KEY, fake.session())
    game, tabs, now = sample("main-1")
    prepare(season, game, tabs, XlsxBook(tmp_path / "main-1.xlsx"), now)
    config = {row[0]: row[1] for row in XlsxBook(tmp_path / "main-1.xlsx").read()["Config"][1:]}
    assert config["season"] == KEY and "ledger_book" not in config
    ended = run("standings", "--book", tmp_path / "main-1.xlsx", *creds)
    assert ended.exit_code == 0, ended.output
    assert (
        f"Death Match pending: ECs Bob, Eve, Ivy; spend a Token of Life with `hostkit season tol --sheet {KEY}"
        in ended.output
    )
    assert (
        "Ledger" not in XlsxBook(tmp_path / "main-1.xlsx").read()
        or len(XlsxBook(tmp_path / "main-1.xlsx").read()["Ledger"]) == 1
    )
    over = run("status", "--book", tmp_path / "main-1.xlsx", *creds)
    assert f"The match is over and paid: Ledger in spreadsheet {KEY} holds what its final standings pay." in over.output
    chosen = run("season", "dm", "--sheet", KEY, *creds, "--players", "Bob,Eve")
    assert "Dodged it: Ivy, each paid 5 garnets." in chosen.output
    game, tabs, now = sample("death-1", ("Bob", "Eve"))
    prepare(SheetsBook(KEY, fake.session()), game, tabs, XlsxBook(tmp_path / "death-1.xlsx"), now)
    over = run("standings", "--book", tmp_path / "death-1.xlsx", *creds)
    assert over.exit_code == 0, over.output
    state = status("--sheet", KEY, *creds)
    assert [m["player"] for m in state["cast"] if m["status"] == "eliminated"] == ["Bob"]
    assert {m["player"]: m["garnets"] for m in state["cast"]} | {} == {
        "Ann": 0,
        "Bob": 0,
        "Cat": 0,
        "Dan": 0,
        "Eve": 3,
        "Fay": 7,
        "Gus": 0,
        "Hal": 0,
        "Ivy": 5,
    }
    again = run("standings", "--book", tmp_path / "death-1.xlsx", *creds)
    assert again.exit_code == 0 and "Already recorded in the season" in again.output
    assert len(fake.rows(KEY, "Ledger")) == 1 + 4 + 1 + 1


def test_a_season_in_an_xlsx_file_with_its_matches_on_sheets(tmp_path, fake, credentials):
    creds = ("--credentials", credentials)
    season = tmp_path / "season.xlsx"
    assert run("season", "new", "--book", season, "--cast", CAST).exit_code == 0
    fake.add(KEY)
    game, tabs, now = sample("main-1")
    prepare(XlsxBook(season), game, tabs, SheetsBook(KEY, fake.session()), now)
    ended = run("standings", "--sheet", KEY, *creds)
    assert ended.exit_code == 0, ended.output
    assert "Recorded in the season: Main Match 1 won by Fay" in ended.output
    assert [m["player"] for m in status("--book", season)["cast"] if m["candidate"]] == ["Bob", "Eve", "Ivy"]
    rows = XlsxBook(season).read()
    assert rows["Matches"][1][-1] == KEY
    paid = len(rows["Ledger"])
    assert run("standings", "--sheet", KEY, *creds).exit_code == 0
    assert len(XlsxBook(season).read()["Ledger"]) == paid


def test_the_sample_season_runs_end_to_end_on_sheets(fake, credentials):
    fake.add(KEY)
    fake.add(PUBLIC_KEY)
    for key in MATCH_KEYS.values():
        fake.add(key)
    said: list[str] = []
    statuses = play_season(
        SheetsBook(KEY, fake.session()),
        lambda name: SheetsBook(MATCH_KEYS[name], fake.session()),
        said.append,
    )
    assert len(statuses) == 8
    assert [m["player"] for m in statuses[-1]["cast"] if m["status"] == "eliminated"] == ["Bob"]
    assert [m["player"] for m in statuses[-1]["cast"] if m["candidate"]] == ["Ann", "Cat", "Eve"]
    published = run("publish", "--sheet", KEY, "--credentials", credentials, "--public-sheet", PUBLIC_KEY)
    assert published.exit_code == 0, published.output
    season_tab = fake.rows(PUBLIC_KEY, "Season")
    assert season_tab[4][:2] == ["Bob", "eliminated"]
    assert ["Death Match 1", "Death Match", "Bob, Eve", "Eve"] == season_tab[15][:4]
