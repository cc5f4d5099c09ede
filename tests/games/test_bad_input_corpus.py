"""A corpus of malformed input: bad cells and rows in every tab a game reads, through the command line.

Each case appends one bad row (a good row with one cell spoiled, or a row bad as a whole) to a match whose
other rows are good, and runs the command that reads that tab. It must exit 1 (reported, the good rows still
scored exactly as without the bad row) or 2 (refused in one sentence), never with a traceback. A game joins
the corpus with a Corpus entry: its good match, and for each tab it reads the command that reads it and the
bad rows. Tabs a game only writes (results, Draws, Peeks, Inventories) are not input and are left out.
"""

from __future__ import annotations

import copy
import datetime as dt
import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.core.tables import CellError, Rows, Tables
from hostkit.games import GAMES, load_game
from hostkit.games.open_pass.demo import PACKS
from hostkit.storage.book import Book
from tests.games import corpora
from tests.games.corpora import errors_in
from tests.games.custom import corpus as custom

BAD_TIMES = [None, "tonight 8pm", "2026-13-45 25:00", 1e12, -1e7, float("inf"), float("nan"), 2958466.5, True]
BAD_ROUNDS = [1.9, True, 1e12, -1e7, float("inf"), float("nan"), "two", 0, 99]
BAD_PLAYERS = ["Joker", 7, True, '=HYPERLINK("x")']


def spoiled(row: list, column: int, values: list) -> list[list]:
    """The row once per bad value, that value in the column."""
    return [row[:column] + [value] + row[column + 1 :] for value in values]


@dataclass(frozen=True)
class Corpus:
    game: str
    match: Callable[[], dict[str, Rows]]
    bad_rows: dict[str, list[list]]
    command: Callable[[str], list[str]]
    """The command that reads a tab."""
    scored: Callable[[dict, int], Any]
    """What the good rows scored to, from the command's JSON, leaving out the bad row (its row number)."""
    judged: Callable[[dict, list], bool] | None = None
    """For a game that judges a player's bad row as a move (a verdict with its reason, as Paths and PAHs
    rejects a start on a full tile) rather than reporting it: whether the JSON holds that verdict."""


# ---- Hap and Grab: round 1 scored and dealt, two decisions recorded


def hap_and_grab_match() -> dict[str, Rows]:
    from tests.games.hap_and_grab.tobago_helpers import LATER, SHEET_SEQUENCE, apply, decisions, match_tabs

    tabs = match_tabs({1: (SHEET_SEQUENCE, "C")})
    tabs = apply(tabs, load_game("hap-and-grab").deal(Tables(tabs), 1, LATER).writes)
    tabs["Decisions"] = decisions((1, 1, "Craw", "pass"), (1, 1, "Reds", "pass"))
    return tabs


def hap_and_grab_scored(data: dict, bad: int) -> Any:
    answers = [(a["row"], a["cards"], a["verdict"]) for a in data["answers"] if a["row"] != bad]
    steps = [(s["player"], s["decision"], s["row"]) for r in data["part2"]["reveals"] for s in r["decisions"]]
    return answers, data["turn_order"], [s for s in steps if s[2] != bad]


