"""A custom game's tabs: their names (headers from template.json), and Rounds, Answers and Submissions read."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from hostkit.core.game import Context, load_template, template_headers
from hostkit.core.settings import whole_number
from hostkit.core.stamped import RoundClock, read_round_times, read_stamped
from hostkit.core.tables import BookError, Cell, Problem, Tables, is_blank
from hostkit.core.times import format_time
from hostkit.core.words import named, plural
from hostkit.games.custom.judge import KeyAnswer, Sent
from hostkit.games.custom.reading import normal, split_message, why_unread
from hostkit.games.custom.settings import Rules

HEADERS = template_headers(load_template(__package__))
ROUNDS_TAB = "Rounds"
ANSWERS_TAB = "Answers"
SUBMISSIONS_TAB = "Submissions"
LEADERBOARD_TAB = "Leaderboard"
MOST_ROUNDS = 100
VERDICT_WORDS = {"correct": True, "right": True, "yes": True, "incorrect": False, "wrong": False, "no": False}


def results_tab(round_number: int) -> str:
    return f"Round {round_number} Results"


@dataclass(frozen=True)
class RoundPlan:
    number: int
    row: int
    opens: dt.datetime
    closes: dt.datetime | None


@dataclass(frozen=True)
class Schedule:
    """The Rounds tab read: each round listed, the plans of those with an Opens time, and its problems."""

    listed: tuple[int, ...]
    plans: dict[int, RoundPlan]
    problems: list[Problem]
    unreadable: dict[int, str]


def read_schedule(tables: Tables, ctx: Context) -> Schedule:
    table = tables.require(ROUNDS_TAB)
    opens = read_round_times(table, ctx, "Opens", MOST_ROUNDS, "round {round} cannot be scored until it is fixed")
    closes = read_round_times(table, ctx, "Closes", MOST_ROUNDS, "round {round} has no closing time until it is fixed")
    listed = []
    for record in table.records("Round"):
        try:
            number = whole_number(record["Round"])
        except ValueError:
            continue
        if 1 <= number <= MOST_ROUNDS and number not in listed:
            listed.append(number)
    plans = {}
    for number, (row, at) in opens.times.items():
        plans[number] = RoundPlan(number, row, at, closes.times[number][1] if number in closes.times else None)
    problems = opens.problems + [p for p in closes.problems if p not in opens.problems]
    return Schedule(tuple(sorted(listed)), plans, problems, {**closes.unreadable, **opens.unreadable})


def round_plan(schedule: Schedule, round_number: int) -> RoundPlan:
    """Round N's plan; BookError naming what to type when it has none."""
    if round_number not in schedule.plans:
        raise BookError(
            schedule.unreadable.get(
                round_number,
                f"Round {round_number} has no Opens time in the Rounds tab; type when it opened (like "
                f"2026-11-21 20:00) on its row, and when it closes under Closes (blank: when you score it).",
            )
        )
    return schedule.plans[round_number]


def read_key(
    tables: Tables, round_number: int, rules: Rules, listed: tuple[int, ...]
) -> tuple[list[KeyAnswer], list[Problem]]:
    """The round's answer key: the Answers rows of this round or of every round (Round blank); a row of a round
    the Rounds tab does not list is reported."""
    table = tables.require(ANSWERS_TAB)
    key: list[KeyAnswer] = []
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for record in table.records("Round", "Answer", optional=("Points",)):

        def problem(message: str) -> None:
            problems.append(Problem(table.name, record.row, message))

        if not is_blank(record["Round"]):
            try:
                number = whole_number(record["Round"])
            except ValueError:
                problem(
                    f"{named('Round', record['Round'])} is not a round number; type it, or blank it for every round."
                )
                continue
            if number not in listed:
                problem(f"round {number} is not in the Rounds tab; fix the round, or blank it for every round.")
                continue
            if number != round_number:
                continue
        if is_blank(record["Answer"]):
            problem("Answer is blank; type the answer, or delete the row.")
            continue
        norm = normal(record["Answer"], rules.form)
        if norm is None:
            problem(
                f"{why_unread(record['Answer'], rules.form)} (answer_form {rules.form}); fix it. The row is left out."
            )
            continue
        if norm in seen:
            problem(f"{record.text('Answer')!r} is the same answer as row {seen[norm]}; this row is left out.")
            continue
        try:
            points = rules.correct_points if is_blank(record["Points"]) else whole_number(record["Points"])
        except ValueError:
            problem(f"{named('Points', record['Points'])} is not a whole number; type one (blank: correct_points).")
            continue
        seen[norm] = record.row
        key.append(KeyAnswer(record.text("Answer"), norm, points, record.row))
    return key, problems


def read_sent(
    tables: Tables, ctx: Context, schedule: Schedule, round_number: int, rules: Rules
) -> tuple[list[Sent], list[Problem]]:
    """Round N's Submissions rows (a Form's responses tab stands in for it where Config says so)."""

    def round_at(at: dt.datetime) -> int | None:
        started = [p for p in schedule.plans.values() if p.opens <= at]
        return max(started, key=lambda p: p.opens).number if started else None

    clock = RoundClock(
        max(schedule.listed, default=1),
        "round of this match",
        round_at,
        "before any round opened (fix the Opens times if they are wrong)",
    )
    table = tables.require(SUBMISSIONS_TAB)
    columns = ("Answer", "Verdict") if table.has_column("Verdict") else ("Answer",)
    rows, problems = read_stamped(table, ctx, round_number, clock, columns, "the row is not scored")
    opens = schedule.plans[round_number].opens
    sent: list[Sent] = []
    for row in rows:
        if is_blank(row.record["Answer"]):
            problems.append(Problem(table.name, row.row, f"{row.player}'s answer is blank; nothing to score."))
        elif row.at < opens:
            problems.append(
                Problem(
                    table.name,
                    row.row,
                    f"came at {format_time(row.at, ctx.config.tz)}, before round {round_number} opened at "
                    f"{format_time(opens, ctx.config.tz)}; the row is not scored.",
                )
            )
        else:
            verdicts, why = read_verdicts(row.record.cells.get("Verdict"))
            count = len(split_message(str(row.record["Answer"]), rules.many, rules.form))
            if len(verdicts) > 1 and len(verdicts) != count:
                why = (
                    f"Verdict gives {len(verdicts)} verdicts for the row's {plural(count, 'answer')}; give one, or "
                    f"one per answer. Until then its answers wait."
                )
            if why:
                problems.append(Problem(table.name, row.row, why))
            sent.append(Sent(row.row, row.at, row.player, str(row.record["Answer"]), verdicts))
    return sent, problems


def read_verdicts(value: Cell) -> tuple[tuple[bool, ...], str]:
    """The host's Verdict cell: one verdict, or one per answer separated by commas; a sentence when unreadable."""
    if is_blank(value):
        return (), ""
    words = [w.strip().casefold() for w in re.split(r"[,;\n]+", str(value)) if w.strip()]
    unknown = [w for w in words if w not in VERDICT_WORDS]
    if unknown:
        return (), (
            f"Verdict {str(value).strip()!r} is not correct or incorrect (one per answer, separated by commas); "
            f"type correct or incorrect. Until then the row is judged as if it had no Verdict."
        )
    return tuple(VERDICT_WORDS[w] for w in words), ""
