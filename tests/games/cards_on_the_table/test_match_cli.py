"""A whole 10-player match through the command line: boards, live answers, three rounds, the end, the ledger."""

import datetime as dt
import json

from freezegun import freeze_time
from openpyxl import load_workbook

from hostkit.core.ledger import LEDGER_HEADER
from hostkit.games.cards_on_the_table.cards import BoardSet, Colour
from hostkit.games.cards_on_the_table.cells import CELLS
from hostkit.games.cards_on_the_table.guesses import BoardGuess, HeatGuess, TopGuess
from hostkit.games.cards_on_the_table.scoring import Match, score_rounds
from hostkit.games.cards_on_the_table.standings import final_standings
from hostkit.storage.xlsx import XlsxBook

from .support import PLAYERS, append, assert_nothing_leaks, closes, new_match, opens, run, set_config, tabs

ACTIVE, IDLE = PLAYERS[:8], PLAYERS[8:]
ORDERS = [("nullify", "replace", "scout"), ("replace", "scout", "nullify"), ("scout", "nullify", "replace")]
HOUR = dt.timedelta(hours=1)
SCORE_KEYS = {
    "starting",
    "action",
    "target",
    "scoring_card",
    "scoring_value",
    "nullify_credit",
    "guess_points",
    "penalties",
    "round_points",
    "total",
}


def read_set(path) -> BoardSet:
    return BoardSet.from_records(tabs(path)["Boards"][1:])


def plan(boards: BoardSet) -> dict[int, dict[str, list[str]]]:
    """Each active player scores with a 3 of their own every round and uses each action once; Ann turns a
    3rd card in round 1 and Bo states no action before his second card in round 1 (Nullify applies)."""
    messages: dict[int, dict[str, list[str]]] = {}
    for r in (1, 2, 3):
        board = boards.board(r)
        by_number = {n: [str(c) for c in CELLS if board[c].number == n] for n in (1, 2, 3)}
        messages[r] = {}
        for i, p in enumerate(ACTIVE):
            action = ORDERS[0 if p == "Bo" else i % 3][r - 1]
            three, one = by_number[3][i], by_number[1][i]
            said = [] if (p, r) == ("Bo", 1) else [action]
            messages[r][p] = [f">{one}", *said, f">{three}"] if action == "replace" else [f">{three}", *said, f">{one}"]
        messages[r]["Ann"] = messages[r]["Ann"] + ([f">{by_number[2][0]}"] if r == 1 else [])
    return messages


def play_round(path, messages, r, live=ACTIVE):
    """The live players' messages pasted through `hostkit play`; the others' typed into Submissions with
    their times and a blank Round (as a Form would leave them)."""
    at = (opens(r) + HOUR / 2).strftime("%Y-%m-%d %H:%M:%S")
    append(
        path,
        "Submissions",
        [[at, p, None, text] for p, texts in messages[r].items() if p not in live for text in texts],
    )
    outputs = {}
    for p, texts in ((p, t) for p, t in messages[r].items() if p in live):
        result = run("play", "--book", path, "--player", p.lower(), input="\n".join(texts) + "\n")
        assert result.exit_code == 0 and "saved this run." in result.output, result.output
        outputs[p] = result.output
    return outputs


def score(path, r, now):
    result = run("score", "--book", path, "--round", r, "--json")
    assert_nothing_leaks(path, now)
    return result


