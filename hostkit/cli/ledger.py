"""The season ledger from the command line: balances, purchases (spend) and payouts outside a match (pay)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from hostkit.cli.options import as_json_text, hold, open_book, open_game, report_problems
from hostkit.errors import BadInput

if TYPE_CHECKING:
    from hostkit.core.ledger import Entry
    from hostkit.core.tables import Rows, Tables
    from hostkit.storage.book import Book
from hostkit.cli.progress import progress_for

_WHERE = (
    click.option(
        "--book",
        "book_path",
        type=click.Path(dir_okay=False),
        envvar="HOSTKIT_BOOK",
        help="The match's .xlsx workbook (or set HOSTKIT_BOOK).",
    ),
    click.option(
        "--sheet",
        "sheet",
        metavar="KEY_OR_URL",
        envvar="HOSTKIT_SHEET",
        help="Or the match's Google Sheet: its key or address (or set HOSTKIT_SHEET).",
    ),
    click.option(
        "--credentials",
        type=click.Path(dir_okay=False),
        envvar=["HOSTKIT_CREDENTIALS", "GOOGLE_APPLICATION_CREDENTIALS"],
        help="With a Google Sheet: the service account's JSON key.",
    ),
)


def _where(command: Callable) -> Callable:
    for option in reversed(_WHERE):
        command = option(command)
    return command


@click.group("ledger", invoke_without_command=True)
@_where
@click.option("--json", "as_json", is_flag=True, help="Print the balances as one JSON object.")
@click.pass_context
def ledger(
    ctx: click.Context, book_path: str | None, sheet: str | None, credentials: str | None, as_json: bool
) -> None:
    """Print each player's season balance from a workbook's Ledger tab.

    Balances are garnets, Tokens of Life and elimination candidacies, summed over
    every entry (match payouts and purchases alike). `ledger spend` and `ledger
    pay` add entries.

    \b
    Examples:
      hostkit ledger --book season.xlsx --json
      hostkit ledger spend --book game.xlsx --player Reds --garnets 4 --reason "a 4-space move"
      hostkit ledger pay --ledger season.xlsx --player Craw --garnets 2 --reason "dodged the DM"
    """
    from hostkit.core.ledger import balances, read_ledger
    from hostkit.core.tables import Tables

    ctx.obj = {"book_path": book_path, "sheet": sheet, "credentials": credentials}
    if ctx.invoked_subcommand is not None:
        return
    book = _open(book_path, sheet, credentials, as_json)
    tables = Tables(book.read())
    entries, problems = read_ledger(tables)
    totals = balances(entries)
    if as_json:
        click.echo(
            as_json_text(
                {
                    "players": {name: _balance_json(b) for name, b in totals.items()},
                    "entries": len(entries),
                    "problems": [p.as_json() for p in problems],
                }
            )
        )
    else:
        for line in ledger_lines(tables, book.location):
            click.echo(line)
    report_problems(problems, book)


def ledger_lines(tables: Tables, location: str) -> list[str]:
    """Each player's balance from the Ledger tab of `tables`, as a table for the host."""
    from hostkit.core.ledger import LEDGER_TAB, balances, read_ledger
    from hostkit.core.text_table import text_table
    from hostkit.core.words import plural

    entries, _ = read_ledger(tables)
    totals = balances(entries)
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


def _balance_json(b: Any) -> dict:
    return {"garnets": b.garnets, "tokens_of_life": b.tokens, "elimination_candidacies": b.candidacies}


def _open(
    book_path: str | None, sheet: str | None, credentials: str | None, as_json: bool, public: bool = False
) -> Book:
    from hostkit.storage.book import StorageError

    try:
        return open_book(book_path, sheet, credentials, progress_for(as_json), public=public)
    except StorageError as error:
        raise BadInput(str(error)) from None


def _entry_options(command: Callable) -> Callable:
    options = (
        click.option("--player", required=True, help="Whose balance the entry changes."),
        click.option("--reason", required=True, help='Why, in words the player reads ("a 4-space move").'),
        click.option(
            "--match",
            "match_name",
            help="The match the entry belongs to (default: the match "
            "workbook's name in the ledger, or blank outside a match).",
        ),
        click.option("--round", "round_number", type=click.IntRange(1), help="The round it belongs to, if any."),
        click.option(
            "--ledger",
            "ledger_path",
            type=click.Path(dir_okay=False),
            help="Post to this season workbook's Ledger tab (made if it does not exist).",
        ),
        click.option("--ledger-sheet", metavar="KEY_OR_URL", help="Or post to this season Google Sheet's Ledger tab."),
        click.option("--json", "as_json", is_flag=True, help="Also print the entry and the new balance as JSON."),
    )
    for option in reversed(options):
        command = option(command)
    return _where(command)


