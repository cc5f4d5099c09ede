"""--send, --resend and --no-image: the options, and the line a command ends with when a signal stopped its
delivery. The library records and delivers every command's messages."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    pass

_META, _PICTURES = "hostkit.send", "hostkit.pictures"


def send_options(command: Callable) -> Callable:
    """--send (deliver the command's messages to Discord now) and --resend (again, though delivered)."""

    @click.option(
        "--send",
        is_flag=True,
        help="Also deliver the players' messages to their Discord channels (Players Webhook, Config "
        "public_webhook); each is sent once, recorded in the Sent tab.",
    )
    @click.option("--resend", is_flag=True, help="With --send: deliver again messages already delivered.")
    @click.option(
        "--no-image",
        "no_image",
        is_flag=True,
        help="With --send: leave the board's picture out of the Discord messages (Config discord_images = no "
        "does so for every command).",
    )
    @functools.wraps(command)
    def wrapper(*args: Any, send: bool, resend: bool, no_image: bool, **kwargs: Any) -> Any:
        if resend and not send:
            raise click.UsageError("--resend goes with --send.")
        click.get_current_context().meta[_META] = (send, resend)
        click.get_current_context().meta[_PICTURES] = not no_image
        return command(*args, **kwargs)

    return wrapper


def sending() -> tuple[bool, bool]:
    """This command's --send and --resend."""
    context = click.get_current_context(silent=True)
    return context.meta.get(_META, (False, False)) if context else (False, False)


def pictures() -> bool:
    """Whether this command's Discord messages carry their board's picture (not with --no-image)."""
    context = click.get_current_context(silent=True)
    return context.meta.get(_PICTURES, True) if context else True


STOPPED = "hostkit.stopped"
"""The line to end with when a signal stopped delivery: hostkit exits 130 (Ctrl-C) or 143 (SIGTERM) after
writing what it did."""


def stopped(line: str) -> None:
    """Delivery was stopped by a signal: the command ends with this line once it has written what it did."""
    click.get_current_context().meta[STOPPED] = line
