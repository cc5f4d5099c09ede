"""The season ledger from the command line: balances, purchases (spend) and payouts outside a match (pay)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from hostkit.cli.options import as_json_text, hold, open_book, show, warn
from hostkit.errors import BadInput, Refused

if TYPE_CHECKING:
    from hostkit.library._report import Report
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
    from hostkit.library._ledgers import balances

    ctx.obj = {"book_path": book_path, "sheet": sheet, "credentials": credentials}
    if ctx.invoked_subcommand is not None:
        return
    book = _open(book_path, sheet, credentials, as_json)
    show(book, balances(book), as_json)


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
    from hostkit.library._ledgers import spend

    _post(obj, options, lambda **where: spend(options["player"], garnets, options["reason"], **where))


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
    from hostkit.library._ledgers import pay

    _post(
        obj,
        options,
        lambda **where: pay(
            options["player"], options["reason"], garnets=garnets, tokens=tokens, candidate=candidate, **where
        ),
    )


def _post(obj: dict, options: dict, post: Callable[..., Report]) -> None:
    """Open the match workbook and the season workbook the options name, have the library post the entry once,
    and print its report (under --json, a refusal's balance too)."""
    as_json = options["as_json"]
    book_path = options["book_path"] or obj["book_path"]
    sheet = options["sheet"] or obj["sheet"]
    credentials = options["credentials"] or obj["credentials"]
    if options["ledger_path"] and options["ledger_sheet"]:
        raise BadInput("Give --ledger or --ledger-sheet, not both.")
    match = _open(book_path, sheet, credentials, as_json) if book_path or sheet else None
    ledger = None
    if options["ledger_path"] or options["ledger_sheet"]:
        ledger = _open(options["ledger_path"], options["ledger_sheet"], credentials, as_json, public=True)
    try:
        report = post(
            match=match,
            ledger=ledger,
            match_name=options["match_name"],
            round=options["round_number"],
            hold=hold,
            warn=warn,
        )
    except Refused as error:
        if as_json and error.data is not None:
            click.echo(as_json_text(dict(error.data)))
        raise
    show(None, report, as_json)


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

    from hostkit.cli.options import match_of, show

    book = _open(book_path or obj["book_path"], sheet or obj["sheet"], credentials or obj["credentials"], as_json)
    hold(book)
    from hostkit.cli.season import import_into_season, is_season_book

    if is_season_book(book):
        import_into_season(book, source, as_json)
        return
    show(book, match_of(book).bring_forward(source), as_json)
