"""Commands that tend the workbooks rather than play a round: publish the public set, dismiss a reported row."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from hostkit.cli.delivering import send_options
from hostkit.cli.options import book_options, json_option, match_of, show

if TYPE_CHECKING:
    from hostkit.storage.book import Book


@click.command()
@book_options
@send_options
@json_option
def publish(book: Book, as_json: bool) -> None:
    """Write every public tab of the match, as it stands, to the players' workbook.

    Give the players' workbook with --public-book FILE or --public-sheet KEY. Given
    a season workbook, it writes the public Season tab (and --send posts the
    season's news to Config public_webhook). Every
    tab the game calls public (boards once their round opens, results, the
    Leaderboard) is copied from the match workbook in reading order, looks and
    all; nothing private is. Commands given --public-book keep the set whole from
    then on; run publish again after any command you ran without it.

    \b
    Example:
      hostkit publish --book game.xlsx --public-book players.xlsx
    """
    from hostkit.cli.options import public_of
    from hostkit.cli.season import is_season_book, publish_season

    public = public_of()
    if public is not None and is_season_book(book):
        publish_season(book, public, as_json)
        return
    show(book, match_of(book).publish(), as_json)


@click.command()
@book_options
@click.option("--tab", "tab_name", required=True, help="The tab holding the row, as its tab is named.")
@click.option(
    "--row", "row_number", type=click.IntRange(2), required=True, help="The row's number (the header is row 1)."
)
@click.option(
    "--reason", default="handled", show_default=True, help="What you did about it, written in the Handled column."
)
def dismiss(book: Book, tab_name: str, row_number: int, reason: str) -> None:
    """Mark a reported row as handled: it is neither judged nor reported again.

    Writes REASON into the row's Handled column (adding the column at the end of
    the header when the tab has none); everything else in the tab stays as it was.
    You can also type anything into a Handled column yourself. Clear the cell to
    have the row read again.

    \b
    Example:
      hostkit dismiss --book game.xlsx --tab Submissions --row 14 --reason "not a player"
    """
    for line in match_of(book).dismiss(tab_name, row_number, reason).summary:
        click.echo(line)


COMMANDS = [publish, dismiss]
