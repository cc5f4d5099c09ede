"""`hostkit play` is game-agnostic: the same command deals Open, Pass live to one player."""

import re

from click.testing import CliRunner

from hostkit.cli import main
from hostkit.storage.xlsx import XlsxBook
from tests.games.open_pass.test_cli import full_deck, new_match


def play(path, answers):
    return CliRunner().invoke(main, ["play", "--book", str(path), "--player", "ann"], input=answers)


def test_open_pass_live_play_saves_each_decision_and_resumes(tmp_path):
    path = new_match(tmp_path)
    XlsxBook(path).write({"Decks": [["Player", "Dealer", "Cards"], ["Ann", "Hell", full_deck(path, "Ann")]]})

    first = play(path, "open\npass\n")
    assert first.exit_code == 1
    assert "card 3 of 20 from Impact (Hell)" in first.output
    assert "run the same command to resume" in first.output
    assert first.output.count("Ann's deck is dealt by Hell") == 1
    assert [row[3] for row in XlsxBook(path).read()["Decisions"][1:]] == ["open", "pass"]

    second = play(path, "open\n" + "pass\n" * 17)
    assert second.exit_code == 0, second.output
    decisions = XlsxBook(path).read()["Decisions"][1:]
    assert [row[1] for row in decisions] == list(range(1, 21))
    assert [row[3] for row in decisions[:3]] == ["open", "pass", "open"]


def test_play_refuses_a_player_hap_and_grab_does_not_take(tmp_path):
    path = tmp_path / "hg.xlsx"
    CliRunner().invoke(main, ["new", "hap-and-grab", "--book", str(path), "--players", "Reds,Craw"])
    result = CliRunner().invoke(main, ["play", "--book", str(path), "--player", "Reds"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_open_pass_play_reads_o_and_p_shows_a_minus_apart_and_hints_only_its_own_commands(tmp_path):
    path = new_match(tmp_path)
    XlsxBook(path).write({"Decks": [["Player", "Dealer", "Cards"], ["Ann", "Hell", full_deck(path, "Ann")]]})
    result = play(path, "o\nP\n" + "p\n" * 18)
    assert result.exit_code == 0, result.output
    assert [row[3] for row in XlsxBook(path).read()["Decisions"][1:4]] == ["open", "pass", "pass"]
    assert "is a minus [-]" in result.output and re.search(r"Card \d+, a minus \[-\]: pass", result.output)
    assert " - - " not in result.output
    assert re.findall(r"`hostkit ([a-z-]+)", result.output) == ["score"]
    assert f"`hostkit score --book {path} --round 4`" in result.output
    assert "standings" not in result.output
