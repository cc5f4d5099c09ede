"""The season ledger: garnets, Tokens of Life and elimination candidacies, entry by entry.

Entries are never edited: a payment that a corrected result no longer owes is taken back by a reversing
entry, as a ledger does. A match is known by its match id (Config match_id), not by its display name, and a
payment by what it pays for (the Pays for column hostkit fills), not by its Reason, which the host may edit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from hostkit.core.players import player_key
from hostkit.core.settings import LEDGER_TAB as LEDGER_TAB
from hostkit.core.settings import whole_number
from hostkit.core.tables import Problem, Record, Rows, Table, Tables, error_value, is_blank
from hostkit.core.words import plural, signed
from hostkit.errors import Refused as Refused

LEDGER_HEADER = [
    "Match",
    "Round",
    "Player",
    "Garnets",
    "Tokens of Life",
    "Elimination candidate",
    "Reason",
    "Match id",
    "Pays for",
]
OPTIONAL = 2
"""Match id and Pays for: a ledger typed before them has neither."""
REVERSED = " — reversed: "
_CANDIDATE = {"yes": 1, "y": 1, "true": 1, "1": 1, "x": 1, "withdrawn": -1, "-1": -1}


@dataclass(frozen=True)
class Entry:
    match: str
    round: int | None
    player: str
    garnets: int = 0
    tokens: int = 0
    candidate: int = 0
    """1 makes the player an elimination candidate; -1 withdraws a candidacy (a reversing entry)."""
    reason: str = ""
    match_id: str = ""
    """The match's stable id; blank in entries posted before match ids, which are known by their match name."""
    pays_for: str = ""
    """What a match's payment pays for, as hostkit first wrote its reason; blank in entries typed by hand."""
    unread: tuple[str, ...] = ()
    """The columns of a row whose numbers cannot be read (a spreadsheet error, a typo): such an entry counts
    in no balance, and what it pays is neither paid again nor reversed, until the row is fixed."""

    def match_key(self) -> str:
        return (self.match_id or self.match).strip().casefold()

    def as_json(self) -> dict:
        """The entry as `--json` gives it (`standings` under `paid`, `ledger pay` and `spend` under `entry`)."""
        return {
            "match": self.match,
            "match_id": self.match_id,
            "round": self.round,
            "player": self.player,
            "garnets": self.garnets,
            "tokens_of_life": self.tokens,
            "elimination_candidate": self.candidate,
            "reason": self.reason,
        }

    def payout_key(self) -> str:
        """What the entry pays for: its Pays for, else its reason (without a reversal's explanation)."""
        return (self.pays_for or self.reason.split(REVERSED, 1)[0]).strip().casefold()

    def key(self) -> tuple:
        """Entries with the same match, round, player and purpose are one entry: posting twice adds nothing."""
        return (self.match_key(), self.round, player_key(self.player), self.payout_key())

    def holds(self, key: tuple) -> bool:
        """Whether this unread entry may be the payment under a key of settle's (round, player, purpose): its
        round too is unknown when its Round cannot be read."""
        return (
            bool(self.unread)
            and key[1:] == (player_key(self.player), self.payout_key())
            and ("Round" in self.unread or key[0] == self.round)
        )

    def amounts(self) -> tuple[int, int, int]:
        return self.garnets, self.tokens, int(self.candidate)

    def row(self) -> list:
        return [
            self.match,
            self.round,
            self.player,
            self.garnets,
            self.tokens,
            {1: "yes", -1: "withdrawn"}.get(int(self.candidate), ""),
            self.reason,
            self.match_id or None,
            self.pays_for or None,
        ]


