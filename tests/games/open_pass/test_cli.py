import json

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from hostkit.cli import main
from hostkit.storage.xlsx import XlsxBook

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gil", "Hal", "Ivy", "Jo", "Kit", "Lu", "Mo"]
PACKS = [
    ["Heaven Basic", "Heaven", "Basic", "4 5 x"],
    ["Heaven Mega", "Heaven", "Mega", "6 6 7 x +"],
    ["Heaven Special", "Heaven", "Special", "9 x"],
    ["Hell Basic", "Hell", "Basic", "0 ÷ -"],
    ["Hell Mega", "Hell", "Mega", "8 8 - - 0"],
    ["Hell Special", "Hell", "Special", "9 9"],
]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize(
    "expression, shown",
    [
        ("+ 3 1 x 9 x 2 - 2 x", "52"),
        ("9 - 1 x 2", "16"),
        ("7 / 2", "7/2"),
        ("9 ÷ 0", "0"),
        ("- 5 + 1", "-4"),
    ],
)
def test_evaluate_prints_the_score(expression, shown):
    result = run("open-pass", "evaluate", expression)
    assert result.exit_code == 0, result.output
    assert result.output == shown + "\n"


def test_evaluate_unquoted_cards_and_skip_setting():
    assert run("open-pass", "evaluate", "-", "5", "+", "1").output == "-4\n"
    assert run("open-pass", "evaluate", "9 ÷ 0 + 2", "--division-by-zero", "skip").output == "11\n"


def test_evaluate_json_has_the_normalised_equation():
    result = run("open-pass", "evaluate", "+ 3 1 * 9 X 2 - 2 x", "--json")
    data = json.loads(result.output)
    assert data["score"] == "52"
    assert data["equation"] == "0 + 3 x 9 x 2 - 2"
    assert data["cards"] == "+ 3 1 x 9 x 2 - 2 x"


def test_evaluate_bad_card_exits_2_with_the_card_named():
    result = run("open-pass", "evaluate", "12 + 1")
    assert result.exit_code == 2
    assert "'12' is not a card" in result.stderr


def new_match(tmp_path):
    path = tmp_path / "mm.xlsx"
    result = run("new", "open-pass", "--book", path, "--players", ",".join(PLAYERS), "--seed", 5)
    assert result.exit_code == 0, result.output
    book = XlsxBook(path)
    tabs = book.read()
    packs = tabs["Packs"] + [[n, *p] for n in (1, 2, 3) for p in PACKS]
    bids = tabs["Bids"] + [
        ["2026-11-21 10:00", "Ann", 1, "Heaven Special, Hell Mega"],
        ["2026-11-21 10:05", "Bo", 1, "Hell Mega, Heaven Basic, Hell Special"],
        ["2026-11-21 10:10", "Cy", 2, "Heaven Special"],
    ]
    trades = tabs["Trades"] + [[1, "Ann", "9", "Bo", "1"], [1, "Cy", "9", "Di", "1"]]
    book.write({"Packs": packs, "Bids": bids, "Trades": trades})
    return path


def full_deck(path, player):
    """Up to 20 of the cards a player holds after the last deck-building round: a deck the rules accept."""
    from hostkit.core.tables import Tables
    from hostkit.games.open_pass.equation import format_cards
    from hostkit.games.open_pass.game import OpenPass

    game, tables = OpenPass(), Tables(XlsxBook(path).read())
    return format_cards(game.building(tables, game.context(tables), 3)[-1].inventories[player][:20])


