"""Hap and Grab in hindsight: first the match (what nobody found, the round that decided it), then each round:
the anti-haps nobody found, the most treasure each player could have taken in Part 2 from the pile as it was
dealt, the answers that cost a turn or were already given, and how many were found and by whom."""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hostkit.core.game import Context
from hostkit.core.hindsight import Explained, Hindsight, proven, with_legend
from hostkit.core.tables import Tables
from hostkit.core.times import format_time
from hostkit.core.words import plural, some
from hostkit.games.hap_and_grab.anti_hap import Answer, Board, Verdict
from hostkit.games.hap_and_grab.match import Played, rounds_played, tie_winner
from hostkit.games.hap_and_grab.match_result import settle_match, tally_round
from hostkit.games.hap_and_grab.parts import Part1
from hostkit.games.hap_and_grab.tabs import read_piles
from hostkit.games.hap_and_grab.tobago import Treasure

FIRST_FOUND = 3
"""Anti-haps named, in the order found, before the rest are counted."""


@dataclass(frozen=True)
class BestTake:
    """The most treasure one player could have ended Part 2 with, had every decision gone their way."""

    player: str
    treasure: int
    cards: tuple[str, ...]
    searched: int
    """The positions the search weighed: at most (2 ** (skulls + 1) - 1) * (cards + 1) ** 2 however it went."""


@dataclass(frozen=True)
class _Skulls:
    """Who takes each of the first `len(mine)` skulls revealed (True: the player), and what that asks.

    A skull goes to the first turn, so its taker's turn must be first by then: every other turn before it
    taken. Any other card may go to any turn of its taker (the option reaches each of them), so those takes
    are best made from the front of the order, and only their counts matter: `need[j]` (the player's, the
    opponent's) before skull j, and `spare` (the turns no skull is kept for) in all."""

    mine: tuple[bool, ...]
    need: tuple[tuple[int, int], ...]
    spare: tuple[int, int]


def _skull_plans(order: Sequence[bool], skulls: int) -> list[_Skulls]:
    plans = []
    for count in range(skulls + 1):
        for mine in itertools.product((True, False), repeat=count):
            front: list[int] = []
            for holder in mine:
                after = front[-1] + 1 if front else 0
                at = next((i for i in range(after, len(order)) if order[i] is holder), None)
                if at is None:
                    break
                front.append(at)
            if len(front) < count:
                continue
            free = [i for i in range(len(order)) if i not in front]
            need = tuple(
                (sum(order[i] for i in free if i < q), sum(not order[i] for i in free if i < q)) for q in front
            )
            plans.append(_Skulls(mine, need, (sum(order[i] for i in free), sum(not order[i] for i in free))))
    return plans


def best_take(order: Sequence[str], pile: Sequence[Treasure], player: str, skull_value: int) -> BestTake:
    """The most treasure `player` could have taken, every take and pass the rules allow counted: for each way
    the skulls could fall, the best of each later card taken by either player or passed to the end."""
    limit = min(len(order), len(pile))
    skull_at = tuple(t for t in range(limit) if pile[t].is_skull)
    mine = [name == player for name in order]
    plans = _skull_plans(mine, len(skull_at))
    searched = [_best_with(plan, tuple(pile[:limit]), skull_at, skull_value) for plan in plans]
    found = max(searched, key=lambda f: f[0])
    return BestTake(player, int(found[0]), tuple(pile[t].value for t in found[1]), sum(f[2] for f in searched))


def _best_with(
    plan: _Skulls, pile: tuple[Treasure, ...], skull_at: tuple[int, ...], skull_value: int
) -> tuple[float, tuple[int, ...], int]:
    """The most treasure, the positions of the cards taking it, and the positions weighed, with the skulls
    falling as `plan` says."""

    @functools.cache
    def best(t: int, taken: int) -> tuple[float, tuple[int, ...]]:
        if t == len(pile):
            return 0, ()
        skulls = bisect.bisect_left(skull_at, t)
        theirs = t - taken - skulls
        if pile[t].is_skull:
            if skulls >= len(plan.mine) or taken < plan.need[skulls][0] or theirs < plan.need[skulls][1]:
                return -math.inf, ()
            rest = best(t + 1, taken)
            return (rest[0] + skull_value, (t, *rest[1])) if plan.mine[skulls] else rest
        options: list[tuple[float, tuple[int, ...]]] = [(0, ())]
        if taken < plan.spare[0]:
            rest = best(t + 1, taken + 1)
            options.append((rest[0] + pile[t].worth(skull_value), (t, *rest[1])))
        if theirs < plan.spare[1]:
            options.append(best(t + 1, taken))
        return max(options, key=lambda option: option[0])

    found = best(0, 0)
    return (*found, best.cache_info().currsize)