def test_a_ten_player_match_through_the_cli(tmp_path):
    path = new_match(tmp_path)
    boards = read_set(path)
    messages = plan(boards)
    append(
        path,
        "Board Guesses",
        [[1, "Ann", c.row, c.column, boards.card(1, c).number, None] for c in CELLS]
        + [[1, "Cy", 1, c, 2, "Red"] for c in range(1, 6)],
    )
    append(path, "Heat Guesses", [[1, "Cy", "highest sum black, lowest white", "yes"]])
    XlsxBook(path).write({"Ledger": [LEDGER_HEADER, ["Earlier match", None, "Ann", 1, 0, "", "won the Death Match"]]})

    now = opens(1) + HOUR
    with freeze_time(now):
        outputs = play_round(path, messages, 1)
        first = messages[1]["Ann"][0][1:]
        card = boards.card(1, CELLS[[str(c) for c in CELLS].index(first)])
        assert "Saved: Ann's message is in Submissions row 2 (round 1, 2026-11-21 21:00:00)" in outputs["Ann"]
        assert (
            f"\nYou turned over {first}: a 3, {card.colour}, heat {card.heat}. It is your starting card."
            in outputs["Ann"]
        )
        assert "This is your 3rd card this round: −2 points." in outputs["Ann"]
        assert "You stated no action before your second card" in outputs["Bo"]
        assert_nothing_leaks(path, now)
        early = score(path, 1, now)
        assert early.exit_code == 1 and "round 1 is still open: 23 h 0 min left" in early.stderr

    now = closes(1) + HOUR / 2
    with freeze_time(now):
        refused = run("play", "--book", path, "--player", "Ann", input=">R1C1\n")
        assert refused.exit_code == 2 and "reset period between round 1" in refused.stderr
        status = run("status", "--book", path)
        assert f"Next: hostkit score --round 1 --book {path}\n" in status.output
        one = score(path, 1, now)
        assert one.exit_code == 0, one.stderr
        data = json.loads(one.stdout)
        assert set(data) == {"game", "round", "players", "primary_list", "problems"}
        assert all(set(player) == SCORE_KEYS for player in data["players"].values())
        assert data["players"]["Ann"]["penalties"] == -2 and data["players"]["Bo"]["penalties"] == -1
        assert data["players"]["Bo"]["action"] == "Nullify"
        row_one = [boards.card(1, c) for c in CELLS[:5]]
        cy_won = 1 + any(c.number == 2 for c in row_one) + any(c.colour is Colour.RED for c in row_one)
        assert data["players"]["Cy"]["guess_points"] == cy_won  # the heat guess, and Threshold 3 over two guessers
        assert data["players"]["Ann"]["guess_points"] == 1  # numbers only: she guessed no colour
        results = tabs(path)["Round 1 Results"]
        assert [row[0] for row in results[1:11]] == data["primary_list"] == sorted(data["primary_list"], reverse=True)
        assert len(results[0]) == 1  # no secondary list after round 1
        top = [p for p, s in data["players"].items() if s["round_points"] == max(data["primary_list"])]

    append(path, "Top Guesses", [[1, "Ivy", ", ".join(top)], [1, "Jo", "Ann"]])
    now = opens(2) + HOUR
    with freeze_time(now):
        play_round(path, messages, 2, live=("Ann", "Bo"))
        bought = run("cards-on-the-table", "reveal", "--book", path, "--player", "ann", "--round", 1, "--cell", "r2c4")
        assert bought.exit_code == 0, bought.output + bought.stderr
        assert f"For 1 garnet: in round 1, R2C4 was {boards.card(1, CELLS[8]).describe()}." in bought.output
        again = run("cards-on-the-table", "reveal", "--book", path, "--player", "Ann", "--round", 1, "--cell", "R2C4")
        assert "nothing spent again" in again.output
        short = run("cards-on-the-table", "reveal", "--book", path, "--player", "Bo", "--round", 1, "--cell", "R2C4")
        assert short.exit_code == 1
        assert "Bo has 0 garnets and cannot spend 1 on a look at round 1's R2C4" in short.stderr
        assert [row[3] for row in tabs(path)["Ledger"][1:]] == [1, -1]
        assert_nothing_leaks(path, now)

    now = closes(2) + HOUR / 2
    with freeze_time(now):
        two = score(path, 2, now)
        assert two.exit_code == 0, two.stderr
        data = json.loads(two.stdout)
        assert data["players"]["Ivy"]["guess_points"] == 1 and data["players"]["Jo"]["guess_points"] == 0
        results = tabs(path)["Round 2 Results"]
        assert results[0] == ["Primary list: round 2 points", "Secondary list: totals after round 2"]
        assert [row[1] for row in results[1:11]] == sorted((s["total"] for s in data["players"].values()), reverse=True)

    now = opens(3) + HOUR
    with freeze_time(now):
        play_round(path, messages, 3, live=("Cy",))
        early = run("standings", "--book", path)
        assert early.exit_code == 2 and "The match is not over" in early.stderr

    now = closes(3) + HOUR / 2
    with freeze_time(now):
        three = score(path, 3, now)
        assert three.exit_code == 0, three.stderr
        book = load_workbook(path)
        assert {"Round 1 Board", "Round 2 Board", "Round 3 Board"} <= set(book.sheetnames)
        r1c1 = book["Round 1 Board"]["B2"]
        card = boards.card(1, CELLS[0])
        assert r1c1.value == f"{card.number} {card.colour}" and r1c1.fill.fgColor.rgb.endswith(
            {"Red": "E03131", "Blue": "1C7ED6", "Yellow": "FCC419"}[boards.card(1, CELLS[0]).colour.value]
        )

        undecided = run("standings", "--book", path, "--json")
        assert undecided.exit_code == 1
        data = json.loads(undecided.stdout)
        assert data["ec"] is None and "Ivy, Jo also tie on 0" in data["ec_reason"]
        assert {e["player"] for e in data["paid"] if e["elimination_candidate"]} == set()
        set_config(path, "ec_choice", "@jo")
        final = run("standings", "--book", path, "--json")
        assert final.exit_code == 0, final.stderr
        data = json.loads(final.stdout)
        assert data["ec"] == "Jo" and [e["player"] for e in data["paid"]] == ["Jo"]
        twice = run("standings", "--book", path)
        assert twice.exit_code == 0 and "Paid:" not in twice.output and "Already paid" in twice.output
        assert_nothing_leaks(path, now)

    expected = final_standings(
        Match(
            boards,
            tuple(PLAYERS),
            messages,
            tuple(BoardGuess(1, "Ann", c, boards.card(1, c).number) for c in CELLS)
            + tuple(BoardGuess(1, "Cy", CELLS[c], 2, Colour.RED) for c in range(5)),
            (HeatGuess(1, "Cy", True),),
            (TopGuess(1, "Ivy", tuple(top)), TopGuess(1, "Jo", ("Ann",))),
            "Jo",
        )
    )
    assert {p: s["total"] for p, s in data["players"].items()} == {p: s.total for p, s in expected.scores.items()}
    assert data["winners"] == list(expected.winners) and data["garnets"] == {
        p: s.garnets for p, s in expected.scores.items()
    }
    assert all(data["players"][p]["forfeit"] for p in IDLE) and not any(data["players"][p]["forfeit"] for p in ACTIVE)
    rounds = score_rounds(Match(boards, tuple(PLAYERS), messages), 1)
    assert rounds[0].players["Ann"].play.turned[2]  # the 3rd card is on record
    final_tab = tabs(path)["Final Results"]
    assert final_tab[0][:8] == [
        "Player",
        "Round 1",
        "Round 2",
        "Round 3",
        "Colour bonus",
        "Unique bonus",
        "Forfeit",
        "Total",
    ]
    ledger = tabs(path)["Ledger"][1:]
    garnet_rows = [row for row in ledger if row[0] == "Cards on the Table" and row[3] > 0]
    assert sum(row[3] for row in garnet_rows) == sum(data["garnets"].values())
