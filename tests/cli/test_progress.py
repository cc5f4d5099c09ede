"""Progress lines: only for a command that runs long, only on a terminal, never under --json."""

from hostkit.cli import progress
from hostkit.cli.progress import Progress
from tests.games.hap_and_grab.helpers import at


def test_nothing_is_shown_before_the_delay_then_the_stage_and_every_later_one(capsys):
    shown = Progress(after=60)
    shown("Reading game.xlsx…")
    assert capsys.readouterr().err == ""  # a command that ends within the delay says nothing
    shown._show_pending()  # the delay has passed, the command still runs
    shown("Writing Leaderboard to game.xlsx…")
    shown.stop()
    assert capsys.readouterr().err.splitlines() == [
        "hostkit: Reading game.xlsx…",
        "hostkit: Writing Leaderboard to game.xlsx…",
    ]


def test_an_xlsx_command_on_a_terminal_shows_its_stages_but_not_under_json(run, match_book, monkeypatch):
    path = match_book([[at(10), "Reds", 1, "ABC"]])
    monkeypatch.setattr(progress, "stderr_is_terminal", lambda: True)
    monkeypatch.setattr(progress, "PROGRESS_AFTER", 0)
    result = run("score", "--book", path, "--round", 1)
    assert [line for line in result.stderr.splitlines() if line.startswith("hostkit:")] == [
        "hostkit: Reading game.xlsx…",
        "hostkit: Judging by the rules of Hap and Grab…",
        "hostkit: Writing Round 1 Board, Round 1 Results, Leaderboard to game.xlsx…",
    ]
    quiet = run("score", "--book", path, "--round", 1, "--json")
    assert quiet.exit_code == 0 and quiet.stderr == ""


def test_no_progress_when_stderr_is_not_a_terminal(run, match_book):
    path = match_book([[at(10), "Reds", 1, "ABC"]])
    result = run("score", "--book", path, "--round", 1)
    assert "hostkit:" not in result.stderr
