"""The private Sent tab: every message hostkit delivered or holds due, so a message is delivered once.

A message is known by its round, the command that made it and its recipient; the hash of its text says
whether it changed. A row with no Message id is due: `hostkit send` (or the next `--send`) delivers it."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, replace

from hostkit.core.settings import whole_number
from hostkit.core.tables import Cell, Rows, Tables, is_blank

SENT_TAB = "Sent"
SENT_HEADER = ["Round", "Command", "Recipient", "Hash", "Message id", "Sent at", "Status", "Text"]
DUE = "due"
SENT = "sent"


@dataclass(frozen=True)
class Message:
    """A message for one recipient (a player, or the public channel)."""

    round: int | None
    command: str
    recipient: str
    text: str

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

    @property
    def is_due(self) -> bool:
        return not self.message_id

    def row(self) -> list[Cell]:
        m = self.message
        when = self.sent_at.replace(tzinfo=None) if self.sent_at else None
        return [m.round, m.command, m.recipient, self.digest, self.message_id or None, when, self.status, m.text]


@dataclass(frozen=True)
class Send:
    """A message to deliver now: its text as sent (a correction says what it replaces), and the row it
    updates (None: a new row)."""

    message: Message
    text: str
    row: int | None


def read_sent(tables: Tables) -> list[Record]:
    table = tables.get(SENT_TAB)
    if table is None:
        return []
    records = []
    for record in table.records(*SENT_HEADER):
        round_cell = record["Round"]
        try:
            number = None if is_blank(round_cell) else whole_number(round_cell)
        except ValueError:
            number = None
        message = Message(number, record.text("Command"), record.text("Recipient"), str(record["Text"] or ""))
        sent_at = record["Sent at"] if isinstance(record["Sent at"], dt.datetime) else None
        records.append(Record(message, record.text("Hash"), record.text("Message id"), sent_at, record.text("Status")))
    return records


def plan(messages: list[Message], records: list[Record], resend: bool = False) -> tuple[list[Record], list[Send]]:
    """The Sent rows once these messages are recorded, and what to deliver: a new message, a due one, a
    changed one (a correction, as a new message saying what it replaces), or, with resend, one already sent."""
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
                sends.append(Send(message, message.text, at))
        elif last.is_due:
            rows[at] = Record(message, message.digest())  # type: ignore[index]
            sends.append(Send(message, message.text, at))
        else:
            rows.append(Record(message, message.digest()))
            when = f" of {last.sent_at:%Y-%m-%d %H:%M}" if last.sent_at else ""
            text = f"Correction: this replaces hostkit's earlier message{when}.\n{message.text}"
            sends.append(Send(message, text, len(rows) - 1))
    return rows, sends


def due(records: list[Record], round_number: int | None = None, resend: bool = False) -> list[Send]:
    """The rows still due (or, with resend, every row) of a round or of every round."""
    return [
        Send(r.message, r.message.text, i)
        for i, r in enumerate(records)
        if (r.is_due or resend) and (round_number is None or r.message.round == round_number)
    ]


def delivered(record: Record, message_id: str, at: dt.datetime) -> Record:
    return replace(record, message_id=message_id, sent_at=at, status=SENT)


def failed(record: Record, why: str) -> Record:
    return replace(record, status=f"{DUE}: {why}")


def sent_rows(records: list[Record]) -> Rows:
    return [list(SENT_HEADER), *(r.row() for r in records)]
