"""Live play: the host pastes one player's message; it is recorded at once and answered privately.

Messages are taken only while a round is open, never in the reset period between rounds.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from dataclasses import dataclass

from hostkit.core.game import Context, Outcome, Prompt
from hostkit.core.players import player_key
from hostkit.core.settings import whole_number
from hostkit.core.tables import BookError, Rows, Table, Tables
from hostkit.core.tables import Cell as Value
from hostkit.core.times import format_time, wall_clock

from .cards import ROUNDS, BoardSet
from .cells import Cell
from .heat import HeatRule
from .pictures import board_png
from .plays import Action, RoundPlay, extra_card_warning, read_round
from .schedule import Schedule
from .tabs import SUBMISSIONS_HEADER, SUBMISSIONS_TAB, Sent, read_messages, read_schedule, require_boards


@dataclass(frozen=True)
class Live:
    """What a live step needs: the settings, the boards, the schedule, the player and the open round."""

    ctx: Context
    boards: BoardSet
    schedule: Schedule
    player: str
    round: int


def open_live(
    tables: Tables, ctx: Context, rule: HeatRule, round_number: int | None, player: str | None, now: dt.datetime
) -> Live:
    """The live step for a player now; BookError says why no message is taken."""
    if player is None:
        raise BookError("Name the player whose message you paste: --player NAME.")
    name = ctx.roster.match(player)
    if name is None:
        raise BookError(f"{player!r} is not a player ({', '.join(ctx.roster.names)}).")
    if ctx.config["form_tab"]:
        raise BookError(
            f"Live play records messages in {SUBMISSIONS_TAB}, but Config form_tab reads them from "
            f"{ctx.config['form_tab']!r}; clear form_tab to paste messages here."
        )
    boards, _ = require_boards(tables, rule)
    schedule = read_schedule(tables, ctx)
    open_round = schedule.round_at(now)
    if open_round is None:
        raise BookError(f"No message is taken now: {schedule.why_closed(now, ctx.config.tz)}.")
    if round_number is not None and round_number != open_round:
        raise BookError(f"Round {round_number} is not open now; round {open_round} is.")
    return Live(ctx, boards, schedule, name, open_round)


def round_plays(
    tables: Tables, ctx: Context, boards: BoardSet, schedule: Schedule, round_number: int
) -> tuple[dict[str, RoundPlay], list[Sent], dict[str, set[Action]]]:
    """Every player's play of a round, the messages, and the actions each used in the rounds before it."""
    sent, _ = read_messages(tables, ctx, schedule)
    used: dict[str, set[Action]] = {p: set() for p in ctx.roster.names}
    plays: dict[str, RoundPlay] = {}
    for number in range(1, round_number + 1):
        for p in ctx.roster.names:
            texts = [s.text for s in sent if s.round == number and s.player == p]
            play = read_round(boards.board(number), texts, used[p])
            if number < round_number and play.action is not None:
                used[p].add(play.action)
            plays[p] = play
    return plays, sent, used


def prompt(tables: Tables, live: Live) -> tuple[Prompt, list[str]]:
    """What the player has done this round, a warning when the next card costs points, and the prompt."""
    plays, _, used_by = round_plays(tables, live.ctx, live.boards, live.schedule, live.round)
    used = used_by[live.player]
    play, board = plays[live.player], live.boards.board(live.round)
    closes = live.schedule.window(live.round).closes
    lines = [f"Round {live.round} is open until {format_time(closes, live.ctx.config.tz)}."]
    turned = "; ".join(f"{cell} ({board[cell].describe()})" for cell in play.turned)
    lines.append(
        f"{live.player} this round: "
        + (f"turned over {turned}" if turned else "no card turned yet")
        + (f"; action {play.action}" if play.action else "")
        + (f". Used in earlier rounds: {', '.join(str(a) for a in used)}." if used else ".")
    )
    warning = extra_card_warning(len(play.turned))
    if warning:
        lines.append(f"Note: {warning}")
    return Prompt(f"Paste {live.player}'s message (round {live.round}; Ctrl-C when done)", open_ended=True), lines


