"""Every registered game meets the same contract."""

import datetime as dt
import fnmatch
import json
import re
from pathlib import Path

import pytest

from hostkit.core.game import Game, Outcome
from hostkit.core.hindsight import HINDSIGHT_TAB
from hostkit.core.settings import COMMON_SETTINGS
from hostkit.core.tables import BookError, Tables
from hostkit.games import GAMES, game_package, load_game
from tests.manual import manual_text

README = manual_text()
NOW = dt.datetime(2030, 1, 1, tzinfo=dt.timezone.utc)


@pytest.fixture(params=sorted(GAMES))
def game(request) -> Game:
    return load_game(request.param)


def players(game: Game) -> list[str]:
    return [f"Player{i}" for i in range(game.min_players)]


def test_header(game):
    assert game.name in GAMES and game.title and (game.rule_sheet.endswith(".txt") or game.name == "custom")
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
        assert f"`{setting.key}`" in README, f"the manual does not list the setting {setting.key}"


def test_no_template_tab_is_public_unless_declared(game):
    for tab in game.template()["tabs"]:
        assert not game.is_public(tab["name"]) or tab.get("public"), tab["name"]


def package_source(game: Game) -> str:
    folder = Path(__file__).parents[2] / "hostkit" / "games" / game_package(game.name).rsplit(".", 1)[1]
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.py")))


def test_a_game_reads_no_wall_clock(game):
    """Every step gets its moment from the library (`now`): a game that read the clock itself would score a
    re-run differently and could not be tested at a fixed time."""
    import inspect

    assert not re.search(r"\b(?:datetime\.now|datetime\.utcnow|date\.today|time\.time)\(", package_source(game))
    for step in (game.board, game.next_prompt, game.decide):
        now = inspect.signature(step).parameters["now"]
        assert now.default is inspect.Parameter.empty, f"{game.name}'s {step.__name__} falls back to a clock"


