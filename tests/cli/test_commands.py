import json
import subprocess
import sys

import openpyxl
import pytest
from freezegun import freeze_time

from tests.cli.conftest import cells
from tests.games.hap_and_grab.helpers import at, solutions

SOL = solutions()


# ---- new


def test_new_creates_the_template(run, tmp_path):
    path = tmp_path / "game.xlsx"
    result = run("new", "hap-and-grab", "--book", path, "--players", "Reds, @Craw", "--seed", 42)
    assert result.exit_code == 0, result.output
    tabs = cells(path)
    assert list(tabs) == ["Config", "Players", "Rounds", "Board", "Submissions", "Decisions", "Peeks", "Pile", "Ledger"]
    config = {row[0]: row[1] for row in tabs["Config"][1:]}
    assert config["game"] == "hap-and-grab" and config["seed"] == 42 and config["timezone"] == "UTC"
    assert config["part1_minutes"] == 8 and config["tie_winner"] is None
    assert tabs["Players"] == [["Player"], ["Reds"], ["Craw"]]
    assert tabs["Rounds"][0] == ["Round", "Opens"]
    assert tabs["Submissions"][0] == ["Timestamp", "Player", "Round", "Answer"]
    assert tabs["Board"][0] == ["Round", "Label", "Background", "Shape", "Colour"]


def test_new_refuses_to_overwrite_without_force(run, tmp_path):
    path = tmp_path / "game.xlsx"
    run("new", "hap-and-grab", "--book", path, "--players", "A,B")
    result = run("new", "hap-and-grab", "--book", path, "--players", "A,B")
    assert result.exit_code == 2
    assert "already exists; pick another name, or pass --force" in result.output
    assert run("new", "hap-and-grab", "--book", path, "--players", "A,B", "--force").exit_code == 0


def test_new_checks_the_players(run, tmp_path):
    result = run("new", "hap-and-grab", "--book", tmp_path / "g.xlsx", "--players", "A,B,C")
    assert result.exit_code == 2 and "Hap and Grab is for 2 players, not 3" in result.output
    result = run("new", "hap-and-grab", "--book", tmp_path / "g.xlsx", "--players", "A,@a")
    assert result.exit_code == 2 and "player '@a' is named twice" in result.output.replace("'a'", "'@a'")
    assert not (tmp_path / "g.xlsx").exists()


def test_new_rejects_an_unknown_game(run, tmp_path):
    result = run("new", "chess", "--book", tmp_path / "g.xlsx", "--players", "A,B")
    assert result.exit_code == 2 and "hap-and-grab" in result.output


# ---- board


def test_board_generates_then_checks(run, match_book):
    path = match_book()
    result = run("board", "--book", path, "--round", 2)
    assert result.exit_code == 0, result.output
    assert "Round 2: generated a board of" in result.output
    after = cells(path)
    assert any(r[0] == 2 for r in after["Board"][1:])
    assert after["Draws"][1][:3] == ["board", 2, "7:board:2"]
    again = run("board", "--book", path, "--round", 2)
    assert again.exit_code == 0 and "already has a board" in again.output
    assert cells(path) == after


def test_board_warns_about_a_typed_board(run, match_book):
    path = match_book(board=("white square red",) * 9)
    result = run("board", "--book", path, "--round", 1, "--json")
    assert result.exit_code == 1
    assert "card B (white square red) is the same card as A" in result.stderr
    assert json.loads(result.stdout)["round"] == 1


# ---- score


def test_score_json_has_the_public_contract(run, match_book):
    path = match_book([[at(10), "Reds", 1, SOL[0]], [at(20), "Craw", 1, "ACG zzz"]])
    result = run("score", "--book", path, "--round", 1, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"game", "round", "turn_order", "players", "answers", "anti_haps_total", "anti_haps_found"} <= set(data)
    assert data["game"] == "hap-and-grab" and data["round"] == 1
    assert set(data["players"]["Reds"]) == {"correct", "penalties", "turns", "lost"}
    assert set(data["answers"][0]) >= {"timestamp", "player", "cards", "verdict", "penalty", "reason"}
    assert [a["cards"] for a in data["answers"]] == [SOL[0], "ACG", "zzz"]
    tabs = cells(path)
    assert "Round 1 Results" in tabs and "Leaderboard" in tabs


