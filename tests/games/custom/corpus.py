"""The custom game's part of the bad-input corpus (tests/games/test_bad_input_corpus.py): the trivia example,
judged by its key or the host's Verdict, with one bad row at a time in each tab it reads."""

from __future__ import annotations

import datetime as dt
from typing import Any

from hostkit.core.settings import with_setting
from hostkit.core.tables import Rows
from hostkit.games import load_game
from tests.games.corpora import errors_in, spoiled
from tests.games.custom.examples import CLOSES, OPENS, TRIVIA, at

BAD_TIMES = ["tonight 8pm", "2026-13-45 25:00", 1e12, -1e7, float("inf"), float("nan"), 2958466.5, True]
BAD_ROUNDS = [1.9, True, 1e12, -1e7, float("inf"), float("nan"), "two", 0, 99]
BAD_PLAYERS = ["Joker", 7, True, '=HYPERLINK("x")']


def custom_match() -> dict[str, Rows]:
    tabs = load_game("custom").new_book(["Ann", "Bo", "Cy"], 7)
    for key, value in {**TRIVIA["config"], "judge": "key-or-host"}.items():
        tabs["Config"] = with_setting(tabs["Config"], key, value)
    tabs["Rounds"] = [["Round", "Opens", "Closes"], [1, OPENS, CLOSES]]
    tabs["Answers"] = [["Round", "Answer", "Points"], *[list(r) for r in TRIVIA["answers"]]]
    tabs["Submissions"] = [["Timestamp", "Player", "Round", "Answer", "Verdict"], *[list(r) for r in TRIVIA["sent"]]]
    return tabs


def custom_scored(data: dict, bad: int) -> Any:
    return {a["row"]: (a["verdict"], a["points"]) for a in data["answers"] if a["row"] != bad}


def custom_bad_rows() -> dict[str, list[list]]:
    late = [at(9), "Cy", 1, "Quito", None]  # Cy is struck by then: a bad row of Cy's changes no other verdict
    key = [1, "Lima", None]
    later_round = [2, OPENS + dt.timedelta(hours=1), OPENS + dt.timedelta(hours=2)]
    return {
        "Submissions": (
            spoiled(late, 0, [None, *BAD_TIMES])
            + spoiled(late, 1, [*BAD_PLAYERS, None])
            + spoiled(late, 2, BAD_ROUNDS)
            + spoiled(late, 3, [None, "   "])
            + spoiled(late, 4, ["maybe", 7, "correct, incorrect, correct"])
            + errors_in(late, 0, 2)
        ),
        "Answers": (
            spoiled(key, 0, [r for r in BAD_ROUNDS if r != 1.9] + [1.9])
            + spoiled(key, 1, [None, "   "])
            + spoiled(key, 2, ["lots", 1.5, float("inf"), float("nan"), True])
            + errors_in(key, 0, 2)
        ),
        "Rounds": (
            spoiled(later_round, 0, [r for r in BAD_ROUNDS if r != 99])
            + spoiled(later_round, 1, BAD_TIMES)
            + spoiled(later_round, 2, BAD_TIMES)
        ),
        "Config": [["judge", "sometimes"], ["strikes", -1], ["answer_form", "words"], ["garnets", "ten"]],
        "Players": [["@ann"], [" BO "]],
    }


def custom_command(tab: str) -> list[str]:
    return ["score", "--round", "1", "--json"]
