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
    assert [e.garnets for e in entries] == [6]
    column_name = LEDGER_HEADER[column]
    assert [(p.row, p.message.split(";")[0]) for p in problems] == [
        (3, f"{column_name} {str(value).strip()!r} is not a whole number")
    ]


@pytest.mark.parametrize("column, value", [(3, 1e20), (4, -(10**9)), (1, 10**12)])
def test_a_ledger_amount_past_any_sense_is_a_reported_row(column, value):
    row = ["Hap and Grab: Reds v Craw", None, "Reds", 6, 0, None, "won the Death Match"]
    bad = row[:column] + [value] + row[column + 1 :]
    entries, problems = read_ledger(Tables({"Ledger": [LEDGER_HEADER, row, bad]}))
    assert [e.garnets for e in entries] == [6]
    assert [p.row for p in problems] == [3] and "is more than" in problems[0].message


def test_a_ledger_row_with_no_player_is_reported_and_never_paid_or_reversed():
    from hostkit.core.ledger import Entry, Payout, settle

    row = ["Hap and Grab: Reds v Craw", None, None, 6, 0, None, "won the Death Match", "m1"]
    entries, problems = read_ledger(Tables({"Ledger": [LEDGER_HEADER, row]}))
    assert entries == [] and problems[0].row == 2 and problems[0].message.startswith("Player is blank")
    due = Entry("Hap and Grab: Reds v Craw", None, "Reds", 6, reason="won the Death Match", match_id="m1")
    posted = settle(entries, Payout("m1", "Hap and Grab: Reds v Craw", (due,), frozenset({"won the Death Match"})))
    assert [e.key() for e in posted] == [due.key()] and posted[0].pays_for == "won the Death Match"
