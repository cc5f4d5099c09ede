"""A season run end to end, without the command line: each step takes opened workbooks and returns a result
(what it wrote, what comes next) with to_dict(); out-of-order steps raise Refused (core/season.py)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from hostkit.core.game import Identity
from hostkit.core.ledger import LEDGER_HEADER, LEDGER_TAB, Entry, balances, ledger_rows, post, read_ledger
from hostkit.core.season import (
    CAST_HEADER,
    CAST_TAB,
    MATCHES_TAB,
    PLAYING_STATUS,
    SEASON_SETTINGS,
    SEASON_TAB,
    Member,
    Refused,
    Season,
    cast_rows,
    is_season,
    matches_rows,
    public_rows,
    read_season,
    with_host_columns,
)
from hostkit.core.season_steps import next_step, set_death_match, spend_token
from hostkit.core.settings import CONFIG_TAB, config_rows
from hostkit.core.tables import Rows, Tables
from hostkit.storage.book import Book

SEASON_SETTING = "season"
"""The match Config setting naming the season workbook the match belongs to."""


@dataclass
class Step:
    """What a season step did: its lines for the host, the season's cast after it, and the next step."""

    lines: list[str]
    members: list[Member]
    next: str

    def to_dict(self) -> dict:
        return {"cast": [m.as_json() for m in self.members], "next": self.next}


def where_option(book: Book) -> str:
    return f"--sheet {book.key}" if book.key else f"--book {book.location}"


def season_option(book: Book) -> str:
    return f"--season-sheet {book.key}" if book.key else f"--season {book.location}"


def read(book: Book) -> tuple[Season, Tables, list[Entry]]:
    """The season as its workbook holds it; Refused when the workbook is not a season workbook."""
    tabs = book.read() if book.exists() else {}
    tables = Tables(tabs)
    if not is_season(tables):
        raise Refused(
            f"{book.location} is not a season workbook (its Config has no season_id); make one with `hostkit "
            f'season new --book FILE --cast "A,B,..."`.'
        )
    entries, _ = read_ledger(tables)
    return read_season(tables), tables, entries


def season_tabs(season: Season, entries: Sequence[Entry], tables: Tables) -> dict[str, Rows]:
    """The tabs the season writes after every step: Cast and Matches (with any columns the host added to them),
    and the public Season tab."""
    return {
        CAST_TAB: with_host_columns(tables.get(CAST_TAB), cast_rows(season)),
        MATCHES_TAB: with_host_columns(tables.get(MATCHES_TAB), matches_rows(season)),
        SEASON_TAB: public_rows(season, season.members(balances(entries))),
    }


def new_season(book: Book, cast: Sequence[str], name: str = "", force: bool = False) -> Step:
    """Lay out a season workbook; an existing season ledger (a --ledger workbook) keeps its Ledger tab."""
    tabs = dict(book.read()) if book.exists() else {}
    tables = Tables(tabs)
    again = is_season(tables)
    if again and not force:
        raise Refused(f"{book.location} is already a season workbook; give another file (or --force to start again).")
    if CONFIG_TAB in tables and not again:
        raise Refused(f"{book.location} is a match workbook; give the season a workbook of its own.")
    if again:
        tabs, tables = {}, Tables({})
    season_id = f"season-{secrets.token_hex(5)}"
    made: dict[str, Rows] = {
        CONFIG_TAB: config_rows(SEASON_SETTINGS, {"season": name, "season_id": season_id}),
        CAST_TAB: [list(CAST_HEADER)] + [[p, PLAYING_STATUS] for p in cast],
    }
    entries, _ = read_ledger(tables)
    season = read_season(Tables({**tabs, **made}))
    writes = {**made, **season_tabs(season, entries, Tables({}))}
    if LEDGER_TAB not in tables:
        writes[LEDGER_TAB] = [list(LEDGER_HEADER)]
    if tabs:
        book.write(writes)
    else:
        book.create(writes, force=True)
    kept = [f"its Ledger tab ({len(entries)} entries) is the season's Ledger now."] if entries else []
    lines = [f"Created the season {name or season_id!r} in {book.location}: {len(cast)} players."] + kept
    return Step(lines, season.members(balances(entries)), next_step(season, where_option(book), season_option(book)))


