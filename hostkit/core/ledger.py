"""The season ledger: garnets, Tokens of Life and elimination candidacies, entry by entry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from hostkit.core.players import player_key
from hostkit.core.settings import whole_number
from hostkit.core.tables import Problem, Rows, Tables, is_blank

LEDGER_TAB = "Ledger"
LEDGER_HEADER = ["Match", "Round", "Player", "Garnets", "Tokens of Life", "Elimination candidate", "Reason"]


class Refused(Exception):
    """A ledger entry that the rules do not allow, such as spending more garnets than a player holds."""


@dataclass(frozen=True)
class Entry:
    match: str
    round: int | None
    player: str
    garnets: int = 0
    tokens: int = 0
    candidate: bool = False
    reason: str = ""

    def key(self) -> tuple:
        """Entries with the same match, round, player and reason are one entry: posting twice adds nothing."""
        return (self.match.casefold(), self.round, player_key(self.player), self.reason.strip().casefold())

    def row(self) -> list:
        return [self.match, self.round, self.player, self.garnets, self.tokens,
                "yes" if self.candidate else "", self.reason]


@dataclass(frozen=True)
class Balance:
    garnets: int = 0
    tokens: int = 0
    candidacies: int = 0


def read_ledger(tables: Tables) -> tuple[list[Entry], list[Problem]]:
    """The entries of the Ledger tab (none when there is no such tab); unreadable rows are reported."""
    table = tables.get(LEDGER_TAB)
    if table is None:
        return [], []
    entries: list[Entry] = []
    problems: list[Problem] = []
    for record in table.records(*LEDGER_HEADER):
        try:
            entries.append(Entry(
                match=record.text("Match"),
                round=None if is_blank(record["Round"]) else whole_number(record["Round"]),
                player=record.text("Player"),
                garnets=0 if is_blank(record["Garnets"]) else whole_number(record["Garnets"]),
                tokens=0 if is_blank(record["Tokens of Life"]) else whole_number(record["Tokens of Life"]),
                candidate=record.text("Elimination candidate").lower() in ("yes", "y", "true", "1", "x"),
                reason=record.text("Reason"),
            ))
        except ValueError:
            problems.append(Problem(table.name, record.row, "Round, Garnets and Tokens of Life must be whole "
                                    "numbers; the row is left out of every balance until it is fixed."))
    return entries, problems


def post(existing: Sequence[Entry], new: Iterable[Entry]) -> tuple[list[Entry], list[Entry]]:
    """All entries after posting new ones, and those actually added (already-posted ones are skipped)."""
    seen = {e.key() for e in existing}
    added = []
    for entry in new:
        if entry.key() not in seen:
            seen.add(entry.key())
            added.append(entry)
    return list(existing) + added, added


def ledger_rows(entries: Iterable[Entry]) -> Rows:
    return [list(LEDGER_HEADER)] + [e.row() for e in entries]


def balances(entries: Iterable[Entry]) -> dict[str, Balance]:
    """Each player's totals, under the spelling of their first entry."""
    names: dict[str, str] = {}
    totals: dict[str, Balance] = {}
    for e in entries:
        name = names.setdefault(player_key(e.player), e.player)
        b = totals.get(name, Balance())
        totals[name] = Balance(b.garnets + e.garnets, b.tokens + e.tokens, b.candidacies + int(e.candidate))
    return totals


def spend(entries: Sequence[Entry], match: str, round_number: int | None, player: str, garnets: int,
          reason: str) -> Entry:
    """A purchase of garnets: the entry to post, or Refused when the player's balance is short."""
    if garnets <= 0:
        raise Refused(f"a purchase costs a positive number of garnets, not {garnets}")
    held = next((b.garnets for name, b in balances(entries).items() if player_key(name) == player_key(player)), 0)
    if held < garnets:
        raise Refused(f"{player} has {held} garnets and cannot spend {garnets} on {reason}")
    return Entry(match, round_number, player, garnets=-garnets, reason=reason)
