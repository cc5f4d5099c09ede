"""Commands of Open, Pass — Heaven and Hell: score an equation, the best a deal allowed, a player's inventory."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click

from hostkit.cli.options import book_options, json_option, open_game, report_problems
from hostkit.errors import BadInput

if TYPE_CHECKING:
    from hostkit.core.tables import Problem, Tables
    from hostkit.storage.book import Book


@click.group("open-pass")
def commands() -> None:
    """Open, Pass — Heaven and Hell: equations, the best possible deal, inventories.

    Bids (rounds 1-3) and the play phase (round 4) are scored with `hostkit score`;
    live dealing goes through `hostkit play`.

    \b
    Example:
      hostkit open-pass evaluate "+ 3 1 x 9 x 2 - 2 x"
    """


@commands.command(context_settings={"ignore_unknown_options": True})
@click.argument("expression", nargs=-1, required=True)
@click.option(
    "--division-by-zero",
    type=click.Choice(["zero", "skip"]),
    default="zero",
    show_default=True,
    help="zero: the whole equation scores 0; skip: that division is left out (Config division_by_zero).",
)
@click.option("--explain", is_flag=True, help="Also say how the equation was read, step by step.")
@json_option
def evaluate(expression: tuple[str, ...], division_by_zero: str, explain: bool, as_json: bool) -> None:
    """Print the score of an equation written as cards separated by spaces.

    Only the leftmost of adjacent numbers (or symbols) counts, a symbol at the
    right end is dropped, a symbol at the left end gets a 0 in front, and the
    equation is worked strictly left to right with exact fractions (7/2).
    `*` and `X` mean x, `/` means ÷. An equation that starts with `-` works
    unquoted or quoted.

    \b
    Examples:
      hostkit open-pass evaluate "+ 3 1 x 9 x 2 - 2 x"      # 52
      hostkit open-pass evaluate "7 / 2" --json              # 7/2
    """
    from hostkit.games.open_pass.equation import DivisionByZero, format_number, parse_cards
    from hostkit.games.open_pass.equation import evaluate as score_equation

    try:
        cards = parse_cards(" ".join(expression))
    except ValueError as error:
        raise BadInput(f"{error}.") from None
    result = score_equation(cards, DivisionByZero(division_by_zero))
    if as_json:
        click.echo(
            json.dumps(
                {
                    "cards": " ".join(result.cards),
                    "equation": result.normalised,
                    "score": format_number(result.score),
                    "divided_by_zero": result.divided_by_zero,
                    "steps": list(result.steps),
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    click.echo(format_number(result.score))
    if explain:
        click.echo(result.explain())


@commands.command()
@book_options
@click.option("--player", required=True, help="The player whose deal to search.")
@json_option
def best(book: Book, player: str, as_json: bool) -> None:
    """The best score a player's dealt order allowed, for the host's reveal.

    An exact search over every choice of cards to open (at most 10, each put to
    the left of the equation), on the deal that `hostkit score --round 4` and
    live play use. It shows the dealt order, so keep it from other players
    until the play phase is over. Nothing is written.

    \b
    Example:
      hostkit open-pass best --book mm.xlsx --player Ann
    """
    from hostkit.games.open_pass.equation import format_cards, format_number

    game, tables = _open_pass_game(book)
    play, top, played = game.best_for(tables, player)
    deal = play.deal
    dealt = "  ".join(f"{n}. {card}" for n, card in enumerate(deal.dealt, start=1))
    chosen = [deal.dealt[n - 1] for n in top.opened]
    lines = [
        f"{deal.player}'s deal ({deal.dealer.value}, shuffle {deal.draw}): {dealt}",
        f"Best possible: {format_number(top.score)} - open cards {', '.join(map(str, top.opened)) or 'none'} "
        f"({format_cards(chosen) or 'nothing'} in dealing order), making {format_cards(top.evaluation.cards) or '(empty)'}"
        f", read as {top.evaluation.normalised}.",
    ]
    if played is None:
        lines.append(f"{deal.player} has not finished: card {play.next_card()} is next.")
    else:
        lines.append(
            f"{deal.player} scored {format_number(played.score)} with {format_cards(played.cards) or '(empty)'}."
        )
    data = {
        "player": deal.player,
        "dealer": deal.dealer.value,
        "draw": deal.draw,
        "dealt": format_cards(deal.dealt),
        "best": format_number(top.score),
        "open": list(top.opened),
        "equation": format_cards(top.evaluation.cards),
        "reads_as": top.evaluation.normalised,
        "played": None if played is None else format_number(played.score),
    }
    _show(lines, data, [], as_json)


@commands.command()
@book_options
@click.option("--player", required=True, help="The player whose inventory to print.")
@click.option(
    "--round",
    "round_number",
    type=click.IntRange(0),
    help="After which deck-building round (0 = the starting cards; default: the latest scored).",
)
@json_option
def inventory(book: Book, player: str, round_number: int | None, as_json: bool) -> None:
    """Print a player's own inventory as a message to paste to them.

    Inventories are private: send each player only their own. The message
    says what they gained in that round (pack, pity card) and their trades.
    Nothing is written.

    \b
    Example:
      hostkit open-pass inventory --book mm.xlsx --player Ann --round 2
    """
    game, tables = _open_pass_game(book)
    message, problems = game.inventory_message(tables, player, round_number)
    _show([message], {"player": player, "round": round_number, "message": message}, problems, as_json)


def _open_pass_game(book: Book) -> tuple[Any, Tables]:
    from hostkit.games.open_pass.game import OpenPass

    game, tables = open_game(book)
    if not isinstance(game, OpenPass):
        raise BadInput(
            f"{book.location} runs {game.title}, not Open, Pass; open-pass commands need an open-pass workbook."
        )
    return game, tables


def _show(lines: list[str], data: dict[str, Any], problems: list[Problem], as_json: bool) -> None:
    """Report a command that writes nothing: exit 0, or 1 when problems were found."""
    if as_json:
        click.echo(json.dumps({**data, "problems": [p.as_json() for p in problems]}, ensure_ascii=False, indent=2))
    else:
        for line in lines:
            click.echo(line)
    report_problems(problems)
