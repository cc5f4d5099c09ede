"""A custom game's results as the host and the players read them: tabs, summary lines, the chat message, JSON."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hostkit.core.game import Context
from hostkit.core.styles import bold_row, plain_rows
from hostkit.core.tables import Rows
from hostkit.core.text_table import display_width, pad, text_table
from hostkit.core.times import wall_clock
from hostkit.core.words import chat_block, plural
from hostkit.games.custom.judge import Verdict
from hostkit.games.custom.scoring import Scored
from hostkit.games.custom.standings import Final, rank
from hostkit.games.custom.tabs import LEADERBOARD_TAB, results_tab
from hostkit.games.custom.turns import order_words


def results_rows(scored: Scored, ctx: Context) -> Rows:
    """The round's public tab: every answer with its verdict and reason, the turn order, each player's points."""
    tz = ctx.config.tz
    rows: Rows = [["Timestamp", "Player", "Answer", "Verdict", "Points", "Reason", "Submissions row"]]
    for a in scored.answers:
        rows.append([wall_clock(a.at, tz), a.player, a.typed, a.verdict.value, a.points, a.reason, a.row])
    if scored.turns is not None:
        rows += [[], bold_row(["Turn order", order_words(scored.turns.order)])]
        rows += [["Step", step] for step in scored.turns.steps]
    rows += [[], bold_row(["Player", "Correct", "Incorrect", "Answer points", "Threshold points", "Round points"])]
    for p in ctx.roster.names:
        rows.append(
            [
                p,
                scored.count(p, Verdict.CORRECT),
                scored.incorrect(p),
                scored.points[p],
                scored.bonus(p),
                scored.total(p),
            ]
        )
    rows.append([])
    if scored.award is not None:
        rows.append(["Threshold", scored.award.reason])
    if scored.key:
        rows.append(["Answers found", f"{len(scored.key) - len(scored.missed())} of {len(scored.key)}"])
    if scored.closes is not None:
        rows.append(["Round closed", wall_clock(scored.closes, tz)])
    return rows


def summary(scored: Scored, ctx: Context) -> list[str]:
    waiting = scored.waiting()
    lines = [
        f"Round {scored.number}: {plural(len(scored.answers), 'answer')} judged"
        + (
            f", {len(scored.key) - len(scored.missed())} of {plural(len(scored.key), 'key answer')} found"
            if scored.key
            else ""
        )
        + (f"; {waiting} waiting for your Verdict" if waiting else "")
        + "."
    ]
    for p in ctx.roster.names:
        turns = f", {plural(scored.turns.turns(p), 'turn')}" if scored.turns is not None else ""
        lines.append(
            f"  {p}: {plural(scored.total(p), 'point')} ({scored.count(p, Verdict.CORRECT)} correct, "
            f"{scored.incorrect(p)} incorrect{turns})"
        )
    if scored.turns is not None:
        lines.append(f"Turn order: {order_words(scored.turns.order)}")
    if scored.award is not None:
        lines.append(scored.award.reason)
    lines.append(f"Written: {results_tab(scored.number)}, {LEADERBOARD_TAB}.")
    return lines


def chat_message(scored: Scored, ctx: Context, title: str) -> str:
    """The round's public results for the players' chat: points, counts, the turn order and the award."""
    width = max(display_width(p) for p in ctx.roster.names)
    lines = [f"{title} - round {scored.number}"]
    if scored.key:
        lines.append(f"Answers found: {len(scored.key) - len(scored.missed())} of {len(scored.key)}")
    for p in ctx.roster.names:
        turns = f" {plural(scored.turns.turns(p), 'turn'):>8}" if scored.turns is not None else ""
        lines.append(
            f"{pad(p, width)} {scored.total(p):3d} pts {scored.count(p, Verdict.CORRECT):2d} ok "
            f"{scored.incorrect(p):2d} wrong{turns}"
        )
    if scored.turns is not None:
        lines.append(f"Turn order: {order_words(scored.turns.order)}")
    if scored.award is not None:
        lines.append(scored.award.reason)
    return chat_block(lines)


def as_json(scored: Scored, ctx: Context) -> dict[str, Any]:
    turns = scored.turns

    def player(p: str) -> dict[str, Any]:
        shown = {
            "points": scored.total(p),
            "correct": scored.count(p, Verdict.CORRECT),
            "incorrect": scored.incorrect(p),
        }
        return shown | ({"turns": turns.turns(p)} if turns is not None else {})

    data: dict[str, Any] = {
        "game": "custom",
        "round": scored.number,
        "players": {p: player(p) for p in ctx.roster.names},
        "answers": [
            {
                "timestamp": a.at.isoformat(),
                "player": a.player,
                "row": a.row,
                "answer": a.typed,
                "verdict": a.verdict.value,
                "points": a.points,
                "reason": a.reason,
            }
            for a in scored.answers
        ],
    }
    if turns is not None:
        data["turn_order"] = list(turns.order)
    if scored.award is not None:
        data["threshold"] = {"winners": list(scored.award.winners), "reason": scored.award.reason}
    return data


def leaderboard_rows(ctx: Context, rounds: Sequence[Scored], final: Final | None, tie_winner: str) -> Rows:
    """Each player's points round by round and in total, with their rank; once final, what the match pays."""
    header = ["Player", *[f"Round {s.number}" for s in rounds], "Total", "Rank"]
    if final is not None:
        header += ["Garnets", "Token of Life", "Elimination candidate"]
    totals = totals_of(ctx, rounds)
    ranks = final.ranks if final is not None else rank(totals, tie_winner)
    rows: Rows = [header]
    for p in sorted(ctx.roster.names, key=lambda p: ranks[p]):
        row: list[Any] = [p, *[s.total(p) for s in rounds], totals[p], ranks[p]]
        if final is not None:
            tokens = final.tokens is not None and p in final.tokens.winners
            row += [final.garnets.get(p, 0), 1 if tokens else 0, "yes" if p in final.candidates else ""]
        rows.append(row)
    return rows


def totals_of(ctx: Context, rounds: Sequence[Scored]) -> dict[str, int]:
    return {p: sum(s.total(p) for s in rounds) for p in ctx.roster.names}


def final_lines(final: Final, totals: Mapping[str, int]) -> list[str]:
    lines = [f"Winner: {final.winner}." if final.winner else "No single winner: the first place is tied."]
    if final.garnets:
        lines.append("Garnets: " + ", ".join(f"{p} {n}" for p, n in final.garnets.items()) + ".")
    if final.tokens is not None:
        lines.append(final.tokens.reason)
    if final.candidates:
        lines.append(
            "Elimination candidates (the lowest totals): "
            + ", ".join(f"{p} ({totals[p]})" for p in final.candidates)
            + "."
        )
    return lines


def table_text(rows: Rows) -> list[str]:
    return text_table(plain_rows(rows))