@ledger.command("spend")
@_entry_options
@click.option("--garnets", type=click.IntRange(1), required=True, help="Garnets to spend.")
@click.pass_obj
def spend_command(obj: dict, garnets: int, **options: Any) -> None:
    """Record a purchase: take garnets from a player's balance.

    A spend the balance cannot cover is refused, with the balance, and nothing is
    written. Entries go to the match workbook's Ledger tab, or with --ledger /
    --ledger-sheet to a season workbook's.

    \b
    Example:
      hostkit ledger spend --book game.xlsx --player Reds --garnets 4 --reason "a 4-space move"
    """
    from hostkit.core.ledger import spend

    _post(
        obj,
        options,
        lambda existing, match, round_, player, match_id: spend(
            existing, match, round_, player, garnets, options["reason"], match_id
        ),
        "Spent",
    )


@ledger.command("pay")
@_entry_options
@click.option("--garnets", type=click.IntRange(0), default=0, show_default=True, help="Garnets to pay.")
@click.option("--tokens", type=click.IntRange(0), default=0, show_default=True, help="Tokens of Life to give.")
@click.option("--candidate", is_flag=True, help="Also make the player an elimination candidate.")
@click.pass_obj
def pay_command(obj: dict, garnets: int, tokens: int, candidate: bool, **options: Any) -> None:
    """Record a payout outside a match's own scoring (a dodge, a Death Match win).

    Posting the same entry again (same match, round, player and reason) adds
    nothing, so running it twice never pays twice.

    \b
    Example:
      hostkit ledger pay --ledger season.xlsx --player Craw --garnets 6 --reason "won the Death Match"
    """
    from hostkit.core.ledger import Entry

    if not (garnets or tokens or candidate):
        raise BadInput("Say what to pay: --garnets N, --tokens N and/or --candidate.")
    _post(
        obj,
        options,
        lambda existing, match, round_, player, match_id: Entry(
            match,
            round_,
            player,
            garnets=garnets,
            tokens=tokens,
            candidate=candidate,
            reason=options["reason"],
            match_id=match_id,
        ),
        "Paid",
    )


