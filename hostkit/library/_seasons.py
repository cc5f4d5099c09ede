"""A season workbook opened: `open_season` and `Season`, one call per season step, each returning a Report whose
to_dict() is what `hostkit season <step> --json` prints."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from hostkit.library._report import Report
from hostkit.library._workbooks import open_book

if TYPE_CHECKING:
    from hostkit.core.tables import Problem
    from hostkit.library._season import Step
    from hostkit.storage.book import Book


def open_season(
    book: str | Path | None = None, *, sheet: str | None = None, credentials: str | Path | None = None
) -> Season:
    """The season in the .xlsx file `book`, or in the Google Sheet `sheet` (signed in with `credentials`). Use it
    in a with block: the workbook is locked against other hostkit commands until it ends."""
    return Season(open_book(book, sheet, None if credentials is None else str(credentials)))


def new_season(book: str | Path | Book, cast: str | Sequence[str], *, name: str = "", force: bool = False) -> Report:
    """Lay out a season workbook for `cast` (a list, or names separated by commas): Config, Cast, Matches, Ledger
    and the public Season tab; over a season already there only with force (`hostkit season new`)."""
    from hostkit.core.players import parse_player_list
    from hostkit.errors import BadInput
    from hostkit.library._season import new_season as lay_out

    try:
        names = parse_player_list(cast) if isinstance(cast, str) else list(cast)
    except ValueError as error:
        raise BadInput(f"--cast: {error}.") from None
    if len(names) < 2:
        raise BadInput(f"--cast: a season needs at least 2 players, not {len(names)}.")
    season = book if not isinstance(book, (str, Path)) else open_book(book, None)
    return report_of("season new", lay_out(season, names, name, force))


class Season:
    """A season workbook that season steps are played on: its cast, its matches and its Ledger."""

    def __init__(
        self,
        book: Book,
        *,
        send: bool = False,
        resend: bool = False,
        on_stop: Callable[[str], None] | None = None,
        hold: Callable[[Book], None] | None = None,
    ):
        self.book = book
        self._sending = (send, resend, on_stop)
        self._holder = hold

    def __enter__(self) -> Season:
        if self._holder is None:
            self.book.lock()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._holder is None:
            self.book.release()

    def status(self) -> Report:
        """Who is still in, each player's balances and the next step; once the season is over, `winner`."""
        from hostkit.library._season import status

        return report_of("season status", status(self.book))

    def tol(self, player: str) -> Report:
        """An elimination candidate spends a Token of Life (`hostkit season tol`)."""
        from hostkit.library._season import spend_tol

        return report_of("season tol", spend_tol(self.book, player.strip().lstrip("@")))

    def dm(self, players: Sequence[str]) -> Report:
        """Set the Death Match (or, in the final stage, a Final Match) of the pair A, B (`hostkit season dm`)."""
        from hostkit.library._season import set_dm

        return report_of("season dm", set_dm(self.book, players))

    def undo(self) -> Report:
        """Take back the latest season step, its payments reversed in the Ledger (`hostkit season undo`)."""
        from hostkit.library._season import undo

        return report_of("season undo", undo(self.book))

    def cast(self, add: Sequence[str]) -> Report:
        """Add players to the Cast (`hostkit season cast --add`)."""
        from hostkit.library._season import add_cast

        return report_of("season cast", add_cast(self.book, add))

    def bring_in(self, source: str | Path) -> Report:
        """An older season ledger's entries (an .xlsx Ledger tab, or a .csv of a ledger or of balances) brought
        into the season's Ledger, each once (`hostkit ledger import` given a season workbook)."""
        from hostkit.library._carrying import read_source
        from hostkit.library._season import import_ledger

        entries, problems = read_source(self.book, source)
        return report_of("ledger import", import_ledger(self.book, entries, Path(source).name), problems)

    def publish(self, public: Book) -> Report:
        """The public Season tab written to the players' workbook; with send, the season's news to the public
        channel (`hostkit publish` given a season workbook)."""
        from hostkit.core.ledger import read_ledger
        from hostkit.core.tables import Tables
        from hostkit.library._commit import SERVES_PUBLIC, Sending, claim, commit
        from hostkit.library._plan import MATCH, PUBLIC, Plan
        from hostkit.library._season import identity, news, public_tabs
        from hostkit.library._workbooks import Workbooks

        season, tabs = public_tabs(self.book)
        held = public.read() if public.exists() else {}
        send, resend, on_stop = self._sending
        message = news(season, read_ledger(Tables(self.book.read()))[0]) if send else None
        writes = {MATCH: {}, PUBLIC: {**claim(public, held, SERVES_PUBLIC, identity(self.book)), **tabs}}
        said = (f"Published to {public.location}: {', '.join(tabs)}.",)
        data = {"public": public.location, "tabs": list(tabs)}
        plan = Plan("publish", writes=writes, summary=said, data=data, message=message, about="season")
        return commit(Workbooks(self.book, public=public), plan, Sending(send, resend, on_stop))


def report_of(verb: str, step: Step, problems: Sequence[Problem] = ()) -> Report:
    """A season step's Report: its lines, the next step (when its lines do not already say it), its warnings as
    notes, and its JSON object."""
    said = any(line.startswith("Next:") for line in step.lines)
    return Report(
        verb,
        tuple(step.lines),
        (*problems, *step.problems),
        step.to_dict(),
        notes=tuple(step.warnings),
        next=None if said else step.next,
    )
