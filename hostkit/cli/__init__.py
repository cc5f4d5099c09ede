"""The hostkit command line: each command opens the workbook, calls the rules core once, writes, reports."""

from __future__ import annotations

import click

from hostkit import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="hostkit")
def main() -> None:
    """hostkit: the host's assistant for online reality games.

    It reads player submissions from a match workbook (an .xlsx file, or a Google
    Sheet with --sheet), scores them by the game's rules, and writes each round's
    results and a public Leaderboard back.
    Every verdict carries a reason you can paste to the player.

    Start with `hostkit demo`, or `hostkit new hap-and-grab --book game.xlsx
    --players "Reds,Craw"`.

    Exit status: 0 done, 1 done with problems reported, 2 bad usage or an
    unreadable workbook.
    """


def _register() -> None:
    from hostkit.cli import match, open_pass, sync, tobago

    for module in (match, tobago, open_pass, sync):
        for command in module.COMMANDS:
            main.add_command(command)


_register()
