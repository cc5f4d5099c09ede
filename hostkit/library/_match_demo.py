"""The sample match `hostkit demo` builds and plays: its workbook laid out, and each scripted step but live play
run as the host would type it."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from hostkit.library._report import Report

if TYPE_CHECKING:
    from hostkit.core.game import Demo, DemoStep, Game
    from hostkit.storage.book import Book


def build_demo(book: Book, game: Game, force: bool = False) -> tuple[Demo, Report]:
    """Lay the game's sample match into `book` (over an existing one only with force), its match id the demo's:
    the sample (its script and the time it is played at) and the report of its making."""
    from hostkit.core.settings import CONFIG_TAB, with_setting
    from hostkit.library._commit import commit
    from hostkit.library._plan import MATCH, Plan
    from hostkit.library._workbooks import Workbooks

    sample = game.demo()
    config = with_setting(sample.tabs[CONFIG_TAB], "match_id", f"{game.name}-demo")
    summary = (f"Built {book.location}: {sample.description}",)
    plan = Plan("demo", writes={MATCH: {**sample.tabs, CONFIG_TAB: config}}, messages=False, create=True, force=force)
    commit(Workbooks(book), plan)
    return sample, Report("demo", summary, data={"game": game.name, "description": sample.description})


def demo_step(book: Book, game: Game, step: DemoStep, played_at: dt.datetime) -> Report:
    """One scripted step that is not live play (score, deal, standings, ledger), run at `played_at` on the
    workbook as it stands and written, as the command would; standings pay into its own Ledger."""
    from hostkit.core.tables import Tables
    from hostkit.library._ledgers import ledger_lines
    from hostkit.library._match import Match

    if step.command == "ledger":
        return Report("ledger", tuple(ledger_lines(Tables(book.read()), book.location)))
    match = Match(book, clock=lambda: played_at, hold=lambda held: None)
    if step.command == "standings":
        return match.standings()
    if step.command == "deal":
        return match.deal(game.round_needed(step.round))
    return match.score(game.round_needed(step.round))
