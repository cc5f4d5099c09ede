"""--send and --resend: a command's players' messages delivered to Discord, and recorded in the Sent tab.

Every command that makes messages for players (deal, score, standings, play, reveal, publish) goes through
`deliver_messages`: without --send the messages are only recorded as due (and only once a webhook is set up),
so nothing leaves the machine."""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import signal
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from hostkit.core.game import Outcome
    from hostkit.delivery.deliver import Courier, Delivery
    from hostkit.delivery.sent import Message
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


def messages_of(outcome: Outcome) -> list[Message]:
    """The outcome's private messages and its public one, as the current command made them."""
    from hostkit.delivery.sent import Message
    from hostkit.delivery.webhooks import PUBLIC

    context = click.get_current_context()
    command = " ".join([context.command_path.split(" ", 1)[-1], outcome.about]).strip()
    round_number = context.params.get("round_number", context.params.get("asked_round"))
    found = [Message(round_number, command, player, text) for player, text in outcome.private.items()]
    if outcome.message:
        found.append(Message(round_number, command, PUBLIC, outcome.message))
    return found


def deliver_messages(book: Book, outcome: Outcome, messages: list[Message] | None = None) -> None:
    """Record (and with --send, deliver) the outcome's messages; the Sent tab joins the outcome's writes."""
    send, resend = sending()
    messages = messages_of(outcome) if messages is None else messages
    if not messages and not send:
        return
    delivery = run_delivery(book, messages, send, resend)
    if delivery.sent_tab is not None:
        from hostkit.delivery.sent import SENT_TAB

        outcome.writes[SENT_TAB] = delivery.sent_tab
    outcome.summary += delivery.lines
    outcome.problems += delivery.problems


def run_delivery(
    book: Book,
    messages: list[Message],
    send: bool,
    resend: bool,
    round_number: int | None = None,
    everything_due: bool = False,
    uncertain: bool = False,
) -> Delivery:
    from hostkit.core.players import Roster, read_roster
    from hostkit.core.settings import COMMON_SETTINGS, read_config
    from hostkit.core.tables import Tables
    from hostkit.delivery.deliver import deliver
    from hostkit.delivery.journal import Journal, journal_path

    progress, book.progress = book.progress, None  # the command already said it read the workbook
    try:
        tables = Tables(book.read())
    finally:
        book.progress = progress
    config, _ = read_config(tables, COMMON_SETTINGS)
    roster, _ = read_roster(tables) if "Players" in tables else (Roster(()), [])  # a season workbook has none
    journal = Journal(journal_path(book))
    if send:
        from hostkit.delivery.sent import SENT_TAB

        book.check([SENT_TAB])  # a workbook that cannot be written is found before anything is sent
    settings = {"public_webhook": config["public_webhook"], "public_thread": config["public_thread"]}
    with stopping() as stopped:
        courier = courier_for(book, config.tz, stopped) if send else None
        delivery = deliver(
            tables, roster, settings, messages, courier, journal, resend, round_number, everything_due, uncertain
        )
    if delivery.stopped:
        click.get_current_context().meta[STOPPED] = stop_line(delivery, book)
    return delivery


STOPPED = "hostkit.stopped"
"""The line to end with when a signal stopped delivery: hostkit exits 130 (Ctrl-C) or 143 (SIGTERM) after
writing what it did."""


def stop_line(delivery: Delivery, book: Book) -> str:
    import shlex

    what = "Ctrl-C" if delivery.stopped == "SIGINT" else delivery.stopped
    left = "1 message stays" if delivery.left == 1 else f"{delivery.left} messages stay"
    option = f"--sheet {shlex.quote(book.key)}" if book.key else f"--book {shlex.quote(book.location)}"
    return f"Stopped by {what} after the message in flight: {left} due for `hostkit send {option}`."


@contextlib.contextmanager
def stopping() -> Iterator[Callable[[], str]]:
    """While delivering, Ctrl-C and SIGTERM let the post in flight finish and be recorded, then stop; a second
    one stops at once."""
    caught: list[str] = []
    previous: dict[int, Any] = {}

    def catch(number: int, frame: object) -> None:
        caught.append(signal.Signals(number).name)
        signal.signal(number, previous[number])

    if threading.current_thread() is threading.main_thread():
        for number in (int(signal.SIGINT), int(signal.SIGTERM)):
            previous[number] = signal.signal(number, catch)
    try:
        yield lambda: caught[0] if caught else ""
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def courier_for(book: Book, zone: dt.tzinfo, stopped: Callable[[], str] = lambda: "") -> Courier:
    """Posts through Discord, telling the progress line of every wait; times in the match's zone."""
    from hostkit.delivery import discord
    from hostkit.delivery.deliver import Courier, backoff

    limits = backoff(lambda seconds: discord.pause(seconds))
    buckets = discord.RateLimits()

    def waiting(failure: str, seconds: float, next_try: int) -> None:
        if not book.progress:
            return
        if next_try == 0:
            book.progress(f"Waiting {seconds:.1f} s for Discord's rate limit…")
        else:
            book.progress(
                f"Discord answered {failure}; trying again in {seconds:.1f} s (try {next_try} of {limits.attempts})…"
            )

    return Courier(
        lambda hook, text: discord.post(hook, text, limits, buckets, waiting),
        lambda: dt.datetime.now(zone),
        stopped,
    )
