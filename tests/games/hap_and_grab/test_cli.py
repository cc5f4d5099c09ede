"""deal, play, score with Part 2, standings and ledger through CliRunner on real workbooks."""

import json

import pytest
from click.testing import CliRunner

from hostkit.cli import main
from hostkit.core.ledger import Entry, Refused, balances, ledger_rows, spend
from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_and_grab.tobago_helpers import SHEET_SEQUENCE, match_tabs


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


@pytest.fixture
def book(tmp_path):
    """A match of Reds and Craw whose round 1 earned CRCCR (Craw 3 turns, Reds 2)."""
    path = tmp_path / "game.xlsx"
    XlsxBook(path).create(match_tabs())
    return path


def tabs(path):
    return XlsxBook(path).read()


def test_deal_prints_one_private_message_per_player_and_keeps_cards_hidden(book):
    result = run("deal", "--book", book, "--round", 1)
    assert result.exit_code == 0, result.output
    peeks = tabs(book)["Peeks"][1:]
    craw = ", ".join(str(r[2]) for r in peeks if r[1] == "Craw")
    assert "--- for Craw only (paste in their private channel) ---" in result.output
    assert f"You hold 3 turns, so you peek at 3 treasure cards: {craw}." in result.output
    assert "--- for Reds only" in result.output and "You hold 2 turns" in result.output
    assert len(tabs(book)["Pile"]) == 9
    first = tabs(book)
    assert run("deal", "--book", book, "--round", 1).exit_code == 0
    assert tabs(book) == first


def test_deal_refuses_a_round_in_play_without_force(book):
    run("deal", "--book", book, "--round", 1)
    assert run("play", "--book", book, "--round", 1, input="pass\n").exit_code == 1
    result = run("deal", "--book", book, "--round", 1)
    assert result.exit_code == 2 and "reveals have started" in result.output
    assert run("deal", "--book", book, "--round", 1, "--force").exit_code == 0


def test_play_saves_each_decision_and_resumes_after_an_interruption(book):
    run("deal", "--book", book, "--round", 1)
    first = run("play", "--book", book, "--round", 1, input="pass\npass\n")
    assert first.exit_code == 1
    assert "Stopped: 2 decisions saved this run; run the same command to resume." in first.output
    assert tabs(book)["Decisions"][1:] == [[1, 1, "Craw", "pass"], [1, 1, "Reds", "pass"]]
    second = run("play", "--book", book, input="take\n" * 10)
    assert second.exit_code == 0, second.output
    assert "  Craw passes card 1; the option moves to Reds (turn 2 of CRCCR)." in second.output
    assert second.output.count("Craw passes card 1") == 1
    assert "Round 1, card 1 is " in second.output and "the option is Craw's (turn 3 of CRCCR)" in second.output
    assert "Part 2 of round 1 has ended: the turn order is empty." in second.output
    assert "Done: 5 decisions saved this run." in second.output
    decided = tabs(book)["Decisions"][1:]
    assert decided[2] == [1, 1, "Craw", "take"] and len(decided) == 7
    assert run("play", "--book", book, "--round", 1).output.count("Done: 0 decisions") == 1


def test_play_explains_what_is_missing(book):
    result = run("play", "--book", book, "--round", 1)
    assert result.exit_code == 2
    assert f"Round 1 is not dealt yet; run `hostkit deal --book {book} --round 1` first." in result.output
    result = run("play", "--book", book, "--player", "Reds")
    assert result.exit_code == 2 and "leave out --player" in result.output


def test_score_json_adds_part_2(book):
    run("deal", "--book", book, "--round", 1)
    run("play", "--book", book, "--round", 1, input="take\n")
    result = run("score", "--book", book, "--round", 1, "--json")
    assert result.exit_code == 0, result.output
    part2 = json.loads(result.output)["part2"]
    assert set(part2) >= {"reveals", "turn_order_left", "waiting_for", "treasure"}
    assert part2["reveals"][0]["taken_by"] == "Craw" and part2["turn_order_left"] == ["Reds", "Craw", "Craw", "Reds"]
    assert part2["waiting_for"] == {"player": "Reds", "card": part2["reveals"][1]["card"], "number": 2}
    assert part2["treasure"]["Craw"] == part2["reveals"][0]["value"] and part2["treasure"]["Reds"] == 0
    assert "Part 2 (Tobago)" in [row[0] for row in tabs(book)["Round 1 Results"] if row]


