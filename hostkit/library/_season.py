"""A season run end to end, without the command line: each step reads the season workbook, has the pure rules
(core/season_steps.py) decide, and writes the tabs that changed in one place (`_write`); it returns a result
(what it did, what comes next) with to_dict(). Out-of-order steps raise hostkit.errors.Refused (exit 1)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import cache
from pathlib import Path

from hostkit.core.game import Identity
from hostkit.core.ledger import (
    LEDGER_HEADER,
    LEDGER_TAB,
    Balance,
    Entry,
    Payout,
    balances,
    ledger_rows,
    post,
    read_ledger,
    settle,
)
from hostkit.core.players import player_key
from hostkit.core.season import (
    CAST_HEADER,
    CAST_TAB,
    ELIMINATED,
    MATCHES_HEADER,
    MATCHES_TAB,
    PLAYING,
    PLAYING_STATUS,
    SEASON_SETTINGS,
    SEASON_TAB,
    SET,
    WAITING,
    Season,
    is_season,
    next_step,
    read_season,
    with_unread,
)
from hostkit.core.season import (
    Step as Stage,
)
from hostkit.core.season_steps import (
    DODGE_REASON,
    joined_cast,
    of_the_cast,
    saved_entries,
    set_death_match,
    spend_token,
    take_back,
)
from hostkit.core.settings import CONFIG_TAB, config_rows
from hostkit.core.tables import BookError, Problem, Rows, Table, Tables
from hostkit.errors import Refused
from hostkit.library._workbooks import where
from hostkit.storage.book import Book

SEASON_SETTING = "season"
"""The match Config setting naming the season workbook the match belongs to."""


@dataclass
class Step:
    """What a season step did: its lines for the host, the season's cast after it, the next step, and what
    its --json adds (`data`), its warnings (said on stderr) and the problems found reading the season."""

    lines: list[str]
    members: list[Member]
    next: str
    data: dict = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "cast": [m.as_json() for m in self.members],
            "next": self.next,
            **self.data,
            **({"warnings": self.warnings} if self.warnings else {}),
            **({"problems": [p.as_json() for p in self.problems]} if self.problems else {}),
        }


@dataclass(frozen=True)
class Member:
    player: str
    status: str
    eliminated_in: str
    garnets: int
    tokens_of_life: int
    candidate: bool

    def as_json(self) -> dict:
        return {k: v for k, v in asdict(self).items() if k != "eliminated_in"}


def members_of(season: Season, balances: dict[str, Balance]) -> list[Member]:
    """Each cast member as the Season tab and --json show them: playing or out, balances, in danger."""
    held = {player_key(name): b for name, b in balances.items()}
    out = season.eliminated()
    danger = {player_key(p) for p in season.in_danger()}
    return [
        Member(
            p,
            ELIMINATED if player_key(p) in out else PLAYING_STATUS,
            out.get(player_key(p), ""),
            held.get(player_key(p), Balance()).garnets,
            held.get(player_key(p), Balance()).tokens,
            player_key(p) in danger,
        )
        for p in season.cast
    ]


@cache
def smallest_main() -> int:
    """The fewest players any Main Match game allows: of the games only for more than two (a game a host sizes
    from two players up, like custom, does not count; Config final_stage_at says otherwise)."""
    from hostkit.games import GAMES, load_game

    return min((g.min_players for g in map(load_game, GAMES) if g.min_players > 2), default=0)


def read(book: Book) -> tuple[Season, Tables, list[Entry]]:
    """The season as its workbook holds it, each match under way whose workbook is gone noted; BookError when
    the workbook is not a season workbook."""
    if not book.exists():
        raise BookError(
            f"{book.location} does not exist; give the season workbook's path, or make one with `hostkit season "
            f'new --book {book.location} --cast "A,B,..."`.'
        )
    tables = Tables(book.read())
    if not is_season(tables):
        raise BookError(
            f"{book.location} is not a season workbook (its Config has no season_id); make one with `hostkit "
            f'season new --book FILE --cast "A,B,..."`.'
        )
    entries, _ = read_ledger(tables)
    season = read_season(tables, smallest_main())
    return replace(season, lost=frozenset(_lost(book, season))), tables, entries


def _lost(book: Book, season: Season) -> list[str]:
    """The matches under way whose .xlsx workbook (a path from the season workbook's folder) is not there."""
    if book.path is None:
        return []
    home = book.path.parent
    return [
        m.name
        for m in season.matches
        if m.state in (PLAYING, WAITING)
        and m.workbook.casefold().endswith(".xlsx")
        and not (home / Path(m.workbook).expanduser()).is_file()
    ]


def problems_of(tables: Tables, season: Season) -> list[Problem]:
    """What cannot be read in the season workbook: its Config's settings and its Ledger's rows."""
    return [*season.problems, *read_ledger(tables)[1]]


def cast_rows(season: Season) -> Rows:
    out = season.eliminated()
    return [list(CAST_HEADER)] + [
        [p, ELIMINATED if player_key(p) in out else PLAYING_STATUS, out.get(player_key(p)) or None] for p in season.cast
    ]


def with_host_columns(table: Table | None, rows: Rows) -> Rows:
    """A tab's rows as hostkit writes them, with the columns the host added to it kept beside them, each row's
    matched by its first cell (the player, the match)."""
    if table is None or not any(table.header):
        return rows
    ours = {str(h).casefold() for h in rows[0]}
    extra = [i for i, h in enumerate(table.header) if str(h or "").strip() and str(h).strip().casefold() not in ours]
    if not extra:
        return rows
    held = {str(r[0] or "").strip().casefold(): r for r in table.rows if r}
    out: Rows = [rows[0] + [table.header[i] for i in extra]]
    for row in rows[1:]:
        old = held.get(str(row[0] or "").strip().casefold(), [])
        out.append(row + [old[i] if i < len(old) else None for i in extra])
    return out


def matches_rows(season: Season) -> Rows:
    return [list(MATCHES_HEADER)] + [m.row() for m in season.matches]


def season_tabs(season: Season, entries: Sequence[Entry], tables: Tables) -> dict[str, Rows]:
    """The tabs the season writes after every step: Cast and Matches (with any columns the host added to them),
    and the public Season tab."""
    return {
        CAST_TAB: with_host_columns(tables.get(CAST_TAB), cast_rows(season)),
        MATCHES_TAB: with_host_columns(tables.get(MATCHES_TAB), matches_rows(season)),
        SEASON_TAB: public_rows(season, members_of(season, balances(entries))),
    }


def new_season(book: Book, cast: Sequence[str], name: str = "", force: bool = False) -> Step:
    """Lay out a season workbook; an existing season ledger (a --ledger workbook) keeps its Ledger tab."""
    tabs = dict(book.read()) if book.exists() else {}
    tables = Tables(tabs)
    again = is_season(tables)
    if again and not force:
        raise BookError(f"{book.location} is already a season workbook; give another file (or --force to start again).")
    if CONFIG_TAB in tables and not again:
        raise BookError(f"{book.location} is a match workbook; give the season a workbook of its own.")
    if again:
        tabs, tables = {}, Tables({})
    season_id = f"season-{secrets.token_hex(5)}"
    made: dict[str, Rows] = {
        CONFIG_TAB: config_rows(SEASON_SETTINGS, {"season": name, "season_id": season_id}),
        CAST_TAB: [list(CAST_HEADER)] + [[p, PLAYING_STATUS] for p in cast],
    }
    entries, _ = read_ledger(tables)
    season = read_season(Tables({**tabs, **made}), smallest_main())
    writes = {**made, **season_tabs(season, entries, Tables({}))}
    if LEDGER_TAB not in tables:
        writes[LEDGER_TAB] = [list(LEDGER_HEADER)]
    _commit(book, writes, create=not tabs)
    kept = [f"its Ledger tab ({len(entries)} entries) is the season's Ledger now."] if entries else []
    lines = [f"Created the season {name or season_id!r} in {book.location}: {len(cast)} players."] + kept
    return Step(lines, members_of(season, balances(entries)), next_step(season, where(book), where(book, "season")))


def status(book: Book) -> Step:
    """Who is still in, their balances, and the next step; once the season is over, --json adds `winner` (None
    when Config players_left leaves several)."""
    season, tables, entries = read(book)
    members = members_of(season, balances(entries))
    nxt = next_step(season, where(book), where(book, "season"))
    lines = [f"{season.name}: {len(season.playing())} of {len(season.cast)} players still in."]
    for m in members:
        state = f"eliminated in {m.eliminated_in}" if m.status == ELIMINATED else "playing"
        danger = ", elimination candidate in danger" if m.candidate else ""
        lines.append(f"  {m.player}: {state}, {m.garnets} garnets, {m.tokens_of_life} ToL{danger}")
    lines.append(f"Next: {nxt}")
    playing = season.playing()
    end = {"winner": playing[0] if len(playing) == 1 else None} if season.step() is Stage.OVER else {}
    return Step(lines, members, nxt, end, problems=problems_of(tables, season))


def spend_tol(book: Book, player: str) -> Step:
    season, tables, entries = read(book)
    try:
        main, entry = spend_token(season, balances(entries), player)
    except Refused as error:
        raise with_unread(error, read_ledger(tables)[1]) from None
    paid = saved_entries(entries, main, entry.player, (entry,))
    lines = [f"{entry.player} spent a Token of Life: no longer an elimination candidate."]
    data = {"player": entry.player, "tokens_of_life_spent": -entry.tokens, "match": main.name}
    return _write(book, tables, season.with_match(main), entries, paid, lines, data)


def set_dm(book: Book, pair: Sequence[str]) -> Step:
    season, tables, entries = read(book)
    try:
        chosen = set_death_match(season, balances(entries), pair)
    except Refused as error:
        raise with_unread(error, read_ledger(tables)[1]) from None
    after = season.with_match(chosen.death)
    paid: list[Entry] = []
    lines = [f"{chosen.death.name} set: {' v '.join(chosen.death.players)}."]
    if chosen.main is not None:
        main = chosen.main
        after = season.with_match(main).with_match(chosen.death)
        paid = settle(entries, Payout(main.match_id, main.name, chosen.dodges, frozenset({DODGE_REASON})))
        if main.dodgers:
            each = (
                f", each paid {main.dodge_garnets} garnets"
                if chosen.dodges
                else " (this Main Match pays no dodge garnets)"
            )
            lines.append(f"Dodged it: {', '.join(main.dodgers)}{each}.")
    dodgers = [{"player": p, "garnets": main.dodge_garnets} for p in main.dodgers] if chosen.main else []
    data = {"match": chosen.death.name, "pair": list(chosen.death.players), "dodgers": dodgers}
    step = _write(book, tables, after, entries, paid, lines, data)
    step.warnings = list(chosen.warnings)
    return step


def undo(book: Book) -> Step:
    """`season undo`: the latest season step taken back, its payments reversed in the Ledger (never deleted)."""
    season, tables, entries = read(book)
    undone = take_back(season, entries)
    return _write(book, tables, undone.season, entries, list(undone.entries), [undone.said], {"undone": undone.said})


def add_cast(book: Book, names: Sequence[str]) -> Step:
    """`season cast --add`: players added to the Cast, playing from now on."""
    season, tables, entries = read(book)
    after = joined_cast(season, names)
    lines = [f"Added to the Cast: {', '.join(names)}; {len(after.playing())} players are still in."]
    return _write(book, tables, after, entries, [], lines, {"added": list(names)})


def _write(
    book: Book,
    tables: Tables,
    season: Season,
    entries: list[Entry],
    new: list[Entry],
    lines: list[str],
    data: dict | None = None,
) -> Step:
    """The one place a season step is written: its Cast, Matches and Season tabs, and its new Ledger entries
    (already settled: each posted once, reversals included)."""
    everything = [*entries, *new]
    writes = season_tabs(season, everything, tables)
    if new:
        writes[LEDGER_TAB] = ledger_rows(new, tables.get(LEDGER_TAB))
    _commit(book, writes)
    members = members_of(season, balances(everything))
    nxt = next_step(season, where(book), where(book, "season"))
    return Step(lines, members, nxt, data or {}, problems=problems_of(tables, season))


def _commit(book: Book, writes: dict[str, Rows], create: bool = False) -> None:
    """The season workbook's tabs written through the one commit, every one checked first."""
    from hostkit.library._commit import commit
    from hostkit.library._plan import MATCH, Plan
    from hostkit.library._workbooks import Workbooks

    commit(Workbooks(book), Plan("season", writes={MATCH: writes}, messages=False, create=create, force=create))


def import_ledger(book: Book, entries: Sequence[Entry], source: str) -> Step:
    """An older season ledger's entries (or a table of balances) brought into the season's Ledger, each once;
    a player not in the Cast is named and left out until `season cast --add` adds them."""
    season, tables, existing = read(book)
    cast, strangers = of_the_cast(season, [e for e in entries if not e.unread], source)
    _, added = post(existing, cast)
    said = f"Brought in {len(added)} of {len(cast)} entries from {source} into the season's Ledger"
    lines = [said + ("." if len(added) == len(cast) else "; the others were already there.")]
    step = _write(
        book, tables, season, existing, added, lines, {"left_out": sorted(p.message.split()[0] for p in strangers)}
    )
    step.problems += strangers
    return step


def public_tabs(book: Book) -> tuple[Season, dict[str, Rows]]:
    """The public Season tab as it stands, for the players' workbook."""
    season, _, entries = read(book)
    return season, {SEASON_TAB: public_rows(season, members_of(season, balances(entries)))}


def identity(book: Book) -> Identity:
    season, _, _ = read(book)
    return Identity(season.config["season_id"], season.name, "season")


def news(season: Season, entries: Sequence[Entry]) -> str:
    """The season's news for the public channel: who is in, who is out, and the last match."""
    members = members_of(season, balances(entries))
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


def public_rows(season: Season, members: Sequence[Member]) -> Rows:
    """The public Season tab: the cast with garnets, Tokens of Life and who is out, then every match played."""
    rows: Rows = [[season.name], [], ["Player", "Status", "Garnets", "Tokens of Life", "In danger", "Eliminated in"]]
    rows += [
        [m.player, m.status, m.garnets, m.tokens_of_life, "yes" if m.candidate else None, m.eliminated_in or None]
        for m in members
    ]
    rows += [
        [],
        ["Match", "Kind", "Players", "Winners", "Tokens of Life", "Candidates", "Saved", "Dodgers", "Eliminated"],
    ]
    for match in season.matches:
        if match.state != SET:
            row = match.row()  # name, kind, game, players, state, winners, ToL, ECs, saved, dodgers, eliminated
            rows.append([*row[:2], row[3], *row[5:11]])
    return rows
