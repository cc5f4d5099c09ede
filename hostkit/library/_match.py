"""hostkit as a library: a match opened once, then one call per step, each doing the whole job of its command.

    with hostkit.open_match("game.xlsx") as match:
        report = match.score(round=2)

Each step reads the workbook, asks the game and returns a plan; one commit settles what it pays into the ledger
the match pays into, records (and with send=True delivers) the players' messages, checks every workbook it will
write and then writes them all, and returns a Report whose to_dict() is what `hostkit <verb> --json` prints.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hostkit.errors import BadInput
from hostkit.games import load_game
from hostkit.library._commit import Sending, commit
from hostkit.library._opening import read_game
from hostkit.library._plan import Plan, plan_of
from hostkit.library._report import Report, StatusReport
from hostkit.library._workbooks import Workbooks, open_book

if TYPE_CHECKING:
    from hostkit.core.game import Game, Prompt
    from hostkit.core.tables import Tables
    from hostkit.core.verbs import Verb
    from hostkit.storage.book import Book


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def _to_stderr(text: str) -> None:
    print(text, file=sys.stderr)


def open_match(
    book: str | Path | None = None,
    *,
    sheet: str | None = None,
    credentials: str | Path | None = None,
    public: str | Path | None = None,
    public_sheet: str | None = None,
    season: str | Path | None = None,
    season_sheet: str | None = None,
    send: bool = False,
    resend: bool = False,
    pictures: bool = True,
    clock: Callable[[], dt.datetime] = now,
) -> Match:
    """The match in the .xlsx file `book`, or in the Google Sheet `sheet` (its key or address, signed in with the
    service account's JSON key `credentials`). `public` (an .xlsx file) or `public_sheet` also gets the public
    tabs, and only those; `season` (an .xlsx file) or `season_sheet` is the season workbook (or season ledger) the
    match belongs to and pays into, when its Config does not already name it. With send, the players' messages
    are delivered to Discord as each step makes them (resend: again, though delivered), each board's picture
    attached unless pictures is False. Use it in a with block: the workbooks are locked against other hostkit
    commands until it ends."""
    if public is not None and public_sheet is not None:
        raise BadInput("Give --public-sheet or --public-book, not both.")
    if season is not None and season_sheet is not None:
        raise BadInput("Give --season or --season-sheet, not both.")
    key = None if credentials is None else str(credentials)
    opened = open_book(book, sheet, key)
    players = open_book(public, public_sheet, key) if public is not None or public_sheet is not None else None
    named = open_book(season, season_sheet, key) if season is not None or season_sheet is not None else None
    return Match(
        opened, public=players, season=named, credentials=key, send=send, resend=resend, pictures=pictures, clock=clock
    )


class Match:
    """A match workbook, with its players' workbook and the workbook it pays into, that steps are played on."""

    def __init__(
        self,
        book: Book,
        *,
        public: Book | None = None,
        season: Book | None = None,
        credentials: str | None = None,
        send: bool = False,
        resend: bool = False,
        pictures: bool = True,
        clock: Callable[[], dt.datetime] = now,
        warn: Callable[[str], None] = _to_stderr,
        on_stop: Callable[[str], None] | None = None,
        hold: Callable[[Book], None] | None = None,
    ):
        if resend and not send:
            raise BadInput("--resend goes with --send.")
        self.books = Workbooks(book, credentials=credentials)
        if public is not None:
            self.books.with_public(public)
        self._season = season
        self.sending = Sending(send, resend, on_stop or self._stopped, pictures)
        self.clock = clock
        self.warn = warn
        self.stopped: str | None = None
        """Set when a signal (Ctrl-C, SIGTERM) stopped delivery after the message in flight: the line saying
        what stays due."""
        self._holder = hold
        self._held: list[Book] = []
        self._read: tuple[Game, Tables] | None = None
        """The game and tables the last step read."""

    @property
    def book(self) -> Book:
        assert self.books.match is not None
        return self.books.match

    def __enter__(self) -> Match:
        for book in self.books.books():
            self.hold(book)
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def hold(self, book: Book) -> None:
        """Lock a workbook against other hostkit commands until the match is closed (or, given `hold`, as the
        caller holds its workbooks)."""
        if any(book is held for held in self._held):
            return
        self._held.append(book)
        if self._holder is not None:
            self._holder(book)
            return
        book.lock()

    def _stopped(self, line: str) -> None:
        self.stopped = line

    def close(self) -> None:
        while self._held:
            book = self._held.pop()
            if self._holder is None:
                book.release()

    def game(self) -> tuple[Game, Tables]:
        """The workbook read as it stands, and the game it runs: its Ledger tab is the ledger the match pays into,
        so that what a game checks before a purchase is the balance a payout changes."""
        game, tables, identity = read_game(self.book, self.warn)
        self.books.identity = identity
        self.books.resolve(tables, self._season)
        if self.books.pays_elsewhere():
            assert self.books.ledger is not None
            self.hold(self.books.ledger)
            tables = _with_ledger(tables, self.books.ledger)
        self._read = game, tables
        return game, tables

    def pasted(self, report: Report) -> tuple[str, ...]:
        """A step's public message as parts to paste into Discord one by one: each at most 2,000 characters and a
        whole block, numbered when there are several, times in the match's zone (named), names escaped."""
        from hostkit.core.settings import COMMON_SETTINGS, read_config
        from hostkit.core.tables import BookError
        from hostkit.core.times import pasteable
        from hostkit.delivery.split import paste_parts

        if report.message is None:
            return ()
        game, tables = self._read or self.game()
        try:
            names = game.context(tables).roster.names
        except BookError:
            names = ()
        zone = read_config(tables, COMMON_SETTINGS)[0].tz
        return tuple(paste_parts(pasteable(report.message, zone, self.clock()), names))

    def _commit(self, game: Game | None, plan: Plan) -> Report:
        if game is not None and self.books.public is not None and self._read is not None and not plan.withheld:
            plan = replace(plan, withheld=game.withheld(self._read[1], self.clock()))
        return commit(self.books, plan, self.sending, game)

    # ---- the steps

    def board(self, round: int | None = None, seed: int | None = None, force: bool = False) -> Report:
        """Generate round N's board (every round's, in a game whose boards span them), or check the one typed."""
        game, tables = self.game()
        if round is None and not game.board_spans_rounds:
            raise BadInput(f"Say which round's board: --round N ({game.title} has a board per round).")
        outcome = game.board(tables, round, seed=seed, force=force, now=self.clock())
        return self._commit(game, plan_of("board", outcome, round))

    def deal(self, round: int, force: bool = False) -> Report:
        """Deal round N's private cards: one message per player."""
        game, tables = self.game()
        return self._commit(game, plan_of("deal", game.deal(tables, round, self.clock(), force=force), round))

    def score(self, round: int) -> Report:
        """Score round N and write its results; what a final result pays goes into the ledger."""
        return self.scored(round)[0]

    def scored(self, round: int) -> tuple[Report, Game, Tables, set[str]]:
        """`score`, with the game, the tables it judged and the names of the tabs it wrote (for `watch`)."""
        game, tables = self.game()
        outcome = game.score(tables, round, self.clock())
        return self._commit(game, plan_of("score", outcome, round)), game, tables, set(outcome.writes)

    def standings(self) -> Report:
        """The match table and the public Leaderboard; a final result is paid into the ledger. A match in a
        season records its end in the season workbook."""
        from hostkit.library._season_record import in_season

        game, tables = self.game()
        outcome = game.standings(tables)
        plan = in_season(self.books, game, tables, outcome, plan_of("standings", outcome))
        return self._commit(game, replace(plan, data={"paid": [], **(plan.data or {})}))

    def prompt(self, round: int | None = None, player: str | None = None) -> tuple[Prompt | None, list[str]]:
        """The live decision due (None once the phase has ended), and the lines that lead to it."""
        game, tables = self.game()
        return game.next_prompt(tables, round, player, self.clock())

    def step(
        self,
        answer: str,
        round: int | None = None,
        player: str | None = None,
        confirm: Callable[[str], bool] | None = None,
    ) -> Report | None:
        """Record one live decision, as the host would type it at `hostkit play`; None when the game has
        nothing to record. A decision that asks to be confirmed (one that ends the match at once) is recorded
        only when `confirm` answers yes to its question."""
        game, tables = self.game()
        outcome = game.decide(tables, round, player, answer, self.clock())
        if outcome is None:
            return None
        if outcome.confirm and not (confirm is not None and confirm(outcome.confirm)):
            return Report("play", ("Not recorded: nothing was changed.",), data={"recorded": False})
        said = len(outcome.summary)
        plan = plan_of("play", outcome, round, messages=bool(outcome.private or outcome.message))
        report = self._commit(game, plan)
        return replace(report, summary=report.summary[:said], notes=report.summary[said:], saved=bool(outcome.writes))

    def look(self, round: int, before: Mapping[str, int]) -> Report:
        """One look of `hostkit watch` that found the workbook changed: round N scored as `score` scores it,
        holding the workbooks only meanwhile; its summary is the line `watch` prints, its data the rows of each
        tab read (`counts`, the `before` of the next look) and when the round closes (`closes`)."""
        from hostkit.library._watching import rescore

        with self:
            return rescore(lambda: self.scored(round), round, before)

    def pause(self) -> None:
        """Let other hostkit commands use the match workbook while the host thinks (between `prompt` and
        `step`); `resume` holds it again."""
        self.book.release()

    def resume(self) -> bool:
        """Hold the match workbook again after `pause`: True when another command changed it meanwhile."""
        return self.book.relock()

    def undo(
        self,
        round: int | None = None,
        player: str | None = None,
        confirm: Callable[[Sequence[str]], bool] | None = None,
    ) -> Report | None:
        """Take back the last decision recorded in a live phase; with `confirm`, only when it answers yes to
        the lines saying what would be taken back (else None: nothing changed)."""
        game, tables = self.game()
        outcome = game.undo(tables, round, player)
        if confirm is not None and not confirm(list(outcome.summary)):
            return None
        plan = plan_of("undo", outcome, round)
        data = {"taken_back": True, "what": list(outcome.summary), **(outcome.data or {})}
        return self._commit(game, replace(plan, summary=("Taken back.",), data=data))

    def status(self) -> StatusReport:
        """What the match is waiting for, and the next command to run (none once the match is paid and, when it has
        a players' workbook, published); nothing is written."""
        from hostkit.library._status import status_of

        game, tables = self.game()
        return status_of(self.books, game, tables, self.clock())

    def hindsight(self, round: int | None = None, host: bool = False) -> Report:
        """The match explained, written to the public Hindsight tab once its standings are settled; with host, a
        private preview at any time, never written or sent."""
        from hostkit.library._hindsight import explain, outcome_of

        if host and self.sending.send:
            raise BadInput(
                "A --host preview is private and is never sent; leave out --send, or --host once it is over."
            )
        game, tables = self.game()
        outcome = outcome_of(explain(self.books, game, tables, round, host), round)
        return self._commit(game, plan_of("hindsight", outcome, round))

    def bring_forward(self, source: str | Path) -> Report:
        """Every player's season balance (a season workbook, or a .csv of a ledger or of balances) brought
        forward into this match's Ledger, once (`hostkit ledger import`)."""
        from hostkit.library._carrying import brought_forward_outcome

        game, tables = self.game()
        outcome = brought_forward_outcome(self.books, game, tables, source)
        return self._commit(game, plan_of("ledger import", outcome, messages=False))

    def publish(self) -> Report:
        """Write every public tab of the match, as it stands, to the players' workbook."""
        from hostkit.library._publishing import publish_plan

        game, tables = self.game()
        plan = publish_plan(self.books, game, game.withheld(tables, self.clock()))
        return self._commit(game, plan if self.sending.send else replace(plan, message=None))

    def dismiss(self, tab: str, row: int, reason: str = "handled") -> Report:
        """Mark a reported row handled (`hostkit dismiss`): it is neither judged nor reported again."""
        from hostkit.core.tables import Tables
        from hostkit.library._dismissing import dismissed

        game, _ = self.game()
        outcome = dismissed(game, Tables(self.book.read()), tab, row, reason)
        return self._commit(game, plan_of("dismiss", outcome, messages=False))

    def send(
        self, round: int | None = None, dry_run: bool = False, resend: bool = False, resend_uncertain: bool = False
    ) -> Report:
        """Deliver to Discord every recorded message that is due (of this round, or all; with resend, those
        delivered too; with resend_uncertain, those posted whose answer never came); with dry_run, only say
        what would go where."""
        from hostkit.library._messaging import send_due

        game, _ = self.game()  # the workbook is a match workbook, and its match is known
        plan = send_due(
            self.book, round, dry_run, resend or self.sending.resend, resend_uncertain, self.sending.on_stop
        )
        return self._commit(game, plan)

    def run(self, owner: str, verb: str, **options: Any) -> Report:
        """One of a game's own steps (`hostkit <owner> <verb>`) on this match, which must be one of `owner`'s: a
        purchase is charged once to the ledger the match pays into, every workbook checked before any is written."""
        from hostkit.core.ledger import read_ledger
        from hostkit.core.verbs import Call

        declared = _verb(owner, verb)
        game, tables = self.game()
        if game.name != owner:
            raise BadInput(
                f"{self.book.location} runs {game.title}, not {load_game(owner).title}; {owner} commands need a "
                f"{owner} workbook."
            )
        entries, problems = read_ledger(tables) if declared.spends else ([], [])
        assert self.books.ledger is not None
        outcome = declared.run(Call(game, tables, self.clock(), options, entries, self.books.ledger.location))
        round_number = options.get("round_number", options.get("asked_round"))
        plan = plan_of(f"{owner} {verb}", outcome, round_number)
        return self._commit(game, replace(plan, problems=(*problems, *plan.problems)))


def _with_ledger(tables: Tables, ledger: Book) -> Tables:
    """The match's tables with the Ledger tab of the workbook it pays into in place of its own."""
    from hostkit.core.ledger import LEDGER_TAB
    from hostkit.core.tables import Table, Tables

    held = Tables(ledger.read() if ledger.exists() else {}).get(LEDGER_TAB)
    return tables.replaced(LEDGER_TAB, held if held is not None else Table(LEDGER_TAB, [[]]))


def run_verb(owner: str, verb: str, clock: Callable[[], dt.datetime] = now, **options: Any) -> Report:
    """One of a game's own steps that reads no workbook (`hostkit open-pass evaluate`)."""
    from hostkit.core.verbs import Call

    declared = _verb(owner, verb)
    if declared.book:
        raise BadInput(f"`hostkit {owner} {verb}` works on a match: open it with hostkit.open_match first.")
    return Report.of(f"{owner} {verb}", declared.run(Call(load_game(owner), None, clock(), options)))


def _verb(owner: str, verb: str) -> Verb:
    from hostkit.games import game_verbs

    verbs = game_verbs(owner)
    try:
        if verbs is None:
            raise KeyError(verb)
        return verbs.named(verb)
    except KeyError:
        raise BadInput(f"{owner} has no step named {verb!r}.") from None
