"""The hostkit command line: each command opens the workbook, calls the rules core once, writes, reports."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from hostkit.core.words import replace_undecodable
from hostkit.errors import HostkitError, Refused
from hostkit.games import GAMES, game_package

SHARED: dict[str, tuple[str, str]] = {
    # command: (its module in hostkit/cli, its one-line help, as `hostkit --help` lists it)
    "new": ("match", "Create a match workbook for GAME from its template."),
    "board": ("match", "Generate round N's board, or check the one typed in."),
    "score": ("match", "Score round N by the rules of the workbook's game and write the results."),
    "status": ("match", "Say what the match is waiting for, and the next command to run."),
    "demo": ("match", "Build a sample match with realistic submissions and play it through."),
    "games": ("match", "List the games hostkit can run."),
    "deal": ("phases", "Deal round N's private cards and print one message per player to paste."),
    "play": ("phases", "Run a live phase: show each decision due, ask you for it, save it at once."),
    "standings": ("phases", "Print the match table, write the public Leaderboard, and pay out a final result."),
    "hindsight": ("hindsight", "Explain the match once it is over, in the public tab Hindsight."),
    "season": ("season", "Run a season: its cast, Main Matches, Death Matches and who is eliminated."),
    "ledger": ("ledger", "Print each player's season balance from a workbook's Ledger tab."),
    "publish": ("upkeep", "Write every public tab of the match, as it stands, to the players' workbook."),
    "dismiss": ("upkeep", "Mark a reported row as handled: it is neither judged nor reported again."),
    "undo": ("phases", "Take back the last decision recorded in a live phase, after you confirm."),
    "watch": ("watch", "Re-score round N whenever its submissions change, keeping the public tabs current."),
    "send": ("send", "Deliver to Discord every player's message that is due and not yet sent."),
    "pull": ("sync", "Snapshot a Google Sheet into an .xlsx copy to work on offline."),
    "push": ("sync", "Write the tabs changed in an offline copy back to its Google Sheet."),
}
"""Each command's module is imported only when the command runs, so `hostkit --help` imports none of them."""


HINTS = "hostkit.hints"
"""Where a command's context keeps how to make its messages' `hostkit ...` hints name its workbook."""

INTERRUPTED = 130
"""The exit status of a command stopped by Ctrl-C, as a shell gives it (128 + SIGINT)."""


def interrupted() -> None:
    """Ctrl-C: one line and exit status 130, never a traceback. A save is atomic: it is whole, or not made."""
    try:
        click.echo("\nhostkit: stopped at Ctrl-C; a save is either whole or not made at all.", err=True)
    finally:
        sys.exit(INTERRUPTED)


def failed(ctx: click.Context, error: HostkitError) -> NoReturn:
    """A HostkitError as the command line reports it: `Error: ` (or `Refused: `) and its sentence, whose
    `hostkit ...` hints name the command's workbook, then the error's exit status."""
    label = "Refused" if isinstance(error, Refused) else "Error"
    click.echo(f"{label}: {ctx.meta.get(HINTS, str)(str(error))}", err=True)
    ctx.exit(error.exit_code)


class Hostkit(click.Group):
    """The commands every game shares, and each game's own group (`hostkit open-pass ...`), loaded on use."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """hostkit run as a program: its one command runs with the cycle collector paused (a command makes many
        objects and almost no cycles; a tenth of a big score went to the collector's passes). `play` and
        `watch` collect while they wait."""
        from hostkit.core.collector import paused_collector

        try:
            with paused_collector(leaving=True):
                return super().__call__(*args, **kwargs)
        except KeyboardInterrupt:  # landing outside a command, as it exits
            interrupted()

    def main(self, args: Any = None, *rest: Any, **options: Any) -> Any:
        """Bytes a shell passed that are not UTF-8 arrive as lone surrogates; they become U+FFFD here, once,
        so that no output or workbook ever meets one; so do such bytes typed at a prompt."""
        listed = sys.argv[1:] if args is None else list(args)
        reconfigure = getattr(sys.stdin, "reconfigure", None)
        if reconfigure is not None:  # the same at a prompt: bytes that are not UTF-8 are read as U+FFFD
            reconfigure(errors="replace")
        return super().main([replace_undecodable(a) if isinstance(a, str) else a for a in listed], *rest, **options)

    def invoke(self, ctx: click.Context) -> Any:
        """Ctrl-C in a command is one line and exit status 130. A command whose delivery to Discord a signal
        stopped ends, once it has written what it did, with one line and exit status 130 (Ctrl-C) or 143
        (SIGTERM). Every HostkitError a command lets through becomes its one sentence and its exit status,
        here only."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            interrupted()
        except HostkitError as error:
            failed(ctx, error)
        finally:
            stopped = ctx.meta.get("hostkit.stopped")
            if stopped:
                click.echo(stopped, err=True)
                ctx.exit(143 if "SIGTERM" in stopped else 130)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*SHARED, *_game_groups()})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in SHARED:
            module = importlib.import_module(f"hostkit.cli.{SHARED[name][0]}")
            return next(c for c in module.COMMANDS if c.name == name)
        if name in _game_groups():
            return importlib.import_module("hostkit.cli.game_commands").group(name)
        return None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from SHARED and the registry, without importing any command."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(n) for n in names)
        listed = {
            n: click.Command(n, short_help=SHARED[n][1] if n in SHARED else f"The {n} game's own commands.")
            for n in names
        }
        with formatter.section("Commands"):
            formatter.write_dl([(n, listed[n].get_short_help_str(limit)) for n in names])


def _game_groups() -> list[str]:
    """The registered games whose package declares verbs of its own (found without importing the game)."""
    root = Path(__file__).parents[1]
    return [name for name in GAMES if (root.joinpath(*game_package(name).split(".")[1:]) / "verbs.py").exists()]


@click.group(cls=Hostkit, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hostkit", prog_name="hostkit")  # read from the installed metadata
def main() -> None:
    """hostkit: the host's assistant for online reality games.

    It reads player submissions from a match workbook (an .xlsx file, or a Google
    Sheet with --sheet), scores them by the game's rules, and writes each round's
    results and a public Leaderboard back.
    Every verdict carries a reason you can paste to the player.

    Start with `hostkit demo`, or `hostkit new hap-and-grab --book game.xlsx
    --players "Reds,Craw"`.

    Exit status: 0 done, 1 done with problems reported, 2 bad usage or an
    unreadable workbook, 130 stopped by Ctrl-C.
    """
