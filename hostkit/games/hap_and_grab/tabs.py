"""Hap and Grab's tabs: their names and headers (from template.json), and reading them."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from hostkit.core.cards import Card
from hostkit.core.game import Context, load_template, template_headers
from hostkit.core.settings import whole_number
from hostkit.core.stamped import RoundClock, RoundTimes, read_round_times, read_stamped_as
from hostkit.core.tables import BookError, Cell, Problem, Rows, Tables, is_blank
from hostkit.core.times import format_time
from hostkit.core.words import some
from hostkit.games.hap_and_grab.anti_hap import FACES, Board, Submission, board_warnings
from hostkit.games.hap_and_grab.tobago import Choice, Deal, Dealt, Rejected, parse_choice, parse_treasure

HEADERS = template_headers(load_template(__package__))
ROUNDS_TAB = "Rounds"
BOARD_TAB = "Board"
SUBMISSIONS_TAB = "Submissions"
DECISIONS_TAB = "Decisions"
PEEKS_TAB = "Peeks"
PILE_TAB = "Pile"
DRAWS_TAB = "Draws"
LEADERBOARD_TAB = "Leaderboard"
BOARD_HEADER = HEADERS[BOARD_TAB]
DECISIONS_HEADER = HEADERS[DECISIONS_TAB]
PEEKS_HEADER = HEADERS[PEEKS_TAB]
PILE_HEADER = HEADERS[PILE_TAB]
DRAWS_HEADER = ["Command", "Round", "Seed", "Drawn"]
UNSEEN = "unseen"


def results_tab(round_number: int) -> str:
    return f"Round {round_number} Results"


def board_tab(round_number: int) -> str:
    """The public tab of a round's board, written once the round has opened."""
    return f"Round {round_number} Board"


@dataclass(frozen=True)
class RoundPlan:
    number: int
    row: int
    opens: dt.datetime


def read_round_plans(tables: Tables, ctx: Context) -> tuple[dict[int, RoundPlan], RoundTimes]:
    """Each round's plan, and the Rounds tab as read (its problems, and why a round has no plan)."""
    read = read_round_times(
        tables.require(ROUNDS_TAB),
        ctx,
        "Opens",
        ctx.config["rounds"],
        "round {round} cannot be scored until it is fixed",
    )
    return {n: RoundPlan(n, row, at) for n, (row, at) in read.times.items()}, read


def read_rounds(tables: Tables, ctx: Context) -> dict[int, RoundPlan]:
    return read_round_plans(tables, ctx)[0]


def read_board(tables: Tables, round_number: int) -> tuple[Board, list[str]]:
    table = tables.require(BOARD_TAB)
    cards: dict[str, Card] = {}
    problems: list[str] = []
    for record in table.records(*BOARD_HEADER):
        where = f"Board row {record.row}"
        try:
            if whole(record["Round"], "Round") != round_number:
                continue
        except ValueError as error:
            problems.append(f"{where}: {error}; type the card's round. The card is left out")
            continue
        name = record.text("Label").upper()
        if len(name) != 1 or not name.isalpha():
            said = "Label is blank" if not name else f"label {record['Label']!r} is not one letter"
            problems.append(f"{where}: {said}; the card is left out")
            continue
        if name in cards:
            problems.append(f"{where}: label {name} is used twice; this card is left out")
            continue
        try:
            cards[name] = FACES.parse((record["Background"], record["Shape"], record["Colour"]))
        except ValueError as error:
            problems.append(f"{where}: {error}; card {name} is left out until it is fixed")
    return Board(cards), problems


def read_submissions(
    tables: Tables, ctx: Context, plans: dict[int, RoundPlan], round_number: int
) -> tuple[list[Submission], list[Problem]]:
    def round_at(at: dt.datetime) -> int | None:
        started = [p for p in plans.values() if p.opens <= at]
        return max(started, key=lambda p: p.opens).number if started else None

    clock = RoundClock(
        ctx.config["rounds"],
        "round of this match",
        round_at,
        "before any round opened (fix the Opens times if they are wrong)",
    )
    table = tables.require(SUBMISSIONS_TAB)
    opens, tz = plans[round_number].opens, ctx.config.tz
    unscored: list[Problem] = []

    def submission(row: int, at: dt.datetime, player: str, cells: tuple[Cell, ...]) -> Submission | None:
        answer = cells[0]
        if is_blank(answer):
            unscored.append(Problem(table.name, row, f"{player}'s answer is blank; nothing to score."))
            return None
        if at < opens:
            said = f"came at {format_time(at, tz)}, before round {round_number} opened at {format_time(opens, tz)}"
            unscored.append(Problem(table.name, row, f"{said}; the row is not scored."))
            return None
        return Submission(row, at, player, str(answer))

    subs, problems = read_stamped_as(submission, table, ctx, round_number, clock, ("Answer",), "the row is not scored")
    return subs, problems + unscored


