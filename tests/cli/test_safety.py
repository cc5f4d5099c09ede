"""Nothing lost: two commands at once, every workbook checked before any is written, files hostkit cannot use."""

import os
import subprocess
import sys
from pathlib import Path

import click
import openpyxl
import pytest

from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_and_grab.tobago_helpers import SHEET_SEQUENCE, match_tabs

ROOT = Path(__file__).resolve().parents[2]
PAUSING = """\
import sys, time
from hostkit.games.hap_and_grab.game import HapAndGrab
real = HapAndGrab.score
def pausing(self, *args, **kwargs):
    print("scoring", file=sys.stderr, flush=True)
    time.sleep(float(sys.argv[1]))
    return real(self, *args, **kwargs)
HapAndGrab.score = pausing
from hostkit.cli import main
main(sys.argv[2:])
"""


def scoring_slowly(path, round_number, pause=2.0):
    """`hostkit score` in another process, as on 20,000 submission rows: it has read the workbook and is
    scoring when this returns, and writes `pause` seconds later."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-c", PAUSING, str(pause), "score", "--book", str(path), "--round", str(round_number)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr.readline().strip() == "scoring"
    return process


@pytest.fixture
def two_rounds(tmp_path):
    path = tmp_path / "game.xlsx"
    XlsxBook(path).create(match_tabs({1: (SHEET_SEQUENCE, "C"), 2: (SHEET_SEQUENCE, "C")}))
    return path


def test_two_scores_at_once_both_keep_their_results(run, two_rounds, monkeypatch):
    monkeypatch.setenv("HOSTKIT_LOCK_WAIT", "60")
    first = scoring_slowly(two_rounds, 1)
    second = run("score", "--book", two_rounds, "--round", 2)  # waits for the first to finish
    assert first.wait(60) == 0, first.stderr.read()
    assert second.exit_code == 0, second.output
    tabs = XlsxBook(two_rounds).read()
    assert "Round 1 Results" in tabs and "Round 2 Results" in tabs


def test_a_command_that_waits_too_long_stops_in_one_sentence(run, two_rounds, monkeypatch):
    monkeypatch.setenv("HOSTKIT_LOCK_WAIT", "0.2")
    first = scoring_slowly(two_rounds, 1)
    second = run("score", "--book", two_rounds, "--round", 2)
    assert first.wait(60) == 0
    assert second.exit_code == 2
    assert second.stderr == (
        f"Error: {two_rounds} is being written by another hostkit command; wait for it to finish and try again.\n"
    )
    assert "Round 1 Results" in XlsxBook(two_rounds).read()


@pytest.fixture
def dealt(run, tmp_path):
    path = tmp_path / "game.xlsx"
    XlsxBook(path).create(match_tabs())
    assert run("deal", "--book", path, "--round", 1).exit_code == 0
    return path


def decisions(path):
    return XlsxBook(path).read()["Decisions"][1:]


def test_a_decision_played_while_score_runs_is_kept(run, dealt, monkeypatch):
    monkeypatch.setenv("HOSTKIT_LOCK_WAIT", "60")
    scoring = scoring_slowly(dealt, 1)
    played = run("play", "--book", dealt, "--round", 1, input="pass\n")
    assert "Saved: Craw passes card 1" in played.output
    assert scoring.wait(60) == 0
    assert decisions(dealt) == [[1, 1, "Craw", "pass"]]
    assert "Round 1 Results" in XlsxBook(dealt).read()


def answering(monkeypatch, meanwhile, answers):
    """The host types `answers` one by one; before the first, `meanwhile` runs, as another command would."""
    typed = iter(answers)

    def prompt(text, **kwargs):
        if meanwhile:
            meanwhile.pop()()
        try:
            return next(typed)
        except StopIteration:
            raise click.Abort() from None

    monkeypatch.setattr(click, "prompt", prompt)


def test_play_lets_other_commands_in_while_it_waits_for_an_answer(run, dealt, monkeypatch):
    def host_note():  # the lock is free while play waits: this write does not wait
        XlsxBook(dealt, wait=0).write({"Notes": [["Craw asked for a break"]]})

    answering(monkeypatch, [host_note], ["pass"])
    result = run("play", "--book", dealt, "--round", 1)
    assert "Saved: Craw passes card 1" in result.output
    assert decisions(dealt) == [[1, 1, "Craw", "pass"]]
    assert XlsxBook(dealt).read()["Notes"] == [["Craw asked for a break"]]


def test_play_does_not_record_an_answer_the_workbook_has_moved_past(run, dealt, monkeypatch):
    def decided_elsewhere():
        XlsxBook(dealt).write({"Decisions": [["Round", "Card", "Player", "Decision"], [1, 1, "Craw", "take"]]})

    answering(monkeypatch, [decided_elsewhere], ["pass"])
    result = run("play", "--book", dealt, "--round", 1)
    assert (
        f"Not recorded: {dealt} changed while you answered (another command wrote it), and the decision due "
        f"is no longer the same; here it is again."
    ) in result.stderr
    assert decisions(dealt) == [[1, 1, "Craw", "take"]]


def test_with_a_public_workbook_locked_nothing_is_written(run, dealt, tmp_path):
    public = tmp_path / "public.xlsx"
    assert run("score", "--book", dealt, "--round", 1, "--public-book", public).exit_code == 0
    (tmp_path / "~$public.xlsx").write_text("Excel")
    before = dealt.read_bytes()
    run("play", "--book", dealt, "--round", 1, input="pass\n")
    changed = dealt.read_bytes()
    result = run("score", "--book", dealt, "--round", 1, "--public-book", public)
    assert result.exit_code == 2
    assert "public.xlsx is open in another program" in result.stderr
    assert dealt.read_bytes() == changed != before


def test_a_read_only_workbook_is_refused_in_one_sentence(run, dealt):
    os.chmod(dealt, 0o444)
    before = dealt.read_bytes()
    result = run("score", "--book", dealt, "--round", 1)
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert "is read-only, so hostkit left it as it was" in result.stderr
    assert dealt.read_bytes() == before


def test_a_folder_hostkit_cannot_write_in_is_one_sentence(run, dealt):
    os.chmod(dealt.parent, 0o555)
    try:
        result = run("score", "--book", dealt, "--round", 1)
    finally:
        os.chmod(dealt.parent, 0o755)
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert f"hostkit cannot write in the folder {dealt.parent} (it is read-only)" in result.stderr


def test_a_damaged_workbook_is_one_sentence(run, dealt):
    data = bytearray(dealt.read_bytes())
    start = data.index(b"xl/worksheets/sheet1.xml") + 60
    data[start : start + 200] = bytes(200)
    dealt.write_bytes(bytes(data))
    result = run("score", "--book", dealt, "--round", 1)
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert "Traceback" not in result.output and str(dealt) in result.stderr


def test_a_host_tab_with_a_text_box_and_a_picture_survives_a_score(run, dealt, tmp_path):
    from openpyxl.drawing.image import Image
    from PIL import Image as Picture

    from tests.storage.test_xlsx_safety import SHAPE, rewrite

    wb = openpyxl.load_workbook(dealt)
    Picture.new("RGB", (4, 4), "blue").save(tmp_path / "dot.png")
    wb.create_sheet("Rules").add_image(Image(tmp_path / "dot.png"), "B2")
    wb.save(dealt)
    part = next(n for n in __import__("zipfile").ZipFile(dealt).namelist() if n.startswith("xl/drawings/drawing"))
    rewrite(dealt, part, lambda xml: xml.replace(b"</wsDr>", SHAPE.encode() + b"</wsDr>"))
    drawing = __import__("zipfile").ZipFile(dealt).read(part)
    public = tmp_path / "public.xlsx"
    result = run("score", "--book", dealt, "--round", 1, "--public-book", public)
    assert result.exit_code in (0, 1), result.output
    assert __import__("zipfile").ZipFile(dealt).read(part) == drawing
    assert "Round 1 Results" in openpyxl.load_workbook(dealt).sheetnames and public.exists()


def test_demo_refuses_an_existing_file_unless_force(run, tmp_path):
    path = tmp_path / "mine.xlsx"
    XlsxBook(path).create({"Budget": [["rent"]]})
    result = run("demo", "--book", path)
    assert result.exit_code == 2
    assert "already exists; pick another name, or pass --force to overwrite it" in result.stderr
    assert XlsxBook(path).read() == {"Budget": [["rent"]]}
    assert run("demo", "--book", path, "--force").exit_code == 0
    assert "Budget" not in XlsxBook(path).read()


def test_a_pile_reveal_number_out_of_order_stops_part_2_in_one_sentence(run, book_after_deal):
    from hostkit.storage.xlsx import XlsxBook

    pile = [list(row) for row in XlsxBook(book_after_deal).read()["Pile"]]
    reveal = [str(h).casefold() for h in pile[0]].index("reveal")
    pile[1][reveal] = 1e20
    XlsxBook(book_after_deal).write({"Pile": pile})
    result = run("score", "--book", book_after_deal, "--round", 1)
    assert result.exit_code == 2
    assert "Pile: round 1's Reveal numbers are" in result.stderr and "not 1 to" in result.stderr


def test_a_peeks_row_of_no_player_is_reported(run, book_after_deal):
    from hostkit.storage.xlsx import XlsxBook

    peeks = [list(row) for row in XlsxBook(book_after_deal).read()["Peeks"]]
    peeks.append([1, "Joker", 5, 1])
    XlsxBook(book_after_deal).write({"Peeks": peeks})
    result = run("score", "--book", book_after_deal, "--round", 1)
    assert result.exit_code == 1
    assert "Peeks row" in result.stderr and "'Joker' is not a player" in result.stderr


def test_undecodable_bytes_in_an_argument_or_at_the_prompt_are_replaced_never_a_traceback(tmp_path):
    """A shell passes bytes that are not UTF-8 as lone surrogates (\\udcff): they are written as U+FFFD."""
    from click.testing import CliRunner

    from hostkit.cli import main
    from hostkit.storage.xlsx import XlsxBook
    from tests.games.hap_tac_toe.workbook import make_book

    path = tmp_path / "g.xlsx"
    made = CliRunner().invoke(main, ["new", "hap-and-grab", "--book", str(path), "--players", "Re\udcffds,Craw"])
    assert made.exit_code == 0 and made.exception is None, made.output
    assert XlsxBook(path).read()["Players"][1][0] == "Re\ufffdds"
    paid = CliRunner().invoke(
        main, ["ledger", "pay", "--book", str(path), "--player", "Craw", "--garnets", "1", "--reason", "a\udcfeb"]
    )
    assert paid.exit_code == 0 and paid.exception is None, paid.output
    assert XlsxBook(path).read()["Ledger"][1][6] == "a\ufffdb"
    duel = make_book(tmp_path / "dm.xlsx")
    played = CliRunner().invoke(main, ["play", "--book", str(duel)], input=b"yellow solid 4 C\xff3\n")
    assert played.exception is None or isinstance(played.exception, SystemExit), repr(played.exception)
    assert "Traceback" not in played.output


def test_a_loop_of_links_as_the_workbook_is_refused_in_one_sentence(tmp_path):
    from click.testing import CliRunner

    from hostkit.cli import main

    (tmp_path / "a.xlsx").symlink_to(tmp_path / "b.xlsx")
    (tmp_path / "b.xlsx").symlink_to(tmp_path / "a.xlsx")
    for args in (["status"], ["score", "--round", "1"], ["ledger"]):
        result = CliRunner().invoke(main, [*args, "--book", str(tmp_path / "a.xlsx")])
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
        assert result.stderr.count("\n") == 1 and "a loop of links" in result.stderr, result.output