def test_score_reports_bad_rows_and_exits_1(run, match_book):
    path = match_book([[at(10), "Joker", 1, SOL[0]], ["later", "Reds", 1, SOL[1]], [at(12), "Craw", 1, SOL[2]]])
    result = run("score", "--book", path, "--round", 1)
    assert result.exit_code == 1
    assert "2 problems reported:" in result.stderr
    assert "Submissions row 2: 'Joker' is not a player" in result.stderr
    assert "Submissions row 3: Timestamp 'later' is not a time" in result.stderr
    assert "Craw: 1 correct" in result.stdout
    assert "Traceback" not in result.output


@freeze_time("2026-11-21 20:04:48")
def test_score_on_an_open_round_says_how_long_is_left(run, match_book):
    path = match_book([[at(10), "Reds", 1, SOL[0]]])
    before = cells(path)
    result = run("score", "--book", path, "--round", 1)
    assert result.exit_code == 1
    assert "round 1 is still open: 3 min 12 s left (Part 1 closes at 2026-11-21 20:08:00)" in result.stderr
    assert cells(path) == before


@freeze_time("2026-11-21 20:08:01")
def test_score_right_after_the_close(run, match_book):
    assert run("score", "--book", match_book(), "--round", 1).exit_code == 0


def test_score_twice_gives_the_same_workbook(run, match_book):
    path = match_book([[at(10), "Reds", 1, SOL[0]], [at(11), "Craw", 1, "ACG"]])
    assert run("score", "--book", path, "--round", 1).exit_code == 0
    first = cells(path)
    assert run("score", "--book", path, "--round", 1).exit_code == 0
    assert cells(path) == first


def test_player_formula_text_comes_back_as_text(run, match_book):
    injection = '=HYPERLINK("x")'
    path = match_book([[at(10), injection, 1, f"{SOL[0]} {injection}"]])
    wb = openpyxl.load_workbook(path)
    wb["Players"]["A2"] = injection
    wb["Players"]["A2"].data_type = "s"
    wb.save(path)
    assert run("score", "--book", path, "--round", 1).exit_code == 0
    assert cells(path)["Leaderboard"][1][1] == injection
    sheet = openpyxl.load_workbook(path)["Round 1 Results"]
    written = [c for row in sheet.iter_rows() for c in row if c.value == injection]
    assert written and all(c.data_type == "s" for c in written)
    assert not any(c.data_type == "f" for row in sheet.iter_rows() for c in row)


def test_tabs_hostkit_does_not_own_are_untouched(run, match_book):
    path = match_book([[at(10), "Reds", 1, SOL[0]]])
    wb = openpyxl.load_workbook(path)
    notes = wb.create_sheet("Host notes")
    notes["A1"] = "=1+1"
    notes["A2"] = "remember the Joker"
    wb.save(path)
    assert run("score", "--book", path, "--round", 1).exit_code == 0
    wb = openpyxl.load_workbook(path)
    assert wb["Host notes"]["A1"].value == "=1+1" and wb["Host notes"]["A2"].value == "remember the Joker"


def test_a_locked_workbook_is_one_sentence_and_exit_2(run, match_book, tmp_path):
    path = match_book()
    (tmp_path / "~$game.xlsx").write_text("Excel")
    result = run("score", "--book", path, "--round", 1)
    assert result.exit_code == 2
    assert result.output.strip().startswith("Error:") and len(result.output.strip().splitlines()) == 1
    assert "is open in another program" in result.output


def test_a_missing_tab_is_exit_2(run, match_book):
    path = match_book()
    wb = openpyxl.load_workbook(path)
    del wb["Submissions"]
    wb.save(path)
    result = run("score", "--book", path, "--round", 1)
    assert result.exit_code == 2 and "The workbook has no tab 'Submissions'" in result.output


def test_a_renamed_header_is_exit_2(run, match_book):
    path = match_book()
    wb = openpyxl.load_workbook(path)
    wb["Submissions"]["B1"] = "Discord name"
    wb.save(path)
    result = run("score", "--book", path, "--round", 1)
    assert result.exit_code == 2
    assert "Tab 'Submissions' has no column 'Player'" in result.output


def test_a_missing_workbook_is_exit_2(run, tmp_path):
    result = run("score", "--book", tmp_path / "nope.xlsx", "--round", 1)
    assert result.exit_code == 2 and "There is no workbook at" in result.output


