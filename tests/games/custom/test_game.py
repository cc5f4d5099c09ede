"""The custom game through the command line on real xlsx workbooks: its demo, standings paid once, a Main Match
recorded in a season, a duel's winner, settings mistakes and bad rows."""

import datetime as dt
import json

from click.testing import CliRunner
from freezegun import freeze_time

from hostkit.cli import main
from hostkit.core.settings import with_setting
from hostkit.games import load_game
from hostkit.storage.xlsx import XlsxBook
from tests.games.custom.examples import AFTER, EXAMPLES, at, example_book

GAME = load_game("custom")
SAMPLE = GAME.demo()


def run(*args, when=None):
    with freeze_time(when or SAMPLE.now):
        return CliRunner().invoke(main, [str(a) for a in args])


def played(path, extra_config=None):
    """The demo's rules, rounds, key and submissions typed into the workbook at path (its Config otherwise kept)."""
    book = XlsxBook(path)
    config = book.read()["Config"]
    for row in SAMPLE.tabs["Config"][1:]:
        if row[0] in ("title", "incorrect_points", "repeat_other", "strikes", "garnets", "tol_threshold", "candidates"):
            config = with_setting(config, row[0], row[1])
    for key, value in (extra_config or {}).items():
        config = with_setting(config, key, value)
    book.write({"Config": config, **{t: SAMPLE.tabs[t] for t in ("Rounds", "Answers", "Submissions")}})
    for number in SAMPLE.rounds:
        assert run("score", "--book", path, "--round", number).exit_code in (0, 1)


def test_the_demo_plays_a_sample_match_to_its_standings(tmp_path):
    result = run("demo", "--game", "custom", "--book", tmp_path / "d.xlsx")
    assert result.exit_code == 0, result.output
    assert "$ hostkit standings" in result.output and "Winner: Ann." in result.output
    tabs = XlsxBook(tmp_path / "d.xlsx").read()
    assert {"Round 1 Results", "Round 2 Results", "Leaderboard"} <= set(tabs)


def test_standings_pays_garnets_tokens_and_candidates_once(tmp_path):
    path = tmp_path / "m.xlsx"
    assert run("new", "custom", "--book", path, "--players", "Ann,Bo,Cy,Di").exit_code == 0
    played(path)
    first = run("standings", "--book", path, "--json")
    assert first.exit_code in (0, 1), first.output
    data = json.loads(first.stdout)
    assert data["final"] and data["winner"] == "Ann"
    assert {p: (v["garnets"], v["tokens_of_life"], v["candidate"]) for p, v in data["players"].items()} == {
        "Ann": (10, 1, False),
        "Bo": (6, 0, False),
        "Cy": (3, 0, True),
        "Di": (3, 0, True),
    }
    ledger = XlsxBook(path).read()["Ledger"]
    assert len(ledger) == 1 + 7
    again = run("standings", "--book", path)
    assert again.exit_code in (0, 1) and "Paid:" not in again.output
    assert XlsxBook(path).read()["Ledger"] == ledger


def small_season(path, cast: str) -> None:
    """A season of four whose Main Matches (custom, for three or more) go on until two are left: Config
    final_stage_at 2, since the six sheet games need five players for a Main Match."""
    assert run("season", "new", "--book", path, "--cast", cast).exit_code == 0
    book = XlsxBook(path)
    book.write({"Config": with_setting(book.read()["Config"], "final_stage_at", 2)})


def test_a_custom_main_match_records_its_winners_tokens_and_candidates_in_the_season(tmp_path):
    season = tmp_path / "season.xlsx"
    small_season(season, "Ann,Bo,Cy,Di")
    made = run("new", "custom", "--book", tmp_path / "m.xlsx", "--season", season)
    assert made.exit_code == 0, made.output
    assert "Main Match 1 joined the season" in made.output
    played(tmp_path / "m.xlsx")
    ended = run("standings", "--book", tmp_path / "m.xlsx")
    assert ended.exit_code in (0, 1), ended.output
    assert "Recorded in the season: Main Match 1 won by Ann; Tokens of Life: Ann 1" in ended.output
    row = XlsxBook(season).read()["Matches"][1]
    assert row[:3] == ["Main Match 1", "Main Match", "custom"]
    assert row[4:8] == ["over", "Ann", "Ann 1", "Cy, Di"]
    assert run("standings", "--book", tmp_path / "m.xlsx").output.count("Already recorded in the season") == 1


def test_a_two_player_match_names_its_winner_and_its_tie_winner(tmp_path):
    path = tmp_path / "duel.xlsx"
    assert run("new", "custom", "--book", path, "--players", "Reds,Craw").exit_code == 0
    book = XlsxBook(path)
    book.write(
        {
            "Rounds": [["Round", "Opens", "Closes"], [1, at(0), at(10)]],
            "Answers": [["Round", "Answer", "Points"], [None, "yes", None]],
            "Submissions": [["Timestamp", "Player", "Round", "Answer"], [at(1), "Craw", 1, "YES"]],
        }
    )
    assert run("score", "--book", path, "--round", 1, when=AFTER).exit_code == 0
    assert json.loads(run("standings", "--book", path, "--json").stdout)["winner"] == "Craw"
    XlsxBook(path).write({"Submissions": [["Timestamp", "Player", "Round", "Answer"]]})
    assert json.loads(run("standings", "--book", path, "--json").stdout)["winner"] is None
    XlsxBook(path).write({"Config": with_setting(XlsxBook(path).read()["Config"], "tie_winner", "reds")})
    assert json.loads(run("standings", "--book", path, "--json").stdout)["winner"] == "Reds"