def _anti_haps(part: Part1, ctx: Context) -> list[dict[str, Any]]:
    found = {a.cards: a for a in part.answers if a.verdict is Verdict.CORRECT}
    return [
        {
            "labels": labels,
            "found_by": found[labels].player if labels in found else None,
            "at": format_time(found[labels].at, ctx.config.tz) if labels in found else None,
        }
        for labels in sorted(part.board.anti_haps())
    ]


def _answer(a: Answer, ctx: Context) -> dict[str, Any]:
    at = format_time(a.at, ctx.config.tz)
    return {"player": a.player, "at": at, "cards": a.shown, "verdict": a.verdict.value, "penalty": a.penalty}


def _answer_lines(part: Part1, ctx: Context) -> list[str]:
    """The answers that cost a turn, each with its reason; the opponent's repeats (no penalty) counted."""
    costly = [a for a in part.answers if a.penalty]
    lines = [f"  Cost a turn: {a.player} at {format_time(a.at, ctx.config.tz)}: {a.reason}" for a in costly]
    again = [a for a in part.answers if a.verdict is Verdict.REPEAT_OPPONENT]
    if again:
        named = some(f"{a.shown} ({a.player})" for a in again)
        lines.append(f"  Already answered by the opponent, so no penalty and no credit: {named}.")
    return lines


def _found_line(part: Part1, entries: list[dict[str, Any]]) -> str:
    found = sorted((a for a in part.answers if a.verdict is Verdict.CORRECT), key=lambda a: (a.at, a.row))
    if not found:
        return "  Nobody found any."
    count = Counter(a.player for a in found)
    first = [f"{a.cards} by {a.player} at {a.at.strftime('%H:%M:%S')}" for a in found]
    return (
        f"  Found {len(found)} of {len(entries)}: {', '.join(f'{p} {n}' for p, n in count.most_common())}. "
        f"In the order found: {some(first, FIRST_FOUND)}."
    )


def _part2(tables: Tables, ctx: Context, played: Played) -> tuple[list[str], dict[str, Any] | None]:
    """Part 2 with the pile known: the most each player could have taken, against what they took."""
    part, part2 = played
    pile = read_piles(tables).get(part.round.number)
    if pile is None or part2 is None:
        return [], None
    order = part.turns.order
    cards = [d.card for d in pile]
    shown = cards[: len(order)]
    bests = [best_take(order, cards, p, ctx.config["skull_value"]) for p in ctx.roster.names]
    took = part2.game.treasure
    lines = [
        f"  Part 2, with the pile known: {plural(len(order), 'turn')}, so at most {len(shown)} cards shown, in "
        f"this order: {', '.join(c.value for c in shown)}. Had every decision gone their way:"
    ]
    lines += [
        f"  {b.player} could have taken {b.treasure} ({', '.join(b.cards) or 'no card'}; {proven(True)}) and took "
        f"{took.get(b.player, 0)}."
        for b in bests
    ]
    data = {
        "pile": [c.value for c in cards],
        "players": {
            b.player: {"best": b.treasure, "cards": list(b.cards), "exact": True, "took": took.get(b.player, 0)}
            for b in bests
        },
        "searched": sum(b.searched for b in bests),
    }
    return lines, data


def explain_round(tables: Tables, ctx: Context, played: Played) -> Explained:
    part = played[0]
    number = part.round.number
    entries = _anti_haps(part, ctx)
    missed = [e["labels"] for e in entries if e["found_by"] is None]
    lines = [
        f"Round {number}: nobody found {len(missed)} of the board's {plural(len(entries), 'anti-hap')}: "
        f"{', '.join(missed)}."
        if missed
        else f"Round {number}: every one of the board's {plural(len(entries), 'anti-hap')} was found."
    ]
    part2_lines, part2 = _part2(tables, ctx, played)
    lines += part2_lines + _answer_lines(part, ctx) + [_found_line(part, entries)]
    data: dict[str, Any] = {
        "anti_haps": entries,
        "missed": missed,
        "answers": [_answer(a, ctx) | {"reason": a.reason} for a in part.answers if a.penalty]
        + [_answer(a, ctx) for a in part.answers if a.verdict is Verdict.REPEAT_OPPONENT],
        "turn_order": list(part.turns.order),
    }
    if part2 is not None:
        data["part2"] = part2
    return Explained(number, lines, data)


