"""A ledger read and posted to outside a match's own steps: the balances (`hostkit ledger`), a purchase (`ledger
spend`) and a payout (`ledger pay`), in a match workbook's Ledger tab or a season workbook's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hostkit.errors import BadInput, Refused
from hostkit.library._report import Report

if TYPE_CHECKING:
    from hostkit.core.game import Game
    from hostkit.core.ledger import Balance, Entry
    from hostkit.core.tables import Tables
    from hostkit.library._workbooks import Workbooks
    from hostkit.storage.book import Book


def balances(book: Book | str | Path) -> Report:
    """Each player's balance from the workbook's Ledger tab (a workbook, or an .xlsx path): garnets, Tokens of
    Life and elimination candidacies, summed over every entry."""
    from hostkit.core.ledger import balances as totals_of
    from hostkit.core.ledger import read_ledger
    from hostkit.core.tables import Tables

    opened = _opened(book)
    assert opened is not None
    tables = Tables(opened.read())
    entries, problems = read_ledger(tables)
    totals = totals_of(entries)
    data = {"players": {name: balance_json(b) for name, b in totals.items()}, "entries": len(entries)}
    return Report("ledger", tuple(ledger_lines(tables, opened.location)), tuple(problems), data)


def ledger_lines(tables: Tables, location: str) -> list[str]:
    """Each player's balance from the Ledger tab of `tables`, as a table for the host."""
    from hostkit.core.ledger import LEDGER_TAB, read_ledger
    from hostkit.core.ledger import balances as totals_of
    from hostkit.core.text_table import text_table
    from hostkit.core.words import plural

    entries, _ = read_ledger(tables)
    totals = totals_of(entries)
    if LEDGER_TAB not in tables:
        return [f"{location} has no {LEDGER_TAB} tab yet: nothing has been paid."]
    if not totals:
        return [f"{location}'s {LEDGER_TAB} tab has no entries yet."]
    ordered = sorted(totals.items(), key=lambda item: (-item[1].garnets, item[0].casefold()))
    lines = text_table(
        [["Player", "Garnets", "Tokens of Life", "EC"]]
        + [[name, b.garnets, b.tokens, b.candidacies] for name, b in ordered]
    )
    return lines + [f"({plural(len(entries), 'entry', 'entries')})"]


def spend(
    player: str,
    garnets: int,
    reason: str,
    *,
    match: Book | str | Path | None = None,
    ledger: Book | str | Path | None = None,
    **options: Any,
) -> Report:
    """Record a purchase: take garnets from a player's balance, refused (Refused, nothing written) when the
    balance cannot cover it. Into the Ledger of `ledger` (a season workbook) or else of `match`; `options`:
    match_name, round, hold (as for `post`)."""
    from hostkit.core.ledger import spend as spent

    def make(existing: list[Entry], name: str, round_: int | None, who: str, match_id: str) -> Entry:
        return spent(existing, name, round_, who, garnets, reason, match_id)

    return post(player, make, "Spent", match=match, ledger=ledger, verb="ledger spend", **options)


def pay(
    player: str,
    reason: str,
    *,
    garnets: int = 0,
    tokens: int = 0,
    candidate: bool = False,
    match: Book | str | Path | None = None,
    ledger: Book | str | Path | None = None,
    **options: Any,
) -> Report:
    """Record a payout outside a match's own scoring (a dodge, a Death Match win); the same entry posted again
    (same match, round, player and reason) adds nothing."""
    from hostkit.core.ledger import Entry

    if not (garnets or tokens or candidate):
        raise BadInput("Say what to pay: --garnets N, --tokens N and/or --candidate.")

    def make(existing: list[Entry], name: str, round_: int | None, who: str, match_id: str) -> Entry:
        return Entry(
            name, round_, who, garnets=garnets, tokens=tokens, candidate=candidate, reason=reason, match_id=match_id
        )

    return post(player, make, "Paid", match=match, ledger=ledger, verb="ledger pay", **options)