def test_a_round_outside_the_match_is_exit_2(run, match_book):
    result = run("score", "--book", match_book(), "--round", 7)
    assert result.exit_code == 2 and "rounds run 1–4" in result.output


def test_book_from_the_environment(run, match_book, monkeypatch):
    monkeypatch.setenv("HOSTKIT_BOOK", str(match_book()))
    assert run("score", "--round", 1).exit_code == 0


# ---- demo, games, help


def test_demo_plays_a_whole_match(run, tmp_path):
    path = tmp_path / "demo.xlsx"
    result = run("demo", "--book", path)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo.xlsx"], "the demo leaves no lock file behind"
    typed = [line[2:] for line in result.output.splitlines() if line.startswith("$ ")]
    assert typed == [
        f"hostkit {command} --book {path} --round {n}" for n in (1, 2, 3, 4) for command in ("score", "deal", "play")
    ] + [f"hostkit standings --book {path}", f"hostkit ledger --book {path}"]
    assert "Turn order:" in result.output and "problem reported: Submissions row" in result.output
    assert "--- for Reds only" in result.output and "take or pass? (take, pass): t\n" in result.output
    assert result.output.count("Part 2 of round 4 has ended") == 1
    assert "Result: After 4 rounds: " in result.output and "Paid: " in result.output
    tabs = cells(path)
    assert {f"Round {n} Results" for n in (1, 2, 3, 4)} | {"Leaderboard", "Peeks", "Pile"} <= set(tabs)
    assert [row[:3] for row in tabs["Draws"][1:5]] == [["board", n, f"2026:board:{n}"] for n in (1, 2, 3, 4)]
    assert len(tabs["Ledger"]) == 2 and tabs["Ledger"][1][3] == 6
    again = tmp_path / "again.xlsx"
    run("demo", "--book", again)
    assert cells(again) == tabs


def test_games_lists_hap_and_grab(run):
    result = run("games")
    assert result.exit_code == 0 and "hap-and-grab\tHap and Grab (2 players)" in result.output


def test_every_command_explains_itself(run):
    from hostkit.cli import main

    for name, command in main.commands.items():
        result = run(name, "--help")
        assert result.exit_code == 0
        assert command.help and len(command.help) > 20, name


def test_python_m_hostkit_works():
    result = subprocess.run([sys.executable, "-m", "hostkit", "--help"], capture_output=True, text=True)
    assert result.returncode == 0 and "the host's assistant" in result.stdout


