import pytest

from hostkit.core.ledger import LEDGER_HEADER, read_ledger
from hostkit.core.tables import Tables


@pytest.mark.parametrize(
    "column, value", [(1, 1.9), (1, float("inf")), (1, True), (3, float("nan")), (3, 1e400), (4, "two"), (4, 2.5)]
)
def test_a_ledger_number_that_is_not_whole_is_a_reported_row(column, value):
    row = ["Hap and Grab: Reds v Craw", None, "Reds", 6, 0, None, "won the Death Match"]
    bad = row[:column] + [value] + row[column + 1 :]
    entries, problems = read_ledger(Tables({"Ledger": [LEDGER_HEADER, row, bad]}))
    assert [e.garnets for e in entries if not e.unread] == [6]
    column_name = LEDGER_HEADER[column]
    assert [(p.row, p.message.split(";")[0]) for p in problems] == [
        (3, f"{column_name} {str(value).strip()!r} is not a whole number")
    ]


@pytest.mark.parametrize("column, value", [(3, 1e20), (4, -(10**9)), (1, 10**12)])
def test_a_ledger_amount_past_any_sense_is_a_reported_row(column, value):
    row = ["Hap and Grab: Reds v Craw", None, "Reds", 6, 0, None, "won the Death Match"]
    bad = row[:column] + [value] + row[column + 1 :]
    entries, problems = read_ledger(Tables({"Ledger": [LEDGER_HEADER, row, bad]}))
    assert [e.garnets for e in entries if not e.unread] == [6]
    assert [p.row for p in problems] == [3] and "is more than" in problems[0].message


def test_a_ledger_row_with_no_player_is_reported_and_never_paid_or_reversed():
    from hostkit.core.ledger import Entry, Payout, settle

    row = ["Hap and Grab: Reds v Craw", None, None, 6, 0, None, "won the Death Match", "m1"]
    entries, problems = read_ledger(Tables({"Ledger": [LEDGER_HEADER, row]}))
    assert entries == [] and problems[0].row == 2 and problems[0].message.startswith("Player is blank")
    due = Entry("Hap and Grab: Reds v Craw", None, "Reds", 6, reason="won the Death Match", match_id="m1")
    posted = settle(entries, Payout("m1", "Hap and Grab: Reds v Craw", (due,), frozenset({"won the Death Match"})))
    assert [e.key() for e in posted] == [due.key()] and posted[0].pays_for == "won the Death Match"


ERROR_CODES = ["#N/A", "#REF!", "#DIV/0!", "#VALUE!", "#NAME?", "#NUM!", "#NULL!"]
PAID = ["Hap and Grab: Reds v Craw", None, "Craw", 6, 0, None, "won the Death Match", "m1", "won the Death Match"]


def _payout(garnets):
    from hostkit.core.ledger import Entry, Payout

    due = Entry("Hap and Grab: Reds v Craw", None, "Craw", garnets, reason="won the Death Match", match_id="m1")
    return Payout("m1", "Hap and Grab: Reds v Craw", (due,), frozenset({"won the Death Match"}))


@pytest.mark.parametrize("code", ERROR_CODES)
@pytest.mark.parametrize("column", [1, 3, 4])
def test_an_error_cell_in_a_ledger_number_is_reported_and_never_paid_again_or_reversed(code, column):
    from hostkit.core.ledger import balances, settle
    from hostkit.core.tables import CellError

    for value in (CellError(code), code):  # as a file gives it, and as text (a Sheet read as formatted values)
        bad = PAID[:column] + [value] + PAID[column + 1 :]
        entries, problems = read_ledger(Tables({"Ledger": [LEDGER_HEADER, bad]}))
        assert balances(entries) == {}
        assert [p.row for p in problems] == [2]
        assert problems[0].message.startswith(f"{LEDGER_HEADER[column]} '{code}' is a spreadsheet error (")
        assert "fix its formula" in problems[0].message and "neither paid again nor reversed" in problems[0].message
        assert settle(entries, _payout(6)) == []  # not paid again
        assert settle(entries, _payout(4)) == []  # nor reversed and paid anew


def test_an_unreadable_ledger_row_holds_only_its_own_payment():
    from hostkit.core.ledger import settle
    from hostkit.core.tables import CellError

    other = ["Hap and Grab: Reds v Craw", None, "Reds", 3, 0, None, "won the Death Match", "m1", "won the Death Match"]
    bad = PAID[:3] + [CellError("#DIV/0!")] + PAID[4:]
    entries, _ = read_ledger(Tables({"Ledger": [LEDGER_HEADER, bad, other]}))
    posted = settle(entries, _payout(6))
    assert [(e.player, e.garnets) for e in posted] == [("Reds", -3)]  # Reds's payment is no longer due


def test_a_player_with_an_unreadable_ledger_row_cannot_spend():
    from hostkit.core.ledger import Refused, spend
    from hostkit.core.tables import CellError

    bad = PAID[:3] + [CellError("#N/A")] + PAID[4:]
    good = PAID[:3] + [10] + PAID[4:7] + ["m0", "won"]
    entries, _ = read_ledger(Tables({"Ledger": [LEDGER_HEADER, good, bad]}))
    with pytest.raises(Refused, match="cannot be read"):
        spend(entries, "m", 1, "Craw", 2, "a move")
