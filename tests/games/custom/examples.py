"""docs/games/custom.md's three worked examples as workbooks: a trivia race, a Hap-and-Grab-style race with a
turn order, and a host-judged creative round awarded by Threshold."""

from __future__ import annotations

import datetime as dt

from click.testing import CliRunner

from hostkit.cli import main
from hostkit.core.settings import with_setting
from hostkit.storage.xlsx import XlsxBook

OPENS = dt.datetime(2026, 11, 20, 20, 0)
CLOSES = OPENS + dt.timedelta(minutes=10)
AFTER = dt.datetime(2026, 11, 20, 21, 0, tzinfo=dt.timezone.utc)


def at(minutes: float) -> dt.datetime:
    return OPENS + dt.timedelta(seconds=round(minutes * 60))


TRIVIA = {
    "players": "Ann,Bo,Cy",
    "config": {"incorrect_points": -1, "repeat_other": "shared", "strikes": 2},
    "answers": [[1, "Paris", None], [1, "Rome", None], [1, "Madrid", 2]],
    "sent": [
        [at(1), "Ann", 1, "paris", None],
        [at(2), "Bo", 1, "Paris", None],
        [at(3), "Cy", 1, "Berlin", None],
        [at(4), "Cy", 1, "Oslo", None],
        [at(5), "Cy", 1, "Rome", None],
        [at(6), "Bo", 1, "Rome", None],
        [at(7), "Ann", 1, "Paris", None],
        [at(8), "Bo", 1, " madrid.", None],
        [at(12), "Ann", 1, "Madrid", None],
    ],
}
RACE = {
    "players": "Reds,Craw",
    "config": {
        "answer_form": "set",
        "answers_per_message": "many",
        "repeat_own": "incorrect",
        "close_when_all_found": "yes",
        "turn_every": 2,
        "turn_bonus_most": "yes",
        "turn_lost_per_incorrect": 1,
    },
    "answers": [[None, a, None] for a in ("ABD", "ACE", "BCF", "DEF", "ABF", "BDE", "CDE")],
    "sent": [
        [at(1), "Reds", 1, "ABD; eca", None],
        [at(2), "Craw", 1, "FCB", None],
        [at(3), "Reds", 1, "ABC", None],
        [at(4), "Craw", 1, "DBA", None],
        [at(5), "Reds", 1, "DEF", None],
        [at(6), "Craw", 1, "ABF", None],
        [at(7), "Reds", 1, "A B C", None],
        [at(8), "Reds", 1, "BDE", None],
        [at(9), "Craw", 1, "CDE", None],
        [at(9.5), "Reds", 1, "ACF", None],
    ],
}
CREATIVE = {
    "players": "Ann,Bo,Cy,Di,Ed",
    "config": {"judge": "host", "round_threshold": 3, "round_threshold_points": 2},
    "answers": [],
    "sent": [
        [at(1), "Ann", 1, "A haiku about garnets", "correct"],
        [at(2), "Bo", 1, "A sonnet for the host", "correct"],
        [at(3), "Cy", 1, "A pun on anti-haps", "correct"],
        [at(4), "Ann", 1, "A limerick about Tokens of Life", "correct"],
        [at(5), "Di", 1, "A riddle with no answer", "incorrect"],
        [at(6), "Ed", 1, "A song about the season", None],
    ],
}
EXAMPLES = {"trivia": TRIVIA, "race": RACE, "creative": CREATIVE}


def example_tabs(path, example: dict) -> dict:
    """`hostkit new custom` on path, then the example's settings, round, key and submissions typed in."""
    made = CliRunner().invoke(main, ["new", "custom", "--book", str(path), "--players", example["players"]])
    assert made.exit_code == 0, made.output
    tabs = {name: [list(r) for r in rows] for name, rows in XlsxBook(path).read().items()}
    for key, value in example["config"].items():
        tabs["Config"] = with_setting(tabs["Config"], key, value)
    tabs["Rounds"] = [["Round", "Opens", "Closes"], [1, OPENS, CLOSES]]
    tabs["Answers"] = [["Round", "Answer", "Points"], *example["answers"]]
    tabs["Submissions"] = [["Timestamp", "Player", "Round", "Answer", "Verdict"], *example["sent"]]
    return tabs


def example_book(path, example: dict):
    XlsxBook(path).write(example_tabs(path, example))
    return path