def test_a_game_package_has_no_function_over_60_lines(game):
    import ast

    folder = Path(__file__).parents[2] / "hostkit" / "games" / game_package(game.name).rsplit(".", 1)[1]
    for path in sorted(folder.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        assert source.count("\n") < 400, f"{path.name} has {source.count(chr(10))} lines"
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno - node.lineno < 60, f"{path.name}: {node.name} is over 60 lines"


def test_a_game_package_imports_no_other_game(game):
    source = package_source(game)
    for other in GAMES:
        if game_package(other) != game_package(game.name):  # two variants may share one package
            assert f"{game_package(other)}" not in source, f"{game.name} imports {other}"


def test_every_template_tab_is_read_or_written_by_the_game(game):
    source = package_source(game)
    for tab in game.template()["tabs"]:
        assert f'"{tab["name"]}"' in source or tab["name"] in ("Players", "Ledger"), (
            f"{game.name}'s template tab {tab['name']!r} is never named in its code"
        )


def test_every_public_pattern_matches_a_tab_the_game_writes(game):
    source = package_source(game)
    for pattern in game.public_tabs:
        if pattern == HINDSIGHT_TAB:  # written by the shared hindsight step from what the game explains
            continue
        shape = r"\{[^}]+\}".join(re.escape(part) for part in pattern.split("*"))
        assert re.search(f"[\"']{shape}[\"']", source), f"no tab the game writes matches {pattern!r}"


@pytest.mark.parametrize("step", ["board", "deal", "standings", "status", "next_prompt", "hindsight"])
def test_every_generic_step_answers_or_refuses_in_one_sentence(game, step):
    tables = Tables(game.new_book(players(game), 5))
    calls = {
        "board": lambda: game.board(tables, 1, now=NOW),
        "deal": lambda: game.deal(tables, 1, NOW),
        "standings": lambda: game.standings(tables),
        "status": lambda: game.status(tables, NOW),
        "next_prompt": lambda: game.next_prompt(tables, None, None, NOW),
        "hindsight": lambda: game.hindsight(tables),
    }
    try:
        calls[step]()
    except BookError as error:
        assert str(error).strip() and "\n" not in str(error)


def test_every_game_explains_its_match_in_a_public_hindsight_tab(game):
    assert type(game).hindsight is not Game.hindsight, f"{game.name} has no hindsight step"
    assert game.is_public(HINDSIGHT_TAB)


def test_a_game_without_hindsight_is_refused_in_one_sentence():
    class Plain(Game):
        title = "Plain"

    with pytest.raises(BookError, match=r"^Plain cannot explain its match yet: it has no hindsight\.$"):
        Plain().hindsight(Tables({}))


@pytest.mark.parametrize("change", [1, -1])
def test_every_step_refuses_a_players_tab_with_the_wrong_count(game, change):
    tabs = game.new_book(players(game), 5)
    names = players(game) + [f"Extra{i}" for i in range(game.max_players - game.min_players + 1)]
    tabs["Players"] = [["Player"]] + [[n] for n in (names if change > 0 else names[: game.min_players - 1])]
    fix = "remove 1 player" if change > 0 else "add 1 player"
    with pytest.raises(
        BookError,
        match=f"^{re.escape(game.title)} is for {game.player_count()} players, but the "
        f"Players tab lists .*; {fix}, one name per row.$",
    ):
        game.context(Tables(tabs))


def test_a_config_key_typed_twice_is_named_and_the_first_row_stands(game):
    tabs = game.new_book(players(game), 5)
    tabs["Config"].append(["seed", 99, ""])
    ctx = game.context(Tables(tabs))
    assert ctx.config["seed"] == 5
    row = len(tabs["Config"])
    assert [str(p) for p in ctx.problems] == [
        f"Config row {row}: setting 'seed' is already on row 4; this row is ignored. Delete one of the two."
    ]


# ---- nothing private in a public tab

LEAK_SEED = 982451653
DRAW_LABEL = re.compile(r"\b\d+:[a-z]+")  # a seeded draw's label, like 982451653:ranking or 7:deal:Ann


def scripted_hap_and_grab(game: Game, tmp_path) -> dict:
    """A one-round match played to the end: Part 1, deal, every card taken, standings."""
    from tests.games.hap_and_grab.tobago_helpers import LATER, SHEET_SEQUENCE, apply, match_tabs

    tabs = match_tabs({1: (SHEET_SEQUENCE, "C")}, seed=LEAK_SEED, config={"rounds": 1})
    tabs = apply(tabs, game.score(Tables(tabs), 1, LATER).writes)
    tabs = apply(tabs, game.deal(Tables(tabs), 1, LATER).writes)
    while game.next_prompt(Tables(tabs), 1, None, LATER)[0] is not None:
        tabs = apply(tabs, game.decide(Tables(tabs), 1, None, "take", LATER).writes)
    tabs = apply(tabs, game.score(Tables(tabs), 1, LATER).writes)
    return apply(tabs, game.standings(Tables(tabs)).writes)


def scripted_open_pass(game: Game, tmp_path) -> dict:
    """Three scored building rounds, then a play phase with ties broken by the seeded draw."""
    from tests.games.hap_and_grab.tobago_helpers import apply
    from tests.games.open_pass.test_game import LATER, finished_book

    _, tabs = finished_book({"Ann": 3, "Bo": 2, "Cy": 1, "Di": 1, "Ed": 1, "Fay": 2}, seed=LEAK_SEED)
    for number in (1, 2, 3, 4):
        tabs = apply(tabs, game.score(Tables(tabs), number, LATER).writes)
    assert any("Tie at" in str(row) for row in tabs["Final Results"])  # a draw broke a tie
    return tabs


def scripted_from_demo(game: Game, tmp_path) -> dict:
    """The game's demo with the seed changed, every round scored, then standings."""
    from hostkit.core.settings import with_setting
    from tests.games.hap_and_grab.tobago_helpers import apply

    sample = game.demo()
    tabs = {**sample.tabs, "Config": with_setting(sample.tabs["Config"], "seed", LEAK_SEED)}
    for step in sample.script():
        if step.command == "score":
            tabs = apply(tabs, game.score(Tables(tabs), game.round_needed(step.round), NOW).writes)
    return apply(tabs, game.standings(Tables(tabs)).writes)


def scripted_cards_on_the_table(game: Game, tmp_path) -> dict:
    """Three rounds of messages and live answers, each scored once over, then standings (as players see it)."""
    from freezegun import freeze_time

    from tests.games.cards_on_the_table.support import append, closes, new_match, opens, run, tabs
    from tests.games.cards_on_the_table.test_public import HOUR, stamped

    path = new_match(tmp_path, seed=LEAK_SEED)
    append(path, "Submissions", stamped(1) + stamped(2))
    for now, command, answers in [
        (opens(1) + HOUR, ["play", "--player", "Cy"], ">R5C5\nnullify\n>R1C1\n"),
        (closes(1) + HOUR / 2, ["score", "--round", "1"], None),
        (closes(2) + HOUR / 2, ["score", "--round", "2"], None),
        (closes(3) + HOUR / 2, ["score", "--round", "3"], None),
        (closes(3) + HOUR, ["standings"], None),
    ]:
        with freeze_time(now):
            run(*command, "--book", path, input=answers)
    return tabs(path)


def scripted_paths_and_pahs(game: Game, tmp_path) -> dict:
    """Board, deal, five rounds in which nobody acts (so every place is a tie the seeded draw breaks), standings."""
    from tests.games.paths_and_pahs.workbook import new_match, run, tabs

    path = tmp_path / "paths.xlsx"
    new_match(path)
    for number in range(1, 6):
        run("score", "--book", path, "--round", number)
    run("standings", "--book", path)
    return tabs(path)


SCRIPTED = {
    "hap-and-grab": scripted_hap_and_grab,
    "open-pass": scripted_open_pass,
    "hap-tac-toe": scripted_from_demo,
    "when-stars-align": scripted_from_demo,
    "cards-on-the-table": scripted_cards_on_the_table,
    "paths-and-pahs": scripted_paths_and_pahs,
    "custom": scripted_from_demo,
}


def test_no_public_tab_shows_the_seed_or_a_draw_label(game, tmp_path):
    from hostkit.core.styles import plain

    assert game.name in SCRIPTED, f"add a scripted {game.name} match to SCRIPTED, played to its end"
    tabs = SCRIPTED[game.name](game, tmp_path)
    tabs = {**tabs, HINDSIGHT_TAB: game.hindsight(Tables(tabs)).rows()}
    seed = next(str(row[1]) for row in tabs["Config"] if row and row[0] == "seed")
    public = {name: rows for name, rows in tabs.items() if game.is_public(name)}
    shown = {p for p in game.public_tabs if any(fnmatch.fnmatchcase(n.casefold(), p.casefold()) for n in public)}
    assert shown == set(game.public_tabs), f"the scripted {game.name} match must write every kind of public tab"
    for name, rows in public.items():
        for row in rows:
            for value in map(plain, row):
                text = str(value)
                assert not re.search(rf"\b{seed}\b", text), f"{name} shows the seed {seed}: {value!r}"
                assert not DRAW_LABEL.search(text), f"{name} shows a seeded draw's label: {value!r}"


@pytest.mark.parametrize("name", sorted(set(GAMES.values())))
def test_every_game_package_has_the_same_skeleton(name):
    """A reader finds the same thing in the same file in every game: game.py the registered Game class,
    tabs.py the tab glue, render.py the text, pictures.py the board drawn (where there is a board), demo.py
    the sample match, verbs.py the game's own steps (where it has some), template.json its tabs."""
    from pathlib import Path

    module, _ = name.split(":")
    package = Path(__file__).parents[2].joinpath(*module.split(".")[:-1])
    assert module.endswith(".game"), f"{name}: the Game class lives in game.py"
    files = {path.name for path in package.iterdir()}
    assert {"game.py", "tabs.py", "render.py", "demo.py", "template.json"} <= files, sorted(files)
    drawn = [path.name for path in package.glob("*.py") if "def board_png(" in path.read_text(encoding="utf-8")]
    assert drawn in ([], ["pictures.py"]), f"{name}: the board is drawn in pictures.py, not {drawn}"


def test_status_stops_suggesting_standings_once_they_are_paid(game, tmp_path):
    from click.testing import CliRunner

    from hostkit.cli import main
    from hostkit.storage.xlsx import XlsxBook

    path = tmp_path / "played.xlsx"
    made = CliRunner().invoke(main, ["new", game.name, "--book", str(path), "--players", ",".join(players(game))])
    assert made.exit_code == 0, made.output
    XlsxBook(path).write(SCRIPTED[game.name](game, tmp_path))

    def status() -> dict:
        return json.loads(CliRunner().invoke(main, ["status", "--book", str(path), "--json"]).stdout)

    before = status()
    assert CliRunner().invoke(main, ["standings", "--book", str(path)]).exit_code in (0, 1)
    after = status()
    assert "standings" not in str(after["next"]), (before["next"], after["next"])
