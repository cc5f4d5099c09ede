"""What every game module provides, and what a command gets back from it."""

from __future__ import annotations

import datetime as dt
import fnmatch
import hashlib
import importlib
import json
import re
from collections.abc import Callable, Iterator, MutableMapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from hostkit.core.players import PLAYERS_TAB, Roster, read_roster
from hostkit.core.settings import (
    COMMON_SETTINGS,
    CONFIG_TAB,
    Config,
    Setting,
    config_rows,
    read_config,
    with_setting,
)
from hostkit.core.tables import BookError, Problem, Rows, Tables
from hostkit.core.words import plural, some

if TYPE_CHECKING:
    from hostkit.core.hindsight import Hindsight
    from hostkit.core.ledger import Entry, Payout
    from hostkit.core.status import GameStatus


class LazyData(MutableMapping[str, Any]):
    """A command's JSON object built only when something reads it (--json): for a round of 50,000 answers
    the object costs time and memory that a command printing its summary never needs."""

    def __init__(self, make: Callable[[], dict[str, Any]]):
        self._make = make
        self._data: dict[str, Any] | None = None

    def _built(self) -> dict[str, Any]:
        if self._data is None:
            self._data = self._make()
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._built()[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self._built()[key] = value

    def __delitem__(self, key: str) -> None:
        del self._built()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._built())

    def __len__(self) -> int:
        return len(self._built())


@dataclass
class Outcome:
    """What a command did: the tabs to write (each replaced whole), problems, lines for the host, JSON."""

    writes: dict[str, Rows] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)
    data: MutableMapping[str, Any] | None = None
    image: Callable[[], bytes] | None = None
    """Draws the board as it stands (PNG bytes); called only when the host asks for --image."""
    private: dict[str, str] = field(default_factory=dict)
    """Each player's private message (peeks, starting cards, answers), for that player's channel only: printed
    for the host to paste, or delivered with --send."""
    about: str = ""
    """What the messages are about when one command makes many over a match (a live answer: 'Submissions row
    7'): with the command and round, it tells one message from another in the Sent tab."""
    message: str | None = None
    """The public results as a message to paste into the players' chat (core.words.chat_block), for --message;
    nothing private in it."""
    payout: Payout | None = None
    """What the match's result pays, once it is final: the command settles it into the ledger."""
    posts: list[Entry] = field(default_factory=list)
    """Entries the step adds to the ledger once (a purchase): the match workbook's, or the season workbook's."""
    confirm: str | None = None
    """For live play: a question the host must answer yes to before the writes are saved (a decision that
    ends the match at once, such as a loss on time); no means nothing is recorded."""


@dataclass(frozen=True)
class Prompt:
    """A live decision the host types in: the situation in words and the answers allowed.

    With no choices the host types (or pastes) free text, such as a player's whole message.
    """

    text: str
    choices: tuple[str, ...] = ()
    open_ended: bool = False
    """True when the phase takes answers until the host stops (Ctrl-C): stopping here finishes, not interrupts."""


@dataclass(frozen=True)
class DemoStep:
    """One command `hostkit demo` runs: a generic step (score, deal, play, standings, ledger), its round, and for
    play the answers typed, used in turn and again from the first when they run out."""

    command: str
    round: int | None = None
    answers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Demo:
    """A sample match for `hostkit demo`: its tabs, the rounds to score, one line saying what it holds; or
    instead of the rounds, the steps that play it through and the moment they run at."""

    tabs: dict[str, Rows]
    rounds: tuple[int, ...]
    description: str
    steps: tuple[DemoStep, ...] = ()
    now: dt.datetime | None = None

    def script(self) -> tuple[DemoStep, ...]:
        return self.steps or tuple(DemoStep("score", n) for n in self.rounds)


TEMPLATE_ID = "template"
"""Config match_id in the ready-made workbooks of sheets_templates/, until a command writes the match's own."""


@dataclass(frozen=True)
class Identity:
    """Which match a workbook holds. `config` is its Config tab with match_id filled in from the match's name,
    for a workbook made before match ids (None when Config has one): written, it keeps the id stable."""

    id: str
    name: str
    game: str
    config: Rows | None = None
    from_template: bool = False
    """Config match_id was a ready-made workbook's `template`: `config` holds the match's own id."""


@dataclass(frozen=True)
class Context:
    """What every command reads first: the settings, the players and the problems found so far."""

    config: Config
    roster: Roster
    problems: tuple[Problem, ...]


def load_template(package: str) -> dict[str, Any]:
    """A game package's template.json: the one declaration of its tabs and their headers."""
    module = importlib.import_module(package)  # read beside the package: importlib.resources costs 20 ms to import
    return json.loads(Path(str(module.__file__)).with_name("template.json").read_text(encoding="utf-8"))