def read_piles(tables: Tables) -> dict[int, list[Dealt]]:
    """Each dealt round's reveal pile, in reveal order, from the host-only Pile tab."""
    table = tables.get(PILE_TAB)
    piles: dict[int, list[tuple[int, Dealt]]] = {}
    for record in table.records(*PILE_HEADER) if table else ():
        try:
            number, reveal = whole(record["Round"], "Round"), whole(record["Reveal"], "Reveal")
            dealt = Dealt(
                whole(record["Deck position"], "Deck position"),
                parse_treasure(record["Card"]),
                None if record.text("Peeked by").casefold() in ("", UNSEEN) else record.text("Peeked by"),
            )
        except ValueError as error:
            raise BookError(
                f"Pile row {record.row}: {error}. `hostkit deal` writes this tab; re-deal the round "
                f"with --force instead of typing in it."
            ) from None
        piles.setdefault(number, []).append((reveal, dealt))
    for number, cards in piles.items():
        reveals = sorted(reveal for reveal, _ in cards)
        if reveals != list(range(1, len(cards) + 1)):
            shown = some(reveals, 12)
            raise BookError(
                f"Pile: round {number}'s Reveal numbers are {shown}, not 1 to {len(cards)} once each; "
                f"`hostkit deal` writes this tab: re-deal the round with --force instead of typing in it."
            )
    return {n: [d for _, d in sorted(cards, key=lambda c: c[0])] for n, cards in piles.items()}


def peek_problems(tables: Tables, ctx: Context) -> list[Problem]:
    """Peeks rows that name no player of this match (the tab is written by `deal`; a typed row is a slip)."""
    table = tables.get(PEEKS_TAB)
    if table is None:
        return []
    return [
        Problem(table.name, record.row, f"{ctx.roster.unknown(record['Player'])}; re-deal the round with --force.")
        for record in table.records("Player")
        if ctx.roster.match(record["Player"]) is None
    ]


def decision_records(tables: Tables, round_number: int) -> tuple[list, list[Problem]]:
    table = tables.get(DECISIONS_TAB)
    records: list = []
    problems: list[Problem] = []
    if table is None:
        return records, problems
    for record in table.records(*DECISIONS_HEADER):
        try:
            number = whole(record["Round"], "Round")
        except ValueError as error:
            problems.append(
                Problem(
                    table.name, record.row, f"{error}; type the round the decision belongs to. The row is not replayed."
                )
            )
            continue
        if number == round_number:
            records.append(record)
    return records, problems


def read_decision(record: Any, ctx: Context) -> tuple[str, Choice, int | None]:
    player = ctx.roster.match(record["Player"])
    if player is None:
        raise Rejected(ctx.roster.unknown(record["Player"]))
    try:
        choice = parse_choice(record["Decision"])
        card = None if is_blank(record["Card"]) else whole(record["Card"], "Card")
    except ValueError as error:
        raise Rejected(str(error)) from None
    return player, choice, card


def same_round(cell: Any, round_number: int) -> bool:
    try:
        return whole_number(cell) == round_number
    except ValueError:
        return False


def by_round(rows: Rows) -> Rows:
    def key(row: list) -> tuple:
        try:
            return (0, whole_number(row[0]), str(row[1]))
        except (ValueError, IndexError):
            return (1, 0, "")

    return sorted(rows, key=key)


def record_draw(tables: Tables, entry: list) -> Rows:
    """The Draws tab with this draw's row replacing any earlier row of the same command and round."""
    rows = [
        r for r in filled(tables, DRAWS_TAB) if not (len(r) > 1 and r[0] == entry[0] and same_round(r[1], entry[1]))
    ]
    return [list(DRAWS_HEADER)] + rows + [entry]


def whole(cell: Cell, what: str) -> int:
    if is_blank(cell):
        raise ValueError(f"{what} is blank")
    try:
        return whole_number(cell)
    except ValueError as error:
        raise ValueError(f"{what} {str(cell).strip()!r} {error}") from None


def filled(tables: Tables, tab: str) -> Rows:
    """A tab's rows that are not wholly blank; none when the tab is missing."""
    table = tables.get(tab)
    return table.filled_rows() if table else []


def other_rounds(tables: Tables, tab: str, round_number: int) -> Rows:
    return [r for r in filled(tables, tab) if not same_round(r[0] if r else None, round_number)]


def peeks_rows(tables: Tables, dealt: Deal) -> Rows:
    rows = other_rounds(tables, PEEKS_TAB, dealt.round)
    for p in dealt.peekers():
        rows += [
            [dealt.round, p, d.card.value, d.position]
            for d in sorted(dealt.pile, key=lambda d: d.position)
            if d.peeked_by == p
        ]
    return [list(PEEKS_HEADER)] + by_round(rows)


def pile_rows(tables: Tables, dealt: Deal) -> Rows:
    rows = other_rounds(tables, PILE_TAB, dealt.round)
    rows += [
        [dealt.round, i, d.card.value, d.position, d.peeked_by or UNSEEN] for i, d in enumerate(dealt.pile, start=1)
    ]
    return [list(PILE_HEADER)] + by_round(rows)


def board_problems(board: Board, problems: list[str], ctx: Context, round_number: int) -> list[Problem]:
    """A round's unreadable board rows, then the ways the board breaks the rules."""
    warnings = board_warnings(board, ctx.config["board_min_cards"], ctx.config["board_max_cards"])
    return [Problem(BOARD_TAB, None, p) for p in problems] + [
        Problem(BOARD_TAB, None, f"round {round_number}: {w}") for w in warnings
    ]
