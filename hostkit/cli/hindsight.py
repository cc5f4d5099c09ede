"""hindsight: the match explained once it is over, written to the public Hindsight tab.

`explain` is the whole step as a plain function over an opened workbook; the command only parses its options
and prints what it returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import click

from hostkit.cli.delivering import send_options
from hostkit.cli.options import (
    Unusable,
    book_options,
    check_image,
    finish,
    guarded,
    image_option,
    json_option,
    open_game,
    save_image,
)

if TYPE_CHECKING:
    from hostkit.core.game import Game, Outcome
    from hostkit.core.hindsight import Hindsight
    from hostkit.core.tables import Tables
    from hostkit.storage.book import Book


@dataclass
class Explanation:
    """What `hindsight` found: the match explained, whether it is over, and the public tab to write (none for
    a host's preview)."""

    hindsight: Hindsight
    over: bool
    preview: bool
    round_number: int | None = None
    writes: dict[str, Any] = field(default_factory=dict)

    def lines(self) -> list[str]:
        shown = self.hindsight.only(self.round_number)
        head = (
            f"Hindsight of {self.hindsight.game}"
            + (f", {shown.unit.lower()} {self.round_number}" if self.round_number else "")
            + (" (private preview for the host: nothing is written)" if self.preview else "")
            + ":"
        )
        return [head, *shown.lines()]

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.hindsight.only(self.round_number).to_dict(),
            "over": self.over,
            "preview": self.preview,
            "written": sorted(self.writes),
        }


def explain(book: Book, game: Game, tables: Tables, round_number: int | None = None, host: bool = False) -> Explanation:
    """The match explained. Once its standings are settled the Hindsight tab is among the writes; before that
    only the host may see it (host=True, a preview never written), and anyone else is refused in one sentence."""
    from hostkit.cli.targets import settled
    from hostkit.core.hindsight import HINDSIGHT_TAB
    from hostkit.core.tables import BookError

    over = settled(book, game, tables) is not None
    if not over and not host:
        raise BookError(
            "The match is not over yet, so its hindsight stays private: run `hostkit standings` once its last "
            "round is scored (or add --host for a private preview, which is never written)."
        )
    hindsight = game.hindsight(tables)
    explanation = Explanation(hindsight, over, host, round_number)
    explanation.lines()  # an unknown --round is refused before anything is written
    if not host:
        explanation.writes[HINDSIGHT_TAB] = hindsight.rows()
    return explanation


def outcome_of(explanation: Explanation, image_round: int | None) -> Outcome:
    from hostkit.core.game import Outcome
    from hostkit.core.words import chat_block

    lines = explanation.lines()
    draw = explanation.hindsight.image
    return Outcome(
        writes=dict(explanation.writes),
        summary=lines,
        data=explanation.to_dict(),
        image=None if draw is None else lambda: draw(image_round),
        message=None if explanation.preview else chat_block(lines),
        about="hindsight",
    )


@click.command()
@book_options
@click.option("--round", "round_number", type=click.IntRange(1), help="Explain this round only (default: all).")
@click.option(
    "--host",
    is_flag=True,
    help="A private preview for you, at any time: printed only, never written to a tab or sent.",
)
@click.option(
    "--message",
    "as_message",
    is_flag=True,
    help="Print the hindsight as a message to paste into the players' chat instead.",
)
@image_option
@send_options
@json_option
@guarded
def hindsight(
    book: Book, round_number: int | None, host: bool, as_message: bool, image: str | None, as_json: bool
) -> None:
    """Explain the match once it is over, in the public tab Hindsight.

    Every figure is computed from the workbook, never copied from what players
    typed: Hap and Grab every anti-hap, who found it and when, and the best Part 2
    the pile allowed; Hap-Tac-Toe and When Stars Align every claim each turn
    allowed and the turn that decided the game; Paths and PAHs the best move of
    each round and the best PAHs of each final inventory; Open, Pass the best
    score each deal allowed; Cards on the Table each board's rule, every card's
    heat and each guess judged. Refused until the match's standings are settled
    (`hostkit standings`); --host shows you a private preview at any time.
    Searches say whether their answer is exact or the best found in 2 s.

    \b
    Examples:
      hostkit hindsight --book game.xlsx
      hostkit hindsight --book game.xlsx --round 2 --image round2.png
      hostkit hindsight --book game.xlsx --host
    """
    from hostkit.cli.delivering import sending

    if host and sending()[0]:
        raise Unusable("A --host preview is private and is never sent; leave out --send, or --host once it is over.")
    check_image(image, book)
    game, tables = open_game(book)
    outcome = outcome_of(explain(book, game, tables, round_number, host), round_number)
    save_image(outcome, image)
    if as_message:
        outcome.summary = [outcome.message] if outcome.message else outcome.summary
    finish(book, game, outcome, as_json)


COMMANDS = (hindsight,)
