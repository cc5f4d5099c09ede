"""A ledger read and posted to outside a match's own steps: the balances (`hostkit ledger`), a purchase (`ledger
spend`) and a payout (`ledger pay`), in a match workbook's Ledger tab or a season workbook's."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hostkit.errors import BadInput, Refused
from hostkit.report import Report

if TYPE_CHECKING:
    from hostkit.core.ledger import Balance, Entry
    from hostkit.core.tables import Rows, Tables
    from hostkit.storage.book import Book


def balances(book: Book) -> Report:
    """Each player's balance from the workbook's Ledger tab: garnets, Tokens of Life and elimination candidacies,
    summed over every entry."""
    from hostkit.core.ledger import balances as totals_of
    from hostkit.core.ledger import read_ledger
    from hostkit.core.tables import Tables

    tables = Tables(book.read())
    entries, problems = read_ledger(tables)
    totals = totals_of(entries)
    data = {"players": {name: balance_json(b) for name, b in totals.items()}, "entries": len(entries)}
    return Report("ledger", tuple(ledger_lines(tables, book.location)), tuple(problems), data)


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
    player: str, garnets: int, reason: str, *, match: Book | None = None, ledger: Book | None = None, **options: Any
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
    match: Book | None = None,
    ledger: Book | None = None,
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
    match: Book | None,
    ledger: Book | None,
    match_name: str | None = None,
    round: int | None = None,
    hold: Callable[[Book], None] = lambda book: None,
    verb: str = "ledger",
    warn: Callable[[str], None] = lambda text: None,
) -> Report:
    """Read the ledger once, make the entry (`make(existing, match, round, player, match_id)`), refuse it or
    write the Ledger tab once, and say the new balance. The match workbook names the player as its roster does
    and the entry's match; a season workbook is claimed for the match. `hold` locks each workbook written."""
    from hostkit.core.ledger import LEDGER_TAB, ledger_rows, read_ledger
    from hostkit.core.ledger import balances as totals_of
    from hostkit.core.ledger import post as posted
    from hostkit.core.players import player_key
    from hostkit.core.tables import Tables
    from hostkit.core.words import plural
    from hostkit.opening import read_game
    from hostkit.targets import SEASON, claim, same_file, write_or_create

    player, match_id = player.strip().lstrip("@"), ""
    if match is not None:
        hold(match)
        game, tables = read_game(match, warn)
        ctx = game.context(tables)
        player = ctx.roster.match(player) or player
        if match_name is None:
            match_name, match_id = game.match_name(ctx), game.match_id(ctx)
    mark: dict[str, Rows] = {}
    if ledger is not None:
        if match is not None and same_file(ledger, match):
            target = match
        else:
            target = ledger
            hold(target)
            tabs = target.read() if target.exists() else {}
            tables = Tables(tabs)
            if match is not None and match.match is not None:
                mark = claim(target, tabs, SEASON, match.match)
    elif match is not None:
        target = match
    else:
        raise BadInput(
            "Say which ledger: --book or --sheet (the match workbook), --ledger FILE or "
            "--ledger-sheet KEY (a season workbook)."
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
    if added:
        write_or_create(target, {**mark, LEDGER_TAB: ledger_rows(added, tables.get(LEDGER_TAB))})
    after = totals_of([e for e in existing + added if player_key(e.player) == player_key(player)])[player]
    if added:
        lines = [f"{said}: {_describe(entry)}, written to {LEDGER_TAB} in {target.location}."]
    else:
        lines = [f"Already recorded: {_describe(entry)}; nothing added (give another --reason to post another entry)."]
    lines.append(
        f"{player} now has {plural(after.garnets, 'garnet')}, "
        f"{plural(after.tokens, 'Token of Life', 'Tokens of Life')}, "
        f"{plural(after.candidacies, 'elimination candidacy', 'elimination candidacies')}."
    )
    data: dict[str, Any] = {"written": bool(added), "entry": entry.as_json(), "balance": balance_json(after)}
    return Report(verb, tuple(lines), tuple(problems), data)


def balance_json(b: Balance | None) -> dict:
    if b is None:
        return {"garnets": 0, "tokens_of_life": 0, "elimination_candidacies": 0}
    return {"garnets": b.garnets, "tokens_of_life": b.tokens, "elimination_candidacies": b.candidacies}


def _describe(entry: Entry) -> str:
    from hostkit.core.ledger import describe

    where = f", {entry.match}" if entry.match else ""
    return f"{entry.player} {describe(entry)} ({entry.reason}{where})"
