"""`ledger import`: a season's balances brought forward into a match's own Ledger (Match.bring_forward)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from hostkit.errors import BadInput
from hostkit.library._workbooks import where

if TYPE_CHECKING:
    from hostkit.core.game import Game, Outcome
    from hostkit.core.ledger import Entry
    from hostkit.core.tables import Problem, Tables
    from hostkit.library._workbooks import Workbooks
    from hostkit.storage.book import Book


def brought_forward_outcome(books: Workbooks, game: Game, tables: Tables, source: str | Path) -> Outcome:
    """Every player's season balance (the season workbook's Ledger, or a .csv of a ledger or of balances)
    brought forward into this match's Ledger, once: a changed season balance is corrected with reversing
    entries, as a corrected payout is. A match that pays into a season workbook already plays on its balances:
    refused."""
    from hostkit.core.carry import brought_forward
    from hostkit.core.game import Outcome
    from hostkit.core.ledger import LEDGER_TAB, REVERSED, describe, ledger_rows, read_ledger, settle

    assert books.match is not None and books.ledger is not None
    if books.pays_elsewhere():
        raise BadInput(
            f"This match pays into {books.ledger.location}, whose Ledger it already plays on; there is nothing to "
            f"bring forward (balances from elsewhere go into that workbook: hostkit ledger import "
            f"{where(books.ledger)} --from {Path(source).name})."
        )
    path = Path(source)
    entries, problems = read_source(books.match, source)
    ctx = game.context(tables)
    payout, others = brought_forward(entries, ctx.roster, game.match_name(ctx), game.match_id(ctx))
    existing, ledger_problems = read_ledger(tables)
    posted = settle(existing, payout)
    outcome = Outcome(problems=[*problems, *ledger_problems])
    if posted:
        outcome.writes[LEDGER_TAB] = ledger_rows(posted, tables.get(LEDGER_TAB))
    for entry in posted:
        if REVERSED not in entry.reason:
            outcome.summary.append(f"Brought forward: {entry.player} {describe(entry)} from {path.name}.")
        else:
            outcome.summary.append(f"Corrected: {entry.player} {describe(entry)} (the season balance changed).")
    if payout.due and not posted:
        outcome.summary.append(f"Already brought forward: every balance agrees with {path.name}; nothing added.")
    if not payout.due:
        outcome.summary.append(f"{path.name} holds no garnets or Tokens of Life for the players of this match.")
    if others:
        outcome.summary.append(f"Not in this match, so not brought forward: {', '.join(sorted(others))}.")
    outcome.data = {
        "source": path.name,
        "brought_forward": {e.player: {"garnets": e.garnets, "tokens_of_life": e.tokens} for e in payout.due},
        "posted": len(posted),
        "not_in_match": sorted(others),
    }
    return outcome


def read_source(book: Book, source: str | Path) -> tuple[list[Entry], list[Problem]]:
    """The season's entries in a season workbook (its Ledger tab) or a .csv file (a ledger, or balances)."""
    from hostkit.core.carry import csv_rows, season_entries
    from hostkit.library._workbooks import same_file
    from hostkit.storage.xlsx import XlsxBook

    path = Path(source)
    if path.suffix.casefold() == ".csv":
        try:
            rows = csv_rows(path.read_text(encoding="utf-8-sig"), path.name)
        except (OSError, UnicodeDecodeError) as error:
            raise BadInput(
                f"{source} cannot be read as a UTF-8 CSV file ({error}); save it again as CSV UTF-8."
            ) from None
    else:
        season = XlsxBook(path)
        if same_file(season, book):
            raise BadInput(f"{source} is this match's own workbook; give --from the season's workbook.")
        rows = dict(season.read())
    entries, problems = season_entries(rows, path.name)
    return entries, problems