def one_round_match(path, tie_winner=""):
    XlsxBook(path).create(
        match_tabs({1: (SHEET_SEQUENCE, "C")}, config={"rounds": 1, "tie_winner": tie_winner}), force=True
    )
    run("deal", "--book", path, "--round", 1)
    run("play", "--book", path, "--round", 1, input="take\n" * 5)
    run("score", "--book", path, "--round", 1)


def test_standings_pay_the_winner_once(book):
    one_round_match(book)
    result = run("standings", "--book", book, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    craw, reds = data["players"]["Craw"]["treasure"], data["players"]["Reds"]["treasure"]
    assert data["winner"] == ("Craw" if craw > reds else "Reds") and data["final"]
    assert data["players"]["Craw"]["lost"] is False
    assert [e["garnets"] for e in data["paid"]] == [6]
    assert tabs(book)["Ledger"][1:] == [
        [
            "Hap and Grab: Reds v Craw",
            None,
            data["winner"],
            6,
            0,
            None,
            "won the Death Match",
            "Hap and Grab: Reds v Craw",
            "won the Death Match",
        ]
    ]
    config = {row[0]: row[1] for row in tabs(book)["Config"]}
    assert config["match_id"] == "Hap and Grab: Reds v Craw"  # a workbook made before match ids keeps its name
    again = run("standings", "--book", book)
    assert again.exit_code == 0 and "Already paid" in again.output
    assert len(tabs(book)["Ledger"]) == 2
    board = tabs(book)["Leaderboard"]
    assert any(row[0] == data["winner"] and "winner" in row for row in board if row)


def test_standings_pay_into_a_season_workbook(book, tmp_path):
    one_round_match(book)
    season = tmp_path / "season.xlsx"
    assert run("standings", "--book", book, "--ledger", season).exit_code == 0
    assert run("standings", "--book", book, "--ledger", season).exit_code == 0
    assert "Ledger" not in tabs(book) or len(tabs(book)["Ledger"]) == 1
    assert len(tabs(season)["Ledger"]) == 2
    result = run("ledger", "--book", season, "--json")
    players = json.loads(result.output)["players"]
    assert list(players) == [tabs(season)["Ledger"][1][2]]
    assert next(iter(players.values())) == {"garnets": 6, "tokens_of_life": 0, "elimination_candidacies": 0}


def test_a_ledger_that_pays_the_wrong_player_is_corrected_not_paid_twice(book):
    one_round_match(book)
    run("standings", "--book", book)
    rows = tabs(book)["Ledger"]
    winner = rows[1][2]
    loser = "Reds" if winner == "Craw" else "Craw"
    rows[1][2] = loser
    XlsxBook(book).write({"Ledger": rows})
    result = run("standings", "--book", book)
    assert result.exit_code == 0, result.output
    assert (
        f"Reversed: {loser} -6 garnets (won the Death Match — reversed: the corrected result gives it to "
        f"{winner}, Hap and Grab: Reds v Craw)" in result.output
    )
    assert [row[2:4] for row in tabs(book)["Ledger"][1:]] == [[loser, 6], [loser, -6], [winner, 6]]
    assert run("standings", "--book", book).output.count("Already paid") == 1
    assert len(tabs(book)["Ledger"]) == 4


def test_a_tie_goes_to_tie_winner_in_standings(book):
    one_round_match(book, tie_winner="@reds")
    data = json.loads(run("standings", "--book", book, "--json").output)
    craw, reds = data["players"]["Craw"]["treasure"], data["players"]["Reds"]["treasure"]
    assert craw != reds or data["winner"] == "Reds"
    XlsxBook(book).write(
        {"Config": [["Key", "Value"], ["game", "hap-and-grab"], ["seed", 7], ["rounds", 1], ["tie_winner", "Joker"]]}
    )
    result = run("standings", "--book", book)
    assert result.exit_code == 2 and "Config tie_winner 'Joker' is not a player" in result.output


def test_ledger_balances_and_a_book_without_one(tmp_path):
    path = tmp_path / "season.xlsx"
    entries = [
        Entry("Hap and Grab 1", None, "Reds", garnets=6, reason="won the Death Match"),
        Entry("Main Match 2", None, "@reds", tokens=1, reason="top score"),
        Entry("Main Match 2", None, "Craw", candidate=True, reason="lowest score"),
    ]
    XlsxBook(path).create({"Other": [["x"]], "Ledger": ledger_rows(entries)})
    result = run("ledger", "--book", path)
    assert result.exit_code == 0
    assert result.output.splitlines()[1].split() == ["Reds", "6", "1", "0"]
    assert result.output.splitlines()[2].split() == ["Craw", "0", "0", "1"]
    data = json.loads(run("ledger", "--book", path, "--json").output)
    assert data["players"]["Craw"] == {"garnets": 0, "tokens_of_life": 0, "elimination_candidacies": 1}
    empty = tmp_path / "empty.xlsx"
    XlsxBook(empty).create({"Other": [["x"]]})
    result = run("ledger", "--book", empty)
    assert result.exit_code == 0 and "has no Ledger tab yet" in result.output


def test_ledger_reports_an_unreadable_row(tmp_path):
    path = tmp_path / "season.xlsx"
    rows = ledger_rows([Entry("M", None, "Reds", garnets=6, reason="won")]) + [["M", None, "Craw", "six"]]
    XlsxBook(path).create({"Ledger": rows})
    result = run("ledger", "--book", path)
    assert result.exit_code == 1 and "Ledger row 3: Garnets 'six' is not a whole number" in result.output


def test_spending_needs_enough_garnets():
    paid = [Entry("DM 1", None, "Reds", garnets=6, reason="won the Death Match")]
    purchase = spend(paid, "MM 2", 1, "reds", 4, "a 4-space move")
    assert purchase.garnets == -4 and balances(paid + [purchase])["Reds"].garnets == 2
    with pytest.raises(Refused, match="Reds has 2 garnets and cannot spend 4 on a 4-space move"):
        spend(paid + [purchase], "MM 2", 2, "Reds", 4, "a 4-space move")


def trimmed(rows):
    """Rows as typed: the blank cells an .xlsx file pads them with dropped."""
    out = []
    for row in rows:
        row = list(row)
        while row and row[-1] is None:
            row.pop()
        out.append(row)
    return out


def test_play_keeps_the_public_results_tab_current_without_a_score(book, tmp_path):
    public = tmp_path / "public.xlsx"
    run("deal", "--book", book, "--round", 1)
    assert "Round 1 Results" not in tabs(book)
    assert run("play", "--book", book, "--round", 1, "--public-book", public, input="pass\n").exit_code == 1
    for path in (book, public):
        results = trimmed(tabs(path)["Round 1 Results"])
        assert ["Part 2 (Tobago)", "Turn order at the start", "CRCCR"] in results
        assert ["Waiting for", "Reds"] == results[-5][:2]
    assert "Peeks" not in tabs(public) and "Decisions" not in tabs(public)


def test_standings_refreshes_every_round_tab_it_sums(book):
    run("deal", "--book", book, "--round", 1)
    assert run("score", "--book", book, "--round", 1).exit_code == 0
    XlsxBook(book).write({"Decisions": [["Round", "Card", "Player", "Decision"], [1, 1, "Craw", "take"]]})
    assert not any(row and row[0] == "Part 2 (Tobago)" for row in tabs(book)["Round 1 Results"])
    assert run("standings", "--book", book).exit_code == 0
    results = trimmed(tabs(book)["Round 1 Results"])
    assert ["Part 2 (Tobago)", "Turn order at the start", "CRCCR"] in results
    header = next(row for row in results if row and row[0] == "Card")
    first = results[results.index(header) + 1]
    assert first[header.index("Taken by")] == "Craw"


def test_undo_at_the_prompt_takes_back_the_last_decision_after_confirming(book):
    run("deal", "--book", book, "--round", 1)
    result = run("play", "--book", book, "--round", 1, input="pass\npass\nundo\nn\nundo\ny\n")
    assert result.exit_code == 1  # stopped at the end of the input, to resume later
    assert "Take back Decisions row 3: Reds passes card 1; the option moves to Craw (turn 3 of CRCCR)." in result.output
    assert (
        "Before it: Round 1, card 1 is" in result.output and "the option is Reds's (turn 2 of CRCCR)" in result.output
    )
    assert "Kept: nothing was changed." in result.output and "Taken back." in result.output
    assert tabs(book)["Decisions"][1:] == [[1, 1, "Craw", "pass"]]


def test_undo_takes_back_a_forced_skull_with_the_decision_that_revealed_it(book):
    from tests.games.hap_and_grab.tobago_helpers import pile

    XlsxBook(book).write(
        {
            "Pile": pile(
                1, 5, "skull", 4, 6, 3, 5, 4, 3, peeks=["Craw", "Craw", "Craw", "Reds", "Reds", None, None, None]
            )
        }
    )
    result = run("play", "--book", book, "--round", 1, input="take\nundo\ny\n")
    assert "Saved: Craw takes card 1 (a 5, +5)" in result.output
    assert tabs(book)["Decisions"][1:] == []
    assert "Take back Decisions row 2: Craw takes card 1 (a 5, +5)" in result.output
    assert (
        "  and row 3, recorded with it: Reds holds the first turn and must take card 2, a skull (-3)" in result.output
    )
    assert "Before it: Round 1, card 1 is a 5; the option is Craw's (turn 1 of CRCCR)." in result.output


def test_undo_with_nothing_recorded_says_so(book):
    run("deal", "--book", book, "--round", 1)
    result = run("play", "--book", book, "--round", 1, input="undo\n")
    assert "Not recorded: Round 1 has no recorded decision to take back." in result.output


def test_score_message_is_a_short_code_block_of_public_results_only(book):
    run("deal", "--book", book, "--round", 1)
    before = run("score", "--book", book, "--round", 1, "--message")
    assert before.exit_code == 0, before.output
    lines = before.stdout.splitlines()
    assert lines == [
        "```",
        "Hap and Grab - round 1",
        "Anti-haps found: 15 of 18",
        "Reds  6 ok  0 pen  2 turns",
        "Craw  9 ok  1 pen  3 turns",
        "Turn order: CRCCR",
        "```",
    ]  # dealt, nothing revealed yet
    run("play", "--book", book, "--round", 1, input="pass\npass\ntake\n")
    after = run("score", "--book", book, "--round", 1, "--message").stdout.splitlines()
    revealed = tabs(book)["Pile"][1][2]
    assert after[6:9] == ["", f"Part 2: {revealed}>C", f"Waiting for Craw on card 2 (a {tabs(book)['Pile'][2][2]})"]
    assert after[-2] == f"Treasure: Reds 0, Craw {revealed}" and after[-1] == "```"
    assert all(len(line) <= 34 for line in after)


def test_score_says_what_comes_next_at_each_step_of_a_round(book, tmp_path):
    def next_line(path, problems=False):
        result = run("score", "--book", path, "--round", 1)
        assert result.exit_code == (1 if problems else 0), result.output
        return [line for line in result.output.splitlines() if line.startswith("Next:")]

    assert next_line(book) == [
        f"Next: `hostkit deal --book {book} --round 1` deals Part 2 (each player's peeks and the reveal pile)."
    ]
    run("deal", "--book", book, "--round", 1)
    assert next_line(book) == [f"Next: `hostkit play --book {book} --round 1` records Part 2's take-or-pass decisions."]
    run("play", "--book", book, "--round", 1, input="take\n" * 10)
    assert next_line(book) == [
        f"Next: round 2: `hostkit score --book {book} --round 2` once its Part 1 has closed, "
        f"then `hostkit deal --book {book} --round 2`."
    ]
    last = tmp_path / "last.xlsx"
    one_round_match(last)
    assert next_line(last, problems=True) == [
        f"Next: `hostkit standings --book {last}` names the winner and pays the garnets."
    ]
