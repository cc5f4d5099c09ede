"""Cards on the Table in hindsight: each board's heat rule in words with the cards that show it, the heat of
every card (worked out again from the numbers), and each player's guesses judged against the boards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hostkit.core.hindsight import Explained, Hindsight, with_legend
from hostkit.core.words import plural

from .cards import Board
from .cells import CELLS, SIZE, Cell, row_cells
from .guesses import count_board_guesses
from .heat import HEAT_RULES, SIDE_STEPS, HeatRule, side_sums
from .scoring import Match, RoundResult

SHOWN = 3
"""Cards quoted for each board's rule."""


def heats(board: Board, rule: HeatRule) -> dict[Cell, str]:
    return {cell: rule.heat(board, cell).format() for cell in CELLS}


def showing(board: Board, rule: HeatRule) -> list[Cell]:
    """The cards whose heat tells this rule from every other known rule, else those with most shades."""
    own = heats(board, rule)
    others = [heats(board, other) for other in HEAT_RULES.values() if other.name != rule.name]
    telling = [cell for cell in CELLS if all(h[cell] != own[cell] for h in others)]
    if len(telling) < SHOWN:
        telling += sorted((c for c in CELLS if c not in telling), key=lambda c: (-len(set(own[c])), c.index))
    return telling[:SHOWN]


def card_words(board: Board, cell: Cell, rule: HeatRule) -> str:
    sums = side_sums(board.number, cell)
    sides = ", ".join(f"{side.name.lower()} {total}" for side, total in zip(SIDE_STEPS, sums))
    return (
        f"{cell.format()} ({board[cell].number} {board[cell].colour}): side sums {sides}, heat {rule.heat(board, cell)}"
    )


def guesses_judged(
    match: Match, result: RoundResult, board: Board, before: RoundResult | None
) -> tuple[list[str], dict[str, Any]]:
    guessed = [g for g in match.board_guesses if g.round == result.round]
    counts = count_board_guesses(board, guessed)
    cells = {p: len({g.cell for g in guessed if g.player == p}) for p in match.players}
    lines, data = [], {}
    for player in match.players:
        score = result.players[player]
        parts = []
        if cells[player]:
            count = counts[player]
            parts.append(
                f"guessed {plural(cells[player], 'card')}: {count.numbers} numbers and {count.colours} colours right "
                f"({score.board_guesses.points:+d})"
            )
        heat = result.heat_guesses.points.get((player, result.round))
        if heat is not None:
            parts.append(f"guessed the heat rule: {'right' if heat.points else 'wrong'} ({heat.points:+d})")
        top = result.top_guesses.points.get(player) if result.top_guesses is not None else None
        typed = [g for g in match.top_guesses if g.round == result.round - 1 and g.player == player]
        if top is not None and before is not None and typed:
            parts.append(
                f"guessed round {before.round}'s top scorers as {', '.join(typed[-1].names)}; they were "
                f"{', '.join(before.top_scorers())} ({top.points:+d})"
            )
        data[player] = {
            "cards_guessed": cells[player],
            "numbers_right": counts[player].numbers if player in counts else 0,
            "colours_right": counts[player].colours if player in counts else 0,
            "board_guess_points": score.board_guesses.points,
            "heat_guess": None if heat is None else heat.points,
            "top_guess": None if top is None else top.points,
        }
        if parts:
            lines.append(f"  {player}: " + "; ".join(parts) + ".")
    return lines, data


def missed_cells(match: Match, round_number: int, board: Board) -> list[Cell]:
    """The cards nobody guessed right in full (number and colour)."""
    right = {
        g.cell
        for g in match.board_guesses
        if g.round == round_number and g.number == board[g.cell].number and g.colour == board[g.cell].colour
    }
    return [cell for cell in CELLS if cell not in right]


