"""How problems and hints are reported: grouped, the stopping message first, every hint runnable as printed."""

import re
import shlex

from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main
from hostkit.cli.options import problem_lines
from hostkit.core.tables import Problem
from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_and_grab.helpers import at, solutions
from tests.games.hap_and_grab.tobago_helpers import match_tabs

SOL = solutions()
HINT = re.compile(r"`(hostkit [^`]*)`")


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def hints(output):
    return [shlex.split(hint)[1:] for hint in HINT.findall(output)]


def test_identical_problems_are_one_line_with_their_count_and_rows():
    same = "Ann's game is over (every card is decided); this decision is ignored."
    problems = [Problem("Decisions", row, same) for row in range(23, 78)] + [Problem("Config", None, "x")] * 2
    assert problem_lines(problems) == [f"Decisions rows 23–77 (55 rows): {same}", "Config (2 times): x"]


def test_score_groups_55_identical_rows_into_one_line(match_book):
    rows = [[at(10), "Reds", 1, SOL[0]]] + [[at(20 + i), "Joker", 1, SOL[1]] for i in range(55)]
    path = match_book(rows)
    result = run("score", "--book", path, "--round", 1)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "55 problems reported:",
        "  Submissions rows 3–57 (55 rows): 'Joker' is not a player (Reds, Craw); fix the name or add the player "
        "to Players.",
        f"Fix each row, or once you have dealt with one, `hostkit dismiss --book {path} --tab Submissions --row 3` "
        "stops its report.",
    ]


@freeze_time("2026-11-21 20:04:48")
def test_the_round_still_open_message_comes_first(match_book):
    path = match_book([[at(10), "Joker", 1, SOL[0]]])
    result = run("score", "--book", path, "--round", 1)
    assert result.stderr.splitlines()[1].startswith("  Rounds row 2: round 1 is still open")


def test_every_next_hint_runs_as_printed_with_the_book(tmp_path):
    path = tmp_path / "my match.xlsx"
    made = run("new", "hap-and-grab", "--book", path, "--players", "Reds,Craw", "--seed", 3)
    [board] = hints(made.output)
    assert board == ["board", "--book", str(path), "--round", "1"]
    XlsxBook(path).create(match_tabs(), force=True)
    dealt = run("deal", "--book", path, "--round", 1)
    [play] = hints(dealt.output)
    assert play == ["play", "--book", str(path), "--round", "1"]
    played = run(*play, input="t\n" * 5)
    assert played.exit_code == 0, played.output
    after = hints(played.output)
    assert after == [["score", "--book", str(path), "--round", "2"], ["deal", "--book", str(path), "--round", "2"]]


def test_hap_and_grab_play_reads_the_abbreviations_of_the_decisions_tab(book_after_deal):
    played = run("play", "--book", book_after_deal, "--round", 1, input="p\nP\nt\n")
    assert "Saved: Craw passes card 1" in played.output and "Saved: Craw takes card 1" in played.output
    assert [row[3] for row in XlsxBook(book_after_deal).read()["Decisions"][1:]] == ["pass", "pass", "take"]
    refused = run("play", "--book", book_after_deal, "--round", 1, input="keep\n")
    assert "Not recorded: 'keep' is not a decision; type take or pass" in refused.output