def test_the_whole_match_through_the_cli(tmp_path):
    path = new_match(tmp_path)
    one = run("score", "--book", path, "--round", 1)
    assert one.exit_code == 1  # a third pack and a trade of a card not held are reported
    assert "Bids row 3: Bo chose more than 2 packs; Hell Special is ignored" in one.stderr
    assert "Trades row 3: trade rejected: Cy does not hold 9 to give" in one.stderr
    for number in (2, 3):
        assert run("score", "--book", path, "--round", number).exit_code == 0
    names = load_workbook(path).sheetnames
    assert {"Round 1 Results", "Round 1 Bids", "Inventories"} <= set(names)

    message = run("open-pass", "inventory", "--book", path, "--player", "bo", "--round", 1)
    assert message.exit_code == 1
    assert message.stdout.startswith(
        "Bo, your inventory after round 1 (18 cards): 1 1 2 2 2 3 3 3 4 5 9 + + + - - - x."
    )
    assert "Trades row 3" in message.stderr

    book = XlsxBook(path)
    tabs = book.read()
    decks = tabs["Decks"] + [[p, "Heaven" if i % 2 else "impact", full_deck(path, p)] for i, p in enumerate(PLAYERS)]
    decisions = tabs["Decisions"] + [[p, None, None, "open"] for p in PLAYERS for _ in range(10)]
    book.write({"Decks": decks, "Decisions": decisions})

    final = run("score", "--book", path, "--round", 4, "--json")
    assert final.exit_code == 0, final.stderr
    data = json.loads(final.output)
    assert [r["tokens"] for r in data["ranking"]][:3] == [3, 1, 1]
    assert sum(r["candidate"] for r in data["ranking"]) == 3
    ledger = XlsxBook(path).read()["Ledger"]
    assert len(ledger) == 1 + 6
    again = run("score", "--book", path, "--round", 4, "--json")
    assert json.loads(again.output)["paid"] == []
    assert len(XlsxBook(path).read()["Ledger"]) == 1 + 6
    ended = run("standings", "--book", path, "--json")  # standings ends an Open, Pass match as it ends any other
    assert ended.exit_code == 0, ended.stderr
    assert json.loads(ended.output)["ranking"] == data["ranking"] and json.loads(ended.output)["paid"] == []
    assert "Play phase over: 13 players ranked." in run("standings", "--book", path).output

    best = run("open-pass", "best", "--book", path, "--player", "Ann", "--json")
    assert best.exit_code == 0, best.stderr
    found = json.loads(best.output)
    assert found["played"] == data["players"]["Ann"]["score"]
    assert int(found["best"]) >= int(found["played"])
    text = run("open-pass", "best", "--book", path, "--player", "Ann")
    assert text.output.splitlines()[1].startswith(f"Best possible: {found['best']} - open cards ")


def test_inventory_defaults_to_the_latest_scored_round(tmp_path):
    path = new_match(tmp_path)
    before = run("open-pass", "inventory", "--book", path, "--player", "Ann")
    assert before.stdout.startswith("Ann, you start with 15 cards:"), before.output
    run("score", "--book", path, "--round", 1)
    after = run("open-pass", "inventory", "--book", path, "--player", "Ann", "--json")
    assert json.loads(after.stdout)["message"].startswith("Ann, your inventory after round 1 ")


def test_best_before_a_deck_exits_2(tmp_path):
    path = new_match(tmp_path)
    result = run("open-pass", "best", "--book", path, "--player", "Ann")
    assert result.exit_code == 2
    assert "Ann has no deck in Decks" in result.stderr


def test_open_pass_commands_refuse_another_game(tmp_path):
    path = tmp_path / "hg.xlsx"
    assert run("new", "hap-and-grab", "--book", path, "--players", "Reds,Craw").exit_code == 0
    result = run("open-pass", "inventory", "--book", path, "--player", "Reds")
    assert result.exit_code == 2
    assert "runs Hap and Grab, not Open, Pass" in result.stderr


def test_live_protocol_saves_each_decision_and_resumes_on_a_real_workbook(tmp_path):
    from hostkit.core.tables import Tables
    from hostkit.games.open_pass.game import OpenPass

    path = new_match(tmp_path)
    book = XlsxBook(path)
    book.write({"Decks": [["Player", "Dealer", "Cards"], ["Ann", "Hell", full_deck(path, "Ann")]]})
    game = OpenPass()
    for choice in ("open", "pass", "open"):
        fresh = XlsxBook(path)
        outcome = game.decide(Tables(fresh.read()), None, "Ann", choice)
        fresh.write(outcome.writes)
    prompt, lines = game.next_prompt(Tables(XlsxBook(path).read()), None, "Ann")
    assert "card 4 of 20 from Impact (Hell)" in prompt.text
    assert [line.rsplit(": ", 1)[1] for line in lines[1:4]] == ["open", "pass", "open"]
    decisions = XlsxBook(path).read()["Decisions"]
    assert [row[1] for row in decisions[1:]] == [1, 2, 3]