@dataclass(frozen=True)
class Payout:
    """What a match's result pays now: every entry due, and every reason its payments are posted under, so
    that a payment no longer due (a corrected result) is found and reversed."""

    match_id: str
    match: str
    due: tuple[Entry, ...]
    reasons: frozenset[str]


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
    for record in table.records(*LEDGER_HEADER[:-OPTIONAL], optional=LEDGER_HEADER[-OPTIONAL:]):
        if is_blank(record["Player"]):
            problems.append(
                Problem(
                    table.name,
                    record.row,
                    "Player is blank; type whose entry it is. The row is left out of every balance, and nothing "
                    "is paid into it or reversed, until it is fixed.",
                )
            )
            continue
        numbers: dict[str, int | None] = {}
        unread: dict[str, str] = {}
        for column, most in (("Round", 1_000), ("Garnets", MOST), ("Tokens of Life", MOST)):
            try:
                numbers[column] = _amount(record, column, most)
            except ValueError as error:
                numbers[column], unread[column] = 0, str(error)
        if is_blank(record["Round"]) and "Round" not in unread:
            numbers["Round"] = None
        entries.append(
            Entry(
                match=record.text("Match"),
                round=numbers["Round"],
                player=record.text("Player"),
                garnets=numbers["Garnets"] or 0,
                tokens=numbers["Tokens of Life"] or 0,
                candidate=_CANDIDATE.get(record.text("Elimination candidate").lower(), 0),
                reason=record.text("Reason"),
                match_id=record.text("Match id"),
                pays_for=record.text("Pays for"),
                unread=tuple(unread),
            )
        )
        if unread:
            problems.append(
                Problem(
                    table.name,
                    record.row,
                    f"{'; '.join(unread.values())}. The row is left out of every balance, and what it pays is "
                    f"neither paid again nor reversed, until it is fixed.",
                )
            )
    return entries, problems


MOST = 1_000_000
"""The most garnets or Tokens of Life one entry may move: a larger number is a slip of the keyboard (1e20)."""


def _amount(record: Record, column: str, most: int) -> int:
    value = record[column]
    if is_blank(value):
        return 0
    try:
        number = whole_number(value)
    except ValueError as error:
        if error_value(value) is not None:
            raise ValueError(f"{column} {str(value).strip()!r} {error}") from None
        raise ValueError(f"{column} {str(value).strip()!r} is not a whole number; type one") from None
    if abs(number) > most:
        raise ValueError(f"{column} {str(value).strip()!r} is more than {most:,}; type the amount it should be")
    return number


def post(existing: Sequence[Entry], new: Iterable[Entry]) -> tuple[list[Entry], list[Entry]]:
    """All entries after posting new ones, and those actually added (already-posted ones are skipped)."""
    seen = {e.key() for e in existing}
    added = []
    for entry in new:
        if entry.key() not in seen:
            seen.add(entry.key())
            added.append(entry)
    return list(existing) + added, added


def settle(existing: Sequence[Entry], payout: Payout) -> list[Entry]:
    """The entries that bring what the ledger pays a match to what its result pays now: a reversing entry
    for each payment no longer due (or due in another amount), then each payment due and not yet made.
    Nothing when the ledger already agrees, so settling again posts nothing twice."""
    scope = {r.strip().casefold() for r in payout.reasons} | {e.payout_key() for e in payout.due}
    paid: dict[tuple, tuple[int, int, int]] = {}
    named: dict[tuple, tuple[str, str]] = {}
    unreversible: set[tuple] = set()
    held = [e for e in existing if e.unread and is_this_match(e, payout)]
    for e in existing:
        if not is_this_match(e, payout) or e.payout_key() not in scope or e.unread:
            continue
        key = (e.round, player_key(e.player), e.payout_key())
        paid[key] = tuple(a + b for a, b in zip(paid.get(key, (0, 0, 0)), e.amounts()))  # type: ignore[assignment]
        named.setdefault(key, (e.player, e.pays_for or e.reason.split(REVERSED, 1)[0].strip()))
        if not e.match_id.strip():
            unreversible.add(key)
    due = {(e.round, player_key(e.player), e.payout_key()): replace(e, pays_for=e.reason) for e in payout.due}
    posted = []
    unreversible |= {key for key in [*paid, *due] if any(e.holds(key) for e in held)}
    for key, amounts in paid.items():
        if key in unreversible:
            continue
        if any(amounts) and (key not in due or due[key].amounts() != amounts):
            player, reason = named[key]
            garnets, tokens, candidate = (-a for a in amounts)
            posted.append(
                Entry(
                    payout.match,
                    key[0],
                    player,
                    garnets,
                    tokens,
                    candidate,
                    f"{reason}{REVERSED}{_why(key, due)}",
                    payout.match_id,
                    reason,
                )
            )
    for key, entry in due.items():
        if key not in unreversible and paid.get(key, (0, 0, 0)) != entry.amounts():
            posted.append(entry)
    return posted