def hap_and_grab_bad_rows() -> dict[str, list[list]]:
    from tests.games.hap_and_grab.helpers import OPENS

    stamp = OPENS + dt.timedelta(seconds=5)
    answer = [stamp, "Reds", 1, "ACF"]
    card = [1, "J", "black", "circle", "red"]
    decision = [1, 1, "Craw", "take"]
    return {
        "Submissions": (
            spoiled(answer, 0, BAD_TIMES)
            + spoiled(answer, 1, BAD_PLAYERS + [None])
            + spoiled(answer, 2, BAD_ROUNDS)
            + spoiled(answer, 3, [None, "   "])
            + [[stamp - dt.timedelta(minutes=5), "Reds", 1, "ACF"]]
            + errors_in(answer, 0, 2)
        ),
        "Rounds": (
            spoiled([3, OPENS], 0, BAD_ROUNDS)
            + spoiled([3, OPENS], 1, BAD_TIMES[1:])
            + [[1, OPENS + dt.timedelta(hours=9)]]
            + errors_in([3, OPENS], 0)
        ),
        "Board": (
            errors_in(card, 0)
            + spoiled(card, 0, [1.9, True, "one"])
            + spoiled(card, 1, ["A", "1", "JK", None])
            + spoiled(card, 2, ["purple", None])
            + spoiled(card, 3, ["hexagon"])
            + spoiled(card, 4, [3])
        ),
        "Decisions": (
            spoiled(decision, 0, [1.9, True, "one", None])
            + spoiled(decision, 1, [1.5, 99, -1, 0, None])
            + spoiled(decision, 2, ["Joker", None])
            + spoiled(decision, 3, ["keep", None, 1])
            + errors_in(decision, 0, 1)
        ),
        "Pile": [[1, 10, "8", 60, "unseen"], [1, 10, "5", 60, "Joker"], [1.5, 10, "5", 60, "unseen"]]
        + errors_in([1, 10, "5", 60, "unseen"], 0, 1, 3),
        "Config": [
            ["rounds", 1.9],
            ["seed", -1],
            ["timezone", "Mars/Base"],
            ["colour", "red"],
            [None, 5],
            ["skulls", 9],
        ],
        "Players": [["@reds"], ["Joker"], [" CRAW "]],
    }


# ---- Open, Pass: six players, three rounds of packs, bids, a trade, two decks, a few decisions


OP_PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay"]

OP_BID_TIME = "2026-11-21 10:00"


def open_pass_match() -> dict[str, Rows]:
    game = load_game("open-pass")
    tabs = game.new_book(OP_PLAYERS, 11)
    tabs["Rounds"] = [["Round", "Deadline"], [1, "2026-11-21 12:00"], [2, "2026-11-22 12:00"], [3, None]]
    tabs["Packs"] += [[n, *pack] for n in (1, 2, 3) for pack in PACKS]
    tabs["Bids"] += [
        [OP_BID_TIME, "Ann", 1, "Heaven Special, Hell Mega"],
        [OP_BID_TIME, "Bo", 1, "Heaven Basic"],
        ["2026-11-21 11:00", "Ann", 1, "Heaven Special"],
        ["2026-11-22 10:00", "Cy", 2, "Hell Basic"],
    ]
    tabs["Trades"] += [[1, "Ann", "9", "Bo", "1"]]
    tables = Tables(tabs)
    held = game.building(tables, game.context(tables), 3)[-1].inventories
    tabs["Decks"] += [[p, dealer, " ".join(held[p][:20])] for p, dealer in (("Ann", "Heaven"), ("Bo", "Hell"))]
    tabs["Decisions"] += [["Ann", 1, None, "open"], ["Ann", 2, None, "pass"], ["Bo", None, None, "o"]]
    return tabs


def open_pass_scored(data: dict, bad: int) -> Any:
    if data["round"] == 1:
        return (
            [(b["row"], b["verdict"], b["packs"]) for b in data["bids"] if b["row"] != bad],
            {p: d["inventory"] for p, d in data["players"].items()},
        )
    return {p: d for p, d in data["players"].items() if d["dealt"] is not None}