def _post(obj: dict, options: dict, make: Callable[..., Entry], verb: str) -> None:
    """Read the ledger once, make the entry, refuse it or write the Ledger tab once, and say the new balance."""
    from hostkit.core.ledger import LEDGER_TAB, Refused, balances, ledger_rows, post, read_ledger
    from hostkit.core.players import player_key
    from hostkit.core.tables import Tables
    from hostkit.core.words import plural
    from hostkit.targets import SEASON, claim, same_file, write_or_create

    as_json = options["as_json"]
    book_path = options["book_path"] or obj["book_path"]
    sheet = options["sheet"] or obj["sheet"]
    credentials = options["credentials"] or obj["credentials"]
    if options["ledger_path"] and options["ledger_sheet"]:
        raise BadInput("Give --ledger or --ledger-sheet, not both.")
    match_book = _open(book_path, sheet, credentials, as_json) if book_path or sheet else None
    player, match, match_id = options["player"].strip().lstrip("@"), options["match_name"], ""
    if match_book is not None:
        hold(match_book)
        game, tables = open_game(match_book)
        ctx = game.context(tables)
        player = ctx.roster.match(player) or player
        if match is None:
            match, match_id = game.match_name(ctx), game.match_id(ctx)
    mark: dict[str, Rows] = {}
    if options["ledger_path"] or options["ledger_sheet"]:
        target = _open(options["ledger_path"], options["ledger_sheet"], credentials, as_json, public=True)
        if match_book is not None and same_file(target, match_book):
            target = match_book
        else:
            hold(target)
            exists = target.exists()
            tabs = target.read() if exists else {}
            tables = Tables(tabs)
            if match_book is not None and match_book.match is not None:
                mark = claim(target, tabs, SEASON, match_book.match)
    elif match_book is not None:
        target = match_book
    else:
        raise BadInput(
            "Say which ledger: --book or --sheet (the match workbook), --ledger FILE or "
            "--ledger-sheet KEY (a season workbook)."
        )
    existing, problems = read_ledger(tables)
    player = next((e.player for e in existing if player_key(e.player) == player_key(player)), player)
    try:
        entry = make(existing, match or "", options["round_number"], player, match_id)
    except Refused as error:
        held = balances([e for e in existing if player_key(e.player) == player_key(player)]).get(player)
        if as_json:
            click.echo(
                as_json_text(
                    {
                        "refused": str(error),
                        "player": player,
                        "balance": _balance_json(held) if held else _balance_json(_Zero),
                    }
                )
            )
        raise Refused(f"{error}; nothing was written.") from None
    _, added = post(existing, [entry])
    if added:
        write_or_create(target, {**mark, LEDGER_TAB: ledger_rows(added, tables.get(LEDGER_TAB))})
    after = balances([e for e in existing + added if player_key(e.player) == player_key(player)])[player]
    if as_json:
        click.echo(
            as_json_text(
                {
                    "written": bool(added),
                    "entry": _entry_json(entry),
                    "balance": _balance_json(after),
                    "problems": [p.as_json() for p in problems],
                }
            )
        )
    elif added:
        click.echo(f"{verb}: {_describe(entry)}, written to {LEDGER_TAB} in {target.location}.")
    else:
        click.echo(
            f"Already recorded: {_describe(entry)}; nothing added (give another --reason to post another entry)."
        )
    if not as_json:
        click.echo(
            f"{player} now has {plural(after.garnets, 'garnet')}, "
            f"{plural(after.tokens, 'Token of Life', 'Tokens of Life')}, "
            f"{plural(after.candidacies, 'elimination candidacy', 'elimination candidacies')}."
        )
    report_problems(problems)


class _Zero:
    garnets = tokens = candidacies = 0


def _describe(entry: Entry) -> str:
    from hostkit.core.ledger import describe

    where = f", {entry.match}" if entry.match else ""
    return f"{entry.player} {describe(entry)} ({entry.reason}{where})"


def _entry_json(entry: Entry) -> dict:
    return {
        "match": entry.match,
        "round": entry.round,
        "player": entry.player,
        "garnets": entry.garnets,
        "tokens_of_life": entry.tokens,
        "elimination_candidate": entry.candidate,
        "reason": entry.reason,
    }


COMMANDS = (ledger,)


@ledger.command("import")
@_where
@click.option(
    "--from",
    "source",
    required=True,
    type=click.Path(dir_okay=False, exists=True),
    help="The season workbook (.xlsx, its Ledger tab) or a .csv file: a ledger, or Player, Garnets[, Tokens of "
    "Life] balances.",
)
@click.option("--json", "as_json", is_flag=True, help="Also print what was brought forward as JSON.")
@click.pass_obj
def import_command(
    obj: dict, source: str, as_json: bool, book_path: str | None, sheet: str | None, credentials: str | None
) -> None:
    """Bring every player's season balance forward into this match's Ledger.

    One entry per player of the match (garnets and Tokens of Life, reason
    "brought forward"), so that purchases during the match can be checked against
    what each player holds. Given a season workbook (`hostkit season new`), an
    older season ledger's entries are brought into the season's Ledger instead,
    each once. Running it again adds nothing; if the season's
    balances changed meanwhile, the difference is corrected with reversing
    entries, as a corrected payout is. The match's own payouts in the season
    workbook are not brought forward into it.

    \b
    Examples:
      hostkit ledger import --book game.xlsx --from season.xlsx
      hostkit ledger import --book game.xlsx --from balances.csv
    """
    from pathlib import Path

    from hostkit.cli.options import match_of, show

    book = _open(book_path or obj["book_path"], sheet or obj["sheet"], credentials or obj["credentials"], as_json)
    hold(book)
    from hostkit.cli.season import import_into_season, is_season_book

    if is_season_book(book):
        from hostkit.carrying import read_source

        entries, problems = read_source(book, source)
        import_into_season(book, entries, problems, Path(source).name, as_json)
        return
    show(book, match_of(book).bring_forward(source), as_json)
