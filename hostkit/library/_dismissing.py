"""`dismiss`: a reported row marked handled, so that it is neither judged nor reported again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hostkit.core.game import Outcome
from hostkit.errors import BadInput

if TYPE_CHECKING:
    from hostkit.core.game import Game
    from hostkit.core.tables import Tables


def dismissed(game: Game, tables: Tables, tab_name: str, row_number: int, reason: str) -> Outcome:
    """REASON written into the row's Handled column (added at the end of the header when the tab has none); the
    rest of the tab as it was."""
    from hostkit.core.players import PLAYERS_TAB
    from hostkit.core.settings import CONFIG_TAB
    from hostkit.core.tables import HANDLED, Cell

    table = tables.get(tab_name)
    if table is None:
        raise BadInput(f"The workbook has no tab {tab_name!r}; give --tab the name of the tab holding the row.")
    if table.name in (CONFIG_TAB, PLAYERS_TAB) or game.is_public(table.name):
        raise BadInput(
            f"{table.name} is not an input tab whose rows are judged; fix the row there instead of dismissing it."
        )
    reason = reason.strip() or "handled"
    if row_number - 2 >= len(table.rows) or not any(v not in (None, "") for v in table.rows[row_number - 2]):
        raise BadInput(f"{table.name} row {row_number} is blank; give --row the number of a row that holds something.")
    header: list[Cell] = list(table.header)
    if not table.has_column(HANDLED):
        header.append(HANDLED)
    column = [str(h).casefold() for h in header].index(HANDLED.casefold())
    rows = [list(r) + [None] * (len(header) - len(r)) for r in table.rows]
    rows[row_number - 2][column] = reason
    outcome = Outcome(writes={table.name: [header, *rows]})
    outcome.summary.append(
        f"{table.name} row {row_number} is marked handled ({reason}): it is no longer judged or reported."
    )
    outcome.data = {"tab": table.name, "row": row_number, "reason": reason}
    return outcome