def test_help_imports_no_storage_library():
    code = (
        "import sys; from hostkit.cli import main; "
        "assert not {'openpyxl', 'gspread', 'google.auth'} & set(sys.modules), sorted(sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_a_score_imports_no_module_it_never_uses(match_book):
    """A Hap and Grab score pays nothing, deals nothing, explains nothing and was not pulled: each module left
    out here costs every cold score its import."""
    path = match_book([[at(10), "Reds", 1, SOL[0]], [at(20), "Craw", 1, "ACG zzz"]])
    unused = {
        "hostkit.core.ledger",
        "hostkit.core.hindsight",
        "hostkit.storage.snapshot",
        "hostkit.games.hap_and_grab.dealing",
        "hostkit.core.drawing",
        "hostkit.core.status",
    }
    code = (
        "import sys; from hostkit.cli import main\n"
        f"try: main(['score', '--book', {str(path)!r}, '--round', '1'])\n"
        "except SystemExit as done: assert done.code in (0, 1), done.code\n"
        f"assert not {unused!r} & set(sys.modules), sorted({unused!r} & set(sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0


def test_every_command_is_in_the_readme():

    import click

    from hostkit.cli import main
    from tests.manual import manual_text

    readme = manual_text()

    def names(group, prefix):
        context = click.Context(group)
        for name in group.list_commands(context):
            command = group.get_command(context, name)
            yield f"{prefix} {name}"
            if isinstance(command, click.Group):
                yield from names(command, f"{prefix} {name}")

    for name in names(main, "hostkit"):
        assert f"`{name}" in readme, f"the manual (README.md, docs/) does not document {name}"


def test_readme_test_command_is_what_ci_runs():
    from pathlib import Path

    root = Path(__file__).parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    command = (
        "python -m pip install -e '.[test]' && python -m pytest -q && ruff check . && ruff format --check . && mypy"
    )
    assert command in readme
    assert command in (root / ".ci" / "run").read_text(encoding="utf-8")


@pytest.mark.parametrize("args", [["deal", "--round", "1"], ["board", "--round", "1"]])
def test_a_step_the_game_lacks_is_one_sentence_and_exit_2(run, tmp_path, args):
    path = tmp_path / "mm.xlsx"
    players = "Ann,Bo,Cy,Di,Ed,Fay"
    assert run("new", "open-pass", "--book", path, "--players", players).exit_code == 0
    result = run(*args, "--book", path)
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stderr.startswith("Error: Open, Pass — Heaven and Hell has no ")
    assert len(result.stderr.strip().splitlines()) == 1


def test_each_game_s_own_commands_load_on_use(run):
    listed = run("--help").output
    assert "open-pass" in listed
    assert "evaluate" in run("open-pass", "--help").output


def test_readme_sets_up_in_a_virtual_environment_and_holds_its_own_rulings():
    from pathlib import Path

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    setup = readme.split("## Set up")[1].split("## ")[0]
    assert setup.index("python -m venv .venv && . .venv/bin/activate") < setup.index("python -m pip install")
    assert "RULINGS.md" not in readme
    for page in (Path(__file__).parents[2] / "docs" / "games").glob("*.md"):
        assert "## Rulings" in page.read_text(encoding="utf-8"), page.name


def test_the_help_listing_says_what_each_command_s_own_help_says():
    """`hostkit --help` lists commands without importing them; its lines must not drift from the commands."""
    import importlib
    import pkgutil

    import click

    import hostkit.cli
    from hostkit.cli import SHARED, main

    context = click.Context(main)
    for name, (_, line) in SHARED.items():
        assert main.get_command(context, name).get_short_help_str(1000) == line, name
    modules = [importlib.import_module(f"hostkit.cli.{m.name}") for m in pkgutil.iter_modules(hostkit.cli.__path__)]
    registered = {c.name for module in modules for c in getattr(module, "COMMANDS", [])}
    assert registered == set(SHARED)


def test_a_seed_is_one_a_spreadsheet_keeps_exactly(run, tmp_path):
    path = tmp_path / "game.xlsx"
    for seed in (10**15, 2**53 - 1):
        too_big = run("new", "hap-and-grab", "--book", path, "--players", "Reds,Craw", "--seed", seed)
        assert (
            too_big.exit_code == 2 and "more than 15 digits" in too_big.stderr and "999999999999999" in too_big.stderr
        )
    assert not path.exists()
    assert run("new", "hap-and-grab", "--book", path, "--players", "Reds,Craw", "--seed", 10**15 - 1).exit_code == 0
    assert cells(path)["Config"][[r[0] for r in cells(path)["Config"]].index("seed")][1] == 10**15 - 1


def test_a_workbook_seed_a_spreadsheet_rounded_is_refused_naming_the_fix(run, tmp_path):
    path = tmp_path / "game.xlsx"
    run("new", "hap-and-grab", "--book", path, "--players", "Reds,Craw", "--seed", 5)
    wb = openpyxl.load_workbook(path)
    config = wb["Config"]
    next(row for row in config.iter_rows() if row[0].value == "seed")[1].value = 9007199254740990
    wb.save(path)
    result = run("board", "--book", path, "--round", "1")
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "seed 9007199254740990 has more than 15 digits" in result.stderr and "999999999999999" in result.stderr


def test_a_workbook_with_two_tabs_differing_only_in_case_is_refused(run, tmp_path):
    import zipfile

    import openpyxl

    from hostkit.storage.xlsx import XlsxBook
    from tests.games.hap_and_grab.helpers import hap_and_grab_tabs

    path = tmp_path / "game.xlsx"
    XlsxBook(path).create(hap_and_grab_tabs([[at(10), "Reds", 1, SOL[0]]]))
    book = openpyxl.load_workbook(path)
    book.create_sheet("SUBMISSIONS").append(["Timestamp", "Player", "Round", "Answer"])  # saved as SUBMISSIONS1
    book.save(path)
    with zipfile.ZipFile(path) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(b'name="SUBMISSIONS1"', b'name="SUBMISSIONS"')
    with zipfile.ZipFile(path, "w") as target:
        for name, data in parts.items():
            target.writestr(name, data)
    result = run("score", "--book", path, "--round", 1)
    assert result.exit_code == 2
    assert "two tabs named 'Submissions' and 'SUBMISSIONS'" in result.stderr and "Traceback" not in result.output
