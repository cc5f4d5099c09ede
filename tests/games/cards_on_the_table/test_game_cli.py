"""Bad input, refusals and the smaller commands: every verdict in words, the good rows still scored."""

import datetime as dt
import json

from freezegun import freeze_time

from hostkit.core.ledger import LEDGER_HEADER
from hostkit.storage.xlsx import XlsxBook

from .support import PLAYERS, append, closes, new_match, opens, run, set_config, tabs

HOUR = dt.timedelta(hours=1)


def at(moment: dt.datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def test_rounds_follow_round_hours_and_reset_minutes_unless_typed(tmp_path):
    path = new_match(tmp_path, settings={"round_hours": 2, "reset_minutes": 30})
    rows = tabs(path)["Rounds"]
    rows[3][2] = "2026-11-22 09:00"  # round 3 closes late
    XlsxBook(path).write({"Rounds": rows})
    with freeze_time("2026-11-21 22:15:00"):
        result = run("status", "--book", path, "--json")
    shaped = json.loads(result.stdout)
    data = {**shaped["details"], "next": shaped["next"]}
    assert [(r["opens"], r["closes"]) for r in data["rounds"]] == [
        ("2026-11-21 20:00:00", "2026-11-21 22:00:00"),
        ("2026-11-21 22:30:00", "2026-11-22 00:30:00"),
        ("2026-11-22 01:00:00", "2026-11-22 09:00:00"),
    ]
    assert data["open_round"] is None and data["next"] == f"hostkit score --round 1 --book {path}"
    assert data["no_round_open"].startswith("it is the reset period between round 1 (closed at 2026-11-21 22:00:00)")


def test_a_bad_rounds_row_stops_with_its_row(tmp_path):
    path = new_match(tmp_path)
    rows = tabs(path)["Rounds"]
    rows[2][1] = "soon"
    XlsxBook(path).write({"Rounds": rows})
    result = run("score", "--book", path, "--round", 1)
    assert result.exit_code == 2 and "Rounds row 3: 'soon' is not a time" in result.stderr


def test_round_one_needs_an_opens_time(tmp_path):
    path = tmp_path / "cards.xlsx"
    run("new", "cards-on-the-table", "--book", path, "--players", ",".join(PLAYERS))
    run("board", "--book", path)
    result = run("play", "--book", path, "--player", "Ann", input=">R1C1\n")
    assert result.exit_code == 2 and "round 1 has no Opens time; type it in the Rounds tab" in result.stderr
    assert "type round 1's Opens time" in run("status", "--book", path).output


def test_bad_submissions_are_reported_and_the_good_rows_scored(tmp_path):
    path = new_match(tmp_path)
    append(
        path,
        "Submissions",
        [
            [at(opens(1) + HOUR), "Ann", None, ">R1C1"],
            [at(opens(1) + HOUR), "Zed", 1, ">R1C2"],
            [at(closes(1) + HOUR / 2), "Bo", None, ">R1C3"],
            [at(opens(2) + HOUR), "Bo", 1, ">R1C4"],
            ["yesterday", "Cy", 1, ">R1C5"],
            [at(opens(1) + HOUR), "Di", 1, None],
        ],
    )
    with freeze_time(closes(1) + HOUR):
        result = run("score", "--book", path, "--round", 1, "--json")
    assert result.exit_code == 1
    problems = {p["row"]: p["message"] for p in json.loads(result.stdout)["problems"]}
    assert "'Zed' is not a player" in problems[3]
    assert (
        "with a blank Round, outside every round (before round 1, in a reset period, or after round 3)" in problems[4]
    )
    assert "outside round 1 (2026-11-21 20:00:00 to 2026-11-22 20:00:00); it is not read" in problems[5]
    assert "Timestamp 'yesterday' is not a time" in problems[6]
    assert problems[7] == "Di's message is blank; nothing to read."
    assert json.loads(result.stdout)["players"]["Ann"]["starting"] == "R1C1"


def test_bad_guesses_are_reported_by_row(tmp_path):
    path = new_match(tmp_path)
    append(path, "Board Guesses", [[1, "Ann", 6, 1, 2, None], [1, "Bo", 1, 1, None, None], [1, "Cy", 1, 1, 2, "R"]])
    append(
        path,
        "Heat Guesses",
        [[1, "Ann", "sums", "no"], [1, "Ann", "sums again", "yes"], [1, "Bo", "x", None], [1, "Cy", "y", "maybe"]],
    )
    append(path, "Top Guesses", [[3, "Ann", "Bo"], [1, "Zed", "Bo"]])
    with freeze_time(closes(1) + HOUR):
        result = run("score", "--book", path, "--round", 1)
    assert result.exit_code == 1
    lines = result.stderr
    assert "Board Guesses row 2: R6C1 is not a cell: rows and columns run 1 to 5" in lines
    assert "Board Guesses row 3: the guess of R1C1 names neither a Number nor a Colour" in lines
    assert (
        "Heat Guesses row 3: Ann's heat guess in round 1 is refused: the heat rule may be guessed only once, and "
        "the guess of round 1 stands. The row is not scored."
    ) in lines
    assert (
        "Heat Guesses row 4: Bo's heat guess in round 1 is not judged yet: type yes or no in its Correct cell." in lines
    )
    assert "Heat Guesses row 5: Correct 'maybe' is not yes or no; the guess is not scored until it is fixed." in lines
    assert "Top Guesses row 2: Round 3 has no top-scorer guesses" in lines
    assert "Top Guesses row 3: 'Zed' is not a player" in lines


def test_play_refuses_outside_a_round_and_strangers(tmp_path):
    path = new_match(tmp_path)
    with freeze_time(opens(1) - HOUR):
        early = run("play", "--book", path, "--player", "Ann", input=">R1C1\n")
        assert early.exit_code == 2 and "no round is open yet: round 1 opens at 2026-11-21 20:00:00" in early.stderr
    with freeze_time(opens(1) + HOUR):
        assert "'Zed' is not a player" in run("play", "--book", path, "--player", "Zed").stderr
        assert "Name the player whose message you paste" in run("play", "--book", path).stderr
        wrong = run("play", "--book", path, "--player", "Ann", "--round", 2)
        assert "Round 2 is not open now; round 1 is." in wrong.stderr
    with freeze_time(closes(3) + HOUR):
        late = run("play", "--book", path, "--player", "Ann", input=">R1C1\n")
        assert "the match is over: round 3 closed at" in late.stderr
    assert len(tabs(path)["Submissions"]) == 1


def test_play_refuses_when_a_form_feeds_the_submissions(tmp_path):
    path = new_match(tmp_path)
    set_config(path, "form_tab", "Form Responses 1")
    XlsxBook(path).write({"Form Responses 1": [["Timestamp", "Player", "Message"]]})
    with freeze_time(opens(1) + HOUR):
        result = run("play", "--book", path, "--player", "Ann")
    assert result.exit_code == 2 and "clear form_tab to paste messages here" in result.stderr


def test_undo_takes_back_the_players_last_message(tmp_path):
    path = new_match(tmp_path)
    with freeze_time(opens(1) + HOUR):
        result = run("play", "--book", path, "--player", "Ann", input=">R1C1\n>R2C2\nundo\ny\n")
    assert "Ann's last message (Submissions row 3, round 1, 2026-11-21 21:00:00): '>R2C2'" in result.output
    assert "Taken back." in result.output
    assert [row[3] for row in tabs(path)["Submissions"][1:]] == [">R1C1"]


def test_the_answer_warns_before_and_charges_a_third_card(tmp_path):
    path = new_match(tmp_path)
    with freeze_time(opens(1) + HOUR):
        result = run("play", "--book", path, "--player", "Ann", input="scout\n>R1C1\n>R2C2\n>R3C3\n")
    assert "Note: Turning over card 3 this round costs 2 points." in result.output
    assert "This is your 3rd card this round: −2 points." in result.output


def test_reveal_only_in_round_two_or_three_for_the_previous_round(tmp_path):
    path = new_match(tmp_path)
    season = tmp_path / "season.xlsx"
    XlsxBook(season).create({"Ledger": [LEDGER_HEADER, ["Earlier", None, "Bo", 2, 0, "", "won"]]})
    with freeze_time(opens(1) + HOUR):
        early = run(
            "cards-on-the-table",
            "reveal",
            "--book",
            path,
            "--player",
            "Bo",
            "--round",
            1,
            "--cell",
            "R1C1",
            "--ledger",
            season,
        )
        assert early.exit_code == 1 and "only during round 2 or 3, not round 1" in early.stderr
    with freeze_time(closes(1) + HOUR / 2):
        reset = run(
            "cards-on-the-table",
            "reveal",
            "--book",
            path,
            "--player",
            "Bo",
            "--round",
            1,
            "--cell",
            "R1C1",
            "--ledger",
            season,
        )
        assert reset.exit_code == 1 and "reset period" in reset.stderr
    with freeze_time(opens(3) + HOUR):
        same = run(
            "cards-on-the-table",
            "reveal",
            "--book",
            path,
            "--player",
            "Bo",
            "--round",
            3,
            "--cell",
            "R1C1",
            "--ledger",
            season,
        )
        assert "round 3 is not the previous round of round 3" in same.stderr
        first = run(
            "cards-on-the-table",
            "reveal",
            "--book",
            path,
            "--player",
            "Bo",
            "--round",
            1,
            "--cell",
            "R1C1",
            "--ledger",
            season,
        )
        assert first.exit_code == 1 and "round 1 is not the previous round of round 3" in first.stderr
        bad = run("cards-on-the-table", "reveal", "--book", path, "--player", "Bo", "--round", 2, "--cell", "C1R1")
        assert bad.exit_code == 2 and "--cell: 'C1R1' is not a cell" in bad.stderr
        bought = run(
            "cards-on-the-table",
            "reveal",
            "--book",
            path,
            "--player",
            "Bo",
            "--round",
            2,
            "--cell",
            "r5c5",
            "--ledger",
            season,
            "--json",
        )
        assert bought.exit_code == 0, bought.stderr
        assert json.loads(bought.stdout)["answer"].startswith("For 1 garnet: in round 2, R5C5 was a ")
    match_id = {row[0]: row[1] for row in tabs(path)["Config"]}["match_id"]
    assert XlsxBook(season).read()["Ledger"][-1] == [
        "Cards on the Table",
        3,
        "Bo",
        -1,
        0,
        None,
        "a look at round 2's R5C5",
        match_id,
        None,
    ]
    assert tabs(path)["Ledger"][1:] == []  # the match's own Ledger is left as new: the season workbook was paid


def test_reveal_needs_a_cards_on_the_table_workbook(tmp_path):
    path = tmp_path / "hg.xlsx"
    run("new", "hap-and-grab", "--book", path, "--players", "Reds,Craw")
    result = run("cards-on-the-table", "reveal", "--book", path, "--player", "Reds", "--round", 1, "--cell", "R1C1")
    assert result.exit_code == 2 and "runs Hap and Grab, not Cards on the Table" in result.stderr


def test_standings_wait_for_round_three(tmp_path):
    path = new_match(tmp_path)
    result = run("standings", "--book", path)
    assert result.exit_code == 2 and "The match is not over: score round 3 after it closes" in result.stderr


def test_ctrl_c_finishes_play_with_one_line_and_exit_0(tmp_path):
    path = new_match(tmp_path)
    with freeze_time(opens(1) + HOUR):
        result = run("play", "--book", path, "--player", "Ann", input=">R1C1\n")  # the input's end is Ctrl-C
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().splitlines()[-1] == "Done: 1 decision saved this run."
    assert "Stopped" not in result.output


def test_play_writes_the_timestamp_as_a_date_cell(tmp_path):
    path = new_match(tmp_path)
    with freeze_time(opens(1) + HOUR):
        run("play", "--book", path, "--player", "Ann", input=">R1C1\n")
    assert tabs(path)["Submissions"][1][0] == (opens(1) + HOUR).replace(tzinfo=None)


def test_undo_redraws_the_image_without_the_card_taken_back(tmp_path):
    (tmp_path / "one").mkdir(), (tmp_path / "two").mkdir()
    one, two = new_match(tmp_path / "one"), new_match(tmp_path / "two")
    with freeze_time(opens(1) + HOUR):
        run("play", "--book", one, "--player", "Ann", "--image", tmp_path / "one.png", input=">R1C1\n")
        run("play", "--book", two, "--player", "Ann", "--image", tmp_path / "two.png", input=">R1C1\n>R2C2\n")
        assert (tmp_path / "one.png").read_bytes() != (tmp_path / "two.png").read_bytes()
        run("play", "--book", two, "--player", "Ann", "--image", tmp_path / "two.png", input="undo\ny\n")
    assert (tmp_path / "one.png").read_bytes() == (tmp_path / "two.png").read_bytes()
