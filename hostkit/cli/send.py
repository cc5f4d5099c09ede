"""hostkit send: deliver to Discord every message that is due (recorded in the Sent tab and not yet sent)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from hostkit.cli.options import book_options, json_option

if TYPE_CHECKING:
    from hostkit.storage.book import Book


@click.command()
@book_options
@click.option("--round", "round_number", type=click.IntRange(1), help="Only the messages of this round.")
@click.option("--dry-run", is_flag=True, help="Print what would go where, and send nothing.")
@click.option("--resend", is_flag=True, help="Deliver again the messages already delivered (of --round, or all).")
@click.option(
    "--resend-uncertain",
    is_flag=True,
    help="Also deliver the messages marked uncertain (posted, but Discord's answer never came): only once you "
    "have looked in the channel and they are not there.",
)
@json_option
def send(
    book: Book, round_number: int | None, dry_run: bool, resend: bool, resend_uncertain: bool, as_json: bool
) -> None:
    """Deliver to Discord every player's message that is due and not yet sent.

    Commands record the messages they make for players in the private Sent tab
    once a webhook is set up (a Webhook column in Players, Config public_webhook);
    `--send` on the command delivers them at once, and `send` delivers whatever
    is still due: messages made without --send, and those a failure left behind.
    Each private message goes only to its own player's webhook, the public one
    only to the public channel's. A message posted without Discord's answer
    (hostkit was stopped, or Discord never answered) is reported as uncertain
    and sent again only with --resend-uncertain. Ctrl-C stops after the
    message in flight, and exits 130.

    \b
    Examples:
      hostkit send --book game.xlsx --dry-run
      hostkit send --book game.xlsx --round 2
    """
    from hostkit.cli.options import match_of, show

    show(
        book,
        match_of(book).send(round_number, dry_run=dry_run, resend=resend, resend_uncertain=resend_uncertain),
        as_json,
    )


COMMANDS = [send]
