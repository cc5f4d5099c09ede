"""The shared verbs on a custom match: status round by round, a Google Form's responses scored, watch re-scoring
a new answer, and the round's message sent to Discord once."""

import datetime as dt
import json

from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main
from hostkit.core.settings import with_setting
from hostkit.core.status import GameStatus, Phase
from hostkit.core.tables import Tables
from hostkit.games import load_game
from hostkit.storage.xlsx import XlsxBook
from tests.delivery.conftest import clock, discord  # noqa: F401 (fixtures)
from tests.games.custom.examples import AFTER, EXAMPLES, at, example_book

UTC = dt.timezone.utc


def run(*args, when=AFTER):
    with freeze_time(when):
        return CliRunner().invoke(main, [str(a) for a in args])


def status(path, when) -> dict:
    result = run("status", "--book", path, "--json", when=when)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def test_status_follows_the_round_from_setup_to_over(tmp_path):
    path = example_book(tmp_path / "t.xlsx", {**EXAMPLES["trivia"], "sent": EXAMPLES["trivia"]["sent"][:1]})
    before = status(path, at(-5).replace(tzinfo=UTC))
    assert (before["phase"], before["round"]) == ("setup", 1) and before["next"] == "Wait for round 1 to open"
    during = status(path, at(5).replace(tzinfo=UTC))
    assert during["phase"] == "open" and during["waiting_for"] == ["Bo", "Cy"]
    closed = status(path, AFTER)
    assert closed["phase"] == "closed" and closed["next"] == f"hostkit score --round 1 --book {path}"
    assert run("score", "--book", path, "--round", 1).exit_code == 0
    over = status(path, AFTER)
    assert over["phase"] == "over" and over["next"] is None  # its standings pay nothing: no settings ask them to


def test_the_games_status_is_the_typed_game_status(tmp_path):
    path = example_book(tmp_path / "c.xlsx", EXAMPLES["creative"])
    assert run("score", "--book", path, "--round", 1).exit_code == 0
    answer = load_game("custom").status(Tables(XlsxBook(path).read()), AFTER)
    assert isinstance(answer, GameStatus)
    assert (answer.round, answer.phase) == (1, Phase.SCORED)
    assert answer.next == "Type the Verdicts, then run `hostkit score --round 1` again"
    assert answer.lines == ("  Round 1: scored; 1 answer waits for your Verdict in Submissions.",)


def test_a_google_forms_responses_are_scored_through_form_columns(tmp_path):
    path = example_book(tmp_path / "f.xlsx", EXAMPLES["trivia"])
    tabs = XlsxBook(path).read()
    config = with_setting(tabs["Config"], "form_tab", "Form Responses 1")
    config = with_setting(config, "form_columns", "Your Discord name -> Player; Your answer -> Answer")
    responses = [["Timestamp", "Your Discord name", "Round", "Your answer"]]
    responses += [row[:4] for row in EXAMPLES["trivia"]["sent"]]
    XlsxBook(path).write({"Config": config, "Form Responses 1": responses})
    result = run("score", "--book", path, "--round", 1, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {p: v["points"] for p, v in data["players"].items()} == {"Ann": 1, "Bo": 4, "Cy": -2}


def test_watch_rescores_a_round_without_a_closes_time_when_an_answer_comes_in(tmp_path, monkeypatch):
    example = {**EXAMPLES["trivia"], "sent": EXAMPLES["trivia"]["sent"][:3]}
    path = example_book(tmp_path / "w.xlsx", example)
    XlsxBook(path).write({"Rounds": [["Round", "Opens", "Closes"], [1, at(0), None]]})

    def new_answer():
        book = XlsxBook(path)
        book.write({"Submissions": [*book.read()["Submissions"], [at(4), "Cy", 1, "Rome", None]]})

    import importlib

    watching = importlib.import_module("hostkit.cli.watch")  # the module the command runs, looked up now
    looked = iter(range(100))
    ticks = iter(range(0, 100_000, 5))
    with freeze_time(at(5).replace(tzinfo=UTC)):  # the clock frozen first, so that it keeps the watch's own clock
        monkeypatch.setattr(watching, "sleep", lambda seconds: new_answer() if next(looked) == 1 else None)
        monkeypatch.setattr(watching, "clock", lambda: next(ticks))
        result = CliRunner().invoke(main, ["watch", "--book", str(path), "--round", "1", "--for", "1m"])
    assert result.exit_code == 0, result.output
    assert "first score" in result.stdout and sum("new row" in line for line in result.stdout.splitlines()) == 1
    results = XlsxBook(path).read()["Round 1 Results"]
    assert [r[2] for r in results[1:5]] == ["paris", "Paris", "Berlin", "Rome"]


def test_score_send_posts_the_rounds_message_once(tmp_path, discord):  # noqa: F811
    path = example_book(tmp_path / "s.xlsx", EXAMPLES["trivia"])
    book = XlsxBook(path)
    book.write({"Config": with_setting(book.read()["Config"], "public_webhook", discord.url("999"))})
    sent = run("score", "--book", path, "--round", 1, "--send")
    assert sent.exit_code == 0, sent.output
    assert len(discord.received["999"]) == 1 and discord.received["999"][0].startswith("```\nCustom game - round 1")
    assert "Bo    4 pts" in discord.received["999"][0]
    again = run("score", "--book", path, "--round", 1, "--send")
    assert again.exit_code == 0 and discord.requests == 1
