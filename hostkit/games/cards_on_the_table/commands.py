"""Commands of Cards on the Table: a garnet's look at a card of the previous round."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

import click

from hostkit.cli.delivering import send_options
from hostkit.cli.options import book_options, json_option, now, open_game, season_book
from hostkit.errors import BadInput

if TYPE_CHECKING:
    from hostkit.storage.book import Book


@click.group("cards-on-the-table")
def commands() -> None:
    """Cards on the Table: buy a look at a card of the previous round.

    Boards, rounds and the end of the match go through `hostkit board`, `hostkit
    play --player NAME`, `hostkit score --round N` and `hostkit standings`.

    \b
    Example:
      hostkit cards-on-the-table reveal --book cards.xlsx --player Ann --round 1 --cell R2C4
    """


@commands.command()
@book_options
@click.option("--player", required=True, help="The player who spends the garnet.")
@click.option(
    "--round",
    "asked_round",
    type=click.IntRange(1, 3),
    required=True,
    help="The round whose card the player asks for: the previous one (Config reveal_rounds).",
)
@click.option("--cell", required=True, help="The card, as R2C4 (row 2, column 4).")
@click.option(
    "--ledger",
    "ledger_path",
    type=click.Path(dir_okay=False),
    help="Spend from this season workbook's Ledger tab instead of the match workbook's own.",
)
@send_options
@json_option
def reveal(book: Book, player: str, asked_round: int, cell: str, ledger_path: str | None, as_json: bool) -> None:
    """Spend 1 garnet of a player's, during round 2 or 3, to learn a card of the previous round.

    The purchase is a -1 garnet entry in the Ledger (refused when the player's
    balance is short); the answer is printed for you to paste to that player
    only. Asking again for the same card in the same round costs nothing more.

    \b
    Example:
      hostkit cards-on-the-table reveal --book cards.xlsx --player Ann --round 1 --cell R2C4
    """
    from hostkit.cli.delivering import deliver_messages
    from hostkit.core.game import Outcome
    from hostkit.core.ledger import LEDGER_TAB, Refused, ledger_rows, read_ledger
    from hostkit.core.tables import Tables
    from hostkit.core.words import private_block
    from hostkit.games.cards_on_the_table.game import CardsOnTheTable
    from hostkit.targets import SEASON, claim, write_or_create

    game, tables = open_game(book)
    if not isinstance(game, CardsOnTheTable):
        raise BadInput(f"{book.location} runs {game.title}, not Cards on the Table.")
    season = season_book(ledger_path, book, tables)
    ledger_tables, mark = tables, {}
    if season is not None and season is not book and book.match is not None:
        tabs = season.read() if season.exists() else {}
        ledger_tables, mark = Tables(tabs), claim(season, tabs, SEASON, book.match)
    entries, problems = read_ledger(ledger_tables)
    where = ledger_path or book.location
    try:
        answer, entry = game.reveal(tables, entries, player, asked_round, cell, now())
    except Refused as refusal:
        if as_json:
            _report({"player": player, "answer": None, "spent": False, "refused": str(refusal)}, [], as_json)
        raise Refused(f"{refusal}; nothing was spent.") from None
    name = game.context(tables).roster.match(player) or player.strip().lstrip("@")
    told = Outcome(private={name: answer}, about=cell.strip().upper())
    deliver_messages(book, told)
    lines = [*private_block(name, answer)[:2], *told.summary]
    problems += told.problems
    writes = dict(told.writes)
    if entry is not None:
        spent = {**mark, LEDGER_TAB: ledger_rows([entry], ledger_tables.get(LEDGER_TAB))}
        if season is None or season is book:
            writes.update(spent)
        else:
            write_or_create(season, spent)
        lines.append(f"Spent: {entry.player} −1 garnet ({entry.reason}), written to {LEDGER_TAB} in {where}.")
    write_or_create(book, writes)
    _report(
        {"player": player, "answer": answer, "spent": entry is not None, "problems": [p.as_json() for p in problems]},
        lines,
        as_json,
    )
    if problems:
        for problem in problems:
            click.echo(f"  {problem}", err=True)
        sys.exit(1)


def _report(data: dict, lines: list[str], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        for line in lines:
            click.echo(line)
