"""Delivering a command's messages: each private message to its own player's webhook only, the public one to
the public webhook only; recorded in the Sent tab so that nothing is delivered twice."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from hostkit.core.players import PLAYERS_TAB, Roster
from hostkit.core.tables import Problem, Rows, Tables
from hostkit.delivery.sent import (
    SENT_TAB,
    Message,
    Record,
    Send,
    delivered,
    due,
    failed,
    plan,
    read_sent,
    sent_rows,
)
from hostkit.delivery.webhooks import PUBLIC, Webhook, read_webhooks, redacted
from hostkit.storage.retry import Backoff

HOW_TO_MAKE = (
    "make a new one in Discord (the channel's Edit Channel > Integrations > Webhooks > New Webhook > Copy "
    "Webhook URL) and paste it into {where}, then run `hostkit send`"
)


@dataclass
class Delivery:
    """What delivering did: the Sent tab to write (None: nothing to record), lines for the host, problems."""

    sent_tab: Rows | None = None
    lines: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    requests: int = 0


@dataclass(frozen=True)
class Courier:
    """How to post one message: (webhook, text) -> Discord's message id; raises DeliveryError."""

    post: Callable[[Webhook, str], str]
    now: Callable[[], dt.datetime]


def deliver(
    tables: Tables,
    roster: Roster,
    public_url: str,
    messages: list[Message],
    courier: Courier | None,
    resend: bool = False,
    round_number: int | None = None,
    everything_due: bool = False,
) -> Delivery:
    """Record the messages in the Sent tab and, with a courier, deliver what is due. Without any webhook set
    up, nothing is recorded (a host who does not use Discord never sees a Sent tab)."""
    hooks, problems = read_webhooks(tables, roster, public_url)
    result = Delivery(problems=problems)
    if not hooks:
        if courier is not None:
            result.lines.append(
                "Nothing sent: no webhook is set up (a Webhook column in Players, Config public_webhook); "
                "see docs/discord.md."
            )
        return result
    wanted = [m for m in messages if m.recipient in hooks]
    for m in messages:
        if m.recipient not in hooks:
            whose = "the public channel (Config public_webhook)" if m.recipient == PUBLIC else m.recipient
            result.lines.append(f"Not for Discord: {whose} has no webhook; paste that message by hand.")
    records = read_sent(tables)
    records, sends = plan(wanted, records, resend)
    if everything_due:
        sends = [s for s in due(records, round_number, resend) if s.message.recipient in hooks]
    if courier is not None:
        records = _send(records, sends, hooks, courier, roster, tables, result)
    elif sends:
        result.lines.append(f"Due for Discord: {_count(len(sends))}; run with --send, or `hostkit send`, to deliver.")
    if records != read_sent(tables) or sends:
        result.sent_tab = sent_rows(records)
    return result


def _send(
    records: list[Record],
    sends: list[Send],
    hooks: dict[str, Webhook],
    courier: Courier,
    roster: Roster,
    tables: Tables,
    result: Delivery,
) -> list[Record]:
    from hostkit.delivery.discord import DeliveryError, WebhookGone
    from hostkit.delivery.split import split

    records = list(records)
    gone: set[str] = set()
    for send in sends:
        recipient = send.message.recipient
        index = send.row if send.row is not None else len(records) - 1
        if recipient in gone:
            records[index] = failed(records[index], "webhook gone")
            continue
        hook = hooks[recipient]
        ids = []
        try:
            for part in split(send.text):
                ids.append(courier.post(hook, part))
                result.requests += 1
        except WebhookGone as error:
            gone.add(recipient)
            records[index] = failed(records[index], "webhook gone")
            result.problems.append(
                Problem(
                    *_where(recipient, tables, roster), f"{error}; {HOW_TO_MAKE.format(where=_paste_where(recipient))}."
                )
            )
            continue
        except DeliveryError as error:
            records[index] = failed(records[index], redacted(str(error)))
            result.problems.append(
                Problem(
                    *_where(recipient, tables, roster),
                    f"not delivered to {_name(recipient)}: {redacted(str(error))}; it stays due for `hostkit send`.",
                )
            )
            continue
        records[index] = delivered(records[index], ",".join(ids), courier.now())
        result.lines.append(f"Sent to {_name(recipient)}" + (f" in {len(ids)} parts." if len(ids) > 1 else "."))
    return records


def _name(recipient: str) -> str:
    return "the public channel" if recipient == PUBLIC else recipient


def _paste_where(recipient: str) -> str:
    return "Config public_webhook" if recipient == PUBLIC else f"{recipient}'s Webhook cell in Players"


def _where(recipient: str, tables: Tables, roster: Roster) -> tuple[str, int | None]:
    if recipient == PUBLIC:
        return "Config", None
    table = tables.get(PLAYERS_TAB)
    row = None
    if table is not None:
        row = next((r.row for r in table.records("Player") if roster.match(r["Player"]) == recipient), None)
    return PLAYERS_TAB, row


def _count(n: int) -> str:
    return "1 message" if n == 1 else f"{n} messages"


def backoff(sleep: Callable[[float], None] | None = None) -> Backoff:
    """Discord's 429s say how long to wait; at most 6 tries and 2 minutes of waiting for one message."""
    limits = Backoff(attempts=6, base=0.5, cap=16.0, budget=120.0)
    return limits if sleep is None else replace(limits, sleep=sleep)


__all__ = ["SENT_TAB", "Courier", "Delivery", "Message", "backoff", "deliver"]