def template_headers(template: dict[str, Any]) -> dict[str, list[str]]:
    return {tab["name"]: list(tab["header"]) for tab in template["tabs"]}


class Game:
    """A game: a declarative header of parameters and a fixed set of methods the CLI calls."""

    name: ClassVar[str]
    title: ClassVar[str]
    rule_sheet: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    settings: ClassVar[tuple[Setting, ...]] = ()
    public_tabs: ClassVar[tuple[str, ...]] = ()
    first_steps: ClassVar[str] = ""
    board_spans_rounds: ClassVar[bool] = False
    """True when one `board` call makes every round's board (the rules tie the rounds together); a round
    number then only picks the board to draw, and `hostkit board` needs no --round."""

    def is_public(self, tab: str) -> bool:
        """Whether players may see a tab; patterns like 'Round * Results' match any round."""
        return any(fnmatch.fnmatchcase(tab.casefold(), pattern.casefold()) for pattern in self.public_tabs)

    def reading_order(self, names: Sequence[str]) -> list[str]:
        """The public tabs among `names` in the order players read them: those without a round number first
        (the Leaderboard), then round by round, each round's tabs in the order of `public_tabs`."""

        def key(name: str) -> tuple:
            pattern = next(
                i for i, p in enumerate(self.public_tabs) if fnmatch.fnmatchcase(name.casefold(), p.casefold())
            )
            number = re.search(r"\d+", name)
            return (number is not None, int(number.group()) if number else 0, pattern, name.casefold())

        return sorted((name for name in names if self.is_public(name)), key=key)

    def all_settings(self) -> tuple[Setting, ...]:
        return COMMON_SETTINGS + self.settings

    def template(self) -> dict[str, Any]:
        """The game's template.json, beside its Game class: every tab a new match starts with."""
        return load_template(type(self).__module__.rsplit(".", 1)[0])

    def headers(self) -> dict[str, list[str]]:
        return template_headers(self.template())

    def player_count(self) -> str:
        """The players the game is for, in words: '2', '6 to 13'."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players} to {self.max_players}"

    def new_book(self, players: list[str], seed: int, match_id: str = "") -> dict[str, Rows]:
        """The workbook's tabs for a new match, in order."""
        if not self.min_players <= len(players) <= self.max_players:
            raise BookError(
                f"{self.title} is for {self.player_count()} players, not {len(players):,} ({some(players)})."
            )
        blank = f"{self.title}: {players[0]} v {players[1]}" if self.max_players == 2 else self.title
        meanings = {"match": f"This match's name in the season ledger (blank: {blank!r})."}
        given: dict[str, Any] = {"game": self.name, "seed": seed, "match_id": match_id, "date_order": ""}
        stamped = [tab["name"] for tab in self.template()["tabs"] if "Timestamp" in tab["header"]]
        if stamped:
            given["form_target"] = stamped[0]  # the tab a Form's responses stand in for
        tabs: dict[str, Rows] = {CONFIG_TAB: config_rows(self.all_settings(), given, meanings)}
        for tab in self.template()["tabs"]:
            rows = [list(tab["header"])] + [list(r) for r in tab.get("rows", [])]
            if tab["name"] == PLAYERS_TAB:
                rows += [[name] for name in players]
            tabs[tab["name"]] = rows
        return tabs

    def context(self, tables: Tables) -> Context:
        config, problems = read_config(tables, self.all_settings())
        roster, roster_problems = read_roster(tables)
        count = len(roster.names)
        if not self.min_players <= count <= self.max_players:
            fix = (
                f"add {plural(self.min_players - count, 'player')}"
                if count < self.min_players
                else f"remove {plural(count - self.max_players, 'player')}"
            )
            raise BookError(
                f"{self.title} is for {self.player_count()} players, but the {PLAYERS_TAB} tab lists "
                f"{count:,} ({some(roster.names)}); {fix}, one name per row."
            )
        return Context(config, roster, tuple(problems + roster_problems))

    def match_name(self, ctx: Context) -> str:
        """The match's name in the season ledger: Config `match`, else the title (with the players of a duel)."""
        if ctx.config["match"]:
            return ctx.config["match"]
        if len(ctx.roster.names) <= 2:
            return f"{self.title}: {' v '.join(ctx.roster.names)}"
        return self.title

    def identity(self, tables: Tables) -> Identity:
        ctx = self.context(tables)
        match_id = self.match_id(ctx)
        config = tables.require(CONFIG_TAB)
        typed = ctx.config["match_id"]
        fix = (
            None
            if typed and typed != TEMPLATE_ID
            else with_setting([config.header] + config.rows, "match_id", match_id)
        )
        return Identity(match_id, self.match_name(ctx), self.name, fix, from_template=typed == TEMPLATE_ID)

    def match_id(self, ctx: Context) -> str:
        """The match's key in the season ledger and in the workbooks that serve it: Config match_id, set by
        `new`; a ready-made workbook's `template` made the match's own from its seed, name and players; a
        workbook made before match ids has none and is known by its match name."""
        typed = ctx.config["match_id"]
        if typed == TEMPLATE_ID:
            mark = "\n".join([str(ctx.config["seed"]), self.match_name(ctx), *ctx.roster.names])
            return f"{self.name}-{hashlib.sha256(mark.encode()).hexdigest()[:10]}"
        return typed or self.match_name(ctx)

    def board(
        self,
        tables: Tables,
        round_number: int | None,
        seed: int | None = None,
        force: bool = False,
        *,
        now: dt.datetime,
    ) -> Outcome:
        """Generate round N's board, or check the one the host typed in (round None: every round's, for a
        game whose board_spans_rounds), at `now`, the library's clock."""
        raise BookError(
            f"{self.title} has no board to generate: {self.first_steps[0].lower()}{self.first_steps[1:]}"
            if self.first_steps
            else f"{self.title} has no board to generate; run `hostkit score --round N`."
        )

    def round_needed(self, round_number: int | None) -> int:
        """The round a per-round step works on; BookError when none was given."""
        if round_number is None:
            raise BookError(f"Say which round: --round N ({self.title} works round by round).")
        return round_number

    def round_closes(self, tables: Tables, round_number: int) -> dt.datetime | None:
        """When round N stops taking submissions (`hostkit watch` stops after it), or None when the game
        cannot say (a round that ends when its play ends)."""
        return None

    def withheld(self, tables: Tables, now: dt.datetime) -> dict[str, str]:
        """The public tabs in the workbook that players must not see at `now` (a board whose round has not
        opened, or was moved later), each with one sentence a host can read saying why; the publishing step
        leaves them out of the players' workbook."""
        return {}

    def score(self, tables: Tables, round_number: int, now: dt.datetime) -> Outcome:
        raise NotImplementedError

    def deal(self, tables: Tables, round_number: int, now: dt.datetime, force: bool = False) -> Outcome:
        """Deal round N's private cards; refuse to deal again once play has started unless force."""
        raise BookError(f"{self.title} has no cards to deal; run `hostkit score --round N` for each round.")

    def standings(self, tables: Tables) -> Outcome:
        """The match table; once the result is final, Outcome.payout says what it pays."""
        raise BookError(f"{self.title} has no match standings.")

    def hindsight(self, tables: Tables) -> Hindsight:
        """The match explained: every round's figures computed from the workbook (read once the match is over,
        or by the host alone before that)."""
        raise BookError(f"{self.title} cannot explain its match yet: it has no hindsight.")

    def status(self, tables: Tables, now: dt.datetime) -> GameStatus:
        """What the match is waiting for at `now`: the round in play and its phase, the players it waits for,
        the next step, and the lines saying so."""
        raise BookError(f"{self.title} cannot say yet what its match is waiting for.")

    def demo(self) -> Demo:
        """A sample match set up and sent in, and the steps that play it through."""
        raise BookError(f"{self.title} has no demo.")

    def next_prompt(
        self, tables: Tables, round_number: int | None, player: str | None, now: dt.datetime
    ) -> tuple[Prompt | None, list[str]]:
        """For live play: the decision the game waits for (None once the phase has ended) and lines saying
        what has happened so far. Games without live play raise BookError."""
        raise BookError(
            f"{self.title} has no live play: its players' moves come in the workbook's input tabs; run "
            f"`hostkit score --round N` once a round closes."
        )

    def decide(
        self, tables: Tables, round_number: int | None, player: str | None, choice: str, now: dt.datetime
    ) -> Outcome:
        """For live play: record one decision; Outcome.writes holds the decisions tab with it appended.
        An Outcome with no writes only informs (a clock shown, say). A decision that breaks a rule raises
        BookError with the reason."""
        raise BookError(
            f"{self.title} has no live play: its players' moves come in the workbook's input tabs; run "
            f"`hostkit score --round N` once a round closes."
        )

    def undo(self, tables: Tables, round_number: int | None, player: str | None) -> Outcome:
        """For live play: take back the phase's last recorded decision. Outcome.summary says what is taken
        back and the state before it; Outcome.writes holds the tab without it."""
        raise BookError(f"{self.title} cannot take back a live decision; edit its tab by hand.")