def turning_round(players: Sequence[str], rounds: Sequence[Explained]) -> tuple[int, str] | None:
    """The round after which the final leader in treasure led to the end, and who (None: level at the end)."""
    totals = dict.fromkeys(players, 0)
    leaders: list[str | None] = []
    for explained in rounds:
        for name, figures in explained.data.get("part2", {}).get("players", {}).items():
            totals[name] += figures["took"]
        top = max(totals.values())
        leading = [p for p, t in totals.items() if t == top]
        leaders.append(leading[0] if len(leading) == 1 else None)
    if not leaders or leaders[-1] is None:
        return None
    at = len(leaders) - 1
    while at > 0 and leaders[at - 1] == leaders[-1]:
        at -= 1
    return rounds[at].number, leaders[-1]


def explain_match(
    ctx: Context, played: Sequence[Played], rounds: Sequence[Explained]
) -> tuple[list[str], dict[str, Any]]:
    """The story first: what nobody found in all, the result, the round that decided it, and Part 2's gap."""
    tallies = [tally_round(p.round.number, p.turns, p2.game if p2 else None) for p, p2 in played]
    result = settle_match(ctx.roster.names, tallies, ctx.config["rounds"], tie_winner(ctx))
    missed = {r.number: len(r.data["missed"]) for r in rounds}
    by_round = ", ".join(f"{count} in round {n}" for n, count in missed.items() if count)
    turning = turning_round(ctx.roster.names, rounds)
    lines = [
        f"Nobody found {plural(sum(missed.values()), 'anti-hap')} in the match ({by_round})."
        if by_round
        else "Every anti-hap of the match was found.",
        result.reason,
    ]
    if result.lost:  # an automatic loss decided it, in the round the result names
        turning = None
    if turning is not None:
        lines.append(
            f"Round {turning[0]} decided it: from then on {turning[1]} led in treasure to the end."
            if result.final
            else f"From round {turning[0]} on, {turning[1]} has led in treasure so far."
        )
    bests = [r.data["part2"]["players"] for r in rounds if "part2" in r.data]
    for name in ctx.roster.names if bests else ():
        could = sum(b[name]["best"] for b in bests if name in b)
        took = sum(b[name]["took"] for b in bests if name in b)
        lines.append(f"Part 2: {name} could have taken {could} treasure in all ({proven(True)}) and took {took}.")
    data = {"result": result.reason, "winner": result.winner, "treasure": dict(result.treasure)}
    deciding = None if turning is None else turning[0]
    return lines, data | {"missed": {str(n): c for n, c in missed.items()}, "deciding_round": deciding}


def missed_png(board: Board, round_number: int, missed: Sequence[str]) -> bytes:
    """The board, then one row per anti-hap nobody found, and the legend."""
    from hostkit.core.drawing import draw_grid
    from hostkit.games.hap_and_grab.pictures import pictures

    cards = {p.label: p for p in pictures(board)}
    rows = [list(cards.values())] + [[cards[x] for x in labels] for labels in missed]
    png = draw_grid(
        rows,
        row_labels=["Board", *[f"Missed {labels}" for labels in missed]],
        title=f"Hap and Grab: round {round_number}, {plural(len(missed), 'anti-hap')} nobody found",
    )
    legend = ["Board: the round's cards, labelled as the players saw them."]
    legend.append("Missed ABC: an anti-hap nobody found, its three cards." if missed else "Every anti-hap was found.")
    return with_legend(png, legend)


def hindsight(tables: Tables, ctx: Context) -> Hindsight:
    played = rounds_played(tables, ctx)
    rounds = [explain_round(tables, ctx, p) for p in played]
    match_lines, match_data = explain_match(ctx, played, rounds) if rounds else ([], {})
    boards = {part.round.number: part.board for part, _ in played}

    def image(number: int | None) -> bytes:
        chosen = max(boards) if number is None else number
        missed = next(r.data["missed"] for r in rounds if r.number == chosen)
        return missed_png(boards[chosen], chosen, missed)

    return Hindsight("hap-and-grab", rounds, match_lines, match_data, image if boards else None, title="Hap and Grab")
