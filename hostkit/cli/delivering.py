"""--send and --resend: the options, and the line a command ends with when a signal stopped its delivery.

The library (hostkit.messaging) records and delivers every command's messages; `deliver_messages` here hands
it a season command's messages with the options as click parsed them."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from hostkit.core.game import Outcome
    from hostkit.storage.book import Book

_META = "hostkit.send"


def send_options(command: Callable) -> Callable:
    """--send (deliver the command's messages to Discord now) and --resend (again, though delivered)."""

    @click.option(
        "--send",
        is_flag=True,
        help="Also deliver the players' messages to their Discord channels (Players Webhook, Config "
        "public_webhook); each is sent once, recorded in the Sent tab.",
    )
    @click.option("--resend", is_flag=True, help="With --send: deliver again messages already delivered.")
    @functools.wraps(command)
    def wrapper(*args: Any, send: bool, resend: bool, **kwargs: Any) -> Any:
        if resend and not send:
            raise click.UsageError("--resend goes with --send.")
        click.get_current_context().meta[_META] = (send, resend)
        return command(*args, **kwargs)

    return wrapper


def sending() -> tuple[bool, bool]:
    """This command's --send and --resend."""
    context = click.get_current_context(silent=True)
    return context.meta.get(_META, (False, False)) if context else (False, False)


def deliver_messages(book: Book, outcome: Outcome) -> None:
    """Record (and with --send, deliver) the outcome's messages, as the current command made them."""
    from hostkit.messaging import deliver_messages as record
    from hostkit.messaging import messages_of

    context = click.get_current_context()
    command = context.command_path.split(" ", 1)[-1]
    round_number = context.params.get("round_number", context.params.get("asked_round"))
    record(book, outcome, messages_of(outcome, command, round_number), *sending(), on_stop=stopped)


STOPPED = "hostkit.stopped"
"""The line to end with when a signal stopped delivery: hostkit exits 130 (Ctrl-C) or 143 (SIGTERM) after
writing what it did."""


def stopped(line: str) -> None:
    """Delivery was stopped by a signal: the command ends with this line once it has written what it did."""
    click.get_current_context().meta[STOPPED] = line
