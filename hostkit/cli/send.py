"""hostkit send: deliver to Discord every message that is due (recorded in the Sent tab and not yet sent)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from hostkit.cli.options import as_json_text, book_options, guarded, json_option, open_game, report_problems

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
@guarded
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
    from hostkit.cli.delivering import run_delivery
    from hostkit.core.players import read_roster
    from hostkit.core.settings import COMMON_SETTINGS, read_config
    from hostkit.core.tables import Tables
    from hostkit.delivery.deliver import SENT_TAB
    from hostkit.delivery.journal import Journal, journal_path
    from hostkit.delivery.sent import due, read_sent
    from hostkit.delivery.webhooks import PUBLIC, read_webhooks

    open_game(book)  # the workbook is a match workbook, and its match is known
    tables = Tables(book.read())
    if dry_run:
        config, _ = read_config(tables, COMMON_SETTINGS)
        roster, _ = read_roster(tables)
        hooks, problems, _ = read_webhooks(tables, roster, config["public_webhook"], config["public_thread"])
        records, _ = Journal(journal_path(book)).fold(read_sent(tables))
        waiting = due(records, round_number, resend, resend_uncertain)
        plan = [
            {
                "round": s.message.round,
                "command": s.message.command,
                "recipient": s.message.recipient,
                "to": hooks[s.message.recipient].redacted() if s.message.recipient in hooks else None,
                "characters": len(s.text),
            }
            for s in waiting
        ]
        if as_json:
            click.echo(as_json_text({"due": plan, "problems": [p.as_json() for p in problems]}))
        else:
            for item in plan:
                who = "the public channel" if item["recipient"] == PUBLIC else item["recipient"]
                where = item["to"] or "no webhook: it cannot be sent"
                click.echo(
                    f"Would send to {who} ({where}): round {item['round'] or '-'}, {item['command']}, "
                    f"{item['characters']} characters."
                )
            if not plan:
                click.echo("Nothing is due: every recorded message has been delivered.")
        report_problems(problems, book)
        return
    delivery = run_delivery(book, [], True, resend, round_number, everything_due=True, uncertain=resend_uncertain)
    if delivery.sent_tab is not None:
        book.write({SENT_TAB: delivery.sent_tab})
    if as_json:
        click.echo(
            as_json_text(
                {
                    "requests": delivery.requests,
                    "lines": delivery.lines,
                    "problems": [p.as_json() for p in delivery.problems],
                }
            )
        )
    else:
        for line in delivery.lines or ["Nothing is due: every recorded message has been delivered."]:
            click.echo(line)
    report_problems(delivery.problems, book)


COMMANDS = [send]