def open_pass_bad_rows() -> dict[str, list[list]]:
    bid = ["2026-11-21 09:00", "Ann", 1, "Hell Basic"]
    pack = [1, "Extra", "Heaven", "Basic", "1"]
    trade = [1, "Ann", "3", "Bo", "2"]
    deck = ["Fay", "Heaven", "1 1 1 1 1 1 2 2 2 3 3 3 + + + - - -"]
    decision = ["Ann", 3, None, "open"]
    return {
        "Rounds": spoiled([2, "2026-11-22 12:00"], 0, BAD_ROUNDS)
        + [[1, "2026-12-01 12:00"], [3, "tonight 8pm"]]
        + errors_in([2, "2026-11-22 12:00"], 0),
        "Packs": (
            errors_in(pack, 0)
            + spoiled(pack, 0, [1.9, True, "one", None])
            + spoiled(pack, 1, ["Heaven Basic", None])
            + spoiled(pack, 2, ["Purgatory"])
            + spoiled(pack, 3, ["Huge"])
            + spoiled(pack, 4, ["12", "7 ?", None])
        ),
        "Bids": (
            spoiled(bid, 0, BAD_TIMES)
            + spoiled(bid, 1, BAD_PLAYERS + [None])
            + spoiled(bid, 2, BAD_ROUNDS[:-1])
            + spoiled(bid, 3, ["Nothing", "Heaven Basic, Hell Basic, Hell Special"])
            + errors_in(bid, 0, 2)
        ),
        "Trades": (
            spoiled(trade, 0, [1.9, True, 4, None])
            + spoiled(trade, 1, ["Joker", None, "Bo"])
            + spoiled(trade, 2, ["12", "7"])
            + spoiled(trade, 3, ["Joker"])
            + [[1, "Ann", None, "Bo", None]]
            + errors_in(trade, 0, 2, 4)
        ),
        "Decks": (
            spoiled(deck, 0, ["Joker", None])
            + spoiled(deck, 1, ["Purgatory", None])
            + spoiled(deck, 2, ["12", "9 9 9", "1 1 1", deck[2] + " 1 1 1"])
        ),
        "Decisions": (
            spoiled(decision, 0, ["Joker", "Fay", None])
            + spoiled(decision, 1, [1.5, 99, True, -1])
            + spoiled(decision, 3, ["maybe", None])
            + errors_in(decision, 1)
        ),
        "Config": [["building_rounds", 1.9], ["pity_card", "12"], ["deck_size", "twenty"], ["colour", "red"]],
        "Players": [["@ann"], [" BO "]],
    }


def open_pass_command(tab: str) -> list[str]:
    return ["score", "--round", "4" if tab in ("Decks", "Decisions") else "1", "--json"]


CORPORA = [
    Corpus(
        "hap-and-grab",
        hap_and_grab_match,
        hap_and_grab_bad_rows(),
        lambda tab: ["score", "--round", "1", "--json"],
        hap_and_grab_scored,
    ),
    Corpus("open-pass", open_pass_match, open_pass_bad_rows(), open_pass_command, open_pass_scored),
    *(
        Corpus(
            game,
            functools.partial(corpora.duel_match, game),
            corpora.duel_bad_rows(game),
            corpora.duel_command,
            corpora.duel_scored,
        )
        for game in ("hap-tac-toe", "when-stars-align")
    ),
    Corpus(
        "paths-and-pahs",
        corpora.paths_match,
        corpora.paths_bad_rows(),
        corpora.paths_command,
        corpora.paths_scored,
        corpora.paths_judged,
    ),
    Corpus(
        "cards-on-the-table", corpora.cards_match, corpora.cards_bad_rows(), corpora.cards_command, corpora.cards_scored
    ),
    Corpus("custom", custom.custom_match, custom.custom_bad_rows(), custom.custom_command, custom.custom_scored),
]
CASES = [(corpus, tab, row) for corpus in CORPORA for tab, rows in corpus.bad_rows.items() for row in rows]
NOW = dt.datetime(2026, 12, 1, tzinfo=dt.timezone.utc)


class MemoryBook(Book):
    """A workbook held in memory, so that any value (inf, nan) reaches the rules as a spreadsheet could send it."""

    location = "match.xlsx"

    def __init__(self, tabs: dict[str, Rows]):
        self.tabs = tabs

    def read(self) -> dict[str, Rows]:
        return copy.deepcopy(self.tabs)

    def write(self, tabs, order=None):
        self.tabs.update(copy.deepcopy(dict(tabs)))

    def create(self, tabs, force=False, order=None):
        self.tabs = copy.deepcopy(dict(tabs))


