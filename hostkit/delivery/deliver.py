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
    edited_line,
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
    which signal asked hostkit to stop ("": none): no post starts after it. `attach` posts a message with a
    PNG (webhook, text, picture) and `edit` replaces a message the webhook posted (webhook, message id, text,
    picture or None); without them pictures are left out and corrections posted anew."""

    post: Callable[[Webhook, str], str]
    now: Callable[[], dt.datetime]
    stopped: Callable[[], str] = lambda: ""
    attach: Callable[[Webhook, str, bytes], str] | None = None
    edit: Callable[[Webhook, str, str, bytes | None], str] | None = None


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
    records, sends = plan(wanted, records, resend, _zone(tables))
    if everything_due:
        sends = [s for s in due(records, round_number, resend, uncertain) if s.message.recipient in reachable]
    for send in sends:
        if send.message.recipient in malformed and send.row is not None:
            records[send.row] = failed(records[send.row], malformed[send.message.recipient])
    if courier is not None:
        sending = _Sending(records, hooks, dict(malformed), gone, courier, journal, tables, roster, result)
        records = sending.send(sends)
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


@dataclass
class _Sending:
    """One command's deliveries: the Sent rows as they stand, and what is needed to post."""

    records: list[Record]
    hooks: dict[str, Webhook]
    skipped: dict[str, str]
    """Recipients posted nothing more this command, with why (their webhook is malformed or gone)."""
    gone: set[str]
    courier: Courier
    journal: Journal | None
    tables: Tables
    roster: Roster
    result: Delivery

    def send(self, sends: list[Send]) -> list[Record]:
        if self.journal is not None:
            rows = [self.records[s.row] for s in sends if s.row is not None and s.message.recipient in self.hooks]
            self.journal.planned(rows)
        for number, send in enumerate(sends):
            index = send.row if send.row is not None else len(self.records) - 1
            hook = self._usable(send.message.recipient, index)
            if hook is None:
                continue
            if self.courier.stopped():
                self.result.stopped, self.result.left = self.courier.stopped(), len(sends) - number
                break
            self._deliver(send, index, hook)
        if self.courier.stopped() and not self.result.stopped:  # the signal came during the last post
            self.result.stopped = self.courier.stopped()
        return self.records

    def _usable(self, recipient: str, index: int) -> Webhook | None:
        """The recipient's webhook, or None (the row marked why) when nothing may be posted to it."""
        hook = self.hooks.get(recipient)
        if hook is not None and recipient not in self.skipped and hook.fingerprint() in self.gone:
            self.skipped[recipient] = "webhook gone"
            self.result.problems.append(
                Problem(
                    *_where(recipient, self.tables, self.roster),
                    f"{_name(recipient)}'s webhook {hook.redacted()} answered that it no longer exists, so hostkit "
                    f"posts nothing more to it; {HOW_TO_MAKE.format(where=_paste_where(recipient))}",
                )
            )
        if hook is None or recipient in self.skipped:
            self.records[index] = failed(self.records[index], self.skipped[recipient])
            return None
        return hook

    def _deliver(self, send: Send, index: int, hook: Webhook) -> None:
        from hostkit.delivery.discord import PICTURE_NAME, DeliveryError
        from hostkit.delivery.split import escaped_names, split

        picture, note = _picture(send.message, self.courier)
        if note:
            self.result.lines.append(f"The picture for {_name(send.message.recipient)} was left out: {note}.")
        record = self.records[index]
        parts = split(escaped_names(send.text, self.roster.names))
        ids = [] if record.is_sent else record.part_ids()[: len(parts)]
        try:
            if self._edited(send, index, hook, picture):
                return
            shown = self._post_parts(record, parts, ids, hook, picture)
        except DeliveryError as error:
            self._failed(error, index, send.message.recipient, hook, (ids, len(parts)))
            return
        self.records[index] = delivered(record, ",".join(ids), self.courier.now(), shown or _left_out(note))
        said = f" in {len(parts)} parts" if len(parts) > 1 else ""
        with_picture = " with its picture" if shown == PICTURE_NAME else ""
        self.result.lines.append(f"Sent to {_name(send.message.recipient)}{said}{with_picture}.")

    def _post_parts(
        self, record: Record, parts: list[str], ids: list[str], hook: Webhook, picture: bytes | None
    ) -> str:
        """Post the parts not delivered yet, the picture with the last: what became of the picture ("": none)."""
        from hostkit.delivery.discord import PICTURE_NAME, DeliveryError, TooLarge, Uncertain

        shown = ""
        for part in range(len(ids), len(parts)):
            attach = picture if part == len(parts) - 1 else None
            if self.journal is not None:
                self.journal.trying(record, part, len(parts))
            try:
                try:
                    ids.append(self._post(hook, parts[part], attach) or NO_ID)
                except TooLarge as error:
                    self.result.lines.append(f"The picture was left out: {error}; the text was sent on its own.")
                    attach, shown = None, _left_out("Discord refused it as too large")
                    ids.append(self._post(hook, parts[part], None) or NO_ID)
            except Uncertain:
                raise
            except DeliveryError:
                if self.journal is not None:
                    self.journal.refused(record, part)
                raise
            shown = PICTURE_NAME if attach is not None else shown
            self.result.requests += 1
            if self.journal is not None:
                self.journal.answered(record, part, ids[-1], self.courier.now(), shown)
        return shown

    def _post(self, hook: Webhook, text: str, picture: bytes | None) -> str:
        if picture is not None and self.courier.attach is not None:
            return self.courier.attach(hook, text, picture)
        return self.courier.post(hook, text)

    def _edited(self, send: Send, index: int, hook: Webhook, picture: bytes | None) -> bool:
        """A correction to a message delivered whole: edit it in place, saying so at its top. False when it
        cannot be edited (Discord would not, or the correction is too long for one message): post it anew."""
        from hostkit.delivery.discord import PICTURE_NAME, CannotEdit, DeliveryError, Uncertain
        from hostkit.delivery.split import LIMIT, escaped_names

        if not send.edit or self.courier.edit is None or self.records[index].is_sent:
            return False
        record = replace(self.records[index], corrects=edited_line(self.courier.now()))
        text = escaped_names(record.text(), self.roster.names)
        if len(text) > LIMIT:
            return False
        if self.journal is not None:
            self.journal.trying(record, 0, 1)
        try:
            message_id = self.courier.edit(hook, send.edit, text, picture) or send.edit
        except Uncertain:
            raise
        except DeliveryError as error:
            if self.journal is not None:
                self.journal.refused(record, 0)
            if not isinstance(error, CannotEdit):
                raise
            self.result.lines.append(
                f"Could not edit {_name(send.message.recipient)}'s earlier message ({error}); the correction "
                f"is posted as a new message."
            )
            return False
        self.result.requests += 1
        shown = PICTURE_NAME if picture is not None else ""
        if self.journal is not None:
            self.journal.answered(record, 0, message_id, self.courier.now(), shown)
        self.records[index] = delivered(record, message_id, self.courier.now(), shown)
        self.result.lines.append(f"Edited {_name(send.message.recipient)}'s earlier message with the correction.")
        return True

    def _failed(
        self, error: Exception, index: int, recipient: str, hook: Webhook, progress: tuple[list[str], int]
    ) -> None:
        """The row and the host's line when Discord did not take the message (progress: the ids of the parts
        delivered, of how many)."""
        from hostkit.delivery.discord import NeedsThread, Uncertain, WebhookGone

        record, (ids, parts) = self.records[index], progress
        where = _where(recipient, self.tables, self.roster)
        if isinstance(error, Uncertain):
            self.result.requests += 1
            self.records[index] = replace(record, message_id=",".join(ids), status=UNCERTAIN)
            return
        if isinstance(error, WebhookGone):
            self.skipped[recipient] = "webhook gone"
            if self.journal is not None:
                self.journal.gone(hook.fingerprint())
            how = HOW_TO_MAKE.format(where=_paste_where(recipient))
            self.result.problems.append(Problem(*where, f"{error}; {how}."))
        elif isinstance(error, NeedsThread):
            self.skipped[recipient] = "a forum channel needs a thread"
            self.result.problems.append(Problem(*where, f"{error}: {_thread_fix(recipient, hook)}."))
        else:
            text = redacted(str(error), self.hooks.values())
            self.result.problems.append(
                Problem(*where, f"not delivered to {_name(recipient)}: {text}; it stays due for `hostkit send`.")
            )
            self.records[index] = failed(_partial(record, ids, parts), text)
            return
        self.records[index] = failed(_partial(record, ids, parts), self.skipped[recipient])


def _left_out(why: str) -> str:
    return f"left out: {why}" if why else ""


def _picture(message: Message, courier: Courier) -> tuple[bytes | None, str]:
    """The message's PNG to attach, or None and why it is left out ("": it had none)."""
    from hostkit.delivery.discord import UPLOAD_LIMIT

    if message.image is None or courier.attach is None:
        return None, ""
    picture = message.picture()
    if picture is not None and len(picture) > UPLOAD_LIMIT:
        size = len(picture) / 1024 / 1024
        return None, f"at {size:.1f} MiB it is over Discord's {UPLOAD_LIMIT // 1024 // 1024} MiB upload limit"
    return picture, ""


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


def _zone(tables: Tables) -> dt.tzinfo:
    """The match's time zone, in which the Sent tab's times are written (UTC for a workbook without a game's
    Config)."""
    from hostkit.core.settings import COMMON_SETTINGS, read_config
    from hostkit.core.tables import BookError

    try:
        return read_config(tables, COMMON_SETTINGS)[0].tz
    except (BookError, ValueError):
        return dt.timezone.utc
