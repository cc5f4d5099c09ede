"""Hap and Grab workbooks whose Part 1 earns a chosen turn order, for the Part 2 and match tests."""

from __future__ import annotations

import datetime as dt

from hostkit.core.tables import Tables
from hostkit.games import load_game
from hostkit.games.hap_and_grab.anti_hap import FACES, Board
from tests.games.hap_and_grab.helpers import BOARD_WORDS, OPENS

LATER = dt.datetime(2026, 11, 23, tzinfo=dt.timezone.utc)
SOLUTIONS = sorted(Board.of([FACES.parse(w.split()) for w in BOARD_WORDS]).anti_haps())
WRONG = "ABC"  # three board cards that are not an anti-hap
NAMES = {"R": "Reds", "C": "Craw"}
# The rule sheet's Part 1 example: these correct answers and one wrong one from Craw give CRCCR.
SHEET_SEQUENCE = "RCRCCCRCCRCCRCR"


def opens(round_number: int) -> dt.datetime:
    return OPENS + dt.timedelta(hours=round_number - 1)


def submissions(round_number: int, sequence: str, wrong: str = "") -> list[list]:
    """Correct answers by the players in `sequence` (R, C), then the wrong answers of the players in `wrong`."""
    rows = [
        [opens(round_number) + dt.timedelta(seconds=10 * (i + 1)), NAMES[who], round_number, SOLUTIONS[i]]
        for i, who in enumerate(sequence)
    ]
    rows += [
        [opens(round_number) + dt.timedelta(seconds=300 + i), NAMES[who], round_number, WRONG]
        for i, who in enumerate(wrong)
    ]
    return rows


def match_tabs(rounds=None, *, seed=7, config=None):
    """A match of Reds and Craw; `rounds` maps a round number to (sequence, wrong) for Part 1."""
    rounds = {1: (SHEET_SEQUENCE, "C")} if rounds is None else rounds
    game = load_game("hap-and-grab")
    tabs = game.new_book(["Reds", "Craw"], seed)
    tabs["Rounds"] = [["Round", "Opens"]] + [[n, opens(n) if n in rounds else None] for n in range(1, 5)]
    tabs["Board"] = [["Round", "Label", "Background", "Shape", "Colour"]] + [
        [n, chr(65 + i), *words.split()] for n in sorted(rounds) for i, words in enumerate(BOARD_WORDS)
    ]
    tabs["Submissions"] = [["Timestamp", "Player", "Round", "Answer"]] + [
        row for n in sorted(rounds) for row in submissions(n, *rounds[n])
    ]
    for key, value in (config or {}).items():
        for row in tabs["Config"]:
            if row[0] == key:
                row[1] = value
    return tabs


def apply(tabs: dict, writes: dict) -> dict:
    """The tabs after a command's writes (each named tab replaced whole)."""
    tabs = dict(tabs)
    for name, rows in writes.items():
        for old in [n for n in tabs if n.casefold() == name.casefold()]:
            del tabs[old]
        tabs[name] = [list(r) for r in rows]
    return tabs


def tables(tabs: dict) -> Tables:
    return Tables(tabs)


def decisions(*rows) -> list[list]:
    """A Decisions tab: rows of (round, card, player, decision)."""
    return [["Round", "Card", "Player", "Decision"]] + [list(r) for r in rows]


def pile(round_number: int, *cards, peeks=None) -> list[list]:
    """A Pile tab dealt by hand: the cards in reveal order; `peeks` names who peeked at each (default unseen)."""
    peeks = peeks or [None] * len(cards)
    return [["Round", "Reveal", "Card", "Deck position", "Peeked by"]] + [
        [round_number, i, card, 100 + i, peeker or "unseen"] for i, (card, peeker) in enumerate(zip(cards, peeks), 1)
    ]
