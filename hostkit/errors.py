"""Every error hostkit raises on purpose, in one tree under HostkitError.

Each one's text is one sentence a host can act on: what is wrong, where, and what to do. The command line turns
them into that sentence and an exit status in one place (`hostkit.cli.Hostkit.invoke`); a script catches
HostkitError, or the kind it cares about. This module imports nothing of hostkit's, so every layer can raise them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class HostkitError(Exception):
    """Something hostkit will not do, said in one sentence. Exit status 2 unless a kind says otherwise."""

    exit_code = 2


class BadInput(HostkitError):
    """What the caller gave cannot be used as it is: an option, an argument, a file name or a value."""


class BookError(HostkitError):
    """The workbook cannot be used as it is: a missing tab or column, or a bad setting."""


class StorageError(HostkitError):
    """The workbook cannot be opened, read or written; the message says why and what to do."""


class Conflict(StorageError):
    """A passing clash that nothing was written through: another program saved the workbook meanwhile, another
    command holds it, or it is missing for now. The same command run again may well succeed."""

    def __init__(self, message: str, what: str):
        super().__init__(message)
        self.what = what
        """What happened, in a few words, for a line of `hostkit watch`."""


class LockHeld(Conflict):
    """Another hostkit command holds the workbook's lock."""


class GoogleError(StorageError):
    """Google's Sheets API refused or failed a request (access, quota, a missing sheet, an outage)."""


class Refused(HostkitError):
    """A step the rules do not allow, such as spending more garnets than a player holds; nothing was written.
    Exit status 1: the command ran and said no."""

    exit_code = 1

    def __init__(self, message: str, data: Mapping[str, Any] | None = None):
        super().__init__(message)
        self.data = data
        """What the step would have said under --json, when it says something on refusing."""


class DeliveryError(HostkitError):
    """A message could not be delivered to Discord; the text names the webhook only as …/webhooks/ID/****."""


class WebhookGone(DeliveryError):
    """Discord answered 401 or 404: the webhook was deleted, or its URL is wrong."""
