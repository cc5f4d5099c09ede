"""The workbooks a step writes: each checked before any is written, each kept to the match it serves; the
season workbook a match pays into; saving a step's tabs to every workbook they concern.

A public workbook (--public-book/--public-sheet) and a season workbook (--ledger) record the match(es) they
serve in a tab named `hostkit` (Serves, Match id, Match, Game): a public workbook serves one match, a season
workbook any number. A command refuses to write one that serves another match, or that is a match workbook.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from hostkit.core.game import TEMPLATE_ID, Game, Identity, Outcome
from hostkit.core.ledger import (
    LEDGER_TAB,
    REVERSED,
    Payout,
    blank_ids,
    describe,
    is_this_match,
    ledger_rows,
    read_ledger,
    settle,
)
from hostkit.core.settings import CONFIG_TAB, given_setting, with_setting
from hostkit.core.tables import Rows, Tables
from hostkit.errors import BadInput
from hostkit.storage.book import Book, Order, StorageError
from hostkit.storage.layout import arranged

MARK_TAB = "hostkit"
MARK_HEADER = ["Serves", "Match id", "Match", "Game"]
PUBLIC, SEASON = "public", "season ledger"


@dataclass
class Target:
    book: Book
    tabs: dict[str, Rows]


def write_all(targets: list[Target], order: Order | None = None) -> None:
    """Check every workbook (writable, not locked, unchanged, nothing of the host's lost), then write each,
    the public tabs first in `order`."""
    targets = [t for t in targets if t.tabs]
    for target in targets:
        target.book.check(target.tabs)
    written: list[str] = []
    for target in targets:
        try:
            write_or_create(target.book, target.tabs, order)
        except StorageError as error:
            if written:
                raise StorageError(
                    f"{error} ({' and '.join(written)} had already been written; run the command "
                    f"again to write the rest.)"
                ) from None
            raise
        written.append(target.book.location)


def write_or_create(book: Book, tabs: Mapping[str, Rows], order: Order | None = None) -> None:
    """Write tabs to a workbook, making an xlsx file on first use (a public one, a season ledger)."""
    if not tabs:
        return
    if not book.exists():
        book.create({name: tabs[name] for name in arranged(list(tabs), order)})
    else:
        book.write(tabs, order=order)


def same_file(one: Book, other: Book) -> bool:
    one_path, other_path = (getattr(b, "path", None) for b in (one, other))
    if one_path is None or other_path is None:
        return one.key is not None and one.key == other.key
    return Path(one_path).resolve() == Path(other_path).resolve()


def claim(book: Book, tabs: Mapping[str, Rows], role: str, match: Identity) -> dict[str, Rows]:
    """The `hostkit` tab that makes `book` (holding `tabs`) serve this match in this role, or nothing when it
    already does; StorageError when it is a match's own workbook or serves another match."""
    tables = Tables(tabs)
    config = tables.get(CONFIG_TAB)
    if config is not None and config.has_column("Key") and config.has_column("Value"):
        values = {r.text("Key").casefold(): r.text("Value") for r in config.records("Key", "Value")}
        if values.get("game") and (role == PUBLIC or (values.get("match_id") or "") != match.id):
            what = ", ".join([values["game"]] + ([repr(values["match"])] if values.get("match") else []))
            raise StorageError(
                f"{book.location} is a match workbook ({what}), not a {role} workbook; give this "
                f"match a {role} workbook of its own."
            )
    marks = tables.get(MARK_TAB)
    rows: Rows = [list(MARK_HEADER)] + (marks.filled_rows(handled=True) if marks is not None else [])
    served = [
        (str(r[0] or "").strip(), str(r[1] or "").strip(), str(r[2] or "").strip()) for r in rows[1:] if len(r) > 1
    ]
    for serves, match_id, name in served:
        if serves != role or (role == PUBLIC and match_id != match.id):
            whose = "" if serves == SEASON else f" of {name or match_id!r}"
            raise StorageError(
                f"{book.location} is the {serves} workbook{whose}, not this match's {role} "
                f"workbook; give this match a {role} workbook of its own."
            )
    if any(match_id == match.id for _, match_id, _ in served):
        return {}
    return {MARK_TAB: rows + [[role, match.id, match.name, match.game]]}


def public_target(book: Book, game: Game, writes: Mapping[str, Rows], whole: bool = False) -> Target | None:
    """The public tabs of this command's writes, for the public workbook, with its `hostkit` tab when new.

    The public workbook keeps the whole public set: a public tab of the match that it lacks (it was started
    late, or a command ran without it) is copied from the match workbook as it stands, looks and all. With
    `whole`, every public tab of the match is copied (`hostkit publish`)."""
    public = {tab: rows for tab, rows in writes.items() if game.is_public(tab)}
    if book.public is None or book.match is None or not (public or whole):
        return None
    exists = book.public.exists()
    held = book.public.read() if exists else {}
    have = {name.casefold() for name in [*public, *([] if whole else held)]}
    missing = [name for name in book.read() if game.is_public(name) and name.casefold() not in have]
    copied = book.read_styled(missing) if missing else {}
    return Target(book.public, {**claim(book.public, held, PUBLIC, book.match), **copied, **public})


def pay(book: Book, tables: Tables, outcome: Outcome, season: Book | None) -> list[Target]:
    """Settle what the result pays into the Ledger tab of the match workbook, or of the season workbook."""
    if outcome.payout is None:
        return []
    tabs: Mapping[str, Rows] = {}
    if season is None or season is book:
        existing, problems = read_ledger(tables)
        posted = settle(existing, outcome.payout)
        if posted:
            outcome.writes[LEDGER_TAB] = ledger_rows(posted, tables.get(LEDGER_TAB))
        targets = []
    else:
        refuse_second_ledger(book, tables, season, outcome.payout)
        exists = season.exists()
        tabs = season.read() if exists else {}
        mark = claim(season, tabs, SEASON, book.match) if book.match is not None else {}
        existing, problems = read_ledger(Tables(tabs))
        posted = settle(existing, outcome.payout)
        writes = {**mark, LEDGER_TAB: ledger_rows(posted, Tables(tabs).get(LEDGER_TAB))} if posted else {}
        targets = [Target(season, writes)]
    outcome.problems += problems + blank_ids(Tables(tabs) if season not in (None, book) else tables, outcome.payout)
    keep_match_id(book, outcome)
    if season is not None and season is not book:
        record_ledger(book, tables, season, outcome)
    where = f"{LEDGER_TAB} in {(season or book).location}"
    due = {entry.key() for entry in outcome.payout.due}
    for entry in posted:
        verb = "Paid" if entry.key() in due and REVERSED not in entry.reason else "Reversed"
        outcome.summary.append(
            f"{verb}: {entry.player} {describe(entry)} ({entry.reason}, {entry.match}), written to {where}."
        )
    made = {entry.key() for entry in posted}
    for entry in outcome.payout.due:
        if entry.key() not in made:
            outcome.summary.append(f"Already paid: {entry.player} {describe(entry)} ({entry.reason}); nothing added.")
    outcome.data = {**(outcome.data or {}), "paid": [e.as_json() for e in posted]}
    return targets


def settled(book: Book, game: Game, tables: Tables) -> str | None:
    """How the match's final standings are settled, in a sentence, or None while `standings` still has something
    to do: the ledger (the match workbook's, or the season workbook Config ledger_book names) already holds what
    they pay, or they pay nothing and the tabs they write are there."""
    from hostkit.core.tables import BookError

    try:
        outcome = game.standings(tables)
    except BookError:
        return None
    payout = outcome.payout
    if payout is None:
        return None
    if not payout.due:
        if all(name in tables for name in outcome.writes):
            return "The match is over: its final standings are written and pay nothing into the Ledger."
        return None
    season = recorded_ledger(book, tables)
    if season is None:
        from hostkit.season_link import season_of_match

        season = season_of_match(None, None, book, tables)  # a season on a Google Sheet (Config season)
    ledger = tables if season is None else Tables(season.read() if season.exists() else {})
    existing, _ = read_ledger(ledger)
    if settle(existing, payout):
        return None
    return (
        f"The match is over and paid: {LEDGER_TAB} in {(season or book).location} holds what its final standings pay."
    )


LEDGER_BOOK = "ledger_book"


def recorded_ledger(book: Book, tables: Tables) -> Book | None:
    """The season workbook Config ledger_book names (a path beside the match workbook's folder)."""
    config = tables.get(CONFIG_TAB)
    if config is None or not (config.has_column("Key") and config.has_column("Value")):
        return None
    value = given_setting(tables, LEDGER_BOOK)
    if not value:
        return None
    from hostkit.season_link import season_file
    from hostkit.storage.xlsx import XlsxBook

    folder = Path(getattr(book, "path", ".")).parent
    return XlsxBook(season_file(folder / Path(value).expanduser(), f"Config {LEDGER_BOOK} ({value})"))


def record_ledger(book: Book, tables: Tables, season: Book, outcome: Outcome) -> None:
    """Config ledger_book names the season workbook this match was paid into: later payouts go there too."""
    if season.key is not None:
        return  # a season on a Google Sheet is named by Config season, which `new --season` wrote
    recorded = recorded_ledger(book, tables)
    if recorded is not None and same_file(recorded, season):
        outcome.summary.append(f"Paid into {season.location}, as Config ledger_book says this match is.")
        return
    where = Path(str(getattr(season, "path", season.location))).resolve()
    home = getattr(book, "path", None)
    if home is not None and where.is_relative_to(Path(home).resolve().parent):
        where = where.relative_to(Path(home).resolve().parent)
    table = tables.get(CONFIG_TAB)
    config = outcome.writes.get(CONFIG_TAB) or ([table.header, *table.rows] if table is not None else [])
    outcome.writes[CONFIG_TAB] = with_setting(config, LEDGER_BOOK, str(where))
    outcome.summary.append(
        f"Config ledger_book is now {str(where)!r}: this match's later payouts go to that season workbook too."
    )


def refuse_second_ledger(book: Book, tables: Tables, season: Book, payout: Payout) -> None:
    """A match already paid in its own Ledger is not paid again into a season workbook."""
    if recorded_ledger(book, tables) is not None:
        return
    existing, _ = read_ledger(tables)
    own = [e for e in existing if is_this_match(e, payout) and (any(e.amounts()) or e.unread)]
    if own:
        raise StorageError(
            f"This match's results are already paid in the Ledger tab of {book.location} ({len(own)} rows); paying "
            f"them into {season.location} too would pay them twice. Run without --ledger, or move those rows into "
            f"the season workbook and delete them here first."
        )


def keep_match_id(book: Book, outcome: Outcome) -> None:
    """Write the match id of a workbook made before match ids into its Config, so that it stays the same."""
    match = book.match
    if match is None or match.config is None or CONFIG_TAB in outcome.writes:
        return
    outcome.writes[CONFIG_TAB] = match.config
    if match.from_template:
        outcome.summary.append(
            f"Config match_id was the ready-made workbook's {TEMPLATE_ID!r}: it is now {match.id!r}, this match's "
            f"own, the name the ledger knows it by."
        )
        return
    outcome.summary.append(
        f"Config had no match_id (the workbook is older than match ids): it is now {match.id!r}, "
        f"the name the ledger knows this match by, so renaming the match cannot pay it twice."
    )


def season_book(path: str | None, book: Book, tables: Tables, hold: Callable[[Book], None]) -> Book | None:
    """The season workbook `path` names (the match workbook itself when it names that), or the one this match
    was paid into before (Config ledger_book), held with `hold` until the step ends."""
    recorded = recorded_ledger(book, tables)
    if path is None and recorded is None:
        from hostkit.season_link import season_of_match

        found = season_of_match(None, None, book, tables)  # a season on a Google Sheet (Config season)
        if found is not None:
            hold(found)
        return found
    from hostkit.storage.xlsx import XlsxBook

    season = XlsxBook(path) if path is not None else recorded
    assert season is not None
    if same_file(season, book):
        return book
    if path is not None and recorded is not None and not same_file(season, recorded) and recorded.exists():
        raise BadInput(
            f"This match was paid into {recorded.location} (Config ledger_book), not {path}; pass --ledger "
            f"{recorded.location}, or change ledger_book if the season's ledger moved."
        )
    if book.public is not None and same_file(season, book.public):
        raise BadInput(
            f"{season.location} cannot be both the season ledger and the players' public workbook; give "
            f"each a workbook of its own."
        )
    hold(season)
    return season


def save(book: Book, game: Game, writes: dict[str, Rows], also: Sequence[Target] = ()) -> None:
    """Write a step's tabs, the public ones among them to the public workbook when there is one, and the
    other workbooks `also` names (a season ledger); every workbook is checked before any is written."""
    public = public_target(book, game, writes)
    write_all([Target(book, writes), *([public] if public else []), *also], order=game.reading_order)
