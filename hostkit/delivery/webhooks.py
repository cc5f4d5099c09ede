"""Where messages go: each player's private channel webhook (Players, column Webhook, and a Thread column for a
thread or forum post) and the public channel's (Config public_webhook, public_thread). A webhook URL is a
secret: only `redacted()` ever shows one."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from hostkit.core.players import PLAYERS_TAB, WEBHOOK_COLUMN, Roster
from hostkit.core.tables import Cell, Problem, Tables, is_blank

THREAD_COLUMN = "Thread"
PUBLIC = "public"
"""The recipient name of the public channel's messages."""
DISCORD_HOSTS = frozenset({"discord.com", "discordapp.com", "canary.discord.com", "ptb.discord.com"})
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1"})
_PATH = re.compile(r"/api(?:/v\d+)?/webhooks/(\d+)/([A-Za-z0-9_.\-]+)/?")
_SNOWFLAKE = re.compile(r"[1-9]\d{0,19}")
SNOWFLAKE_LIMIT = 2**64
EXACT_LIMIT = 2**53
"""Whole numbers below this are kept exactly in a number cell; a longer id loses its last digits."""
API_VERSION = 10
_ACCEPTED = (
    "it must look like https://discord.com/api/webhooks/<id>/<token>, optionally ending ?thread_id=<id>; "
    "copy it from the channel's Integrations > Webhooks > Copy Webhook URL"
)


@dataclass(frozen=True)
class Webhook:
    url: str
    """The URL without its query: where to post."""
    id: str
    token: str = ""
    thread: str = ""
    """The thread (or forum post) to post into; blank: the channel."""

    def redacted(self) -> str:
        return f"…/webhooks/{self.id}/****" + (f" (thread {self.thread})" if self.thread else "")

    def fingerprint(self) -> str:
        """A short digest of the URL, which says whether it changed and cannot give the token back."""
        return hashlib.sha256(self.url.encode("utf-8")).hexdigest()[:16]

    def __repr__(self) -> str:  # never print the token, even in a traceback or a debugger
        return f"Webhook({self.redacted()})"


def parse_webhook(text: str, thread: str = "") -> Webhook:
    """A Discord channel webhook URL; ValueError (naming no token) for any other URL.

    Accepted: https on Discord's own hosts with no user, password or port, and http or https on localhost and
    127.0.0.1 (a stand-in for testing, any port); the only query parts allowed are thread_id and wait."""
    try:
        parts = urlsplit(text.strip())
        host = (parts.hostname or "").casefold()
        port = parts.port
    except ValueError:
        raise ValueError(f"is not a Discord channel webhook ({_ACCEPTED})") from None
    local = parts.scheme in ("http", "https") and host in LOCAL_HOSTS
    secure = parts.scheme == "https" and host in DISCORD_HOSTS and port is None
    found = _PATH.fullmatch(parts.path or "")
    if not (secure or local) or found is None or parts.fragment:
        raise ValueError(f"is not a Discord channel webhook ({_ACCEPTED})")
    if parts.username is not None or parts.password is not None:
        raise ValueError(f"holds a user name or password before its host, which a webhook never has ({_ACCEPTED})")
    query = parse_qs(parts.query, keep_blank_values=True)
    if set(query) - {"thread_id", "wait"} or any(len(v) > 1 for v in query.values()):
        raise ValueError(f"has a query other than thread_id ({_ACCEPTED})")
    if not is_snowflake(found.group(1)):
        raise ValueError(f"has {found.group(1)!r} where the webhook's id goes, which is not a Discord id ({_ACCEPTED})")
    in_url = query.get("thread_id", [""])[0].strip()
    thread = thread.strip()
    for given in (in_url, thread):
        if given and not is_snowflake(given):
            raise ValueError(
                f"names thread {given!r}, which is not a thread id (a number like 1234567890123456789, without "
                f"leading zeros)"
            )
    if in_url and thread and in_url != thread:
        raise ValueError(f"says thread_id={in_url} while its Thread says {thread}; keep one of them")
    base = f"{parts.scheme}://{parts.netloc}/api/v{API_VERSION}/webhooks/{found.group(1)}/{found.group(2)}"
    return Webhook(base, found.group(1), found.group(2), in_url or thread)


