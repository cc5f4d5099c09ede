"""A step's players' messages recorded in the Sent tab, and with send delivered to Discord.

The commit records every step's messages through `run_delivery`: without send they are only recorded as due
(and only once a webhook is set up), so nothing leaves the machine. The delivery modules are loaded by the
functions that deliver: a step with no webhook set up and no send never loads them."""

from __future__ import annotations

import contextlib
import datetime as dt
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from hostkit.core.players import PLAYERS_TAB, WEBHOOK_COLUMN, Roster, read_roster
from hostkit.core.settings import COMMON_SETTINGS, Config, given_setting, read_config
from hostkit.core.tables import Tables, is_blank
from hostkit.library._plan import MATCH, Plan

if TYPE_CHECKING:
    from hostkit.core.game import Outcome
    from hostkit.delivery.deliver import Courier, Delivery
    from hostkit.delivery.sent import Message
    from hostkit.storage.book import Book


def messages_of(outcome: Outcome, command: str, round_number: int | None, pictures: bool = True) -> list[Message]:
    """The outcome's private messages and its public one, as `command` made them for this round. With
    pictures, the board's picture (outcome.image) goes with the public message only, and a player's own
    picture (an optional `private_images` mapping of the outcome) with that player's message only."""
    from hostkit.delivery.sent import Message
    from hostkit.delivery.webhooks import PUBLIC

    command = " ".join([command, outcome.about]).strip()
    own = getattr(outcome, "private_images", {}) if pictures else {}
    found = [Message(round_number, command, player, text, own.get(player)) for player, text in outcome.private.items()]
    if outcome.message:
        found.append(Message(round_number, command, PUBLIC, outcome.message, outcome.image if pictures else None))
    return found


def run_delivery(
    book: Book,
    messages: list[Message],
    send: bool,
    resend: bool,
    round_number: int | None = None,
    everything_due: bool = False,
    uncertain: bool = False,
    on_stop: Callable[[str], None] | None = None,
    pictures: bool = True,
    settings: Settings | None = None,
) -> Delivery:
    """Deliver (with send) or record as due the messages, through the journal; a signal that stopped delivery
    is told to `on_stop` as the line to end with. Pictures are attached unless `pictures` is False or Config
    `discord_images` says no. `settings`: the workbook's, when the caller has read them already."""
    from dataclasses import replace

    from hostkit.delivery.deliver import deliver
    from hostkit.delivery.journal import journal_of

    tables, config, roster = settings or delivery_settings(book)
    journal = journal_of(book)
    if not (pictures and _pictures_wanted(tables)):
        messages = [replace(m, image=None) for m in messages]
    if send:
        from hostkit.delivery.sent import SENT_TAB

        book.check([SENT_TAB])  # a workbook that cannot be written is found before anything is sent
    public = {"public_webhook": config["public_webhook"], "public_thread": config["public_thread"]}
    with stopping() as stopped:
        courier = courier_for(book, config.tz, stopped) if send else None
        delivery = deliver(
            tables, roster, public, messages, courier, journal, resend, round_number, everything_due, uncertain
        )
    if delivery.stopped and on_stop is not None:
        on_stop(stop_line(delivery, book))
    return delivery


def any_webhook(tables: Tables, config: Config) -> bool:
    """Whether a Webhook is typed in Players or Config public_webhook is given."""
    players = tables.get(PLAYERS_TAB)
    if players is not None and players.has_column(WEBHOOK_COLUMN):
        if any(not is_blank(record[WEBHOOK_COLUMN]) for record in players.records(WEBHOOK_COLUMN)):
            return True
    return bool(config["public_webhook"].strip())


Settings = tuple[Tables, Config, Roster]
"""A workbook's tables, its common settings and its players, as delivery reads them."""


def delivery_settings(book: Book) -> Settings:
    """The workbook's tables, its common settings and its players (none in a season workbook)."""
    progress, book.progress = book.progress, None  # the command already said it read the workbook
    try:
        tables = Tables(book.read())
    finally:
        book.progress = progress
    config, _ = read_config(tables, COMMON_SETTINGS)
    roster, _ = read_roster(tables) if "Players" in tables else (Roster(()), [])
    return tables, config, roster


