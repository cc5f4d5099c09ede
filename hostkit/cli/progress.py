"""Progress on stderr for a command that runs long: reading, judging, writing, each retry's wait.

Shown only when stderr is a terminal and the command is not printing JSON, and only once the command has run
for about PROGRESS_AFTER seconds: then the stage it is at, and every later stage as it starts.
"""

from __future__ import annotations

import sys
import threading

import click

PROGRESS_AFTER = 2.0


class Progress:
    def __init__(self, after: float | None = None):
        self.lock = threading.Lock()
        self.pending: str | None = None
        self.shown = False
        wait = PROGRESS_AFTER if after is None else after
        self.timer = threading.Timer(wait, self._show_pending)
        self.timer.daemon = True
        if wait > 0:
            self.timer.start()
        else:
            self.shown = True

    def __call__(self, line: str) -> None:
        with self.lock:
            if self.shown:
                _echo(line)
            else:
                self.pending = line

    def _show_pending(self) -> None:
        with self.lock:
            self.shown = True
            if self.pending:
                _echo(self.pending)

    def stop(self) -> None:
        self.timer.cancel()


def _echo(line: str) -> None:
    click.echo(f"hostkit: {line}", err=True)


def stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


def progress_for(as_json: bool) -> Progress | None:
    """A Progress for this command, or None (silent) under --json or when stderr is not a terminal."""
    if as_json or not stderr_is_terminal():
        return None
    return Progress()