def test_a_settings_mistake_is_one_sentence_naming_the_setting_and_its_values(tmp_path):
    path = example_book(tmp_path / "t.xlsx", EXAMPLES["trivia"])
    book = XlsxBook(path)
    book.write({"Config": with_setting(book.read()["Config"], "judge", "sometimes")})
    result = run("score", "--book", path, "--round", 1, when=AFTER)
    assert result.exit_code == 2
    message = result.stderr.strip()
    assert message.count("\n") == 0 and "judge 'sometimes' is not one of key, host, key-or-host" in message


def test_a_blank_setting_takes_its_default(tmp_path):
    path = example_book(tmp_path / "t.xlsx", EXAMPLES["trivia"])
    book = XlsxBook(path)
    book.write({"Config": with_setting(book.read()["Config"], "incorrect_points", None)})
    data = json.loads(run("score", "--book", path, "--round", 1, "--json", when=AFTER).stdout)
    assert data["players"]["Cy"]["points"] == 0


def test_bad_rows_are_each_one_sentence_and_the_good_rows_still_score(tmp_path):
    example = {
        **EXAMPLES["trivia"],
        "answers": [*EXAMPLES["trivia"]["answers"], [1, "Lima", "lots"], ["one", "Quito", None]],
        "sent": [
            *EXAMPLES["trivia"]["sent"],
            [at(3), "Zed", 1, "Rome", None],
            ["yesterday-ish", "Ann", 1, "Rome", None],
            [at(3), "Ann", 1, '=HYPERLINK("x")', "maybe"],
            [at(3), "Bo", 1, None, None],
        ],
    }
    path = example_book(tmp_path / "bad.xlsx", example)
    result = run("score", "--book", path, "--round", 1, "--json", when=AFTER)
    assert result.exit_code == 1 and "Traceback" not in result.output
    data = json.loads(result.stdout)
    problems = {(p["tab"], p["row"]): p["message"] for p in data["problems"]}
    assert "Points 'lots' is not a whole number" in problems[("Answers", 5)]
    assert "Round 'one' is not a round number" in problems[("Answers", 6)]
    assert "'Zed' is not a player" in problems[("Submissions", 11)]
    assert "Timestamp" in problems[("Submissions", 12)]
    assert "Verdict 'maybe' is not correct or incorrect" in problems[("Submissions", 13)]
    assert "answer is blank" in problems[("Submissions", 14)]
    assert {p: v["points"] for p, v in data["players"].items()} == {"Ann": 0, "Bo": 4, "Cy": -2}
    results = XlsxBook(path).read()["Round 1 Results"]
    assert ['=HYPERLINK("x")'] == [r[2] for r in results if r and r[-1] == 13]


def test_a_round_still_open_is_not_scored(tmp_path):
    path = example_book(tmp_path / "t.xlsx", EXAMPLES["trivia"])
    result = run("score", "--book", path, "--round", 1, when=dt.datetime(2026, 11, 20, 20, 5, tzinfo=dt.timezone.utc))
    assert "round 1 is still open" in result.output and "Round 1 Results" not in XlsxBook(path).read()


def test_hindsight_names_the_missed_answers_and_the_first_finders(tmp_path):
    path = example_book(
        tmp_path / "r.xlsx", {**EXAMPLES["race"], "answers": [*EXAMPLES["race"]["answers"], [1, "XYZ", None]]}
    )
    assert run("score", "--book", path, "--round", 1, when=AFTER).exit_code == 0
    data = json.loads(run("hindsight", "--book", path, "--json", when=AFTER).stdout)["rounds"]["1"]
    assert data["missed"] == ["XYZ"]
    assert data["found_first"][0] == {"answer": "ABD", "player": "Reds", "at": "2026-11-20T20:01:00+00:00"}
    assert data["turns"][0]["effect"] == "Reds's 2nd correct answer puts a turn at the front."
    assert any("removes Reds's last remaining turn" in t["effect"] for t in data["turns"])


def test_a_two_player_custom_match_is_the_seasons_death_match(tmp_path):
    season = tmp_path / "season.xlsx"
    small_season(season, "Ann,Bo,Cy,Di")
    assert run("new", "custom", "--book", tmp_path / "m.xlsx", "--season", season).exit_code == 0
    played(tmp_path / "m.xlsx")
    assert run("standings", "--book", tmp_path / "m.xlsx").exit_code in (0, 1)
    set_dm = run("season", "dm", "--book", season, "--players", "Cy,Di")
    assert set_dm.exit_code == 0, set_dm.output
    duel = tmp_path / "dm.xlsx"
    made = run("new", "custom", "--book", duel, "--season", season)
    assert made.exit_code == 0, made.output
    assert [row[0] for row in XlsxBook(duel).read()["Players"][1:]] == ["Cy", "Di"]
    XlsxBook(duel).write(
        {
            "Rounds": [["Round", "Opens", "Closes"], [1, at(0), at(10)]],
            "Answers": [["Round", "Answer", "Points"], [None, "42", None]],
            "Submissions": [["Timestamp", "Player", "Round", "Answer"], [at(1), "Cy", 1, "41"], [at(2), "Di", 1, "42"]],
        }
    )
    assert run("score", "--book", duel, "--round", 1, when=AFTER).exit_code == 0
    ended = run("standings", "--book", duel, when=AFTER)
    assert ended.exit_code in (0, 1), ended.output
    assert "Recorded in the season: Di won Death Match 1; Cy is eliminated." in ended.output
    row = XlsxBook(season).read()["Matches"][2]
    assert row[:3] == ["Death Match 1", "Death Match", "custom"]
