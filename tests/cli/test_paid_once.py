"""A result is paid once, whatever the host edits in the Ledger and wherever it was paid."""

import openpyxl

from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_and_grab.test_cli import one_round_match, run, tabs


def paid_rows(path):
    return [r for r in tabs(path).get("Ledger", [])[1:] if r and r[3]]


def edit(path, tab, cell, value):
    wb = openpyxl.load_workbook(path)
    wb[tab][cell] = value
    wb.save(path)


def test_editing_a_payments_reason_does_not_pay_it_again(tmp_path):
    book = tmp_path / "m.xlsx"
    one_round_match(book)
    assert run("standings", "--book", book).exit_code == 0
    edit(book, "Ledger", "G2", "won DM 3 (well played!)")
    again = run("standings", "--book", book)
    assert again.exit_code == 0, again.output
    assert "Already paid" in again.output and len(paid_rows(book)) == 1


def test_a_payment_whose_match_id_was_blanked_is_reported_never_paid_again_or_reversed(tmp_path):
    book = tmp_path / "m.xlsx"
    one_round_match(book)
    run("standings", "--book", book)
    edit(book, "Ledger", "H2", None)
    again = run("standings", "--book", book)
    assert again.exit_code == 1
    assert "Ledger row 2: Match id is blank in this payment" in again.output
    assert len(paid_rows(book)) == 1 and tabs(book)["Ledger"][1][3] == 6


def test_a_match_paid_into_a_season_workbook_is_paid_there_again_not_into_its_own_ledger(tmp_path):
    book, season = tmp_path / "m.xlsx", tmp_path / "season.xlsx"
    one_round_match(book)
    first = run("standings", "--book", book, "--ledger", season)
    assert first.exit_code == 0, first.output
    assert "Config season is now 'season.xlsx'" in first.output
    config = {r[0]: r[1] for r in tabs(book)["Config"]}
    assert config["season"] == "season.xlsx" and not config.get("ledger_book")
    again = run("standings", "--book", book)
    assert again.exit_code == 0, again.output
    assert f"written to Ledger in {season}" not in again.output and "Already paid" in again.output
    assert paid_rows(book) == [] and len(paid_rows(season)) == 1
    other = run("standings", "--book", book, "--ledger", tmp_path / "other.xlsx")
    assert other.exit_code == 2 and "This match belongs to the season in season.xlsx" in other.stderr
    assert not (tmp_path / "other.xlsx").exists()


def test_a_match_paid_in_its_own_ledger_is_not_paid_into_a_season_workbook_too(tmp_path):
    book, season = tmp_path / "m.xlsx", tmp_path / "season.xlsx"
    one_round_match(book)
    run("standings", "--book", book)
    result = run("standings", "--book", book, "--ledger", season)
    assert result.exit_code == 2 and "would pay them twice" in result.stderr
    assert not season.exists()


def test_a_hosts_formula_column_in_the_ledger_survives_a_payment(tmp_path):
    book = tmp_path / "m.xlsx"
    one_round_match(book)
    run("standings", "--book", book)
    wb = openpyxl.load_workbook(book)
    wb["Ledger"]["J1"], wb["Ledger"]["J2"] = "Times ten", "=D2*10"
    wb.save(book)
    edit(book, "Ledger", "G2", "won it")  # and the next payment is a correction: the tab is rewritten
    XlsxBook(book).write({"Ledger": [list(r) for r in tabs(book)["Ledger"]]})
    assert openpyxl.load_workbook(book)["Ledger"]["J2"].value == "=D2*10"


def test_a_formula_the_spreadsheet_never_calculated_is_reported_with_its_row(tmp_path):
    book = tmp_path / "m.xlsx"
    one_round_match(book)
    run("standings", "--book", book)
    edit(book, "Ledger", "D2", "=2+3")
    result = run("ledger", "--book", book)
    assert result.exit_code == 1
    assert "Ledger row 2: Garnets '#NO VALUE (a formula never calculated: open the workbook" in result.output


def _error_cell(path, tab, cell, code):
    wb = openpyxl.load_workbook(path)
    wb[tab][cell] = code
    wb[tab][cell].data_type = "e"
    wb.save(path)


def test_an_error_cell_in_a_paid_amount_is_reported_never_read_as_0_nor_paid_again(tmp_path):
    book = tmp_path / "m.xlsx"
    one_round_match(book)
    run("standings", "--book", book)
    player = tabs(book)["Ledger"][1][2]
    _error_cell(book, "Ledger", "D2", "#DIV/0!")
    shown = run("ledger", "--book", book)
    assert shown.exit_code == 1 and f"{player} " not in shown.stdout
    assert "Ledger row 2: Garnets '#DIV/0!' is a spreadsheet error (a division by zero)" in shown.output
    again = run("standings", "--book", book)
    assert again.exit_code == 1 and "Paid:" not in again.output and "Reversed:" not in again.output
    assert "Ledger row 2: Garnets '#DIV/0!'" in again.output
    ledger = openpyxl.load_workbook(book)["Ledger"]
    assert ledger.max_row == 2 and (ledger["D2"].value, ledger["D2"].data_type) == ("#DIV/0!", "e")
