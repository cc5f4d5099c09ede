"""Every benchmark runs, at its smallest size, so that none stops running unseen (they use hostkit only through
the library and the command line). Their figures are not checked: only that each finishes and prints them.
fsync and sync are skipped in this process (durability is not what is measured here, and it is most of a small
run)."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

import hostkit.storage.sheets as sheets

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture(autouse=True)
def benchmarks(monkeypatch, tmp_path):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    monkeypatch.setattr(os, "sync", lambda: None)
    monkeypatch.setattr(sheets, "connect", sheets.connect)  # put back after a benchmark points it at its fake
    monkeypatch.chdir(tmp_path)


def _module(name: str):
    return importlib.import_module(name)


def test_run_all_measures_every_figure_at_its_smallest_size(capsys):
    _module("run_all").main_((20,), 1)
    printed = capsys.readouterr().out
    for figure in ("requests per command", "hostkit --help", "first / floor", "re-score / first", "live play"):
        assert figure in printed, printed


def test_score_10k_compares_a_score_with_the_openpyxl_floor(capsys):
    _module("score_10k").main_(20, 1)
    assert capsys.readouterr().out.count("ratio:") == 2


def test_timed_saves_counts_the_host_saves_kept(capsys):
    _module("timed_saves").main_(20, 1)
    assert "host saves lost: 0 of 1" in capsys.readouterr().out


def test_sheets_scale_scores_on_the_fake_sheets_api(capsys, monkeypatch):
    monkeypatch.setattr("sys.argv", ["sheets_scale.py", "20"])
    _module("sheets_scale").main_()
    assert "| 20 | score again |" in capsys.readouterr().out


@pytest.mark.parametrize(
    "name, call, printed",
    [
        ("tobago_play", lambda m: m.main(1, 2), "per prompt-and-decide"),
        ("hap_tac_toe", lambda m: m.main(1, 1), "live turn 25"),
        ("paths_and_pahs", lambda m: m.main_(5, 1), "score --round 2"),
        ("open_pass_best", lambda m: m.main(1, 1), "1 deals"),
        ("cards_on_the_table", lambda m: m.main(1), "every set checked independently: yes"),
        ("demo_commands", lambda m: m.main_(("hap-tac-toe",), 1), "command(s) at or over"),
        ("cli_startup", lambda m: m.main(1), "ratio:"),
    ],
)
def test_each_benchmark_runs_at_its_smallest_size(capsys, name, call, printed):
    call(_module(name))
    assert printed in capsys.readouterr().out
