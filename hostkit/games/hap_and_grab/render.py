"""Hap and Grab's results as the host and the players read them: tabs, summary lines and JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from hostkit.core.game import Context
from hostkit.core.tables import Rows
from hostkit.core.times import format_time
from hostkit.core.words import plural
from hostkit.games.hap_and_grab.match_result import MatchResult, RoundTally
from hostkit.games.hap_and_grab.tabs import LEADERBOARD_TAB, results_tab
from hostkit.games.hap_and_grab.tobago import Deal

if TYPE_CHECKING:
    from hostkit.games.hap_and_grab.parts import Part1, Part2


def results_rows(part: Part1, ctx: Context) -> Rows:
    tz = ctx.config.tz
    t = part.turns
    rows: Rows = [["Timestamp", "Player", "Cards", "Verdict", "Penalty", "Reason", "Submissions row"]]
    for a in part.answers:
        rows.append([format_time(a.at, tz), a.player, a.shown, a.verdict.value, a.penalty, a.reason, a.row])
    rows += [[], ["Turn order", ctx.roster.compact(list(t.order)), ", ".join(t.order) or "(empty)"]]
    rows += [["Step", step] for step in t.steps]
    rows += [[], ["Player", "Correct", "Penalties", "Turns earned", "Turns", "Lost the match"]]
    for p in ctx.roster.names:
        rows.append([p, t.correct[p], t.penalties[p], t.earned[p], t.turns(p), t.loss_reason(p)])
    rows += [[], ["Anti-haps on the board", len(part.board.anti_haps())], ["Anti-haps found", part.found()],
             ["Part 1 closed", format_time(part.closes, tz)]]
    return rows


def summary(part: Part1, ctx: Context) -> list[str]:
    t = part.turns
    lines = [f"Round {part.round.number}: {plural(len(part.answers), 'answer')} judged; {part.found()} of "
             f"{plural(len(part.board.anti_haps()), 'anti-hap')} found."]
    for p in ctx.roster.names:
        lines.append(f"  {p}: {t.correct[p]} correct, {plural(t.penalties[p], 'penalty', 'penalties')}, "
                     f"{plural(t.turns(p), 'turn')}"
                     + (f" - {t.loss_reason(p)}" if t.has_lost(p) else ""))
    lines.append(f"Turn order: {order_text(ctx, t.order)}")
    lines.append(f"Written: {results_tab(part.round.number)}, {LEADERBOARD_TAB}.")
    return lines


def as_json(part: Part1, ctx: Context) -> dict[str, Any]:
    t = part.turns
    return {
        "game": "hap-and-grab",
        "round": part.round.number,
        "turn_order": list(t.order),
        "players": {p: {"correct": t.correct[p], "penalties": t.penalties[p], "turns": t.turns(p),
                        "lost": t.has_lost(p)} for p in ctx.roster.names},
        "answers": [{"timestamp": a.at.isoformat(), "player": a.player, "row": a.row, "cards": a.shown,
                     "verdict": a.verdict.value, "penalty": a.penalty, "reason": a.reason} for a in part.answers],
        "anti_haps_total": len(part.board.anti_haps()),
        "anti_haps_found": part.found(),
    }



def order_text(ctx: Context, order: Sequence[str]) -> str:
    return ctx.roster.compact(list(order)) or "(empty)"



def part2_rows(part2: Part2, ctx: Context) -> Rows:
    """Part 2 for the public results tab: the revealed cards only, never the rest of the pile or the peeks."""
    game = part2.game
    rows: Rows = [[], ["Part 2 (Tobago)", "Turn order at the start", ctx.roster.compact(list(game.start))],
                  ["Card", "Treasure", "Taken by", "Turn order after", "Decisions"]]
    for r in game.reveals:
        after = "(being decided)" if r.order_after is None else order_text(ctx, r.order_after)
        taken = r.taken_by or ("" if r.order_after is None else "nobody")
        rows.append([r.number, r.card.value, taken, after, " ".join(step.reason for step in r.steps)])
    waiting = game.waiting()
    rows.append(["Part 2 ended", game.ended] if waiting is None else
                ["Waiting for", waiting.player, f"card {waiting.number} ({waiting.card.describe()})"])
    rows += [[], ["Player", "Treasure this round"]] + [[p, t] for p, t in game.treasure.items()]
    return rows



def match_rows(ctx: Context, tallies: list[RoundTally], result: MatchResult) -> Rows:
    rounds = range(1, ctx.config["rounds"] + 1)
    by_number = {t.number: t for t in tallies}
    rows: Rows = [["Match", *[f"Round {n}" for n in rounds], "Treasure", "Status"]]
    for p in ctx.roster.names:
        status = ("winner" if p == result.winner else result.lost[p] if p in result.lost
                  else "lost" if result.final and result.winner else "")
        cells = [by_number[n].treasure.get(p, "") if n in by_number else "" for n in rounds]
        rows.append([p, *cells, result.treasure[p], status])
    rows.append(["Result", result.reason])
    return rows



def table_text(rows: Rows) -> list[str]:
    """Rows as aligned text columns; a row of one or two cells (a note) is not aligned."""
    wide = [r for r in rows if len(r) > 2]
    widths = [max(len(str(r[i])) for r in wide if i < len(r)) for i in range(max(map(len, wide), default=0))]
    return ["  ".join(str(v).ljust(widths[i]) for i, v in enumerate(r)).rstrip() if len(r) > 2
            else ": ".join(str(v) for v in r) for r in rows]


def deal_messages(dealt: Deal, ctx: Context) -> list[str]:
    order = ctx.roster.compact(list(dealt.order))
    lines = []
    for p in ctx.roster.names:
        cards = [t.value for t in dealt.peeks(p)]
        others = [f"{q}'s {plural(len(dealt.peeks(q)), 'peek')}" for q in ctx.roster.names if q != p]
        lines += [f"--- for {p} only (paste in their private channel) ---",
                  f"Hap and Grab round {dealt.round}: the turn order is {order}. You hold "
                  f"{plural(dealt.order.count(p), 'turn')}, so you peek at "
                  f"{plural(len(cards), 'treasure card')}: {', '.join(cards) or 'none'}. They are shuffled "
                  f"with {' and '.join(others)} and {plural(len(dealt.pile) - len(dealt.order), 'unseen card')} "
                  f"into the reveal pile of {len(dealt.pile)}.", ""]
    return lines