def test_undo_at_the_play_prompt_takes_back_the_players_last_decision(tmp_path):
    path = new_match(tmp_path)
    for number in (1, 2, 3):
        run("score", "--book", path, "--round", number)
    book = XlsxBook(path)
    tabs = book.read()
    book.write(
        {
            "Decks": tabs["Decks"] + [[p, "Heaven", full_deck(path, p)] for p in PLAYERS],
            "Decisions": tabs["Decisions"] + [["Bo", 1, None, "open"]],
        }
    )
    result = CliRunner().invoke(main, ["play", "--book", str(path), "--player", "Ann"], input="open\npass\nundo\ny\n")
    assert result.exit_code == 1
    rows = XlsxBook(path).read()["Decisions"][1:]
    assert [r[0] for r in rows] == ["Bo", "Ann"] and rows[1][3] == "open"
    assert "Take back Decisions row 4 (Ann, 2, " in result.output
    assert "Before it: Ann, card 2 of 20 from YellOw (Heaven)" in result.output
    assert "Taken back." in result.output


def test_score_message_gives_each_round_and_the_final_ranking_without_private_cards(tmp_path):
    path = new_match(tmp_path)
    run("score", "--book", path, "--round", 1)
    message = run("score", "--book", path, "--round", 1, "--message").stdout.splitlines()
    assert message[:3] == ["```", "Open, Pass - round 1", "Heaven Basic   1 given"]
    assert message[-2:] == ["Pity card: 11 players", "```"]
    assert not any(name in " ".join(message) for name in PLAYERS)
    for number in (2, 3):
        run("score", "--book", path, "--round", number)
    book = XlsxBook(path)
    tabs = book.read()
    book.write(
        {
            "Decks": tabs["Decks"] + [[p, "Heaven", full_deck(path, p)] for p in PLAYERS],
            "Decisions": tabs["Decisions"] + [[p, None, None, "open"] for p in PLAYERS for _ in range(10)],
        }
    )
    final = run("score", "--book", path, "--round", 4, "--message").stdout.splitlines()
    assert final[1] == "Open, Pass - final results" and len(final) == 2 + 1 + len(PLAYERS)
    assert final[2].startswith(" 1. ") and final[2].endswith("3 ToL") and final[-2].endswith("EC")
    assert all(len(line) <= 34 for line in final)


def test_a_trade_and_a_deck_typed_as_none_are_reported_by_cell_on_a_real_workbook(tmp_path):
    path = new_match(tmp_path)
    book = XlsxBook(path)
    tabs = book.read()
    book.write({"Trades": tabs["Trades"] + [[1, "Ed", "None", "Fay", "1"]]})
    one = run("score", "--book", path, "--round", 1, "--json")
    assert "Trades row 4: Gives 'None' is not a list of cards; type the cards Ed gives" in one.stderr
    assert [t["row"] for t in json.loads(one.stdout)["trades"] if t["applied"]] == [2]
    for number in (2, 3):
        run("score", "--book", path, "--round", number)
    decks = tabs["Decks"] + [[p, "Heaven", full_deck(path, p)] for p in PLAYERS if p != "Ann"] + [["Ann", "Hell", None]]
    XlsxBook(path).write({"Decks": decks})
    final = run("score", "--book", path, "--round", 4)
    assert f"Decks row {len(decks)}: Ann's deck: Cards is blank; type the deck's cards" in final.stderr
    assert "Round 4: waiting for decks from Ann;" in run("status", "--book", path).output