def stop_line(delivery: Delivery, book: Book) -> str:
    from hostkit.library._workbooks import where

    what = "Ctrl-C" if delivery.stopped == "SIGINT" else delivery.stopped
    if not delivery.left:
        return f"Stopped by {what} after the message in flight, the last: nothing stays due."
    left = "1 message stays" if delivery.left == 1 else f"{delivery.left} messages stay"
    return f"Stopped by {what} after the message in flight: {left} due for `hostkit send {where(book)}`."


def _pictures_wanted(tables: Tables) -> bool:
    """Config discord_images: blank (or missing) and yes attach pictures; no leaves them out."""
    if "Config" not in tables:
        return True
    return given_setting(tables, "discord_images").strip().casefold() not in ("no", "n", "false", "0", "off")


@contextlib.contextmanager
def stopping() -> Iterator[Callable[[], str]]:
    """While delivering, Ctrl-C and SIGTERM let the post in flight finish and be recorded, then stop; a second
    one stops at once."""
    import signal

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
    from hostkit.delivery.journal import StateFile, file_mode, limits_path

    limits = backoff(lambda seconds: discord.pause(seconds))
    buckets = discord.RateLimits.kept(StateFile(limits_path(book), file_mode(book)))

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
        lambda hook, text, picture: discord.post(hook, text, limits, buckets, waiting, picture),
        lambda hook, message_id, text, picture: discord.edit(hook, message_id, text, limits, buckets, waiting, picture),
    )


def send_due(
    book: Book,
    round: int | None,
    dry_run: bool,
    resend: bool,
    resend_uncertain: bool,
    on_stop: Callable[[str], None] | None = None,
) -> Plan:
    """Deliver to Discord every recorded message that is due (of this round, or all; with resend, those
    delivered too; with resend_uncertain, those posted whose answer never came); with dry_run, only say
    what would go where. The plan writes the Sent tab as delivery left it."""
    from hostkit.delivery.deliver import SENT_TAB
    from hostkit.delivery.journal import journal_of
    from hostkit.delivery.sent import due, read_sent
    from hostkit.delivery.webhooks import PUBLIC, read_webhooks

    if dry_run:
        tables = Tables(book.read())
        config, _ = read_config(tables, COMMON_SETTINGS)
        roster, _ = read_roster(tables)
        hooks, problems, _ = read_webhooks(tables, roster, config["public_webhook"], config["public_thread"])
        records, _ = journal_of(book).fold(read_sent(tables))
        plan = [
            {
                "round": s.message.round,
                "command": s.message.command,
                "recipient": s.message.recipient,
                "to": hooks[s.message.recipient].redacted() if s.message.recipient in hooks else None,
                "characters": len(s.text),
            }
            for s in due(records, round, resend, resend_uncertain)
        ]
        lines = [
            f"Would send to {'the public channel' if item['recipient'] == PUBLIC else item['recipient']} "
            f"({item['to'] or 'no webhook: it cannot be sent'}): round {item['round'] or '-'}, "
            f"{item['command']}, {item['characters']} characters."
            for item in plan
        ]
        nothing = ("Nothing is due: every recorded message has been delivered.",)
        return Plan(
            "send", summary=tuple(lines) or nothing, problems=tuple(problems), data={"due": plan}, messages=False
        )
    delivery = run_delivery(
        book, [], True, resend, round, everything_due=True, uncertain=resend_uncertain, on_stop=on_stop
    )
    writes = {MATCH: {SENT_TAB: delivery.sent_tab}} if delivery.sent_tab is not None else {}
    lines = delivery.lines or ["Nothing is due: every recorded message has been delivered."]
    data = {"requests": delivery.requests, "lines": delivery.lines}
    return Plan(
        "send", writes=writes, summary=tuple(lines), problems=tuple(delivery.problems), data=data, messages=False
    )