def record_message(tables: Tables, live: Live, message: str, now: dt.datetime) -> Outcome:
    """The message appended to Submissions at `now`, and the private answer to it."""
    message = message.strip()
    if not message:
        raise BookError("The message is empty; paste what the player sent.")
    table = tables.require(SUBMISSIONS_TAB)
    header = table.header if any(table.header) else list(SUBMISSIONS_HEADER)
    stamp = format_time(now, live.ctx.config.tz)
    values = {
        "timestamp": wall_clock(now.replace(microsecond=0), live.ctx.config.tz),
        "player": live.player,
        "round": live.round,
        "message": message,
    }
    rows: Rows = (
        [header] + table.filled_rows(handled=True) + [[values.get(" ".join(h.split()).casefold()) for h in header]]
    )
    after = tables.replaced(SUBMISSIONS_TAB, Table(table.name, rows))
    plays, sent, _ = round_plays(after, live.ctx, live.boards, live.schedule, live.round)
    mine = [s for s in sent if s.round == live.round and s.player == live.player]
    position = next(i for i, s in enumerate(mine) if s.row == len(rows))
    replies = plays[live.player].replies_to(position)
    return Outcome(
        writes={SUBMISSIONS_TAB: rows},
        summary=[f"{live.player}'s message is in {SUBMISSIONS_TAB} row {len(rows)} (round {live.round}, {stamp})."],
        private={live.player: "\n".join(r.text for r in replies)},
        about=f"{SUBMISSIONS_TAB} row {len(rows)}",
        data={"player": live.player, "round": live.round, "replies": [r.text for r in replies]},
        image=turned_so_far(live.ctx, live.boards, live.round, plays),
    )


def turned_so_far(
    ctx: Context, boards: BoardSet, round_number: int, plays: dict[str, RoundPlay]
) -> Callable[[], bytes]:
    """The round's board as a PNG (made when saved), each card turned marked with who turned it."""
    marks: dict[Cell, list[str]] = {}
    initials = ctx.roster.initials()
    for p, play in plays.items():
        for cell in play.turned:
            marks.setdefault(cell, []).append(initials[p] if initials else p[:3])
    title = f"Round {round_number}: cards turned so far (host only)"
    return functools.partial(board_png, boards.board(round_number), title, marks)


def _redrawn(tables: Tables, ctx: Context, rule: HeatRule, round_number: int | None) -> Callable[[], bytes] | None:
    """The round's board as it stands in these tables, or None when there is no board or round to draw."""
    if round_number not in ROUNDS:
        return None
    try:
        boards, _ = require_boards(tables, rule)
        schedule = read_schedule(tables, ctx)
    except BookError:
        return None
    plays, _, _ = round_plays(tables, ctx, boards, schedule, round_number)
    return turned_so_far(ctx, boards, round_number, plays)


def _round_of(value: Value) -> int | None:
    try:
        return whole_number(value)
    except ValueError:
        return None


def take_back(tables: Tables, ctx: Context, rule: HeatRule, round_number: int | None, player: str | None) -> Outcome:
    """The Submissions tab without the player's last recorded message (the last row with their name), and the
    round's board redrawn without it."""
    if player is None:
        raise BookError("Name the player whose last message to take back: --player NAME.")
    table = tables.require(SUBMISSIONS_TAB)
    records = [
        r
        for r in table.records("Player", "Message", optional=("Timestamp", "Round"))
        if player_key(r["Player"]) == player_key(player)
        and (round_number is None or _round_of(r["Round"]) == round_number)
    ]
    if not records:
        raise BookError(f"{player} has no recorded message to take back.")
    last = records[-1]
    kept = [row for number, row in enumerate(table.rows, start=2) if number != last.row]
    rows = [table.header] + [row for row in kept if any(v not in (None, "") for v in row)]
    name = ctx.roster.match(player) or player
    return Outcome(
        writes={SUBMISSIONS_TAB: rows},
        image=_redrawn(tables.replaced(SUBMISSIONS_TAB, Table(table.name, rows)), ctx, rule, _round_of(last["Round"])),
        summary=[
            f"{name}'s last message ({SUBMISSIONS_TAB} row {last.row}, round {last.text('Round') or '?'}, "
            f"{last.text('Timestamp')}): {last.text('Message')!r}. Taking it back deletes that row; tell {name} "
            "to ignore the answer it got."
        ],
    )