def is_snowflake(text: str) -> bool:
    """A Discord id as Discord documents it: a 64-bit unsigned number, written without leading zeros."""
    return bool(_SNOWFLAKE.fullmatch(text)) and int(text) < SNOWFLAKE_LIMIT


def redacted(text: str, hooks: Iterable[Webhook] = ()) -> str:
    """Any text with every webhook token in it replaced by ****: the `webhooks/ID/TOKEN` form, and each of
    `hooks`' tokens wherever it appears on its own (an error body may echo one)."""
    text = re.sub(r"(webhooks/\d+/)[A-Za-z0-9_.\-]+", r"\1****", text)
    for hook in hooks:
        if hook.token:
            text = text.replace(hook.token, "****")
    return text


def read_webhooks(
    tables: Tables, roster: Roster, public: str, public_thread: str = ""
) -> tuple[dict[str, Webhook], list[Problem], dict[str, str]]:
    """Each recipient's webhook (players by name, the public channel as PUBLIC), the problems, and the
    recipients whose webhook is malformed with why: their messages are kept due until it is fixed."""
    hooks: dict[str, Webhook] = {}
    problems: list[Problem] = []
    malformed: dict[str, str] = {}
    table = tables.get(PLAYERS_TAB)
    if table is not None and table.has_column(WEBHOOK_COLUMN):
        for record in table.records("Player", WEBHOOK_COLUMN, optional=[THREAD_COLUMN]):
            name = roster.match(record["Player"])
            if name is None or is_blank(record[WEBHOOK_COLUMN]):
                continue
            try:
                thread = thread_id(record[THREAD_COLUMN], f"{name}'s Thread")
                hooks[name] = parse_webhook(record.text(WEBHOOK_COLUMN), thread)
            except ValueError as error:
                malformed[name] = "webhook malformed"
                what = "" if str(error).startswith(f"{name}'s Thread") else f"{name}'s Webhook "
                problems.append(
                    Problem(PLAYERS_TAB, record.row, f"{what}{error}; their messages stay due until it is fixed.")
                )
    if public.strip():
        thread_row, cell = _config_cell(tables, "public_thread")
        try:
            thread = public_thread if is_blank(cell) else thread_id(cell, "public_thread")
            hooks[PUBLIC] = parse_webhook(public, thread)
        except ValueError as error:
            malformed[PUBLIC] = "webhook malformed"
            ours = str(error).startswith("public_thread")
            row = thread_row if ours else _config_cell(tables, "public_webhook")[0]
            what = "" if ours else "public_webhook "
            problems.append(Problem("Config", row, f"{what}{error}; public messages stay due until it is fixed."))
    return hooks, problems, malformed


def thread_id(cell: Cell, where: str) -> str:
    """A Thread cell's id as text. A number cell is taken only while it is kept exactly: a spreadsheet keeps
    about 15 digits of a number, and Discord's ids have up to 20, so a longer one has lost its last digits."""
    if is_blank(cell):
        return ""
    if isinstance(cell, int) and not isinstance(cell, bool):
        return str(cell)
    if isinstance(cell, float) and cell.is_integer():
        if abs(cell) >= EXACT_LIMIT:
            raise ValueError(
                f"{where} holds the number {cell:.15g}, and a number cell keeps only about 15 digits of an id, so "
                f"its last digits are lost (1450000000000000031 is kept as 1450000000000000000); type the id as "
                f"text (in a spreadsheet, start it with ')"
            )
        return str(int(cell))
    return str(cell).strip()


def _config_cell(tables: Tables, key: str) -> tuple[int | None, Cell]:
    """A Config setting's row and cell as typed (None, None: no such row)."""
    table = tables.get("Config")
    if table is None or not table.has_column("Key") or not table.has_column("Value"):
        return None, None
    for record in table.records("Key", "Value"):
        if record.text("Key").casefold() == key:
            return record.row, record["Value"]
    return None, None
