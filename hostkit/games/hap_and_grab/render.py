"""Hap and Grab's results as the host and the players read them: tabs, summary lines and JSON."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from hostkit.core.game import Context
from hostkit.core.styles import bold_row, plain_rows
from hostkit.core.tables import Rows
from hostkit.core.text_table import display_width, pad, text_table
from hostkit.core.times import wall_clock
from hostkit.core.words import chat_block, plural
from hostkit.games.hap_and_grab.anti_hap import PENALTIES, Answer, Verdict
from hostkit.games.hap_and_grab.match_result import MatchResult, RoundTally
from hostkit.games.hap_and_grab.parts import Part1, Part2, order_text
from hostkit.games.hap_and_grab.tabs import DECISIONS_TAB, LEADERBOARD_TAB, results_tab
from hostkit.games.hap_and_grab.tobago import Deal

VERDICT_WORDS = {
    Verdict.CORRECT: "correct",
    Verdict.INCORRECT: "incorrect",
    Verdict.REPEAT_OWN: "already submitted by this player",
    Verdict.REPEAT_OPPONENT: "already submitted by the opponent",
    Verdict.NOT_AN_ANSWER: "not an answer",
    Verdict.LATE: "late",
}
"""Verdicts in the rule sheet's words, for the public tab (JSON keeps the short names)."""


def results_rows(part: Part1, ctx: Context) -> Rows:
    tz = ctx.config.tz
    t = part.turns
    rows: Rows = [["Timestamp", "Player", "Cards", "Verdict", "Penalty", "Reason", "Submissions row"]]
    rows += answer_rows(part.answers, tz)
    rows += [[], bold_row(["Turn order", ctx.roster.compact(list(t.order)), ", ".join(t.order) or "(empty)"])]
    rows += [["Step", step] for step in t.steps]
    rows += [[], bold_row(["Player", "Correct", "Penalties", "Turns earned", "Turns", "Loses the DM automatically"])]
    for p in ctx.roster.names:
        rows.append([p, t.correct[p], t.penalties[p], t.earned[p], t.turns(p), t.loss_reason(p)])
    rows += [
        [],
        ["Anti-haps on the board", len(part.board.anti_haps())],
        ["Anti-haps found", part.found()],
        ["Part 1 closed", wall_clock(part.closes, tz)],
    ]
    return rows


def answer_rows(answers: Sequence[Answer], tz: dt.tzinfo) -> Rows:
    """A row per answer: its wall-clock time, player, cards as shown, verdict in words, penalty, reason and
    Submissions row. Answer.shown and Answer.penalty are worked out here as they are there, without their
    calls, and the pieces of one message (which share its time) convert the time once."""
    rows: Rows = []
    converted, wall = None, None
    not_an_answer = Verdict.NOT_AN_ANSWER  # looked up once: a member looked up on Verdict takes long
    for row, at, player, typed, cards, verdict, reason in answers:
        if at is not converted:
            converted, wall = at, wall_clock(at, tz)
        shown = typed if cards is None or verdict is not_an_answer else cards
        rows.append([wall, player, shown, VERDICT_WORDS[verdict], PENALTIES.get(verdict, 0), reason, row])
    return rows


def chat_message(part: Part1, ctx: Context, part2: Part2 | None) -> str:
    """The round's public results for the players' chat: Part 1's counts and turn order, and the revealed
    cards of Part 2 with the treasure (never the rest of the pile or the peeks)."""
    t = part.turns
    width = max(display_width(p) for p in ctx.roster.names)
    lines = [
        f"Hap and Grab - round {part.round.number}",
        f"Anti-haps found: {part.found()} of {len(part.board.anti_haps())}",
    ]
    for p in ctx.roster.names:
        turns = t.turns(p)
        lines.append(f"{pad(p, width)} {t.correct[p]:2d} ok {t.penalties[p]:2d} pen {plural(turns, 'turn'):>8}")
    lines += [f"{p} loses the DM: {t.loss_reason(p)}" for p in t.losers()]
    lines.append(f"Turn order: {order_text(ctx, t.order)}")
    if part2 is not None:
        game = part2.game
        initials = ctx.roster.initials() or {}
        cards = [
            f"{r.card.value}>{initials.get(r.taken_by, r.taken_by) if r.taken_by else '-'}"
            for r in game.reveals
            if r.order_after is not None
        ]
        lines += ["", "Part 2: " + (" ".join(cards) or "no card settled yet")]
        waiting = game.waiting()
        lines.append(
            f"Waiting for {waiting.player} on card {waiting.number} ({waiting.card.describe()})"
            if waiting
            else f"Part 2 ended: {game.ended}"
        )
        lines.append("Treasure: " + ", ".join(f"{p} {v}" for p, v in game.treasure.items()))
    return chat_block(lines)


def summary(part: Part1, ctx: Context) -> list[str]:
    t = part.turns
    lines = [
        f"Round {part.round.number}: {plural(len(part.answers), 'answer')} judged; {part.found()} of "
        f"{plural(len(part.board.anti_haps()), 'anti-hap')} found."
    ]
    for p in ctx.roster.names:
        lines.append(
            f"  {p}: {t.correct[p]} correct, {plural(t.penalties[p], 'penalty', 'penalties')}, "
            f"{plural(t.turns(p), 'turn')}" + (f" - {t.loss_reason(p)}" if t.has_lost(p) else "")
        )
    lines.append(f"Turn order: {order_text(ctx, t.order)}")
    lines.append(f"Written: {results_tab(part.round.number)}, {LEADERBOARD_TAB}.")
    return lines