def post(
    player: str,
    make: Callable[..., Entry],
    said: str,
    *,
    match: Book | str | Path | None,
    ledger: Book | str | Path | None,
    match_name: str | None = None,
    round: int | None = None,
    hold: Callable[[Book], None] = lambda book: None,
    verb: str = "ledger",
    warn: Callable[[str], None] = lambda text: None,
) -> Report:
    """Read the ledger once, make the entry (`make(existing, match, round, player, match_id)`), refuse it or
    post it once through the one commit, and say the new balance. The match workbook names the player as its
    roster does and the entry's match, and decides where the entry goes (the workbook it pays into); `ledger`
    names a season workbook or season ledger (each a workbook, or an .xlsx path). `hold` locks each workbook
    read."""
    from hostkit.core.ledger import LEDGER_TAB, read_ledger
    from hostkit.core.ledger import balances as totals_of
    from hostkit.core.ledger import post as posted
    from hostkit.core.players import player_key
    from hostkit.core.words import plural
    from hostkit.library._commit import commit
    from hostkit.library._plan import Plan

    books, tables, player, match_name, match_id = _ledger_of(
        player, _opened(match), _opened(ledger), match_name, hold, warn
    )
    existing, problems = read_ledger(tables)
    player = next((e.player for e in existing if player_key(e.player) == player_key(player)), player)
    try:
        entry = make(existing, match_name or "", round, player, match_id)
    except Refused as error:
        held = totals_of([e for e in existing if player_key(e.player) == player_key(player)]).get(player)
        refusal = {"refused": str(error), "player": player, "balance": balance_json(held)}
        raise Refused(f"{error}; nothing was written.", refusal) from None
    _, added = posted(existing, [entry])
    report = commit(books, Plan(verb, posts=(entry,), problems=tuple(problems), messages=False))
    after = totals_of([e for e in existing + added if player_key(e.player) == player_key(player)])[player]
    assert books.ledger is not None
    if added:
        lines = [f"{said}: {_describe(entry)}, written to {LEDGER_TAB} in {books.ledger.location}."]
    else:
        lines = [f"Already recorded: {_describe(entry)}; nothing added (give another --reason to post another entry)."]
    lines.append(
        f"{player} now has {plural(after.garnets, 'garnet')}, "
        f"{plural(after.tokens, 'Token of Life', 'Tokens of Life')}, "
        f"{plural(after.candidacies, 'elimination candidacy', 'elimination candidacies')}."
    )
    data: dict[str, Any] = {"written": bool(added), "entry": entry.as_json(), "balance": balance_json(after)}
    return Report(verb, (*report.summary, *lines), report.problems, data)


def _ledger_of(
    player: str,
    match: Book | None,
    ledger: Book | None,
    match_name: str | None,
    hold: Callable[[Book], None],
    warn: Callable[[str], None],
) -> tuple[Workbooks, Tables, str, str | None, str]:
    """The workbooks an entry is posted through, the ledger's tables, the player as the match's roster names
    them, the entry's match name and match id."""
    from hostkit.core.tables import Tables
    from hostkit.library._opening import read_game
    from hostkit.library._workbooks import Workbooks

    player, match_id = player.strip().lstrip("@"), ""
    if match is None:
        if ledger is None:
            raise BadInput(
                "Say which ledger: --book or --sheet (the match workbook), --ledger FILE or "
                "--ledger-sheet KEY (a season workbook)."
            )
        hold(ledger)
        return Workbooks(None, ledger=ledger), Tables(ledger.read() if ledger.exists() else {}), player, match_name, ""
    hold(match)
    game, tables, identity = read_game(match, warn)
    books = Workbooks(match, identity=identity)
    books.resolve(tables, ledger)
    ctx = game.context(tables)
    player = ctx.roster.match(player) or player
    if match_name is None:
        match_name, match_id = game.match_name(ctx), game.match_id(ctx)
    if books.pays_elsewhere():
        assert books.ledger is not None
        hold(books.ledger)
        tables = Tables(books.ledger.read() if books.ledger.exists() else {})
    return books, tables, player, match_name, match_id


def settled(books: Workbooks, game: Game, tables: Tables) -> str | None:
    """How the match's final standings are settled, in a sentence, or None while `standings` still has something
    to do: the ledger the match pays into (its Ledger tab is the one in `tables`) already holds what they pay, or
    they pay nothing and the tabs they write are there."""
    from hostkit.core.ledger import LEDGER_TAB, read_ledger, settle
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
    existing, _ = read_ledger(tables)
    if settle(existing, payout):
        return None
    ledger = books.ledger or books.match
    where = ledger.location if ledger is not None else "the ledger"
    return f"The match is over and paid: {LEDGER_TAB} in {where} holds what its final standings pay."


def _opened(book: Book | str | Path | None) -> Book | None:
    from hostkit.library._workbooks import open_book

    return open_book(book, None) if isinstance(book, (str, Path)) else book


def balance_json(b: Balance | None) -> dict:
    if b is None:
        return {"garnets": 0, "tokens_of_life": 0, "elimination_candidacies": 0}
    return {"garnets": b.garnets, "tokens_of_life": b.tokens, "elimination_candidacies": b.candidacies}


def _describe(entry: Entry) -> str:
    from hostkit.core.ledger import describe

    where = f", {entry.match}" if entry.match else ""
    return f"{entry.player} {describe(entry)} ({entry.reason}{where})"
