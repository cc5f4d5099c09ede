"""Google Sheets at a real match's scale: a round too big for one request scores in bodies of at most 2 MB,
staged in a hidden tab and switched in by one small request, so no reader ever sees a tab half-written. The
size limit is patched to a tenth here, so 5,000 rows take the path that 50,000 take under the real limit."""

from __future__ import annotations

import json
from unittest.mock import ANY

from click.testing import CliRunner

from hostkit.cli import main
from hostkit.core.times import to_serial
from hostkit.storage.sheets import MAX_BODY, STAGING
from tests.games.hap_and_grab.big_round import big_round
from tests.storage.conftest import KEY


def sheet_of(rows: int) -> dict:
    tabs = big_round(rows)
    tabs["Submissions"] = [tabs["Submissions"][0]] + [[to_serial(r[0]), *r[1:]] for r in tabs["Submissions"][1:]]
    tabs["Rounds"] = [tabs["Rounds"][0]] + [[n, to_serial(at) if at else None] for n, at in tabs["Rounds"][1:]]
    return tabs


def test_a_round_too_big_for_one_request_scores_in_bodies_within_the_limit(fake, credentials, monkeypatch):
    limit = MAX_BODY // 10
    monkeypatch.setattr("hostkit.storage.sheets.MAX_BODY", limit)
    fake.add(KEY, {**sheet_of(5_000), "Host data": [[n, n * n] for n in range(3_000)]})
    result = CliRunner().invoke(main, ["score", "--round", "1", "--sheet", KEY, "--credentials", str(credentials)])
    assert result.exit_code in (0, 1), result.output
    writes = [c for c in fake.calls if c.kind == "spreadsheets.batchUpdate"]
    assert len(writes) > 2 and all(c.status == 200 for c in writes)
    assert max(c.bytes_sent for c in fake.calls) <= limit + 500  # the body, and the request line's URL
    reads = [c for c in fake.calls if c.kind == "spreadsheets.get"]
    assert all(c.query["prettyPrint"] == ["false"] for c in reads)
    # the tabs' names; the small tabs, with Config; the big Submissions tab; never the host's own big tab
    assert [c.query.get("ranges") for c in reads] == [None, ANY, ["'Submissions'"]]
    assert "'Host data'" not in reads[1].query["ranges"]
    tabs = {t.title: t for t in fake.books[KEY].tabs}
    assert not any(title.startswith(STAGING) for title in tabs), "the staging tab is deleted"
    results = fake.rows(KEY, "Round 1 Results")
    assert len(results) > 5_000
    last = writes[-1].body["requests"]
    assert any("copyPaste" in r for r in last) and any("deleteSheet" in r for r in last)
    sizes = [c.bytes_sent for c in writes]
    assert len(writes) == -(-sum(sizes) // (limit - 1_000))  # as few batches as bodies of the limit allow
    assert all(size > limit * 0.95 for size in sizes[:-1])  # each filled before the next
    for call in writes:
        for request in call.body["requests"]:
            assert "backgroundColor" not in json.dumps(request).replace("backgroundColorStyle", "")


def test_the_rewritten_tab_keeps_its_sheet_id_and_a_hosts_formula_on_it(fake, credentials, monkeypatch):
    monkeypatch.setattr("hostkit.storage.sheets.MAX_BODY", 100_000)  # staged in chunks at a tenth of the size
    fake.add(KEY, sheet_of(2_000))
    sheet = ["--sheet", KEY, "--credentials", str(credentials)]
    assert CliRunner().invoke(main, ["score", "--round", "1", *sheet]).exit_code in (0, 1)
    results = next(t for t in fake.books[KEY].tabs if t.title == "Round 1 Results")
    results.cells[(0, 30)], results.formulas[(0, 30)] = 7, "=COUNTA(A:A)"  # the host's formula beside the results
    before = results.sheet_id
    assert CliRunner().invoke(main, ["score", "--round", "1", *sheet]).exit_code in (0, 1)
    again = next(t for t in fake.books[KEY].tabs if t.title == "Round 1 Results")
    assert again.sheet_id == before and again.formulas[(0, 30)] == "=COUNTA(A:A)"
    assert not any(t.title.startswith(STAGING) for t in fake.books[KEY].tabs)


def test_a_staging_tab_left_by_an_interrupted_write_is_deleted_by_the_next(fake, credentials):
    fake.add(KEY, {**sheet_of(20), f"{STAGING}99": [["half", "written"]]})
    result = CliRunner().invoke(main, ["score", "--round", "1", "--sheet", KEY, "--credentials", str(credentials)])
    assert result.exit_code in (0, 1), result.output
    assert not any(t.title.startswith(STAGING) for t in fake.books[KEY].tabs)
    assert STAGING not in result.output
