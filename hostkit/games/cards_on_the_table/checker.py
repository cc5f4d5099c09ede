"""An independent check of a set of boards against the sheet's "Rules of the Boards".

Written apart from generator.py on purpose: the rules are stated again here, plainly, so that a
mistake in the generator's search cannot hide itself. Each broken rule is reported as a Problem
that quotes the rule sheet's words and names the round and the cells involved.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import COLOURS, NUMBERS, ROUNDS, Board, BoardSet
from .cells import CELLS, SIZE, Cell, column_cells, format_cells, row_cells
from .heat import HeatRule

LOCATION_SUM = (
    "If you sum the value of all the cards in the same location across all 3 rounds, it will equal 5, 6 or 7."
)
FIVES_AND_SEVENS = (
    "If you sum the value of all the cards in the same location across all 3 rounds, "
    "there will be the same amount of cells that equal 5, as those that equal 7."
)
LINE_NUMBERS = "Every Row and every Column of each board contains at least one 1 card, one 2 card, and one 3 card."
LINE_COLOURS = (
    "Every Row and every Column of each board contains at least one Red card, one Blue card, and one Yellow card."
)
SAME_NUMBER_ADJACENT = "If 2 adjacent cards on a board have the same number, they will have different colours."
SAME_COLOUR_ADJACENT = "If 2 adjacent cards on a board have the same colour, they will have different numbers."
NUMBER_COUNTS = "In each round, there will be eight 1 cards, nine 2 cards, and eight 3 cards"
COLOUR_COUNTS = "In each round, there will be at least eight cards of each colour."
COLOUR_SUM_BOARD = "The sum of all cards of the same colour on a board will equal 16 or 17."
COLOUR_SUM_SET = "The sum of all cards of the same colour across all 3 rounds will equal 50."
PREVIOUS_ROUND = "No card will have the same number and the same colour as it did in the previous round."
NUMBER_GROUPS = "There will be no more than 2 orthogonally connected cells of the same number on a board."
COLOUR_GROUPS = "There will be no more than 2 orthogonally connected cells of the same colour on a board."
HEAT = "Every card's heat indicator follows the host's heat rule."

BOARD_RULES: tuple[str, ...] = (
    LOCATION_SUM,
    FIVES_AND_SEVENS,
    LINE_NUMBERS,
    LINE_COLOURS,
    SAME_NUMBER_ADJACENT,
    SAME_COLOUR_ADJACENT,
    NUMBER_COUNTS,
    COLOUR_COUNTS,
    COLOUR_SUM_BOARD,
    COLOUR_SUM_SET,
    PREVIOUS_ROUND,
    NUMBER_GROUPS,
    COLOUR_GROUPS,
)


@dataclass(frozen=True)
class Problem:
    """One broken rule: the sheet's words, where (round None: across the rounds), and what is wrong."""

    rule: str
    round: int | None
    cells: tuple[Cell, ...]
    detail: str

    @property
    def message(self) -> str:
        where = "all rounds" if self.round is None else f"round {self.round}"
        if self.cells:
            where += f", {format_cells(self.cells)}"
        return f'Broken rule "{self.rule}" ({where}): {self.detail}'

    def __str__(self) -> str:
        return self.message


def check_set(boards: BoardSet, heat_rule: HeatRule | None = None) -> list[Problem]:
    """Every broken board rule in the set (empty when it is good); with a heat rule, wrong heat too."""
    problems = _check_locations(boards) + _check_colour_totals(boards) + _check_previous_round(boards)
    for round_number in ROUNDS:
        board = boards.board(round_number)
        problems += _check_lines(round_number, board)
        problems += _check_neighbours(round_number, board)
        problems += _check_counts(round_number, board)
        problems += _check_groups(round_number, board)
        if heat_rule is not None:
            problems += _check_heat(round_number, board, heat_rule)
    order = {rule: position for position, rule in enumerate(BOARD_RULES + (HEAT,))}
    return sorted(problems, key=lambda p: (order[p.rule], p.round or 0, p.cells))


def is_valid_set(boards: BoardSet) -> bool:
    return not check_set(boards)


def _check_locations(boards: BoardSet) -> list[Problem]:
    problems = []
    fives, sevens = [], []
    for cell in CELLS:
        numbers = [boards.card(r, cell).number for r in ROUNDS]
        total = sum(numbers)
        if total == 5:
            fives.append(cell)
        if total == 7:
            sevens.append(cell)
        if total not in (5, 6, 7):
            spelled = " + ".join(str(n) for n in numbers)
            problems.append(Problem(LOCATION_SUM, None, (cell,), f"{cell} sums to {total} ({spelled}), not 5, 6 or 7"))
    if len(fives) != len(sevens):
        problems.append(
            Problem(
                FIVES_AND_SEVENS,
                None,
                tuple(fives + sevens),
                f"{len(fives)} locations sum to 5 ({format_cells(fives) or 'none'}) "
                f"but {len(sevens)} sum to 7 ({format_cells(sevens) or 'none'})",
            )
        )
    return problems


