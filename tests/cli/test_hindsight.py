"""hostkit hindsight on finished demo matches: refused until the standings are settled, then the public tab."""

import json
import shutil

import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.core.hindsight import HINDSIGHT_TAB
from hostkit.core.ledger import LEDGER_TAB
from hostkit.storage.xlsx import XlsxBook


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """The Open, Pass demo, played to its paid standings (built once, copied for each test)."""
    path = tmp_path_factory.mktemp("demo") / "open-pass.xlsx"
    assert run("demo", "--game", "open-pass", "--book", path).exit_code == 0
    return path


@pytest.fixture
def book(finished, tmp_path):
    path = tmp_path / "match.xlsx"
    shutil.copy(finished, path)
    return path


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
    assert tab[0] == ["Round", "Hindsight"] and tab[1][0] == 4
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


def test_a_game_with_a_board_draws_what_was_missed(tmp_path):
    path = tmp_path / "htt.xlsx"
    assert run("demo", "--game", "hap-tac-toe", "--book", path).exit_code == 0
    picture = tmp_path / "game1.png"
    result = run("hindsight", "--book", path, "--round", "1", "--image", picture)
    assert result.exit_code == 0, result.output
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Game 1:" in result.output and "Game 2:" not in result.output
