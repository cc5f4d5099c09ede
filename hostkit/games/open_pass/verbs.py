"""The steps of Open, Pass of its own (`hostkit open-pass ...`): score an equation, the best a deal allowed, a
player's inventory. Declared as verbs: the library runs them, the command line makes them commands."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from hostkit.core.game import Outcome
from hostkit.core.verbs import Call, Option, Verb, Verbs
from hostkit.errors import BadInput

if TYPE_CHECKING:
    from hostkit.core.tables import Tables
    from hostkit.games.open_pass.game import OpenPass


def evaluate(call: Call) -> Outcome:
    from hostkit.games.open_pass.equation import DivisionByZero, format_number, parse_cards
    from hostkit.games.open_pass.equation import evaluate as score_equation

    try:
        cards = parse_cards(" ".join(call.options["expression"]))
    except ValueError as error:
        raise BadInput(f"{error}.") from None
    result = score_equation(cards, DivisionByZero(call.options["division_by_zero"]))
    data = {
        "cards": " ".join(result.cards),
        "equation": result.normalised,
        "score": format_number(result.score),
        "divided_by_zero": result.divided_by_zero,
        "steps": list(result.steps),
    }
    summary = [format_number(result.score)] + ([result.explain()] if call.options.get("explain") else [])
    return Outcome(summary=summary, data=data)


def _open_pass(call: Call) -> tuple[OpenPass, Tables]:
    assert call.tables is not None
    return cast("OpenPass", call.game), call.tables


def best(call: Call) -> Outcome:
    from hostkit.games.open_pass.equation import format_cards, format_number

    game, tables = _open_pass(call)
    play, top, played = game.best_for(tables, call.options["player"])
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
    return Outcome(summary=lines, data=data)


def inventory(call: Call) -> Outcome:
    game, tables = _open_pass(call)
    player, round_number = call.options["player"], call.options.get("round_number")
    message, problems = game.inventory_message(tables, player, round_number)
    return Outcome(
        summary=[message], problems=problems, data={"player": player, "round": round_number, "message": message}
    )


VERBS = Verbs(
    """Open, Pass — Heaven and Hell: equations, the best possible deal, inventories.

Bids (rounds 1-3) and the play phase (round 4) are scored with `hostkit score`;
live dealing goes through `hostkit play`.

\b
Example:
  hostkit open-pass evaluate "+ 3 1 x 9 x 2 - 2 x\"""",
    (
        Verb(
            "evaluate",
            """Print the score of an equation written as cards separated by spaces.

Only the leftmost of adjacent numbers (or symbols) counts, a symbol at the
right end is dropped, a symbol at the left end gets a 0 in front, and the
equation is worked strictly left to right with exact fractions (7/2).
`*` and `X` mean x, `/` means ÷. An equation that starts with `-` works
unquoted or quoted.

\b
Examples:
  hostkit open-pass evaluate "+ 3 1 x 9 x 2 - 2 x"      # 52
  hostkit open-pass evaluate "7 / 2" --json              # 7/2""",
            evaluate,
            (
                Option("expression", kind="words", required=True),
                Option(
                    "division_by_zero",
                    "zero: the whole equation scores 0; skip: that division is left out (Config division_by_zero).",
                    ("--division-by-zero",),
                    kind="choice",
                    choices=("zero", "skip"),
                    default="zero",
                ),
                Option("explain", "Also say how the equation was read, step by step.", ("--explain",), kind="flag"),
            ),
            book=False,
            context={"ignore_unknown_options": True},
        ),
        Verb(
            "best",
            """The best score a player's dealt order allowed, for the host's reveal.

An exact search over every choice of cards to open (at most 10, each put to
the left of the equation), on the deal that `hostkit score --round 4` and
live play use. It shows the dealt order, so keep it from other players
until the play phase is over. Nothing is written.

\b
Example:
  hostkit open-pass best --book mm.xlsx --player Ann""",
            best,
            (Option("player", "The player whose deal to search.", ("--player",), required=True),),
        ),
        Verb(
            "inventory",
            """Print a player's own inventory as a message to paste to them.

Inventories are private: send each player only their own. The message
says what they gained in that round (pack, pity card) and their trades.
Nothing is written.

\b
Example:
  hostkit open-pass inventory --book mm.xlsx --player Ann --round 2""",
            inventory,
            (
                Option("player", "The player whose inventory to print.", ("--player",), required=True),
                Option(
                    "round_number",
                    "After which deck-building round (0 = the starting cards; default: the latest scored).",
                    ("--round",),
                    kind="number",
                    low=0,
                ),
            ),
        ),
    ),
)
