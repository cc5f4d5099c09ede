"""The hostkit command line: each command opens the workbook, calls the rules core once, writes, reports."""

from __future__ import annotations

import importlib
from pathlib import Path

import click

from hostkit import __version__
from hostkit.games import GAMES, game_package


class Hostkit(click.Group):
    """The commands every game shares, and each game's own group (`hostkit open-pass ...`), loaded on use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *_game_groups()})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        command = super().get_command(ctx, name)
        if command is None and name in _game_groups():
            command = importlib.import_module(f"{game_package(name)}.commands").commands
        return command


def _game_groups() -> list[str]:
    """The registered games whose package has a commands module (found without importing the game)."""
    root = Path(__file__).parents[1]
    return [name for name in GAMES if (root.joinpath(*game_package(name).split(".")[1:]) / "commands.py").exists()]


@click.group(cls=Hostkit, context_settings={"help_option_names": ["-h", "--help"]})
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
    from hostkit.cli import ledger, match, phases, sync

    for module in (match, phases, ledger, sync):
        for command in module.COMMANDS:
            main.add_command(command)


_register()
