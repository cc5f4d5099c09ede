"""`hostkit hindsight`: the match explained once it is over (Match.hindsight), printed."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import click

from hostkit.cli.delivering import send_options
from hostkit.cli.options import book_options, check_image, image_option, json_option, match_of, pasted, save_image, show
from hostkit.errors import BadInput

if TYPE_CHECKING:
    from hostkit.storage.book import Book


@click.command()
@book_options
@click.option("--round", "round_number", type=click.IntRange(1), help="Explain this round only (default: all).")
@click.option(
    "--host",
    is_flag=True,
    help="A private preview for you, at any time: printed only, never written to a tab or sent.",
)
@click.option(
    "--message",
    "as_message",
    is_flag=True,
    help="Print the hindsight as a message to paste into the players' chat instead.",
)
@image_option
@send_options
@json_option
def hindsight(
    book: Book, round_number: int | None, host: bool, as_message: bool, image: str | None, as_json: bool
) -> None:
    """Explain the match once it is over, in the public tab Hindsight.

    Every figure is computed from the workbook, never copied from what players
    typed: Hap and Grab every anti-hap, who found it and when, and the best Part 2
    the pile allowed; Hap-Tac-Toe and When Stars Align every claim each turn
    allowed and the turn that decided the game; Paths and PAHs the best move of
    each round and the best PAHs of each final inventory; Open, Pass the best
    score each deal allowed; Cards on the Table each board's rule, every card's
    heat and each guess judged. Refused until the match's standings are settled
    (`hostkit standings`); --host shows you a private preview at any time.
    Searches say whether their answer is exact or the best found in 2 s.

    \b
    Examples:
      hostkit hindsight --book game.xlsx
      hostkit hindsight --book game.xlsx --round 2 --image round2.png
      hostkit hindsight --book game.xlsx --host
    """
    from hostkit.cli.delivering import sending

    if host and sending()[0]:
        raise BadInput("A --host preview is private and is never sent; leave out --send, or --host once it is over.")
    check_image(image, book)
    match = match_of(book)
    report = match.hindsight(round_number, host=host)
    save_image(report, image)
    if as_message and report.message:
        report = replace(report, summary=pasted(match, report), next=None)
    show(book, report, as_json)


COMMANDS = (hindsight,)
