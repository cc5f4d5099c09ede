"""Hap and Grab in hindsight: every anti-hap of each board, who found it and when, the answers that cost a
turn, and for Part 2 the most treasure each player could have taken from the pile as it was dealt."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hostkit.core.game import Context
from hostkit.core.hindsight import Deadline, Explained, Hindsight, proven
from hostkit.core.tables import Tables
from hostkit.core.times import format_time
from hostkit.core.words import plural
from hostkit.games.hap_and_grab.anti_hap import Board, Verdict
from hostkit.games.hap_and_grab.match import rounds_played
from hostkit.games.hap_and_grab.parts import Part1, replay_part2
from hostkit.games.hap_and_grab.tabs import read_piles
from hostkit.games.hap_and_grab.tobago import Treasure


@dataclass(frozen=True)
class BestTake:
    """The most treasure one player could have ended Part 2 with, had every decision gone their way."""

    player: str
    treasure: int
    cards: tuple[str, ...]
    exact: bool


def best_take(
    order: Sequence[str], pile: Sequence[Treasure], player: str, skull_value: int, deadline: Deadline
) -> BestTake:
    """Search every take and pass the rules allow (a skull goes at once to the first turn; a pass moves the
    option past the passer's consecutive turns; taking removes the turn) for `player`'s largest total."""
    limit = min(len(order), len(pile))
    memo: dict[tuple[int, tuple[str, ...], int], tuple[int, tuple[str, ...]]] = {}

    def reveal(revealed: int, turns: tuple[str, ...], gained: int, cards: tuple[str, ...]) -> tuple[int, tuple]:
        """Reveal the next card (skulls taken at once) and decide it; the best from here."""
        while turns and revealed < limit and pile[revealed].is_skull:
            taker, turns, revealed = turns[0], turns[1:], revealed + 1
            if taker == player:
                gained, cards = gained + skull_value, (*cards, Treasure.SKULL.value)
        if not turns or revealed >= limit:
            return gained, cards
        rest = decide(revealed + 1, turns, 0)
        return gained + rest[0], (*cards, *rest[1])

    def decide(revealed: int, turns: tuple[str, ...], option: int) -> tuple[int, tuple[str, ...]]:
        key = (revealed, turns, option)
        if key in memo:
            return memo[key]
        card = pile[revealed - 1]
        holder = turns[option]
        worth = card.worth(skull_value)
        mine = holder == player
        best = reveal(
            revealed, turns[:option] + turns[option + 1 :], worth if mine else 0, (card.value,) if mine else ()
        )
        after = option
        while after < len(turns) and turns[after] == holder:
            after += 1
        if after < len(turns) and not deadline.over():
            passed = decide(revealed, turns, after)
            best = max(best, passed, key=lambda found: found[0])
        elif after == len(turns):
            best = max(best, (0, ()), key=lambda found: found[0])
        memo[key] = best
        return best

    found = reveal(0, tuple(order), 0, ())
    return BestTake(player, found[0], found[1], not deadline.hit)


def _anti_haps(part: Part1, ctx: Context) -> list[dict[str, Any]]:
    found = {a.cards: a for a in part.answers if a.verdict is Verdict.CORRECT}
    entries = []
    for labels in sorted(part.board.anti_haps()):
        answer = found.get(labels)
        entries.append(
            {
                "labels": labels,
                "found_by": answer.player if answer else None,
                "at": format_time(answer.at, ctx.config.tz) if answer else None,
            }
        )
    return entries


def explain_round(tables: Tables, ctx: Context, part: Part1, deadline: Deadline) -> Explained:
    number = part.round.number
    entries = _anti_haps(part, ctx)
    missed = [e["labels"] for e in entries if e["found_by"] is None]
    lines = [
        f"Round {number}: the board of {len(part.board.cards)} cards held "
        f"{plural(len(entries), 'anti-hap')}; {len(entries) - len(missed)} found, "
        + (f"nobody found {', '.join(missed)}." if missed else "every one found.")
    ]
    lines += [f"  {e['labels']}: found by {e['found_by']} at {e['at']}." for e in entries if e["found_by"]]
    costly = [a for a in part.answers if a.verdict in (Verdict.INCORRECT, Verdict.REPEAT_OWN, Verdict.REPEAT_OPPONENT)]
    lines += [f"  {a.player} at {format_time(a.at, ctx.config.tz)}: {a.reason}" for a in costly]
    data: dict[str, Any] = {
        "anti_haps": entries,
        "missed": missed,
        "answers": [
            {
                "player": a.player,
                "at": format_time(a.at, ctx.config.tz),
                "cards": a.shown,
                "verdict": a.verdict.value,
                "penalty": a.penalty,
                "reason": a.reason,
            }
            for a in costly
        ],
        "turn_order": list(part.turns.order),
    }
    pile = read_piles(tables).get(number)
    part2 = replay_part2(tables, ctx, part)
    if pile is not None and part2 is not None:
        cards = [d.card for d in pile]
        taken = part2.game.treasure
        bests = [best_take(part.turns.order, cards, p, ctx.config["skull_value"], deadline) for p in ctx.roster.names]
        lines.append(
            f"  Part 2, the pile known ({', '.join(c.value for c in cards[: len(part.turns.order)])} revealed in "
            f"that order at most): the most each player could have taken, had every decision gone their way:"
        )
        lines += [
            f"  {b.player}: {b.treasure} ({', '.join(b.cards) or 'no card'}; {proven(b.exact)}), took "
            f"{taken.get(b.player, 0)}."
            for b in bests
        ]
        data["part2"] = {
            "pile": [c.value for c in cards],
            "players": {
                b.player: {"best": b.treasure, "cards": list(b.cards), "exact": b.exact, "took": taken.get(b.player, 0)}
                for b in bests
            },
        }
    return Explained(number, lines, data)


def missed_png(board: Board, round_number: int, missed: Sequence[str]) -> bytes:
    """The board, then one row per anti-hap nobody found."""
    from hostkit.core.drawing import draw_grid
    from hostkit.games.hap_and_grab.pictures import pictures

    cards = {p.label: p for p in pictures(board)}
    rows = [list(cards.values())] + [[cards[x] for x in labels] for labels in missed]
    return draw_grid(
        rows,
        row_labels=["Board", *[f"Missed {labels}" for labels in missed]],
        title=f"Hap and Grab: round {round_number}, {plural(len(missed), 'anti-hap')} nobody found",
    )


def hindsight(tables: Tables, ctx: Context) -> Hindsight:
    deadline = Deadline()
    played = rounds_played(tables, ctx)
    rounds = [explain_round(tables, ctx, part, deadline) for part, _ in played]
    boards = {part.round.number: part.board for part, _ in played}

    def image(number: int | None) -> bytes:
        chosen = max(boards) if number is None else number
        missed = next(r.data["missed"] for r in rounds if r.number == chosen)
        return missed_png(boards[chosen], chosen, missed)

    return Hindsight("hap-and-grab", rounds, image=image if boards else None)
