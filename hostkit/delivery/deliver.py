"""Delivering a command's messages: each private message to its own player's webhook only, the public one to
the public webhook only; recorded in the Sent tab so that nothing is delivered twice."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from hostkit.core.players import PLAYERS_TAB, Roster
from hostkit.core.tables import Problem, Rows, Tables
from hostkit.delivery.journal import Journal
from hostkit.delivery.sent import (
    NO_ID,
    SENT_TAB,
    UNCERTAIN,
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
    """What delivering did: the Sent tab to write (None: nothing to record), lines for the host, problems, and
    the signal that stopped it ("": none)."""

    sent_tab: Rows | None = None
    lines: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    requests: int = 0
    stopped: str = ""
    left: int = 0


@dataclass(frozen=True)
class Courier:
    """How to post one message: (webhook, text) -> Discord's message id; raises DeliveryError. `stopped` says
    which signal asked hostkit to stop ("": none): no post starts after it."""

    post: Callable[[Webhook, str], str]
    now: Callable[[], dt.datetime]
    stopped: Callable[[], str] = lambda: ""


def deliver(
    tables: Tables,
    roster: Roster,
    config: Mapping[str, str],
    messages: list[Message],
    courier: Courier | None,
    journal: Journal | None = None,
    resend: bool = False,
    round_number: int | None = None,
    everything_due: bool = False,
    uncertain: bool = False,
) -> Delivery:
    """Record the messages in the Sent tab (with what the journal says of earlier posts) and, with a courier,
    deliver what is due. Without any webhook set up, nothing is recorded (a host who does not use Discord
    never sees a Sent tab)."""
    hooks, problems, malformed = read_webhooks(
        tables, roster, config.get("public_webhook", ""), config.get("public_thread", "")
    )
    result = Delivery(problems=problems)
    if not hooks and not malformed:
        if courier is not None:
            result.lines.append(
                "Nothing sent: no webhook is set up (a Webhook column in Players, Config public_webhook); "
                "see docs/discord.md."
            )
        return result
    reachable = {*hooks, *malformed}
    wanted = [m for m in messages if m.recipient in reachable]
    for m in messages:
        if m.recipient not in reachable:
            whose = "the public channel (Config public_webhook)" if m.recipient == PUBLIC else m.recipient
            result.lines.append(f"Not for Discord: {whose} has no webhook; paste that message by hand.")
    recorded = read_sent(tables)
    records, gone = journal.fold(recorded) if journal is not None else (recorded, set())
    records, sends = plan(wanted, records, resend)
    if everything_due:
        sends = [s for s in due(records, round_number, resend, uncertain) if s.message.recipient in reachable]
    for send in sends:
        if send.message.recipient in malformed and send.row is not None:
            records[send.row] = failed(records[send.row], malformed[send.message.recipient])
    if courier is not None:
        records = _send(records, sends, hooks, malformed, gone, courier, journal, tables, roster, result)
    elif sends:
        result.lines.append(f"Due for Discord: {_count(len(sends))}; run with --send, or `hostkit send`, to deliver.")
    for record in records if courier is not None else []:
        if record.is_uncertain and (round_number is None or record.message.round == round_number):
            result.problems.append(
                Problem(
                    *_where(record.message.recipient, tables, roster),
                    f"uncertain: {_name(record.message.recipient)}'s message ({_about(record)}) was posted but "
                    f"Discord's answer never came, so it may or may not have arrived; look in that channel, and "
                    f"if it is not there run `hostkit send --resend-uncertain`",
                )
            )
    if records != recorded or sends:
        result.sent_tab = sent_rows(records)
    return result


def _send(
    records: list[Record],
    sends: list[Send],
    hooks: dict[str, Webhook],
    malformed: dict[str, str],
    gone: set[str],
    courier: Courier,
    journal: Journal | None,
    tables: Tables,
    roster: Roster,
    result: Delivery,
) -> list[Record]:
    from hostkit.delivery.discord import DeliveryError, NeedsThread, Uncertain, WebhookGone
    from hostkit.delivery.split import escaped_names, split

    records = list(records)
    skipped: dict[str, str] = dict(malformed)
    if journal is not None:
        journal.planned([records[s.row] for s in sends if s.row is not None and s.message.recipient in hooks])
    for number, send in enumerate(sends):
        recipient = send.message.recipient
        index = send.row if send.row is not None else len(records) - 1
        where = _where(recipient, tables, roster)
        hook = hooks.get(recipient)
        if hook is not None and recipient not in skipped and hook.fingerprint() in gone:
            skipped[recipient] = "webhook gone"
            result.problems.append(
                Problem(
                    *where,
                    f"{_name(recipient)}'s webhook {hook.redacted()} answered that it no longer exists, so hostkit "
                    f"posts nothing more to it; {HOW_TO_MAKE.format(where=_paste_where(recipient))}",
                )
            )
        if hook is None or recipient in skipped:
            records[index] = failed(records[index], skipped[recipient])
            continue
        if courier.stopped():
            result.stopped, result.left = courier.stopped(), len(sends) - number
            break
        record = records[index]
        parts = split(escaped_names(send.text, roster.names))
        ids = [] if record.is_sent else record.part_ids()[: len(parts)]
        try:
            for part in range(len(ids), len(parts)):
                if journal is not None:
                    journal.trying(record, part, len(parts))
                try:
                    ids.append(courier.post(hook, parts[part]) or NO_ID)
                except Uncertain:
                    raise
                except DeliveryError:
                    if journal is not None:
                        journal.refused(record, part)
                    raise
                result.requests += 1
                if journal is not None:
                    journal.answered(record, part, ids[-1], courier.now())
        except Uncertain:
            result.requests += 1
            records[index] = replace(record, message_id=",".join(ids), status=UNCERTAIN)
            continue
        except WebhookGone as error:
            skipped[recipient] = "webhook gone"
            if journal is not None:
                journal.gone(hook.fingerprint())
            records[index] = failed(_partial(record, ids, len(parts)), "webhook gone")
            how = HOW_TO_MAKE.format(where=_paste_where(recipient))
            result.problems.append(Problem(*where, f"{error}; {how}."))
            continue
        except NeedsThread as error:
            skipped[recipient] = "a forum channel needs a thread"
            records[index] = failed(_partial(record, ids, len(parts)), skipped[recipient])
            result.problems.append(Problem(*where, f"{error}: {_thread_fix(recipient, hook)}."))
            continue
        except DeliveryError as error:
            text = redacted(str(error), hooks.values())
            records[index] = failed(_partial(record, ids, len(parts)), text)
            result.problems.append(
                Problem(*where, f"not delivered to {_name(recipient)}: {text}; it stays due for `hostkit send`.")
            )
            continue
        records[index] = delivered(record, ",".join(ids), courier.now())
        said = f" in {len(parts)} parts" if len(parts) > 1 else ""
        result.lines.append(f"Sent to {_name(recipient)}{said}.")
    return records


def _partial(record: Record, ids: list[str], parts: int) -> Record:
    if not ids or record.is_sent:
        return record
    return replace(record, message_id=",".join(ids), status=f"due: {len(ids)} of {parts} parts sent")


def _thread_fix(recipient: str, hook: Webhook) -> str:
    column = "public_thread in Config" if recipient == PUBLIC else f"{recipient}'s Thread cell in Players"
    return (
        f"a post there must go into one of its threads, so put that thread's id (right-click the thread > "
        f"Copy Thread ID) in {column}, or end the URL with ?thread_id=<id>, then run `hostkit send`"
    )


def _about(record: Record) -> str:
    m = record.message
    first = m.text.strip().split("\n", 1)[0]
    first = first if len(first) <= 40 else first[:39] + "…"
    return f"round {m.round if m.round is not None else '-'}, {m.command}: {first!r}"


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
    """Discord's 429s say how long to wait; at most 6 tries and 2 minutes of waiting for one message (a 429
    asking for more gives that message up at once: it stays due)."""
    limits = Backoff(attempts=6, base=0.5, cap=16.0, budget=120.0)
    return limits if sleep is None else replace(limits, sleep=sleep)


__all__ = ["SENT_TAB", "Courier", "Delivery", "Message", "backoff", "deliver"]
