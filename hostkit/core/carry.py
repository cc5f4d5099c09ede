"""Garnets and Tokens of Life brought forward from the season into a match's own Ledger, in one entry per
player that settling again never repeats (a changed season balance is corrected, as a payout is)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from hostkit.core.ledger import LEDGER_TAB, Entry, Payout, balances, read_ledger
from hostkit.core.players import Roster, player_key
from hostkit.core.settings import whole_number
from hostkit.core.tables import BookError, Cell, Problem, Rows, Tables, is_blank

BROUGHT_FORWARD = "brought forward"
BALANCE_HEADER = ("Player", "Garnets", "Tokens of Life")


def brought_forward(season: Sequence[Entry], roster: Roster, match: str, match_id: str) -> tuple[Payout, list[str]]:
    """Each player's season balance as one entry of this match (the match's own entries in the season, if it
    was paid there, are left out: they are not brought forward into themselves), and the season's players who
    are not in this match."""
    own = match_id.strip().casefold()
    totals = balances(e for e in season if e.match_key() != own)
    by_key = {player_key(name): (name, balance) for name, balance in totals.items()}
    reason = BROUGHT_FORWARD  # not naming the source: bringing the same season forward from a copy adds nothing
    due = []
    for name in roster.names:
        found = by_key.pop(player_key(name), None)
        if found and (found[1].garnets or found[1].tokens):
            due.append(Entry(match, None, name, found[1].garnets, found[1].tokens, 0, reason, match_id))
    others = [name for name, balance in by_key.values() if balance.garnets or balance.tokens]
    return Payout(match_id, match, tuple(due), frozenset({reason})), others


def season_entries(rows_by_tab: dict[str, Rows], source: str) -> tuple[list[Entry], list[Problem]]:
    """The season's entries from a workbook's Ledger tab, or from a table of balances (Player, Garnets and
    optionally Tokens of Life: one row per player)."""
    tables = Tables(rows_by_tab)
    ledger = tables.get(LEDGER_TAB)
    if ledger is not None and ledger.has_column("Match"):
        return read_ledger(tables)
    table = ledger or (tables.get(tables.names()[0]) if tables.names() else None)
    if table is None or not (table.has_column("Player") and table.has_column("Garnets")):
        raise BookError(
            f"{source} holds neither a Ledger tab nor a table of balances; give it a header row of "
            f"{', '.join(BALANCE_HEADER)} (Tokens of Life may be left out), one row per player."
        )
    entries: list[Entry] = []
    problems: list[Problem] = []
    for record in table.records("Player", "Garnets", optional=("Tokens of Life",)):
        try:
            if is_blank(record["Player"]):
                raise ValueError("Player is blank; type the player's name, or delete the row")
            garnets, tokens = (_amount(record[column], column) for column in ("Garnets", "Tokens of Life"))
        except ValueError as error:
            problems.append(Problem(table.name, record.row, f"{error} (the row is not brought forward)."))
            continue
        entries.append(Entry(source, None, record.text("Player"), garnets, tokens, 0, "balance"))
    return entries, problems


def _amount(value: Cell, column: str) -> int:
    if is_blank(value):
        return 0
    try:
        return whole_number(value)
    except ValueError:
        raise ValueError(f"{column} {str(value).strip()!r} is not a whole number; type the balance in digits") from None


def csv_rows(text: str, name: str) -> dict[str, Rows]:
    """A CSV file's rows as one tab: a Ledger when it has a Match column, else named after the file."""
    rows: Rows = [[cell if cell.strip() else None for cell in row] for row in csv.reader(io.StringIO(text))]
    header = {str(c or "").strip().casefold() for c in (rows[0] if rows else [])}
    return {LEDGER_TAB if "match" in header else name: rows}
