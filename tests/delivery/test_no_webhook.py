"""A step with no webhook set up and no --send records nothing, so it skips delivery without loading it: the
check that decides so finds a webhook exactly where delivery would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from hostkit.core.players import read_roster
from hostkit.core.settings import COMMON_SETTINGS, read_config
from hostkit.core.tables import Tables
from hostkit.delivery.webhooks import WEBHOOK_COLUMN, read_webhooks
from hostkit.library import _messaging
from hostkit.library._messaging import any_webhook
from hostkit.storage.xlsx import XlsxBook
from tests.games.hap_and_grab.tobago_helpers import match_tabs

ROOT = Path(__file__).resolve().parents[2]
UNUSED_BY_A_QUIET_SCORE = ("hostkit.delivery", "hostkit.core.drawing", "hostkit.games.hap_and_grab.dealing", "PIL")
SCORING = """\
import sys
from hostkit.cli import main
try:
    main(["score", "--book", sys.argv[1], "--round", "1"])
except SystemExit as stop:
    print(stop.code)
print(sorted(m for m in sys.modules if m.startswith(tuple(sys.argv[2:]))))
"""


def test_a_score_with_no_webhook_loads_no_delivery_dealing_or_drawing(tmp_path):
    path = tmp_path / "game.xlsx"
    XlsxBook(path).create(match_tabs())
    done = subprocess.run(
        [sys.executable, "-c", SCORING, str(path), *UNUSED_BY_A_QUIET_SCORE],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
    )
    assert done.stdout.splitlines()[-2:] == ["0", "[]"], done.stdout + done.stderr
    tabs = XlsxBook(path).read()
    assert "Round 1 Results" in tabs and "Sent" not in tabs


CELLS = st.one_of(
    st.none(),
    st.sampled_from(["", "  ", "https://discord.com/api/webhooks/123/abc", "http://127.0.0.1:9/api/webhooks/1/t"]),
    st.sampled_from(["not a webhook", "https://example.com/x", "https://discord.com/api/webhooks/0/t"]),
    st.text(max_size=5),
    st.integers(-3, 10**20),
    st.floats(allow_nan=False),
    st.booleans(),
)


@given(
    webhooks=st.one_of(st.none(), st.lists(CELLS, min_size=2, max_size=2)),
    threads=st.one_of(st.none(), st.lists(CELLS, min_size=2, max_size=2)),
    public=st.one_of(st.none(), st.text(max_size=3), st.sampled_from(["https://discord.com/api/webhooks/9/p", " "])),
    public_thread=CELLS,
)
def test_the_check_finds_a_webhook_exactly_where_delivery_does(webhooks, threads, public, public_thread):
    header, rows = ["Player"], [["Reds"], ["Craw"]]
    for name, cells in (("Webhook", webhooks), ("Thread", threads)):
        if cells is not None:
            header.append(name)
            rows = [[*row, cell] for row, cell in zip(rows, cells)]
    config = [["Key", "Value"], ["public_webhook", public], ["public_thread", public_thread]]
    tables = Tables({"Players": [header, *rows], "Config": config})
    settings, _ = read_config(tables, COMMON_SETTINGS)
    roster, _ = read_roster(tables)
    hooks, _, malformed = read_webhooks(tables, roster, settings["public_webhook"], settings["public_thread"])
    assert any_webhook(tables, settings) == bool(hooks or malformed)


def test_the_webhook_column_is_deliverys():
    assert _messaging.WEBHOOK_COLUMN == WEBHOOK_COLUMN
