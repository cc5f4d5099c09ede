"""`publish`: every public tab of a match, as it stands, written to the players' workbook."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hostkit.core.game import Outcome
from hostkit.errors import BadInput
from hostkit.report import Report

if TYPE_CHECKING:
    from collections.abc import Callable

    from hostkit.core.game import Game
    from hostkit.storage.book import Book


def publish(book: Book, read: Callable[[], Game], tell: Callable[[Outcome], None] | None = None) -> Report:
    """Write every public tab of the match to its players' workbook, in reading order (`read` reads the match and
    gives its game); `tell`, given, records (and delivers) the players' notice of which tabs were updated."""
    from hostkit.targets import Target, keep_match_id, public_target, write_all

    if book.public is None:
        raise BadInput(
            "Say where the players read: --public-book FILE (an .xlsx file) or --public-sheet KEY (a Google Sheet)."
        )
    game = read()
    outcome = Outcome()
    keep_match_id(book, outcome)
    target = public_target(book, game, {}, whole=True)
    ordered = game.reading_order([name for name in (target.tabs if target else {}) if game.is_public(name)])
    if tell is not None and ordered:
        outcome.message = f"Updated for players: {', '.join(ordered)}."
        outcome.about = f"{len(ordered)} tabs"  # a notice per new tab, not a correction of the last one
        tell(outcome)
    targets = [t for t in [target] if t is not None]
    if outcome.writes:
        targets.append(Target(book, outcome.writes))
    write_all(targets, order=game.reading_order)
    if not ordered:
        outcome.summary.append(f"Nothing is public yet in {book.location}: no round has opened and nothing is scored.")
    else:
        outcome.summary.append(f"Published to {book.public.location}: {', '.join(ordered)}.")
    return Report.of("publish", outcome, {"public": book.public.location, "tabs": ordered})
