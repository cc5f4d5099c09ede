"""`publish`: every public tab of a match, as it stands, for the players' workbook."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from hostkit.errors import BadInput
from hostkit.library._plan import Plan

if TYPE_CHECKING:
    from hostkit.core.game import Game
    from hostkit.library._workbooks import Workbooks


def publish_plan(books: Workbooks, game: Game, withheld: Mapping[str, str]) -> Plan:
    """Every public tab of the match to its players' workbook, in reading order, but those `withheld` from players
    yet; with the players' notice of which tabs were updated (recorded, and with send delivered)."""
    if books.public is None or books.match is None:
        raise BadInput(
            "Say where the players read: --public-book FILE (an .xlsx file) or --public-sheet KEY (a Google Sheet)."
        )
    kept = {name.casefold() for name in withheld}
    ordered = game.reading_order([n for n in books.match.read() if game.is_public(n) and n.casefold() not in kept])
    if not ordered:
        said = f"Nothing is public yet in {books.match.location}: no round has opened and nothing is scored."
    else:
        said = f"Published to {books.public.location}: {', '.join(ordered)}."
    return Plan(
        "publish",
        summary=(said,),
        data={"public": books.public.location, "tabs": ordered},
        message=f"Updated for players: {', '.join(ordered)}." if ordered else None,
        about=f"{len(ordered)} tabs",  # a notice per new tab, not a correction of the last one
        publish_all=True,
        withheld=withheld,
    )
