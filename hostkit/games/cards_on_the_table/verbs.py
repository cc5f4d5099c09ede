"""The step of Cards on the Table of its own (`hostkit cards-on-the-table reveal`): a garnet's look at a card of
the previous round. Declared as a verb: the library runs it like every other step (the ledger and the match
workbook checked before either is written, the answer recorded for the player's channel), the command line
makes it a command."""

from __future__ import annotations

from typing import cast

from hostkit.core.game import Outcome
from hostkit.core.ledger import LEDGER_TAB
from hostkit.core.verbs import Call, Option, Verb, Verbs
from hostkit.core.words import private_block
from hostkit.errors import Refused


def reveal(call: Call) -> Outcome:
    from hostkit.games.cards_on_the_table.game import CardsOnTheTable

    game, tables = cast(CardsOnTheTable, call.game), call.tables
    assert tables is not None
    player, cell = call.options["player"], call.options["cell"]
    try:
        answer, entry = game.reveal(tables, call.ledger, player, call.options["asked_round"], cell, call.now)
    except Refused as refusal:
        refused = {"player": player, "answer": None, "spent": False, "refused": str(refusal)}
        raise Refused(f"{refusal}; nothing was spent.", data=refused) from None
    name = game.context(tables).roster.match(player) or player.strip().lstrip("@")
    outcome = Outcome(private={name: answer}, about=cell.strip().upper(), summary=private_block(name, answer)[:2])
    outcome.data = {"player": player, "answer": answer, "spent": entry is not None}
    if entry is not None:
        outcome.posts = [entry]
        outcome.summary.append(
            f"Spent: {entry.player} −1 garnet ({entry.reason}), written to {LEDGER_TAB} in {call.ledger_location}."
        )
    return outcome


VERBS = Verbs(
    """Cards on the Table: buy a look at a card of the previous round.

Boards, rounds and the end of the match go through `hostkit board`, `hostkit
play --player NAME`, `hostkit score --round N` and `hostkit standings`.

\b
Example:
  hostkit cards-on-the-table reveal --book cards.xlsx --player Ann --round 1 --cell R2C4""",
    (
        Verb(
            "reveal",
            """Spend 1 garnet of a player's, during round 2 or 3, to learn a card of the previous round.

The purchase is a -1 garnet entry in the Ledger (refused when the player's
balance is short); the answer is printed for you to paste to that player
only. Asking again for the same card in the same round costs nothing more.

\b
Example:
  hostkit cards-on-the-table reveal --book cards.xlsx --player Ann --round 1 --cell R2C4""",
            reveal,
            (
                Option("player", "The player who spends the garnet.", ("--player",), required=True),
                Option(
                    "asked_round",
                    "The round whose card the player asks for: the previous one (Config reveal_rounds).",
                    ("--round",),
                    kind="number",
                    required=True,
                    low=1,
                    high=3,
                ),
                Option("cell", "The card, as R2C4 (row 2, column 4).", ("--cell",), required=True),
            ),
            spends=True,
            sends=True,
        ),
    ),
)
