"""`hostkit ledger spend` and `hostkit ledger pay` on a match workbook, a season workbook and a season Google Sheet."""

import json

from hostkit.storage.xlsx import XlsxBook


def ledger(path):
    return XlsxBook(path).read().get("Ledger")


def test_a_spend_the_balance_cannot_cover_is_refused_and_changes_nothing(run, match_book):
    path = match_book()
    paid = run("ledger", "pay", "--book", path, "--player", "reds", "--garnets", 3, "--reason", "dodged round 1")
    assert paid.exit_code == 0, paid.output
    assert "Paid: Reds +3 garnets (dodged round 1, Hap and Grab: Reds v Craw), written to Ledger in" in paid.output
    before = path.read_bytes()
    refused = run("ledger", "spend", "--book", path, "--player", "Reds", "--garnets", 4, "--reason", "a 4-space move")
    assert refused.exit_code == 1
    assert "Refused: Reds has 3 garnets and cannot spend 4 on a 4-space move; nothing was written." in refused.stderr
    assert path.read_bytes() == before
    data = json.loads(
        run(
            "ledger",
            "spend",
            "--book",
            path,
            "--player",
            "Reds",
            "--garnets",
            4,
            "--reason",
            "a 4-space move",
            "--json",
        ).stdout
    )
    assert data["balance"] == {"garnets": 3, "tokens_of_life": 0, "elimination_candidacies": 0}
    balances = json.loads(run("ledger", "--book", path, "--json").stdout)
    assert balances["players"]["Reds"]["garnets"] == 3


def test_spend_and_pay_on_the_match_workbook(run, match_book):
    path = match_book()
    run("ledger", "pay", "--book", path, "--player", "Craw", "--garnets", 6, "--tokens", 1, "--reason", "won the DM")
    spent = run(
        "ledger",
        "spend",
        "--book",
        path,
        "--player",
        "@craw",
        "--garnets",
        4,
        "--round",
        2,
        "--reason",
        "a 4-space move",
    )
    assert spent.exit_code == 0, spent.output
    assert spent.output.splitlines() == [
        f"Spent: Craw -4 garnets (a 4-space move, Hap and Grab: Reds v Craw), written to Ledger in {path}.",
        "Craw now has 2 garnets, 1 Token of Life, 0 elimination candidacies.",
    ]
    match = "Hap and Grab: Reds v Craw"  # the workbook has no match_id: its match name stands for it
    assert ledger(path)[1:] == [
        [match, None, "Craw", 6, 1, None, "won the DM", match, None],
        [match, 2, "Craw", -4, 0, None, "a 4-space move", match, None],
    ]
    again = run(
        "ledger", "pay", "--book", path, "--player", "Craw", "--garnets", 6, "--tokens", 1, "--reason", "won the DM"
    )
    assert again.exit_code == 0 and "Already recorded" in again.output and len(ledger(path)) == 3
    nothing = run("ledger", "pay", "--book", path, "--player", "Craw", "--reason", "nothing")
    assert nothing.exit_code == 2 and "Say what to pay" in nothing.output


def test_a_season_workbook_is_made_on_first_use_and_the_match_workbook_left_alone(run, match_book, tmp_path):
    path = match_book()
    season = tmp_path / "season.xlsx"
    before = path.read_bytes()
    paid = run(
        "ledger",
        "pay",
        "--ledger",
        season,
        "--player",
        "Reds",
        "--garnets",
        5,
        "--match",
        "Season 3",
        "--reason",
        "a dodge",
    )
    assert paid.exit_code == 0, paid.output
    assert ledger(season)[1:] == [["Season 3", None, "Reds", 5, 0, None, "a dodge", None, None]]
    spent = run(
        "ledger",
        "spend",
        "--book",
        path,
        "--ledger",
        season,
        "--player",
        "REDS",
        "--garnets",
        5,
        "--reason",
        "an extra turn",
    )
    assert spent.exit_code == 0, spent.output
    assert ledger(season)[2] == [
        "Hap and Grab: Reds v Craw",
        None,
        "Reds",
        -5,
        0,
        None,
        "an extra turn",
        "Hap and Grab: Reds v Craw",
        None,
    ]
    assert (
        ledger(season)[0][-2:] == ["Match id", "Pays for"]
        and XlsxBook(season).read()["hostkit"][1][0] == "season ledger"
    )
    assert path.read_bytes() == before
    refused = run("ledger", "spend", "--ledger", season, "--player", "Reds", "--garnets", 1, "--reason", "more")
    assert refused.exit_code == 1 and "Reds has 0 garnets and cannot spend 1 on more" in refused.stderr
    assert run("ledger", "spend", "--player", "Reds", "--garnets", 1, "--reason", "x").exit_code == 2
