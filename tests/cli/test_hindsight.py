"""hostkit hindsight on finished demo matches: refused until the standings are settled, then the public tab,
told story first, in player words, with the same keys and the same exactness in every format and game."""

import importlib
import io
import json
import re
import shutil

import pytest
from click.testing import CliRunner
from PIL import Image

from hostkit.cli import main
from hostkit.core.hindsight import HINDSIGHT_TAB
from hostkit.core.ledger import LEDGER_TAB
from hostkit.storage.xlsx import XlsxBook

GAMES = ("hap-and-grab", "hap-tac-toe", "when-stars-align", "open-pass", "paths-and-pahs", "cards-on-the-table")
CODE = re.compile(r"\b[a-z]+(?:-[a-z]+)+\b")
"""A verdict or setting code as the program names it (`empty-square`, `not-a-hap`, `highest-lowest`)."""
WORDS = {"anti-hap", "anti-haps"}
"""Hyphenated words of the games' own rule sheets, which players read as words."""


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def demos(tmp_path_factory):
    """Every game's demo match, played to its paid standings (built once, copied for each test)."""
    folder = tmp_path_factory.mktemp("demos")
    for game in GAMES:
        assert run("demo", "--game", game, "--book", folder / f"{game}.xlsx").exit_code == 0, game
    return folder


@pytest.fixture
def copy(demos, tmp_path):
    def made(game):
        path = tmp_path / f"{game}.xlsx"
        shutil.copy(demos / f"{game}.xlsx", path)
        return path

    return made


@pytest.fixture
def book(copy):
    return copy("open-pass")


def unpaid(path):
    """The match as it stood before its standings were paid: the Ledger holds nothing yet."""
    ledger = XlsxBook(path).read()[LEDGER_TAB]
    XlsxBook(path).write({LEDGER_TAB: ledger[:1]})


def test_a_match_not_over_is_refused_in_one_sentence_and_nothing_is_written(book):
    unpaid(book)
    before = XlsxBook(book).read()
    result = run("hindsight", "--book", book)
    assert result.exit_code == 2
    assert "not over yet" in result.output and "Traceback" not in result.output
    assert XlsxBook(book).read() == before


