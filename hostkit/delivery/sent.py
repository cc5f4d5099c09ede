"""The private Sent tab: every message hostkit delivered or holds due, so a message is delivered once.

A message is known by its round, the command that made it and its recipient; the hash of its text says
whether it changed. Its Status says where it stands: `sent`; `due` (or `due: why`), which `hostkit send` (or
the next `--send`) delivers; `uncertain`, posted without Discord's answer, which only `hostkit send
--resend-uncertain` sends again. A correction keeps the line saying what it replaces in its Corrects cell; delivered by editing the message it
corrects, the row keeps that message's id. A message delivered with a picture says so in its Picture cell (the
picture itself is not kept)."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from hostkit.core.settings import whole_number
from hostkit.core.tables import Cell, Rows, Tables, is_blank
from hostkit.core.times import discord_time

SENT_TAB = "Sent"
SENT_HEADER = [
    "Round",
    "Command",
    "Recipient",
    "Hash",
    "Message id",
    "Sent at",
    "Status",
    "Text",
    "Corrects",
    "Picture",
]
OPTIONAL = 2
"""The last columns, which an older Sent tab lacks."""
DUE = "due"
SENT = "sent"
UNCERTAIN = "uncertain"
NO_ID = "-"
"""The Message id of a part Discord accepted without saying its id."""


@dataclass(frozen=True)
class Message:
    """A message for one recipient (a player, or the public channel)."""

    round: int | None
    command: str
    recipient: str
    text: str
    image: bytes | Callable[[], bytes] | None = field(default=None, compare=False, repr=False)
    """A PNG to attach (or what draws it, called only when it is sent); not part of what the message is."""

    def picture(self) -> bytes | None:
        """The PNG, drawn now if it is drawn on demand."""
        return self.image() if callable(self.image) else self.image

    def key(self) -> tuple:
        return (self.round, self.command.casefold(), self.recipient.casefold())

    def digest(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Record:
    """A row of the Sent tab."""

    message: Message
    digest: str
    message_id: str = ""
    sent_at: dt.datetime | None = None
    status: str = DUE
    corrects: str = ""
    """The line a correction starts with, saying which earlier message it replaces ("": none)."""
    picture: str = ""
    """What became of the message's picture: its file name once delivered with it, or why it was left out."""

    @property
    def is_sent(self) -> bool:
        return self.status == SENT or (not self.status and bool(self.message_id))

    @property
    def is_uncertain(self) -> bool:
        return self.status.startswith(UNCERTAIN)

    @property
    def is_due(self) -> bool:
        return not self.is_sent and not self.is_uncertain

    def part_ids(self) -> list[str]:
        """The ids of the parts delivered so far (NO_ID where Discord gave none)."""
        return [part for part in self.message_id.split(",") if part] if self.message_id else []

    def text(self) -> str:
        """The text as it is delivered."""
        return f"{self.corrects}\n{self.message.text}" if self.corrects else self.message.text

    def row(self) -> list[Cell]:
        m = self.message
        when = self.sent_at.replace(tzinfo=None) if self.sent_at else None
        return [
            m.round,
            m.command,
            m.recipient,
            self.digest,
            self.message_id or None,
            when,
            self.status,
            m.text,
            self.corrects or None,
            self.picture or None,
        ]


@dataclass(frozen=True)
class Send:
    """A message to deliver now: its text as sent (a correction says what it replaces), the row it updates
    (None: a new row), and for a correction the id of the message it corrects, to edit in place ("": none)."""

    message: Message
    text: str
    row: int | None
    edit: str = ""


def read_sent(tables: Tables) -> list[Record]:
    table = tables.get(SENT_TAB)
    if table is None:
        return []
    records = []
    for record in table.records(*SENT_HEADER[:-OPTIONAL], optional=SENT_HEADER[-OPTIONAL:]):
        round_cell = record["Round"]
        try:
            number = None if is_blank(round_cell) else whole_number(round_cell)
        except ValueError:
            number = None
        message = Message(number, record.text("Command"), record.text("Recipient"), str(record["Text"] or ""))
        sent_at = record["Sent at"] if isinstance(record["Sent at"], dt.datetime) else None
        records.append(
            Record(
                message,
                record.text("Hash"),
                record.text("Message id"),
                sent_at,
                record.text("Status"),
                record.text("Corrects"),
                record.text("Picture"),
            )
        )
    return records


def plan(
    messages: list[Message], records: list[Record], resend: bool = False, zone: dt.tzinfo = dt.timezone.utc
) -> tuple[list[Record], list[Send]]:
    """The Sent rows once these messages are recorded, and what to deliver: a new message, a due one, a
    changed one (a correction, as a new message saying what it replaces, its time a Discord timestamp read from
    the Sent tab's wall clock in `zone`), or, with resend, one already sent."""
    rows = list(records)
    sends: list[Send] = []
    for message in messages:
        at = next((i for i in range(len(rows) - 1, -1, -1) if rows[i].message.key() == message.key()), None)
        last = rows[at] if at is not None else None
        if last is None:
            rows.append(Record(message, message.digest()))
            sends.append(Send(message, message.text, len(rows) - 1))
        elif last.digest == message.digest():
            if last.is_due or resend:
                sends.append(Send(message, last.text(), at))
        elif last.is_due and not last.part_ids():
            rows[at] = Record(message, message.digest(), corrects=last.corrects)  # type: ignore[index]
            sends.append(Send(message, rows[at].text(), at, original(rows, at)))  # type: ignore[arg-type, index]
        else:
            when = f" of {discord_time(last.sent_at.replace(tzinfo=zone), 'f')}" if last.sent_at else ""
            rows.append(
                Record(
                    message, message.digest(), corrects=f"Correction: this replaces hostkit's earlier message{when}."
                )
            )
            sends.append(Send(message, rows[-1].text(), len(rows) - 1, original(rows, len(rows) - 1)))
    return rows, sends


def due(
    records: list[Record], round_number: int | None = None, resend: bool = False, uncertain: bool = False
) -> list[Send]:
    """The rows still due (with uncertain, the uncertain ones too; with resend, every row) of a round or of
    every round."""
    return [
        Send(r.message, r.text(), i, original(records, i))
        for i, r in enumerate(records)
        if (r.is_due or resend or (uncertain and r.is_uncertain))
        and (round_number is None or r.message.round == round_number)
    ]


def original(records: list[Record], index: int) -> str:
    """For a correction, the id of the message it corrects when that was delivered whole in one part: the
    message to edit ("": none, so the correction is posted anew)."""
    if not records[index].corrects:
        return ""
    key = records[index].message.key()
    for earlier in reversed(records[:index]):
        if earlier.message.key() == key and earlier.is_sent:
            ids = earlier.part_ids()
            return ids[0] if len(ids) == 1 and ids[0] != NO_ID else ""
    return ""


def edited_line(at: dt.datetime) -> str:
    """The line a correction delivered by editing the message starts with: its time a Discord timestamp, which
    each player reads in their own time zone."""
    return f"edited: hostkit corrected this message on {discord_time(at, 'f')}."


def delivered(record: Record, message_id: str, at: dt.datetime, picture: str = "") -> Record:
    return replace(record, message_id=message_id, sent_at=at, status=SENT, picture=picture or record.picture)


def failed(record: Record, why: str) -> Record:
    return replace(record, status=f"{DUE}: {why}")


def sent_rows(records: list[Record]) -> Rows:
    return [list(SENT_HEADER), *(r.row() for r in records)]
