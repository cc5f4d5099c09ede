"""What a Hap and Grab match is waiting for, round by round, and the next command to run."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from hostkit.core.game import Context
from hostkit.core.status import GameStatus, Phase, match_phase, waiting_in
from hostkit.core.tables import BookError, Tables
from hostkit.core.times import format_span, format_time
from hostkit.games.hap_and_grab.parts import Part1, judge_part1, replay_part2
from hostkit.games.hap_and_grab.tabs import RoundPlan, board_tab, read_board, read_rounds, results_tab

PHASES = {
    "problem": Phase.SETUP,
    "no board": Phase.SETUP,
    "no opens time": Phase.SETUP,
    "not open": Phase.SETUP,
    "part 1 open": Phase.OPEN,
    "to score": Phase.CLOSED,
    "to deal": Phase.SCORED,
    "part 2 stuck": Phase.LIVE,
    "part 2": Phase.LIVE,
    "over": Phase.OVER,
}
"""Each of a round's states, as a phase."""


@dataclass
class RoundState:
    """One round as it stands: a short state, a line for the host, what it waits for, and the command it needs."""

    number: int
    state: str
    line: str
    waiting_for: dict[str, Any] | None = None
    not_submitted: list[str] = field(default_factory=list)
    seconds_left: int | None = None
    command: str | None = None

    @property
    def phase(self) -> Phase:
        return PHASES[self.state]

    def players(self) -> list[str]:
        """The player whose option Part 2 waits for, if it does."""
        return [str(self.waiting_for["player"])] if self.waiting_for else []

    def as_json(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "state": self.state,
            "phase": self.phase.value,
            "says": self.line,
            "waiting_for": self.waiting_for,
            "not_submitted": self.not_submitted,
            "seconds_left": self.seconds_left,
            "next": self.command,
        }


def round_state(tables: Tables, ctx: Context, number: int, now: dt.datetime) -> RoundState:
    """Round `number` at `now`: waiting for its board or its time, Part 1 open, or Part 1 over."""
    plan = read_rounds(tables, ctx).get(number)
    board, _ = read_board(tables, number)
    if not board.cards or plan is None or now < plan.opens:
        return _not_open(ctx, number, plan, bool(board.cards), now)
    part, _ = judge_part1(tables, ctx, number)
    if now < part.closes:
        return _part1_open(tables, ctx, part, number, now)
    if results_tab(number) not in tables:
        return RoundState(
            number, "to score", "Part 1 closed; not scored yet", command=f"hostkit score --round {number}"
        )
    return _after_part1(tables, ctx, part, number)


def _not_open(ctx: Context, number: int, plan: RoundPlan | None, has_board: bool, now: dt.datetime) -> RoundState:
    tz = ctx.config.tz
    if not has_board:
        when = f"; it opens at {format_time(plan.opens, tz)}" if plan else ""
        return RoundState(number, "no board", f"no board yet{when}", command=f"hostkit board --round {number}")
    if plan is None:
        return RoundState(number, "no opens time", "board ready; type its Opens time in the Rounds tab")
    return RoundState(
        number,
        "not open",
        f"opens at {format_time(plan.opens, tz)} "
        f"(in {format_span(plan.opens - now)}); its board stays private until then",
        seconds_left=int((plan.opens - now).total_seconds()),
        command=f"hostkit board --round {number}",
    )


def _part1_open(tables: Tables, ctx: Context, part: Part1, number: int, now: dt.datetime) -> RoundState:
    answered = {a.player for a in part.answers}
    quiet = [p for p in ctx.roster.names if p not in answered]
    left = part.closes - now
    return RoundState(
        number,
        "part 1 open",
        f"Part 1 open, {format_span(left)} left (closes at "
        f"{format_time(part.closes, ctx.config.tz)}); {part.found()} of {len(part.board.anti_haps())} "
        f"anti-haps found" + (f"; no answer yet from {', '.join(quiet)}" if quiet else ""),
        not_submitted=quiet,
        seconds_left=int(left.total_seconds()),
        command=f"hostkit {'score' if board_tab(number) in tables else 'board'} --round {number}",
    )


def _after_part1(tables: Tables, ctx: Context, part: Part1, number: int) -> RoundState:
    """A round whose Part 1 is scored: lost, with no Part 2, Part 2 to deal, stuck, waiting or ended."""
    if part.turns.losers():
        return RoundState(
            number,
            "over",
            "; ".join(f"{p} {part.turns.loss_reason(p)}" for p in part.turns.losers()),
            command="hostkit standings",
        )
    order = ctx.roster.compact(list(part.turns.order))
    if not part.turns.order:
        return RoundState(number, "over", "nobody earned a turn, so there is no Part 2")
    part2 = replay_part2(tables, ctx, part)
    if part2 is None:
        return RoundState(
            number,
            "to deal",
            f"Part 1 scored (turn order {order}); Part 2 not dealt yet",
            command=f"hostkit deal --round {number}",
        )
    if part2.rejection is not None:
        return RoundState(
            number, "part 2 stuck", f"Part 2 stopped at {part2.rejection}", command=f"hostkit score --round {number}"
        )
    waiting = part2.game.waiting()
    if waiting is not None:
        return RoundState(
            number,
            "part 2",
            f"Part 2: card {waiting.number} ({waiting.card.describe()}) is revealed; "
            f"the option is {waiting.player}'s (turn order {ctx.roster.compact(part2.game.order)})",
            waiting_for={"player": waiting.player, "card": waiting.number},
            command=f"hostkit play --round {number}",
        )
    return RoundState(number, "over", f"Part 2 ended: {part2.game.ended}. {part2.game.describe_treasure()}")


def match_status(tables: Tables, ctx: Context, title: str, now: dt.datetime) -> GameStatus:
    """Every round's state, the next command (the first one a round needs, else standings), and the round in
    play with its phase and who it waits for: a round that a player lost ends the match there. `title` names
    the match in the first line."""
    states = []
    for number in range(1, ctx.config["rounds"] + 1):
        try:
            states.append(round_state(tables, ctx, number, now))
        except BookError as error:
            states.append(RoundState(number, "problem", str(error)))
    lost = next((s for s in states if s.state == "over" and s.command == "hostkit standings"), None)
    needed = next((s.command for s in states if s.command), None)
    in_play, phase = (lost.number, Phase.OVER) if lost else match_phase([(s.number, s.phase) for s in states])
    current = next((s for s in states if s.number == in_play), None)
    waiting = () if current is None else waiting_in(phase, current.players(), current.not_submitted)
    lines = [f"{title}, as of {format_time(now.replace(microsecond=0), ctx.config.tz)}:"]
    lines += [f"  Round {s.number}: {s.line.rstrip('.')}." for s in states]
    return GameStatus(
        in_play,
        phase,
        waiting,
        "hostkit standings" if lost or needed is None else needed,
        tuple(lines),
        ctx.problems,
        {"rounds": [s.as_json() for s in states]},
    )
