"""One dialect: every generic command runs on every registered game's demo match, and either does its work or
refuses in one sentence that says what to run instead. Never a traceback."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.games import GAMES, load_game
from hostkit.storage.xlsx import XlsxBook

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gil", "Hal", "Ivy", "Jo", "Kit", "Lu", "Mo", "Ned", "Oz", "Pam"]
VERBS = {
    "board": ["board", "--round", "1"],
    "board --image": ["board", "--round", "1", "--image", "{dir}/board.png"],
    "score": ["score", "--round", "1"],
    "score --message": ["score", "--round", "1", "--message"],
    "score --json": ["score", "--round", "1", "--json"],
    "score --image": ["score", "--round", "1", "--image", "{dir}/score.png"],
    "status": ["status"],
    "status --json": ["status", "--json"],
    "standings": ["standings"],
    "standings --json": ["standings", "--json"],
    "play": ["play"],
    "undo": ["undo", "--yes"],
    "publish": ["publish", "--public-book", "{dir}/public.xlsx"],
}
BOARDLESS = {"open-pass", "custom"}
"""Games with no board to draw: --image says so."""
STATUS_KEYS = {"game", "match_id", "round", "phase", "waiting_for", "next", "problems", "details"}


@pytest.fixture(scope="module")
def demos(tmp_path_factory):
    folder = tmp_path_factory.mktemp("demos")
    made = {}
    for game in GAMES:
        path = folder / f"{game}.xlsx"
        result = CliRunner().invoke(main, ["demo", "--game", game, "--book", str(path)])
        assert result.exit_code == 0, (game, result.output)
        made[game] = (path, result.output)
    return made


def invoke(args: list[str], stdin: str = ""):
    result = CliRunner().invoke(main, args, input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 1, 2), result.output
    if result.exit_code == 2:
        assert result.stderr.startswith("Error: ") and len(result.stderr.strip().splitlines()) == 1, result.stderr
    return result


@pytest.mark.parametrize("game", sorted(GAMES))
def test_demo_plays_a_whole_match_of_every_game(demos, game):
    path, output = demos[game]
    tabs = XlsxBook(path).read()
    assert [name for name in tabs if load_game(game).is_public(name)], f"the {game} demo wrote no public tab"
    assert "$ hostkit standings" in output and "Traceback" not in output  # played to its end


@pytest.mark.parametrize("game", sorted(GAMES))
def test_new_makes_a_workbook_of_every_game(tmp_path, game):
    count = max(load_game(game).min_players, 2)
    result = invoke(["new", game, "--book", str(tmp_path / "new.xlsx"), "--players", ",".join(NAMES[:count])])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("verb", sorted(VERBS))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_verb_answers_on_every_game(demos, tmp_path, game, verb):
    path = tmp_path / "match.xlsx"
    shutil.copy(demos[game][0], path)
    args = [a.format(dir=tmp_path) for a in VERBS[verb]] + ["--book", str(path)]
    result = invoke(args)
    if verb.endswith("--json") and result.exit_code in (0, 1):
        data = json.loads(result.stdout)
        if verb == "status --json":
            assert STATUS_KEYS <= set(data) and isinstance(data["waiting_for"], list)
    if verb == "score --message":
        assert result.exit_code in (0, 1) and result.stdout.strip(), result.output
        assert "--- for" not in result.stdout and "no public results" not in result.stdout
    if verb in ("standings", "standings --json", "status", "score", "publish"):
        assert result.exit_code in (0, 1), result.output  # every game ends with standings, publishes its tabs
    if verb.endswith("--image") and "No picture drawn" in result.output:
        assert game in BOARDLESS, f"{game} has a board but draws none for {verb}"
    elif verb.endswith("--image") and result.exit_code in (0, 1):
        name = "board.png" if verb.startswith("board") else "score.png"
        assert (tmp_path / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    if result.exit_code == 2:
        assert "`hostkit " in result.stderr or "--" in result.stderr, "a refusal says what to run instead"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_public_tab_speaks_to_you(demos, game):
    """A public table is read by every player: it names the player, never 'you'."""
    import re

    from hostkit.core.styles import plain

    tabs = XlsxBook(demos[game][0]).read()
    for name in (n for n in tabs if load_game(game).is_public(n)):
        for row in tabs[name]:
            for value in map(plain, row):
                assert not re.search(r"\b(you|your|you're)\b", str(value), re.I), f"{name}: {value!r}"