def is_this_match(entry: Entry, payout: Payout) -> bool:
    """An entry of this match: by its Match id, or (Match id blank) by the match's name."""
    if entry.match_id.strip():
        return entry.match_id.strip().casefold() == payout.match_id.strip().casefold()
    return bool(entry.match.strip()) and entry.match.strip().casefold() == payout.match.strip().casefold()


def blank_ids(tables: Tables, payout: Payout) -> list[Problem]:
    """This match's rows whose Match id is blank: counted as paid, never corrected, until the id is typed back."""
    table = tables.get(LEDGER_TAB)
    if table is None or not table.has_column("Match id"):
        return []
    return [
        Problem(
            table.name,
            record.row,
            f"Match id is blank in this payment of {payout.match!r}; type {payout.match_id!r} back in it. Until "
            f"then hostkit counts it as paid and never corrects it, so a changed result is not paid twice.",
        )
        for record in table.records("Match", "Player", optional=["Match id"])
        if is_blank(record["Match id"])
        and record.text("Match").casefold() == payout.match.strip().casefold()
        and not is_blank(record["Player"])
    ]


def _why(key: tuple, due: dict[tuple, Entry]) -> str:
    if key in due:
        return f"the corrected result pays {describe(due[key])} instead"
    others = [e.player for k, e in due.items() if k[0] == key[0] and k[2] == key[2]]
    if others:
        return f"the corrected result gives it to {' and '.join(others)}"
    return "the corrected result no longer pays it"


def describe(entry: Entry) -> str:
    """What an entry pays, in words: '+6 garnets', '-3 Tokens of Life', 'elimination candidate'."""
    parts = [
        signed(entry.garnets, "garnet") if entry.garnets else "",
        signed(entry.tokens, "Token of Life", "Tokens of Life") if entry.tokens else "",
        {1: "elimination candidate", -1: "elimination candidacy withdrawn"}.get(int(entry.candidate), ""),
    ]
    return ", ".join(p for p in parts if p) or "nothing"


def ledger_rows(entries: Iterable[Entry], table: Table | None = None) -> Rows:
    """The Ledger tab with entries added at its end; an existing tab keeps its rows and the host's columns."""
    if table is None or not any(table.header):
        return [list(LEDGER_HEADER)] + [e.row() for e in entries]
    header = list(table.header) + [c for c in LEDGER_HEADER if not table.has_column(c)]
    rows: Rows = [header] + [list(r) for r in table.rows]
    keys = [" ".join(h.split()).casefold() for h in header]
    for entry in entries:
        values = {c.casefold(): v for c, v in zip(LEDGER_HEADER, entry.row())}
        rows.append([values.get(k) for k in keys])
    return rows


def balances(entries: Iterable[Entry]) -> dict[str, Balance]:
    """Each player's totals, under the spelling of their first entry."""
    names: dict[str, str] = {}
    totals: dict[str, Balance] = {}
    for e in entries:
        if e.unread:
            continue
        name = names.setdefault(player_key(e.player), e.player)
        b = totals.get(name, Balance())
        totals[name] = Balance(b.garnets + e.garnets, b.tokens + e.tokens, b.candidacies + int(e.candidate))
    return totals


def spend(
    entries: Sequence[Entry],
    match: str,
    round_number: int | None,
    player: str,
    garnets: int,
    reason: str,
    match_id: str = "",
) -> Entry:
    """A purchase of garnets: the entry to post, or Refused when the player's balance is short."""
    if garnets <= 0:
        raise Refused(f"a purchase costs a positive number of garnets, not {garnets}")
    if any(e.unread and player_key(e.player) == player_key(player) for e in entries):
        raise Refused(
            f"{player}'s balance is not known while a Ledger row of theirs cannot be read (see its report), so "
            f"{player} cannot spend {garnets} on {reason} until it is fixed"
        )
    held = next((b.garnets for name, b in balances(entries).items() if player_key(name) == player_key(player)), 0)
    if held < garnets:
        raise Refused(f"{player} has {plural(held, 'garnet')} and cannot spend {garnets} on {reason}")
    return Entry(match, round_number, player, garnets=-garnets, reason=reason, match_id=match_id)
