"""Where messages go: each player's private channel webhook (Players, column Webhook) and the public channel's
(Config public_webhook). A webhook URL is a secret: only `redacted()` ever shows one."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from hostkit.core.players import PLAYERS_TAB, Roster
from hostkit.core.tables import Problem, Tables, is_blank

WEBHOOK_COLUMN = "Webhook"
PUBLIC = "public"
"""The recipient name of the public channel's messages."""
DISCORD_HOSTS = frozenset({"discord.com", "discordapp.com", "canary.discord.com", "ptb.discord.com"})
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
_PATH = re.compile(r"/api(?:/v\d+)?/webhooks/(\d+)/([A-Za-z0-9_.\-]+)/?")


@dataclass(frozen=True)
class Webhook:
    url: str
    id: str

    def redacted(self) -> str:
        return f"…/webhooks/{self.id}/****"

    def __repr__(self) -> str:  # never print the token, even in a traceback or a debugger
        return f"Webhook({self.redacted()})"


def parse_webhook(text: str) -> Webhook:
    """A Discord channel webhook URL; ValueError (naming no token) for any other URL."""
    parts = urlsplit(text.strip())
    host = (parts.hostname or "").casefold()
    secure = parts.scheme == "https" and host in DISCORD_HOSTS
    local = parts.scheme in ("http", "https") and host in LOCAL_HOSTS
    found = _PATH.fullmatch(parts.path or "")
    if not (secure or local) or found is None or parts.query or parts.fragment:
        raise ValueError(
            "is not a Discord channel webhook (it must look like https://discord.com/api/webhooks/<id>/<token>; "
            "copy it from the channel's Integrations > Webhooks > Copy Webhook URL)"
        )
    return Webhook(text.strip(), found.group(1))


def redacted(text: str) -> str:
    """Any text with every webhook token in it replaced by ****."""
    return re.sub(r"(webhooks/\d+/)[A-Za-z0-9_.\-]+", r"\1****", text)


def read_webhooks(tables: Tables, roster: Roster, public: str) -> tuple[dict[str, Webhook], list[Problem]]:
    """Each recipient's webhook (players by name, the public channel as PUBLIC); a URL of any other shape is
    reported with its row and is not used."""
    hooks: dict[str, Webhook] = {}
    problems: list[Problem] = []
    table = tables.get(PLAYERS_TAB)
    if table is not None and table.has_column(WEBHOOK_COLUMN):
        for record in table.records("Player", WEBHOOK_COLUMN):
            name = roster.match(record["Player"])
            if name is None or is_blank(record[WEBHOOK_COLUMN]):
                continue
            try:
                hooks[name] = parse_webhook(record.text(WEBHOOK_COLUMN))
            except ValueError as error:
                problems.append(Problem(PLAYERS_TAB, record.row, f"{name}'s Webhook {error}."))
    if public.strip():
        try:
            hooks[PUBLIC] = parse_webhook(public)
        except ValueError as error:
            problems.append(Problem("Config", None, f"public_webhook {error}."))
    return hooks, problems
