from hostkit.core.ledger import LEDGER_HEADER, Entry, Payout, balances, ledger_rows, read_ledger, settle
from hostkit.core.tables import Table, Tables

WIN = "won the Death Match"


def payout(*due, match_id="hap-and-grab-1a2b", match="Hap and Grab: Reds v Craw", reasons=(WIN,)):
    return Payout(
        match_id,
        match,
        tuple(Entry(match, None, p, garnets=g, reason=WIN, match_id=match_id) for p, g in due),
        frozenset(reasons),
    )


def test_a_payment_is_posted_once():
    first = settle([], payout(("Reds", 6)))
    assert [(e.player, e.garnets, e.match_id) for e in first] == [("Reds", 6, "hap-and-grab-1a2b")]
    assert settle(first, payout(("Reds", 6))) == []


def test_a_corrected_winner_is_reversed_then_paid_with_reasons():
    paid = settle([], payout(("Reds", 6)))
    posted = settle(paid, payout(("Craw", 6)))
    assert [(e.player, e.garnets, e.reason) for e in posted] == [
        ("Reds", -6, "won the Death Match — reversed: the corrected result gives it to Craw"),
        ("Craw", 6, WIN),
    ]
    assert settle(paid + posted, payout(("Craw", 6))) == []
    assert {p: b.garnets for p, b in balances(paid + posted).items()} == {"Reds": 0, "Craw": 6}
    back = settle(paid + posted, payout(("Reds", 6)))  # corrected back again: pays Reds anew
    assert [(e.player, e.garnets) for e in back] == [("Craw", -6), ("Reds", 6)]


def test_another_amount_and_no_payment_at_all():
    paid = settle([], payout(("Reds", 6)))
    more = settle(paid, payout(("Reds", 8)))
    assert [(e.garnets, e.reason) for e in more] == [
        (-6, "won the Death Match — reversed: the corrected result pays +8 garnets instead"),
        (8, WIN),
    ]
    gone = settle(paid, payout())
    assert [(e.player, e.garnets, e.reason) for e in gone] == [
        ("Reds", -6, "won the Death Match — reversed: the corrected result no longer pays it")
    ]


def test_the_match_is_known_by_its_id_not_its_name():
    paid = settle([], payout(("Reds", 6)))
    assert settle(paid, payout(("Reds", 6), match="Season 3 Death Match")) == []  # renamed: nothing again
    other = payout(("Reds", 6), match_id="hap-and-grab-9f8e")  # another Reds v Craw match
    assert [(e.player, e.garnets) for e in settle(paid, other)] == [("Reds", 6)]


def test_entries_of_other_reasons_are_left_alone():
    purchase = Entry(
        "Hap and Grab: Reds v Craw", 2, "Reds", garnets=-4, reason="a 4-space move", match_id="hap-and-grab-1a2b"
    )
    assert [e.garnets for e in settle([purchase], payout(("Reds", 6)))] == [6]


def test_an_entry_posted_before_match_ids_is_known_by_its_match_name():
    old = Entry("Hap and Grab: Reds v Craw", None, "Reds", garnets=6, reason=WIN)
    assert settle([old], payout(("Reds", 6), match_id="Hap and Grab: Reds v Craw")) == []


def test_candidacies_are_withdrawn_by_a_reversing_entry():
    award = Payout(
        "open-pass-77",
        "Open, Pass",
        (Entry("Open, Pass", None, "Bo", candidate=1, reason="worst", match_id="open-pass-77"),),
        frozenset(),
    )
    paid = settle([], award)
    corrected = Payout(
        "open-pass-77",
        "Open, Pass",
        (Entry("Open, Pass", None, "Cy", candidate=1, reason="worst", match_id="open-pass-77"),),
        frozenset(),
    )
    posted = settle(paid, corrected)
    assert [(e.player, e.candidate) for e in posted] == [("Bo", -1), ("Cy", 1)]
    rows = ledger_rows(paid + posted)
    assert [r[5] for r in rows[1:]] == ["yes", "withdrawn", "yes"]
    entries, problems = read_ledger(Tables({"Ledger": rows}))
    assert problems == [] and {p: b.candidacies for p, b in balances(entries).items()} == {"Bo": 0, "Cy": 1}


def test_posting_keeps_the_hosts_columns_and_reads_a_ledger_without_match_ids():
    old = [
        ["Match", "Round", "Player", "Garnets", "Tokens of Life", "Elimination candidate", "Reason", "Note"],
        ["DM 1", None, "Reds", 6, 0, None, WIN, "paid in chat"],
    ]
    entries, problems = read_ledger(Tables({"Ledger": old}))
    assert problems == [] and entries[0].match_id == ""
    rows = ledger_rows(
        [Entry("DM 2", None, "Craw", garnets=6, reason=WIN, match_id="hap-and-grab-2")], Table("Ledger", old)
    )
    assert rows[0] == old[0] + ["Match id", "Pays for"]
    assert rows[1] == old[1] and rows[2] == ["DM 2", None, "Craw", 6, 0, "", WIN, None, "hap-and-grab-2", None]
    assert ledger_rows([])[0] == LEDGER_HEADER