def test_the_host_previews_a_match_not_over_without_writing_it(book):
    unpaid(book)
    before = XlsxBook(book).read()
    result = run("hindsight", "--book", book, "--host", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["preview"] and not data["over"] and data["written"] == []
    assert XlsxBook(book).read() == before
    assert run("hindsight", "--book", book, "--host", "--send").exit_code == 2


def test_a_finished_match_writes_the_public_hindsight_tab_and_json_keyed_by_round(book, tmp_path):
    result = run("hindsight", "--book", book, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["over"] and data["written"] == [HINDSIGHT_TAB] and list(data["rounds"]) == ["4"]
    players = data["rounds"]["4"]["players"]
    assert all(float(p["best"]) >= float(p["played"]) for p in players.values())
    tab = XlsxBook(book).read()[HINDSIGHT_TAB]
    assert tab[0] == ["Round", "Hindsight"] and tab[1][0] == "Match" and 4 in [row[0] for row in tab]
    public = tmp_path / "players.xlsx"
    assert run("publish", "--book", book, "--public-book", public).exit_code == 0
    assert HINDSIGHT_TAB in XlsxBook(public).read()


def test_an_unknown_round_is_refused_and_message_prints_a_chat_block(book):
    refused = run("hindsight", "--book", book, "--round", "2")
    assert refused.exit_code == 2 and "Round 2 has nothing to explain" in refused.output
    assert HINDSIGHT_TAB not in XlsxBook(book).read()
    message = run("hindsight", "--book", book, "--message")
    assert message.exit_code == 0 and message.output.startswith(("```", "(1/"))
    parts = message.output.split("\n\n(")
    assert all(len(part) <= 2000 and part.count("```") % 2 == 0 for part in parts)


def unwrapped(message: str) -> str:
    """A chat block's text with the phone-width wrapping undone, so a code split at its hyphen is whole again."""
    return re.sub(r"-\n\s*", "-", message)


@pytest.mark.parametrize("game", GAMES)
def test_the_message_tells_what_nobody_found_first_and_holds_no_code(copy, game):
    result = run("hindsight", "--book", copy(game), "--message")
    assert result.exit_code == 0, result.output
    sections = result.output.strip().strip("`").strip().split("\n\n")
    assert len(sections) >= 2
    assert re.search(r"\b(nobody|never)\b", sections[0], re.I), sections[0]
    plain = run("hindsight", "--book", copy(game)).output
    codes = {c for text in (unwrapped(result.output), plain) for c in CODE.findall(text)} - WORDS
    assert codes == set()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_keys_and_text_json_and_tab_agree_on_exactness(copy, game):
    path = copy(game)
    data = json.loads(run("hindsight", "--book", path, "--json").output)
    assert {"game", "match", "rounds", "exact"} <= set(data) and data["game"] == game
    assert isinstance(data["match"], dict) and data["match"] and isinstance(data["exact"], bool)
    figures = re.findall(r'"exact": (true|false)', json.dumps(data["rounds"]))
    assert data["exact"] == all(f == "true" for f in figures)
    text = run("hindsight", "--book", path).output
    tab = "\n".join(str(row[1]) for row in XlsxBook(path).read()[HINDSIGHT_TAB][1:])
    for words in (text, tab):
        assert ("not proven" not in words) == data["exact"]
        assert ("the best possible" in words) == bool(figures) or not data["exact"]
    assert [line for line in text.splitlines()[1:] if line] == tab.splitlines()


def test_the_paths_and_pahs_endgame_is_round_5(copy):
    path = copy("paths-and-pahs")
    result = run("hindsight", "--book", path, "--round", "5", "--json")
    assert result.exit_code == 0, result.output
    endgame = json.loads(result.output)["rounds"]["5"]["players"]
    assert all(p["most_pahs"] >= p["made"] for p in endgame.values())
    assert "endgame" in run("hindsight", "--book", path, "--round", "5").output


@pytest.mark.parametrize("game", GAMES)
def test_every_picture_carries_a_legend_under_its_board(copy, tmp_path, monkeypatch, game):
    from hostkit.core import hindsight as core

    package = "hap_tac_toe" if game == "when-stars-align" else game.replace("-", "_")
    module = importlib.import_module(f"hostkit.games.{package}.hindsight")
    legends = []

    def recorded(png, legend):
        legends.append(list(legend))
        return core.with_legend(png, legend)

    path = copy(game)
    if game == "open-pass":  # no board: nothing drawn, said in one sentence
        assert "No picture drawn" in run("hindsight", "--book", path, "--image", tmp_path / "x.png").output
        assert not (tmp_path / "x.png").exists()
        return
    monkeypatch.setattr(module, "with_legend", recorded)
    picture = tmp_path / f"{game}.png"
    result = run("hindsight", "--book", path, "--round", "1", "--image", picture)
    assert result.exit_code == 0, result.output
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(legends) == 1 and legends[0] and all(len(line) > 10 for line in legends[0]), legends


def test_a_legend_is_written_under_the_picture():
    from hostkit.core.hindsight import with_legend

    blank = io.BytesIO()
    Image.new("RGB", (400, 300), (241, 243, 245)).save(blank, "PNG")
    drawn = Image.open(io.BytesIO(with_legend(blank.getvalue(), ["x: a mark", "y: another mark"]))).convert("L")
    assert drawn.width == 400 and drawn.height > 300 + 40
    assert drawn.crop((0, 0, 400, 300)).getextrema()[0] > 200
    assert drawn.crop((0, 300, 400, drawn.height)).getextrema()[0] < 100


def test_a_hap_and_grab_round_tells_what_nobody_found_then_part_2_and_counts_what_was_found(copy):
    path = copy("hap-and-grab")
    data = json.loads(run("hindsight", "--book", path, "--json").output)
    text = run("hindsight", "--book", path, "--round", "1").output.splitlines()[1:]
    missed = data["rounds"]["1"]["missed"]
    assert text[0] == f"Round 1: nobody found {len(missed)} of the board's 36 anti-haps: {', '.join(missed)}."
    part2 = next(i for i, line in enumerate(text) if line.startswith("  Part 2, with the pile known"))
    found = next(i for i, line in enumerate(text) if line.startswith("  Found "))
    assert part2 < found == len(text) - 1
    shown = 36 - len(missed)
    assert text[found].endswith(f"and {shown - 3} more.") and text[found].count(" by ") == 3
    assert sum(e["found_by"] is not None for e in data["rounds"]["1"]["anti_haps"]) == shown


def test_an_open_pass_best_is_shown_as_its_equation_with_its_value(copy):
    path = copy("open-pass")
    players = json.loads(run("hindsight", "--book", path, "--json").output)["rounds"]["4"]["players"]
    text = run("hindsight", "--book", path).output
    for name, figures in players.items():
        line = next(x for x in text.splitlines() if x.startswith(f"  {name}: "))
        assert f"the best possible was {figures['equation']} = {figures['best']}, " in line
        assert re.search(rf"{name} made .* = {re.escape(figures['played'])}\. Dealt", line), line