def run(tabs: dict[str, Rows], args: list[str], monkeypatch) -> Any:
    monkeypatch.setattr("hostkit.cli.options.open_book", lambda *a, **k: MemoryBook(tabs))
    monkeypatch.setattr("hostkit.cli.options.now", lambda: NOW)
    return CliRunner().invoke(main, [*args, "--book", "match.xlsx"])


def test_the_corpus_spoils_every_tab_of_every_game_at_least_350_times():
    assert len(CASES) >= 350 and {c.game for c in CORPORA} == set(GAMES)
    for corpus in CORPORA:
        written = {
            "Inventories",
            "Peeks",
            "Ledger",
            "Draws",
            "Leaderboard",
        }  # the ledger has its own corpus (tests/core/test_ledger_input.py)
        read = {tab["name"] for tab in load_game(corpus.game).template()["tabs"] if tab["name"] not in written}
        assert read | {"Config"} <= set(corpus.bad_rows)


@pytest.mark.parametrize("corpus, tab, row", CASES, ids=[f"{c.game}-{t}-{i}" for i, (c, t, _) in enumerate(CASES)])
def test_a_bad_row_is_reported_or_refused_and_the_good_rows_still_scored(corpus, tab, row, monkeypatch):
    args = corpus.command(tab)
    good = run(corpus.match(), args, monkeypatch)
    assert good.exit_code == 0, good.output
    tabs = corpus.match()
    tabs[tab] = tabs[tab] + [row]
    result = run(tabs, args, monkeypatch)
    if result.exit_code == 0 and corpus.judged is not None and corpus.judged(json.loads(result.stdout), row):
        assert corpus.scored(json.loads(result.stdout), -1) == corpus.scored(json.loads(good.stdout), -1)
        return
    assert result.exit_code in (1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    errors = [v for v in row if type(v) is CellError]
    if errors:  # an error cell is reported with its code: never read as 0 or as a blank
        assert str(errors[0]) in result.stderr, result.stderr
    if result.exit_code == 2:
        assert len(result.stderr.strip().splitlines()) == 1 and result.stderr.startswith("Error: ")
        return
    bad = len(tabs[tab])
    assert f"{tab} row {bad}" in result.stderr or f"{tab} rows" in result.stderr or f"{tab}: " in result.stderr
    assert corpus.scored(json.loads(result.stdout), bad) == corpus.scored(json.loads(good.stdout), bad)


IN_PLACE = [
    ("hap-and-grab", "Rounds", 1, 1),
    ("open-pass", "Rounds", 1, 1),
    ("paths-and-pahs", "Rounds", 1, 1),
    ("paths-and-pahs", "Rounds", 1, 2),
    ("cards-on-the-table", "Rounds", 1, 1),
    ("hap-tac-toe", "Games", 1, 1),
    ("when-stars-align", "Games", 1, 1),
]
"""Time cells of rows a match already has (a row added for a round would be a second row for it): the
(game, tab, data row, column) an error is put in, in place of the value."""
ERROR_CASES = [(game, tab, row, column, code) for game, tab, row, column in IN_PLACE for code in corpora.ERROR_CELLS]


@pytest.mark.parametrize("game, tab, row, column, code", ERROR_CASES)
def test_an_error_cell_in_place_of_a_time_is_reported_with_its_code(game, tab, row, column, code, monkeypatch):
    corpus = next(c for c in CORPORA if c.game == game)
    tabs = corpus.match()
    spoilt = list(tabs[tab][row])
    spoilt[column] = code
    tabs[tab][row] = spoilt
    result = run(tabs, corpus.command(tab), monkeypatch)
    assert result.exit_code in (1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output and f"{tab} row {row + 1}" in result.stderr and str(code) in result.stderr
