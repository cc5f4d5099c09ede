"""The commands beyond a match's steps as library calls: new, dismiss, the ledger, a watch's re-score and the
sample match, each returning a Report whose to_dict() a script can keep; and a live decision's report keeps
what the game said apart from what became of its messages."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from click.testing import CliRunner

import hostkit
from hostkit.cli import main
from hostkit.errors import BadInput, Refused
from hostkit.games import load_game
from hostkit.library._workbooks import open_book
from hostkit.storage.xlsx import XlsxBook


def test_new_match_lays_out_a_match_and_says_what_the_command_says(tmp_path):
    from hostkit.library._creating import new_match

    path = tmp_path / "game.xlsx"
    report = new_match(open_book(str(path), None, None), "hap-and-grab", "Reds, Craw", seed=42)
    assert report.summary[0] == f"Created {path}: Hap and Grab for Reds, Craw, seed 42."
    assert report.to_dict()["players"] == ["Reds", "Craw"] and report.to_dict()["seed"] == 42
    assert report.to_dict()["match_id"].startswith("hap-and-grab-") and "Config" in XlsxBook(path).read()
    with pytest.raises(BadInput, match="Say who plays"):
        new_match(open_book(str(tmp_path / "other.xlsx"), None, None), "hap-and-grab")


def test_dismiss_marks_the_row_and_reports_it(tmp_path):
    path = tmp_path / "demo.xlsx"
    assert CliRunner().invoke(main, ["demo", "--book", str(path)]).exit_code == 0
    with hostkit.open_match(path) as match:
        report = match.dismiss("Submissions", 2, "not a player")
        with pytest.raises(BadInput, match="is not an input tab"):
            match.dismiss("Config", 2)
    assert report.summary == (
        "Submissions row 2 is marked handled (not a player): it is no longer judged or reported.",
    )
    assert report.to_dict() == {"tab": "Submissions", "row": 2, "reason": "not a player", "problems": []}
    header = XlsxBook(path).read()["Submissions"][0]
    assert header[-1] == "Handled"


def test_the_ledger_through_the_library_is_what_the_commands_print(tmp_path):
    from hostkit.library import _ledgers as ledgers

    season = tmp_path / "season.xlsx"
    paid = ledgers.pay("Craw", "won the Death Match", garnets=6, ledger=open_book(str(season), None, None))
    assert paid.to_dict()["written"] is True and paid.to_dict()["balance"]["garnets"] == 6
    again = ledgers.pay("Craw", "won the Death Match", garnets=6, ledger=open_book(str(season), None, None))
    assert again.to_dict()["written"] is False and again.summary[0].startswith("Already recorded")
    with pytest.raises(Refused) as refused:
        ledgers.spend("Craw", 9, "a move", ledger=open_book(str(season), None, None))
    assert refused.value.data == {
        "refused": str(refused.value).removesuffix("; nothing was written."),
        "player": "Craw",
        "balance": {"garnets": 6, "tokens_of_life": 0, "elimination_candidacies": 0},
    }
    spent = ledgers.spend("Craw", 2, "a peek", ledger=open_book(str(season), None, None))
    printed = CliRunner().invoke(main, ["ledger", "--book", str(season), "--json"])
    assert ledgers.balances(XlsxBook(season)).to_dict() == json.loads(printed.stdout)
    assert spent.summary[-1] == "Craw now has 4 garnets, 0 Tokens of Life, 0 elimination candidacies."


def test_a_live_decisions_report_says_whether_it_saved_and_keeps_delivery_lines_apart(tmp_path):
    from tests.games.hap_and_grab.tobago_helpers import match_tabs

    path = tmp_path / "dealt.xlsx"
    XlsxBook(path).create(match_tabs())
    with hostkit.open_match(path) as match:
        match.deal(round=1)
        report = match.step("pass", round=1)
    assert report is not None and report.saved and not report.notes
    assert not any("Sent" in line or "due" in line for line in report.summary)


def test_a_watch_rescore_is_one_call_giving_its_line_and_the_rows_it_counted(tmp_path):
    path = tmp_path / "demo.xlsx"
    assert CliRunner().invoke(main, ["demo", "--book", str(path)]).exit_code == 0
    at = dt.datetime(2026, 11, 26, tzinfo=dt.timezone.utc)
    first = hostkit.open_match(path, clock=lambda: at).look(1, {})
    assert first.summary[0].startswith("first score: ") and first.data["counts"]
    again = hostkit.open_match(path, clock=lambda: at).look(1, first.data["counts"])
    assert again.summary[0].startswith("0 new rows: ")


def test_the_sample_match_is_built_and_stepped_by_the_library(tmp_path):
    from hostkit.library._match_demo import build_demo, demo_step

    game = load_game("paths-and-pahs")
    book = XlsxBook(tmp_path / "demo.xlsx")
    sample, built = build_demo(book, game)
    assert built.summary[0].startswith(f"Built {book.location}: ")
    first = next(step for step in sample.script() if step.command == "score")
    report = demo_step(book, game, first, sample.now or dt.datetime.now(dt.timezone.utc))
    assert report.verb == "score" and report.summary
