"""hostkit as a library: a match opened once, then one call per step, each doing the whole job of its command.

    with hostkit.open_match("game.xlsx") as match:
        report = match.score(round=2)

Each step reads the workbook, asks the game, settles what a final result pays into the ledger, records (and
with send=True delivers) the players' messages, checks every workbook it will write and then writes them all,
and returns a Report whose to_dict() is what `hostkit <verb> --json` prints.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hostkit.errors import BadInput
from hostkit.games import load_game
from hostkit.messaging import deliver_messages, messages_of, send_due
from hostkit.opening import open_book, open_public, read_game
from hostkit.report import Report, StatusReport
from hostkit.targets import save, season_book

if TYPE_CHECKING:
    from hostkit.core.game import Game, Outcome, Prompt
    from hostkit.core.tables import Rows, Tables
    from hostkit.core.verbs import Verb
    from hostkit.storage.book import Book
    from hostkit.targets import Target


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
    send: bool = False,
    resend: bool = False,
    clock: Callable[[], dt.datetime] = now,
) -> Match:
    """The match in the .xlsx file `book`, or in the Google Sheet `sheet` (its key or address, signed in with the
    service account's JSON key `credentials`). `public` (an .xlsx file) or `public_sheet` also gets the public
    tabs, and only those; `season` is the season workbook whose Ledger tab the results pay into. With send,
    the players' messages are delivered to Discord as each step makes them (resend: again, though delivered).
    Use it in a with block: the workbooks are locked against other hostkit commands until it ends."""
    if public is not None and public_sheet is not None:
        raise BadInput("Give --public-sheet or --public-book, not both.")
    key = None if credentials is None else str(credentials)
    opened = open_book(None if book is None else str(book), sheet, key)
    if public is not None or public_sheet is not None:
        open_public(opened, open_book(None if public is None else str(public), public_sheet, key))
    return Match(opened, season=None if season is None else str(season), send=send, resend=resend, clock=clock)


class Match:
    """A match workbook (and its players' workbook, when it has one) that steps are played on."""

    def __init__(
        self,
        book: Book,
        *,
        season: str | None = None,
        send: bool = False,
        resend: bool = False,
        clock: Callable[[], dt.datetime] = now,
        warn: Callable[[str], None] = _to_stderr,
        on_stop: Callable[[str], None] | None = None,
        hold: Callable[[Book], None] | None = None,
    ):
        if resend and not send:
            raise BadInput("--resend goes with --send.")
        self.book = book
        self.season = season
        self.sending = send
        self.resend = resend
        self.clock = clock
        self.warn = warn
        self.stopped: str | None = None
        """Set when a signal (Ctrl-C, SIGTERM) stopped delivery after the message in flight: the line saying
        what stays due."""
        self.on_stop = on_stop or self._stopped
        self._holder = hold
        self._held: list[Book] = []

    def __enter__(self) -> Match:
        self.hold(self.book)
        if self.book.public is not None:
            self.hold(self.book.public)
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def hold(self, book: Book) -> None:
        """Lock a workbook against other hostkit commands until the match is closed (or, given `hold`, as the
        caller holds its workbooks)."""
        if self._holder is not None:
            self._holder(book)
            return
        book.lock()
        self._held.append(book)

    def _stopped(self, line: str) -> None:
        self.stopped = line

    def close(self) -> None:
        while self._held:
            self._held.pop().release()

    def game(self) -> tuple[Game, Tables]:
        """The workbook read as it stands, and the game it runs."""
        return read_game(self.book, self.warn)

    # ---- the steps

    def board(self, round: int | None = None, seed: int | None = None, force: bool = False) -> Report:
        """Generate round N's board (every round's, in a game whose boards span them), or check the one typed."""
        game, tables = self.game()
        if round is None and not game.board_spans_rounds:
            raise BadInput(f"Say which round's board: --round N ({game.title} has a board per round).")
        return self.finish("board", game, game.board(tables, round, seed=seed, force=force, now=self.clock()), round)

    def deal(self, round: int, force: bool = False) -> Report:
        """Deal round N's private cards: one message per player."""
        game, tables = self.game()
        return self.finish("deal", game, game.deal(tables, round, self.clock(), force=force), round)

    def score(self, round: int) -> Report:
        """Score round N and write its results; what a final result pays goes into the ledger."""
        game, tables = self.game()
        outcome = game.score(tables, round, self.clock())
        also = self._pay(game, tables, outcome)
        return self.finish("score", game, outcome, round, also)

    def standings(self, season: str | None = None, season_sheet: str | None = None) -> Report:
        """The match table and the public Leaderboard; a final result is paid into the ledger. A match in a
        season (Config season, or `season` / `season_sheet` to join one) records its end in the season
        workbook and pays into the season's Ledger."""
        from hostkit.season_link import season_of_match
        from hostkit.season_matches import ending, finish_ending
        from hostkit.targets import pay

        game, tables = self.game()
        in_season = season_of_match(season, season_sheet, self.book, tables)
        if in_season is not None:
            self.hold(in_season)
            if self.season is not None:
                raise BadInput("A match in a season pays into the season's Ledger; leave out --ledger.")
        ledger = in_season or season_book(self.season, self.book, tables, self.hold)
        outcome = game.standings(tables)
        ended = ending(self.book, game, tables, outcome, in_season) if in_season is not None else None
        also = pay(self.book, tables, outcome, ledger)
        if ended is not None:
            outcome.summary += finish_ending(ended, also[0].tabs)
        outcome.data = {"paid": [], **(outcome.data or {})}
        return self.finish("standings", game, outcome, None, also)

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
        report = self.finish("play", game, outcome, round, only_messages=True)
        return replace(report, summary=report.summary[:said], notes=report.summary[said:], saved=bool(outcome.writes))

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
        outcome.data = {"taken_back": True, "what": list(outcome.summary), **(outcome.data or {})}
        outcome.summary = ["Taken back."]
        return self.finish("undo", game, outcome, round)

    def status(self) -> StatusReport:
        """What the match is waiting for, and the next command to run (none once the match is paid and, when it has
        a players' workbook, published); nothing is written."""
        from hostkit.status import status_of

        game, tables = self.game()
        return status_of(self.book, game, tables, self.clock())

    def hindsight(self, round: int | None = None, host: bool = False) -> Report:
        """The match explained, written to the public Hindsight tab once its standings are settled; with host, a
        private preview at any time, never written or sent."""
        from hostkit.hindsight import explain, outcome_of

        if host and self.sending:
            raise BadInput(
                "A --host preview is private and is never sent; leave out --send, or --host once it is over."
            )
        game, tables = self.game()
        return self.finish("hindsight", game, outcome_of(explain(self.book, game, tables, round, host), round), round)

    def bring_forward(self, source: str | Path) -> Report:
        """Every player's season balance (a season workbook, or a .csv of a ledger or of balances) brought
        forward into this match's Ledger, once (`hostkit ledger import`)."""
        from hostkit.carrying import brought_forward_outcome

        game, tables = self.game()
        return self.finish("ledger import", game, brought_forward_outcome(self.book, game, tables, source))

    def publish(self) -> Report:
        """Write every public tab of the match, as it stands, to the players' workbook."""
        from hostkit.publishing import publish

        tell = (lambda outcome: self.deliver(outcome, "publish", None)) if self.sending else None
        return publish(self.book, lambda: self.game()[0], tell)

    def dismiss(self, tab: str, row: int, reason: str = "handled") -> Report:
        """Mark a reported row handled (`hostkit dismiss`): it is neither judged nor reported again."""
        from hostkit.core.tables import Tables
        from hostkit.dismissing import dismissed

        game, _ = self.game()
        outcome = dismissed(game, Tables(self.book.read()), tab, row, reason)
        self.book.write(outcome.writes)
        return Report.of("dismiss", outcome)

    def send(
        self, round: int | None = None, dry_run: bool = False, resend: bool = False, resend_uncertain: bool = False
    ) -> Report:
        """Deliver to Discord every recorded message that is due (of this round, or all; with resend, those
        delivered too; with resend_uncertain, those posted whose answer never came); with dry_run, only say
        what would go where."""
        self.game()  # the workbook is a match workbook, and its match is known
        return send_due(self.book, round, dry_run, resend or self.resend, resend_uncertain, self.on_stop)

    def run(self, owner: str, verb: str, **options: Any) -> Report:
        """One of a game's own steps (`hostkit <owner> <verb>`) on this match, which must be one of `owner`'s:
        a purchase is added to the ledger (the season workbook's when the match has one) and saved with the rest,
        every workbook checked before any is written."""
        from hostkit.core.ledger import LEDGER_TAB, ledger_rows, read_ledger
        from hostkit.core.tables import Tables
        from hostkit.core.verbs import Call
        from hostkit.targets import SEASON, Target, claim

        declared = _verb(owner, verb)
        game, tables = self.game()
        if game.name != owner:
            owner_title = load_game(owner).title
            raise BadInput(
                f"{self.book.location} runs {game.title}, not {owner_title}; {owner} commands need a {owner} workbook."
            )
        book, season, ledger_tables = self.book, None, tables
        mark: dict[str, Rows] = {}
        if declared.spends:
            season = season_book(self.season, book, tables, self.hold)
            if season is not None and season is not book and book.match is not None:
                tabs = season.read() if season.exists() else {}
                ledger_tables, mark = Tables(tabs), claim(season, tabs, SEASON, book.match)
        entries, problems = read_ledger(ledger_tables) if declared.spends else ([], [])
        where = self.season or book.location
        outcome = declared.run(Call(game, tables, self.clock(), options, entries, where))
        outcome.problems = problems + outcome.problems
        also: list[Target] = []
        if outcome.posts:
            spent = {**mark, LEDGER_TAB: ledger_rows(outcome.posts, ledger_tables.get(LEDGER_TAB))}
            if season is None or season is book:
                outcome.writes.update(spent)
            else:
                also.append(Target(season, spent))
        round_number = options.get("round_number", options.get("asked_round"))
        return self.finish(f"{owner} {verb}", game, outcome, round_number, also)

    # ---- what every step shares

    def _pay(self, game: Game, tables: Tables, outcome: Outcome) -> list[Target]:
        from hostkit.targets import pay

        return pay(self.book, tables, outcome, season_book(self.season, self.book, tables, self.hold))

    def deliver(self, outcome: Outcome, verb: str, round: int | None) -> None:
        """Record (and with send, deliver) the outcome's messages; the Sent tab joins its writes."""
        messages = messages_of(outcome, verb, round)
        deliver_messages(self.book, outcome, messages, self.sending, self.resend, self.on_stop)

    def finish(
        self,
        verb: str,
        game: Game,
        outcome: Outcome,
        round: int | None = None,
        also: Sequence[Target] = (),
        only_messages: bool = False,
    ) -> Report:
        """Deliver the step's messages, write every workbook it concerns (each checked before any is
        written), and report."""
        from hostkit.targets import keep_match_id

        if self.book.public is not None and any(game.is_public(tab) for tab in outcome.writes):
            keep_match_id(self.book, outcome)
        if not only_messages or outcome.private or outcome.message:
            self.deliver(outcome, verb, round)
        if outcome.writes or also:
            save(self.book, game, outcome.writes, also)
        return Report.of(verb, outcome)


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
