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
    assert [(p.row, p.message.split(";")[0]) for p in problems] == [
        (3, "Round, Garnets and Tokens of Life must be whole numbers")
    ]