def nobody_guessed(missed: Sequence[str]) -> str:
    """The cards nobody guessed exactly, named (or, when they are most of the board, the others named)."""
    guessed = [c.format() for c in CELLS if c.format() not in missed]
    if not guessed:
        return f"nobody guessed any of the {len(CELLS)} cards exactly (number and colour)."
    if len(missed) > len(guessed):
        return (
            f"nobody guessed {len(missed)} of the {len(CELLS)} cards exactly (number and colour); only "
            f"{', '.join(guessed)} {'was' if len(guessed) == 1 else 'were'}."
        )
    return f"nobody guessed {plural(len(missed), 'card')} exactly (number and colour): {', '.join(missed) or 'none'}."


KEY = (
    "  Every card: its number and colour (R red, B blue, Y yellow) / its heat up, right, down, left (B black, "
    "G grey, W white)."
)


def explain_round(match: Match, result: RoundResult, rule: HeatRule, before: RoundResult | None) -> Explained:
    board = match.boards.board(result.round)
    shown = showing(board, rule)
    every = heats(board, rule)
    missed = [c.format() for c in missed_cells(match, result.round, board)]
    right = [p for p in match.players if getattr(result.heat_guesses.points.get((p, result.round)), "points", 0)]
    lines = [
        f"Round {result.round}: {nobody_guessed(missed)}",
        f"  The heat rule: {rule.description} "
        + (f"Guessed right by {', '.join(right)}." if right else "Nobody guessed it right this round."),
    ]
    lines += [f"  Shown by {card_words(board, cell, rule)}." for cell in shown]
    lines += [KEY] + [
        f"  Row {r}: " + "  ".join(f"{board[c].number}{board[c].colour.letter}/{every[c]}" for c in row_cells(r))
        for r in range(1, SIZE + 1)
    ]
    judged, guesses = guesses_judged(match, result, board, before)
    lines += judged
    data = {
        "heat_rule": rule.name,
        "rule": rule.description,
        "heat_rule_guessed_by": right,
        "shown_by": [c.format() for c in shown],
        "cards": {
            c.format(): {"number": board[c].number, "colour": str(board[c].colour), "heat": every[c]} for c in CELLS
        },
        "guesses": guesses,
        "missed": missed,
    }
    return Explained(result.round, lines, data)


def explain_match(rounds: Sequence[Explained]) -> tuple[list[str], dict[str, Any]]:
    """What nobody guessed, round by round, before the rounds in detail."""
    missed = {r.number: len(r.data["missed"]) for r in rounds}
    guessed = sorted({p for r in rounds for p in r.data["heat_rule_guessed_by"]})
    lines = [
        "Cards nobody guessed exactly (number and colour): "
        + ", ".join(f"{plural(count, 'card')} in round {n}" for n, count in missed.items())
        + ".",
        f"The heat rule was guessed right by {', '.join(guessed)}." if guessed else "Nobody guessed the heat rule.",
    ]
    return lines, {"missed": {str(n): c for n, c in missed.items()}, "heat_rule_guessed_by": guessed}


def picture(match: Match, rule: HeatRule, chosen: Explained) -> bytes:
    """The round's board with its heat, the cards that show the rule and those nobody guessed marked."""
    from .pictures import board_png

    board = rule.apply(match.boards.board(chosen.number))
    marks: dict[Cell, list[str]] = {}
    for cell in chosen.data["shown_by"]:
        marks.setdefault(Cell.parse(cell), []).append("rule")
    for cell in chosen.data["missed"]:
        marks.setdefault(Cell.parse(cell), []).append("?")
    png = board_png(board, f"Cards on the Table, round {chosen.number}", marks)
    legend = [
        "Each card shows its number and colour, and its heat as four triangles (black, grey or white).",
        "rule: a card whose heat shows the round's heat rule.",
        "?: a card nobody guessed exactly (number and colour).",
    ]
    return with_legend(png, legend)


def hindsight(match: Match, results: Sequence[RoundResult], rule: HeatRule) -> Hindsight:
    rounds = [explain_round(match, r, rule, results[i - 1] if i else None) for i, r in enumerate(results)]
    match_lines, match_data = explain_match(rounds)

    def image(number: int | None) -> bytes:
        return picture(match, rule, rounds[-1] if number is None else next(r for r in rounds if r.number == number))

    return Hindsight(
        "cards-on-the-table",
        rounds,
        match_lines,
        match_data,
        image if rounds else None,
        title="Cards on the Table",
    )
