"""A step's players' messages recorded in the Sent tab, and with send delivered to Discord.

Every step that makes messages for players (deal, score, standings, play, reveal, publish) goes through
`deliver_messages`: without send the messages are only recorded as due (and only once a webhook is set up),
so nothing leaves the machine."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hostkit.core.game import Outcome
    from hostkit.delivery.deliver import Courier, Delivery
    from hostkit.delivery.sent import Message
    from hostkit.storage.book import Book


def messages_of(outcome: Outcome, command: str, round_number: int | None) -> list[Message]:
    """The outcome's private messages and its public one, as `command` made them for this round."""
    from hostkit.delivery.sent import Message
    from hostkit.delivery.webhooks import PUBLIC

    command = " ".join([command, outcome.about]).strip()
    found = [Message(round_number, command, player, text) for player, text in outcome.private.items()]
    if outcome.message:
        found.append(Message(round_number, command, PUBLIC, outcome.message))
    return found


def deliver_messages(book: Book, outcome: Outcome, messages: list[Message], send: bool, resend: bool) -> None:
    """Record (and with send, deliver) the messages; the Sent tab joins the outcome's writes."""
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
) -> Delivery:
    from hostkit.core.players import read_roster
    from hostkit.core.settings import COMMON_SETTINGS, read_config
    from hostkit.core.tables import Tables
    from hostkit.delivery.deliver import deliver

    progress, book.progress = book.progress, None  # the command already said it read the workbook
    try:
        tables = Tables(book.read())
    finally:
        book.progress = progress
    config, _ = read_config(tables, COMMON_SETTINGS)
    roster, _ = read_roster(tables)
    if send:
        from hostkit.delivery.sent import SENT_TAB

        book.check([SENT_TAB])  # a workbook that cannot be written is found before anything is sent
    courier = courier_for(book, config.tz) if send else None
    return deliver(tables, roster, config["public_webhook"], messages, courier, resend, round_number, everything_due)


def courier_for(book: Book, zone: dt.tzinfo) -> Courier:
    """Posts through Discord, telling the progress line of every wait; times in the match's zone."""
    from hostkit.delivery import discord
    from hostkit.delivery.deliver import Courier, backoff

    limits = backoff()

    def waiting(failure: str, seconds: float, next_try: int) -> None:
        if book.progress:
            book.progress(
                f"Discord answered {failure}; trying again in {seconds:.1f} s (try {next_try} of {limits.attempts})…"
            )

    return Courier(
        lambda hook, text: discord.post(hook, text, limits, waiting),
        lambda: dt.datetime.now(zone),
    )
