"""--season on `new` and `standings`: the season workbook a match belongs to (hostkit.season_link)."""

from __future__ import annotations

from collections.abc import Callable

import click


def season_options(command: Callable) -> Callable:
    """--season FILE / --season-sheet KEY: the season workbook the match belongs to."""
    command = click.option(
        "--season-sheet", metavar="KEY_OR_URL", help="Or the season's Google Sheet: its key or address."
    )(command)
    return click.option(
        "--season",
        "season_path",
        type=click.Path(dir_okay=False),
        help="The season workbook this match belongs to: its players and pair come from there, and every "
        "payout goes to its Ledger.",
    )(command)
