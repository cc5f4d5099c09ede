"""The sample match `hostkit demo` builds and plays: its workbook laid out, and each scripted step but live play
run as the host would type it."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from hostkit.report import Report

if TYPE_CHECKING:
    from hostkit.core.game import Demo, DemoStep, Game, Outcome
    from hostkit.storage.book import Book


def build_demo(book: Book, game: Game, force: bool = False) -> tuple[Demo, Report]:
    """Lay the game's sample match into `book` (over an existing one only with force), its match id the demo's:
    the sample (its script and the time it is played at) and the report of its making."""
    from hostkit.core.settings import CONFIG_TAB, with_setting

    sample = game.demo()
    config = with_setting(sample.tabs[CONFIG_TAB], "match_id", f"{game.name}-demo")
    book.create({**sample.tabs, CONFIG_TAB: config}, force=force)
    summary = (f"Built {book.location}: {sample.description}",)
    return sample, Report("demo", summary, data={"game": game.name, "description": sample.description})


def demo_step(book: Book, game: Game, step: DemoStep, played_at: dt.datetime) -> Report:
    """One scripted step that is not live play (score, deal, standings, ledger), run at `played_at` on the
    workbook as it stands and written; standings pay into its own Ledger."""
    from hostkit.core.tables import Tables
    from hostkit.ledgers import ledger_lines
    from hostkit.targets import pay

    tables = Tables(book.read())
    if step.command == "ledger":
        return Report("ledger", tuple(ledger_lines(tables, book.location)))

    def standings() -> Outcome:
        outcome = game.standings(tables)
        pay(book, tables, outcome, None)
        return outcome

    runs = {
        "score": lambda: game.score(tables, game.round_needed(step.round), played_at),
        "deal": lambda: game.deal(tables, game.round_needed(step.round), played_at),
        "standings": standings,
    }
    outcome = runs[step.command]()
    book.write(outcome.writes, order=game.reading_order)
    return Report.of(step.command, outcome)