def status(book: Book) -> Step:
    season, _, entries = read(book)
    members = season.members(balances(entries))
    nxt = next_step(season, where_option(book), season_option(book))
    lines = [f"{season.name}: {len(season.playing())} of {len(season.cast)} players still in."]
    for m in members:
        state = f"eliminated in {m.eliminated_in}" if m.status == "eliminated" else "playing"
        danger = ", elimination candidate in danger" if m.candidate else ""
        lines.append(f"  {m.player}: {state}, {m.garnets} garnets, {m.tokens_of_life} ToL{danger}")
    lines.append(f"Next: {nxt}")
    return Step(lines, members, nxt)


def spend_tol(book: Book, player: str) -> Step:
    season, tables, entries = read(book)
    main, entry = spend_token(season, balances(entries), player)
    return _write(
        book,
        tables,
        season.with_match(main),
        entries,
        [entry],
        [f"{entry.player} spent a Token of Life: no longer an elimination candidate."],
    )


def set_dm(book: Book, pair: Sequence[str]) -> Step:
    season, tables, entries = read(book)
    chosen = set_death_match(season, balances(entries), pair)
    after = season.with_match(chosen.main).with_match(chosen.death)
    lines = [*chosen.warnings, f"{chosen.death.name} set: {' v '.join(chosen.death.players)}."]
    if chosen.main.dodgers:
        paid = (
            f", each paid {chosen.main.dodge_garnets} garnets"
            if chosen.dodges
            else " (this Main Match pays no dodge garnets)"
        )
        lines.append(f"Dodged it: {', '.join(chosen.main.dodgers)}{paid}.")
    return _write(book, tables, after, entries, list(chosen.dodges), lines)


def _write(
    book: Book, tables: Tables, season: Season, entries: list[Entry], new: list[Entry], lines: list[str]
) -> Step:
    everything, added = post(entries, new)
    writes = season_tabs(season, everything, tables)
    if added:
        writes[LEDGER_TAB] = ledger_rows(added, tables.get(LEDGER_TAB))
    book.write(writes)
    members = season.members(balances(everything))
    return Step(lines, members, next_step(season, where_option(book), season_option(book)))


def import_ledger(book: Book, entries: Sequence[Entry], source: str) -> Step:
    """An older season ledger's entries (or a table of balances) brought into the season's Ledger, each once."""
    season, tables, existing = read(book)
    readable = [e for e in entries if not e.unread]
    _, added = post(existing, readable)
    said = f"Brought in {len(added)} of {len(readable)} entries from {source} into the season's Ledger"
    lines = [said + ("." if len(added) == len(readable) else "; the others were already there.")]
    return _write(book, tables, season, existing, readable, lines)


def public_tabs(book: Book) -> tuple[Season, dict[str, Rows]]:
    """The public Season tab as it stands, for the players' workbook."""
    season, _, entries = read(book)
    return season, {SEASON_TAB: public_rows(season, season.members(balances(entries)))}


def identity(book: Book) -> Identity:
    season, _, _ = read(book)
    return Identity(season.config["season_id"], season.name, "season")


def news(season: Season, entries: Sequence[Entry]) -> str:
    """The season's news for the public channel: who is in, who is out, and the last match."""
    members = season.members(balances(entries))
    out = [f"{m.player} (out in {m.eliminated_in})" for m in members if m.status == "eliminated"]
    danger = [m.player for m in members if m.candidate]
    lines = [f"{season.name}: {len(season.playing())} players still in: {', '.join(season.playing())}."]
    if out:
        lines.append(f"Eliminated: {', '.join(out)}.")
    if danger:
        lines.append(f"In danger: {', '.join(danger)}.")
    last = season.last()
    if last is not None and last.state == "over":
        won = f" won by {', '.join(last.winners)}" if last.winners else ""
        lines.append(f"Last: {last.name}{won}.")
    return "\n".join(lines)


def recorded_where(season: Book, match: Book) -> str:
    """How a match's Config names its season: the season file's path from the match's folder, or the key."""
    if season.key:
        return season.key
    where = Path(str(getattr(season, "path", season.location))).resolve()
    home = getattr(match, "path", None)
    if home is not None and where.is_relative_to(Path(home).resolve().parent):
        return str(where.relative_to(Path(home).resolve().parent))
    return str(where)


def workbook_where(match: Book, season: Book) -> str:
    """Where a match's workbook is, as the season's Matches tab names it."""
    if match.key:
        return match.key
    where = Path(str(getattr(match, "path", match.location))).resolve()
    home = getattr(season, "path", None)
    if home is not None and where.is_relative_to(Path(home).resolve().parent):
        return str(where.relative_to(Path(home).resolve().parent))
    return str(where)
