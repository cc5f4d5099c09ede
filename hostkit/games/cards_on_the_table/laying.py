"""`board` for Cards on the Table: the three boards generated from the seed, or the set the host typed
checked against every board rule."""

from __future__ import annotations

import functools

from hostkit.core.game import Context, Outcome
from hostkit.core.tables import BookError, Problem, Tables

from .cards import ROUNDS, BoardSet
from .checker import BOARD_RULES, check_set
from .checker import Problem as BrokenRule
from .heat import HeatRule
from .pictures import board_png
from .tabs import BOARDS_TAB, DRAWS_TAB, SUBMISSIONS_TAB, TypedBoards, boards_rows, read_boards, record_draw


def lay_boards(
    tables: Tables, ctx: Context, rule: HeatRule, shown: int, seed: int | None = None, force: bool = False
) -> Outcome:
    """Generate all three boards at once (the rules span the rounds), or check the set typed in; the picture
    is round `shown`'s board."""
    typed = read_boards(tables, rule)
    outcome = Outcome(problems=list(ctx.problems))
    if typed.rows and not force:
        checked = _checked(typed, rule, outcome)
        if checked is None:
            return outcome
        boards, broken = checked
        seed_label = None
    else:
        if typed.rows and _has_messages(tables):
            raise BookError(
                f"Players have already turned cards over ({SUBMISSIONS_TAB} has messages); the "
                "boards cannot be replaced now."
            )
        seed_label = f"{ctx.config['seed'] if seed is None else seed}:boards"
        boards, broken = _generated(tables, ctx.config["seed"] if seed is None else seed, seed_label, rule, outcome)
    outcome.image = functools.partial(board_png, boards.board(shown), f"Round {shown} board (host only)")
    outcome.data = {
        "seed": seed_label,
        "heat_rule": rule.name,
        "broken_rules": [p.message for p in broken],
        "boards": {str(r): boards.board(r).format().splitlines() for r in ROUNDS},
    }
    return outcome


def _checked(typed: TypedBoards, rule: HeatRule, outcome: Outcome) -> tuple[BoardSet, list[BrokenRule]] | None:
    """The typed set and the rules it breaks, each a problem; None when the tab holds no three whole boards."""
    outcome.problems += typed.problems
    if typed.boards is None:
        outcome.summary.append(
            f"The {BOARDS_TAB} tab has {typed.rows} rows but not three whole boards: fix "
            "the rows reported, or run `hostkit board --force` to generate a set instead."
        )
        return None
    boards = typed.boards
    broken = check_set(boards, rule)
    outcome.problems += [Problem(BOARDS_TAB, None, p.message) for p in broken]
    if typed.filled_heat and not broken and not typed.problems:
        outcome.writes[BOARDS_TAB] = boards_rows(boards)
        outcome.summary.append(f"Filled in the blank Heat of {typed.filled_heat} cards by heat_rule {rule.name}.")
    outcome.summary.append(
        f"Checked the three boards in {BOARDS_TAB} against the sheet's {len(BOARD_RULES)} board rules and "
        f"heat_rule {rule.name}: "
        + ("every rule holds." if not broken else f"{len(broken)} broken (each listed below with its cells).")
        + " Use --force to replace them with generated boards."
    )
    return boards, broken


def _generated(
    tables: Tables, used: int | str, seed_label: str, rule: HeatRule, outcome: Outcome
) -> tuple[BoardSet, list[BrokenRule]]:
    """The set generated from seed `used`, checked independently (the rules it breaks: none, or a bug), and
    written with its draw recorded."""
    from .generator import generate_set

    boards = generate_set(used, rule)
    broken = check_set(boards, rule)
    outcome.problems += [
        Problem(BOARDS_TAB, None, f"the generator broke a rule, please report it: {p.message}") for p in broken
    ]
    outcome.writes[BOARDS_TAB] = boards_rows(boards)
    outcome.writes[DRAWS_TAB] = record_draw(
        tables,
        [
            "board",
            None,
            seed_label,
            f"three boards; heat_rule {rule.name}; the independent checker finds {len(broken)} broken rules",
        ],
    )
    outcome.summary.append(
        f"Generated the three boards (seed {seed_label}, heat_rule {rule.name}) and "
        f"checked them independently: every board rule holds. Written to {BOARDS_TAB} "
        "(host only); keep it from the players."
    )
    return boards, broken


def _has_messages(tables: Tables) -> bool:
    table = tables.get(SUBMISSIONS_TAB)
    return bool(table and table.filled_rows())
