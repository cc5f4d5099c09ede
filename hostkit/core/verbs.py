"""A game's own steps (`hostkit open-pass best`, `hostkit cards-on-the-table reveal`), declared as data: what
each needs, its options, and the function that does it. The library runs them like every other step; the
command line makes each a command."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hostkit.core.game import Game, Outcome
    from hostkit.core.ledger import Entry
    from hostkit.core.tables import Tables


@dataclass(frozen=True)
class Option:
    """One option of a verb, as the command line spells it: `--name VALUE`, a flag, a choice, a whole number
    (from `low` to `high`), or the words that follow the command (`words`)."""

    name: str
    help: str = ""
    flags: tuple[str, ...] = ()
    kind: str = "text"
    """text, number, flag, choice or words."""
    required: bool = False
    default: Any = None
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class Call:
    """What a verb is given: the game, the workbook's tables (None for a verb that reads no workbook), the time,
    the ledger the match pays into (its entries and where it is, for a verb that spends), and the options."""

    game: Game
    tables: Tables | None
    now: dt.datetime
    options: Mapping[str, Any]
    ledger: list[Entry] = field(default_factory=list)
    ledger_location: str = ""


@dataclass(frozen=True)
class Verb:
    """A game's own step: its name, its help (the command's, as the command line shows it), its options, and
    `run`, which returns the Outcome (with `posts`, entries to add to the ledger). `book`: it works on a match
    workbook; `spends`: it reads the ledger (a season workbook's with --ledger); `sends`: its messages may go to
    Discord (--send)."""

    name: str
    help: str
    run: Callable[[Call], Outcome]
    options: tuple[Option, ...] = ()
    book: bool = True
    spends: bool = False
    sends: bool = False
    json: bool = True
    context: Mapping[str, Any] = field(default_factory=dict)
    """Settings of the command line's own for this command (ignore_unknown_options for words that start with -)."""


@dataclass(frozen=True)
class Verbs:
    """A game's own steps, under the game's name: `hostkit <game> <verb>`."""

    help: str
    verbs: tuple[Verb, ...]

    def named(self, name: str) -> Verb:
        for verb in self.verbs:
            if verb.name == name:
                return verb
        raise KeyError(name)