def next_step(part: Part1, part2: Part2 | None, ctx: Context) -> str:
    """The `Next:` line after a round is scored: deal or play its Part 2, then the next round, or the standings."""
    number = part.round.number
    if part.turns.losers():
        return "Next: `hostkit standings` names the winner and pays the garnets (the match ended this round)."
    if part.turns.order and part2 is None:
        return f"Next: `hostkit deal --round {number}` deals Part 2 (each player's peeks and the reveal pile)."
    if part2 is not None and part2.rejection is not None:
        return f"Next: fix the rejected decision in {DECISIONS_TAB}, then `hostkit score --round {number}` again."
    if part2 is not None and part2.game.waiting() is not None:
        return f"Next: `hostkit play --round {number}` records Part 2's take-or-pass decisions."
    if number < ctx.config["rounds"]:
        return (
            f"Next: round {number + 1}: `hostkit score --round {number + 1}` once its Part 1 has closed, "
            f"then `hostkit deal --round {number + 1}`."
        )
    return "Next: `hostkit standings` names the winner and pays the garnets."


def as_json(part: Part1, ctx: Context) -> dict[str, Any]:
    t = part.turns
    return {
        "game": "hap-and-grab",
        "round": part.round.number,
        "turn_order": list(t.order),
        "players": {
            p: {"correct": t.correct[p], "penalties": t.penalties[p], "turns": t.turns(p), "lost": t.has_lost(p)}
            for p in ctx.roster.names
        },
        "answers": [
            {
                "timestamp": a.at.isoformat(),
                "player": a.player,
                "row": a.row,
                "cards": a.shown,
                "verdict": a.verdict.value,
                "penalty": a.penalty,
                "reason": a.reason,
            }
            for a in part.answers
        ],
        "anti_haps_total": len(part.board.anti_haps()),
        "anti_haps_found": part.found(),
    }


def part2_rows(part2: Part2, ctx: Context) -> Rows:
    """Part 2 for the public results tab: the revealed cards only, never the rest of the pile or the peeks."""
    game = part2.game
    rows: Rows = [
        [],
        bold_row(["Part 2 (Tobago)", "Turn order at the start", ctx.roster.compact(list(game.start))]),
        bold_row(["Card", "Treasure card", "Worth", "Taken by", "Turn order after", "Decisions"]),
    ]
    for r in game.reveals:
        after = "(being decided)" if r.order_after is None else order_text(ctx, r.order_after)
        taken = r.taken_by or ("" if r.order_after is None else "nobody")
        face = r.card.value if r.card.is_skull else int(r.card.value)
        rows.append(
            [r.number, face, r.card.worth(game.skull_value), taken, after, " ".join(step.reason for step in r.steps)]
        )
    waiting = game.waiting()
    rows.append(
        ["Part 2 ended", game.ended]
        if waiting is None
        else ["Waiting for", waiting.player, f"card {waiting.number} ({waiting.card.describe()})"]
    )
    rows += [[], bold_row(["Player", "Treasure this round"])] + [[p, t] for p, t in game.treasure.items()]
    return rows


def match_rows(ctx: Context, tallies: list[RoundTally], result: MatchResult) -> Rows:
    rounds = range(1, ctx.config["rounds"] + 1)
    by_number = {t.number: t for t in tallies}
    rows: Rows = [bold_row(["Match", *[f"Round {n}" for n in rounds], "Treasure", "Status"])]
    for p in ctx.roster.names:
        status = (
            "winner"
            if p == result.winner
            else result.lost[p]
            if p in result.lost
            else "lost"
            if result.final and result.winner
            else ""
        )
        cells = [by_number[n].treasure.get(p, "") if n in by_number else "" for n in rounds]
        rows.append([p, *cells, result.treasure[p], status])
    rows.append(["Result", result.reason])
    return rows


def table_text(rows: Rows) -> list[str]:
    """Rows as aligned text columns; a row of one or two cells (a note) is not aligned."""
    rows = plain_rows(rows)
    aligned = iter(text_table([r for r in rows if len(r) > 2]))
    return [next(aligned) if len(r) > 2 else ": ".join(str(v) for v in r) for r in rows]


def deal_messages(dealt: Deal, ctx: Context) -> dict[str, str]:
    """Each player's peeks, for their private channel."""
    order = ctx.roster.compact(list(dealt.order))
    messages = {}
    for p in ctx.roster.names:
        cards = [t.value for t in dealt.peeks(p)]
        others = [f"{q}'s {plural(len(dealt.peeks(q)), 'peek')}" for q in ctx.roster.names if q != p]
        messages[p] = (
            f"Hap and Grab round {dealt.round}: the turn order is {order}. You hold "
            f"{plural(dealt.order.count(p), 'turn')}, so you peek at "
            f"{plural(len(cards), 'treasure card')}: {', '.join(cards) or 'none'}. They are shuffled "
            f"with {' and '.join(others)} and {plural(len(dealt.pile) - len(dealt.order), 'unseen card')} "
            f"into the reveal pile of {len(dealt.pile)}."
        )
    return messages