def _check_lines(round_number: int, board: Board) -> list[Problem]:
    problems = []
    lines = [(f"row {i}", row_cells(i)) for i in range(1, SIZE + 1)]
    lines += [(f"column {i}", column_cells(i)) for i in range(1, SIZE + 1)]
    for name, cells in lines:
        numbers = {board[cell].number for cell in cells}
        colours = {board[cell].colour for cell in cells}
        for number in NUMBERS:
            if number not in numbers:
                problems.append(Problem(LINE_NUMBERS, round_number, cells, f"{name} has no {number} card"))
        for colour in COLOURS:
            if colour not in colours:
                problems.append(Problem(LINE_COLOURS, round_number, cells, f"{name} has no {colour} card"))
    return problems


def _adjacent_pairs() -> list[tuple[Cell, Cell]]:
    pairs = []
    for cell in CELLS:
        if cell.column < SIZE:
            pairs.append((cell, Cell(cell.row, cell.column + 1)))
        if cell.row < SIZE:
            pairs.append((cell, Cell(cell.row + 1, cell.column)))
    return pairs


def _check_neighbours(round_number: int, board: Board) -> list[Problem]:
    problems = []
    for a, b in _adjacent_pairs():
        first, second = board[a], board[b]
        if first.number == second.number and first.colour == second.colour:
            both = f"{a} and {b} are both a {first.number} {first.colour}"
            problems.append(Problem(SAME_NUMBER_ADJACENT, round_number, (a, b), f"{both}: same number, same colour"))
            problems.append(Problem(SAME_COLOUR_ADJACENT, round_number, (a, b), f"{both}: same colour, same number"))
    return problems


def _check_counts(round_number: int, board: Board) -> list[Problem]:
    problems = []
    numbers = Counter(card.number for _, card in board.items())
    if (numbers[1], numbers[2], numbers[3]) != (8, 9, 8):
        problems.append(
            Problem(
                NUMBER_COUNTS,
                round_number,
                (),
                f"the board has {numbers[1]} 1 cards, {numbers[2]} 2 cards and {numbers[3]} 3 cards",
            )
        )
    for colour in COLOURS:
        cells = [cell for cell, card in board.items() if card.colour == colour]
        total = sum(board[cell].number for cell in cells)
        if len(cells) < 8:
            problems.append(Problem(COLOUR_COUNTS, round_number, (), f"the board has only {len(cells)} {colour} cards"))
        if total not in (16, 17):
            problems.append(
                Problem(
                    COLOUR_SUM_BOARD,
                    round_number,
                    (),
                    f"the {colour} cards sum to {total}, not 16 or 17",
                )
            )
    return problems


def _check_colour_totals(boards: BoardSet) -> list[Problem]:
    problems = []
    for colour in COLOURS:
        per_round = [sum(card.number for _, card in boards.board(r).items() if card.colour == colour) for r in ROUNDS]
        if sum(per_round) != 50:
            spelled = " + ".join(str(n) for n in per_round)
            problems.append(
                Problem(
                    COLOUR_SUM_SET,
                    None,
                    (),
                    f"the {colour} cards sum to {sum(per_round)} ({spelled}), not 50",
                )
            )
    return problems


def _check_previous_round(boards: BoardSet) -> list[Problem]:
    problems = []
    for round_number in ROUNDS[1:]:
        for cell in CELLS:
            now, before = boards.card(round_number, cell), boards.card(round_number - 1, cell)
            if now.number == before.number and now.colour == before.colour:
                problems.append(
                    Problem(
                        PREVIOUS_ROUND,
                        round_number,
                        (cell,),
                        f"{cell} is a {now.number} {now.colour}, as it was in round {round_number - 1}",
                    )
                )
    return problems


def _groups(board: Board, key) -> list[list[Cell]]:
    """The orthogonally connected groups of cells whose cards share key(card)."""
    seen: set[Cell] = set()
    groups = []
    for start in CELLS:
        if start in seen:
            continue
        group, frontier = [], [start]
        seen.add(start)
        while frontier:
            cell = frontier.pop()
            group.append(cell)
            for other in cell.neighbours():
                if other not in seen and key(board[other]) == key(board[start]):
                    seen.add(other)
                    frontier.append(other)
        groups.append(sorted(group))
    return groups


def _check_groups(round_number: int, board: Board) -> list[Problem]:
    problems = []
    for group in _groups(board, lambda card: card.number):
        if len(group) > 2:
            problems.append(
                Problem(
                    NUMBER_GROUPS,
                    round_number,
                    tuple(group),
                    f"{len(group)} connected cells are all {board[group[0]].number}s",
                )
            )
    for group in _groups(board, lambda card: card.colour):
        if len(group) > 2:
            problems.append(
                Problem(
                    COLOUR_GROUPS,
                    round_number,
                    tuple(group),
                    f"{len(group)} connected cells are all {board[group[0]].colour}",
                )
            )
    return problems


def _check_heat(round_number: int, board: Board, rule: HeatRule) -> list[Problem]:
    problems = []
    for cell, card in board.items():
        expected = rule.heat(board, cell)
        if card.heat != expected:
            given = "no heat" if card.heat is None else f"heat {card.heat}"
            problems.append(
                Problem(
                    HEAT,
                    round_number,
                    (cell,),
                    f"{cell} has {given}; the rule {rule.name!r} gives {expected}",
                )
            )
    return problems
