"""Open, Pass's results as the host and the players read them: tabs, summary lines and JSON."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from hostkit.core.game import Context, Game
from hostkit.core.styles import bold_row
from hostkit.core.tables import Rows
from hostkit.core.text_table import text_table
from hostkit.core.times import wall_clock
from hostkit.core.words import chat_block, plural
from hostkit.games.open_pass.equation import (
    DivisionByZero,
    Evaluation,
    card_name,
    evaluate,
    format_cards,
    format_number,
)
from hostkit.games.open_pass.packs import BidVerdict, RoundResult
from hostkit.games.open_pass.play import Deal, Decision, Placing, Play, nth
from hostkit.games.open_pass.tabs import INVENTORIES_HEADER, INVENTORIES_TAB, bids_tab, results_tab


def results_rows(r: RoundResult) -> Rows:
    rows: Rows = [["Pack", "Kind", "Size", "Cards", "Chosen by", "Given out"]]
    for p in r.packs:
        given = "yes" if r.is_given(p.name) else "no"
        rows.append([p.name, p.kind.value if p.kind else "", p.size, format_cards(p.cards), r.chosen[p.name], given])
    rows.append([])
    if r.all_odd:
        rows.append(["Every pack was chosen an odd number of times, so nobody gains a pack this round."])
    else:
        rows.append(["A pack chosen by an odd number of players is given to each of them; an even number, to nobody."])
    rows.append([f"Players who gained no pack get the pity card: {len(r.pity)}."])
    return rows


def round_message(r: RoundResult) -> str:
    """A deck-building round's public results for the players' chat: each pack, how often it was chosen, whether
    it was given out; nobody's name."""
    lines = [f"Open, Pass - round {r.number}"]
    lines += text_table([[p.name, r.chosen[p.name], "given" if r.is_given(p.name) else "-"] for p in r.packs], gap=" ")
    if r.all_odd:
        lines.append("Every pack was chosen an odd number of times: nobody gains a pack.")
    lines.append(f"Pity card: {len(r.pity)} players")
    return chat_block(lines)


def final_message(placings: list[Placing]) -> str:
    """The final ranking for the players' chat: place, player, score, award."""
    lines = ["Open, Pass - final results"]
    lines += text_table(
        [
            [
                f"{pl.place:2d}.",
                pl.player,
                f"{format_number(pl.score):>6}",
                ", ".join(filter(None, [f"{pl.tokens} ToL" if pl.tokens else "", "EC" if pl.candidate else ""])),
            ]
            for pl in placings
        ],
        gap=" ",
    )
    return chat_block(lines)


def bids_rows(r: RoundResult, ctx: Context) -> Rows:
    tz = ctx.config.tz
    rows: Rows = [["Timestamp", "Player", "Typed", "Packs counted", "Verdict", "Reason", "Bids row"]]
    for b in r.bids:
        rows.append([wall_clock(b.at, tz), b.player, b.typed, ", ".join(b.packs), b.verdict.value, b.reason, b.row])
    rows += [[], bold_row(["Player", "Gained", "Pity card", "Reason"])]
    for p in ctx.roster.names:
        rows.append([p, ", ".join(r.gained[p]), "yes" if p in r.pity else "", r.reasons[p]])
    if r.trades:
        rows += [[], bold_row(["Trade", "Player", "Gives", "Partner", "Gets", "Applied", "Reason", "Trades row"])]
        for n, t in enumerate(r.trades, start=1):
            rows.append(
                [
                    n,
                    t.player,
                    format_cards(t.gives),
                    t.partner,
                    format_cards(t.gets),
                    "yes" if t.accepted else "rejected",
                    t.reason,
                    t.row,
                ]
            )
    return rows


def inventory_rows(results: list[RoundResult], ctx: Context, start: tuple[str, ...]) -> Rows:
    rows: Rows = [list(INVENTORIES_HEADER)]
    for p in ctx.roster.names:
        rows.append([0, p, format_cards(start), len(start), "starting cards", ""])
    for r in results:
        for p in ctx.roster.names:
            gained = list(r.gained[p]) + ([f"pity card {ctx.config['pity_card']}"] if p in r.pity else [])
            trades = "; ".join(t.reason for t in r.trades_of(p))
            rows.append([r.number, p, format_cards(r.inventories[p]), len(r.inventories[p]), ", ".join(gained), trades])
    return rows


def round_summary(r: RoundResult, ctx: Context) -> list[str]:
    counts = Counter(b.verdict for b in r.bids)
    stand = "bid stands" if counts[BidVerdict.STANDS] == 1 else "bids stand"
    lines = [
        f"Round {r.number}: {counts[BidVerdict.STANDS]} {stand} ({counts[BidVerdict.REPLACED]} replaced, "
        f"{counts[BidVerdict.LATE]} late)."
    ]
    for p in r.packs:
        takers = [q for q in ctx.roster.names if p.name in r.gained[q]]
        lines.append(
            f"  {p.name}: chosen {plural(r.chosen[p.name], 'time')}"
            + (f", given to {', '.join(takers)}" if takers else ", not given out")
        )
    if r.all_odd:
        lines.append("  Every pack was chosen an odd number of times: nobody gains a pack.")
    lines.append(f"  Pity card {ctx.config['pity_card']}: {', '.join(r.pity) or 'nobody'}.")
    accepted = sum(t.accepted for t in r.trades)
    if r.trades:
        lines.append(f"  Trades: {accepted} applied, {len(r.trades) - accepted} rejected.")
    lines.append(f"Written: {results_tab(r.number)} (public), {bids_tab(r.number)} and {INVENTORIES_TAB} (host only).")
    return lines


def round_json(r: RoundResult, ctx: Context) -> dict[str, Any]:
    return {
        "game": "open-pass",
        "round": r.number,
        "all_odd": r.all_odd,
        "packs": {
            p.name: {"chosen": r.chosen[p.name], "given": r.is_given(p.name), "cards": format_cards(p.cards)}
            for p in r.packs
        },
        "bids": [
            {"row": b.row, "player": b.player, "packs": list(b.packs), "verdict": b.verdict.value, "reason": b.reason}
            for b in r.bids
        ],
        "players": {
            p: {
                "gained": list(r.gained[p]),
                "pity": p in r.pity,
                "inventory": format_cards(r.inventories[p]),
                "reason": r.reasons[p],
            }
            for p in ctx.roster.names
        },
        "trades": [{"row": t.row, "applied": t.accepted, "reason": t.reason} for t in r.trades],
    }


def deals_rows(
    ctx: Context,
    deals: dict[str, Deal],
    waiting: dict[str, str],
    plays: dict[str, Play],
    evaluations: dict[str, Evaluation],
) -> Rows:
    rows: Rows = [["Player", "Dealer", "Draw", "Deck", "Padding", "Dealt", "Decisions", "Equation", "Score", "Status"]]
    for p in ctx.roster.names:
        if p not in deals:
            rows.append([p, "", "", "", "", "", "", "", "", waiting[p]])
            continue
        d, play = deals[p], plays[p]
        marks = " ".join({Decision.OPEN: "O", Decision.PASS: "P", Decision.AUTO: "a"}[x] for x in play.decisions)
        status = "finished" if play.is_over() else f"card {play.next_card()} is next"
        rows.append(
            [
                p,
                d.dealer.value,
                d.draw,
                format_cards(d.deck),
                d.padding,
                format_cards(d.dealt),
                marks,
                format_cards(play.equation),
                score_cell(evaluations[p].score),
                status,
            ]
        )
    return rows


def score_cell(score: Fraction) -> int | float:
    """A score as a spreadsheet number: whole, or the fraction's decimal value (its exact text goes beside it)."""
    return int(score) if score.denominator == 1 else float(score)


def final_rows(placings: list[Placing], evaluations: dict[str, Evaluation], draws: list[str]) -> Rows:
    rows: Rows = [["Place", "Player", "Score", "Exact score", "Equation", "Reads as", "Award", "Reason"]]
    for pl in placings:
        e = evaluations[pl.player]
        award = ", ".join(filter(None, [f"{pl.tokens} ToL" if pl.tokens else "", "EC" if pl.candidate else ""]))
        rows.append(
            [
                pl.place,
                pl.player,
                score_cell(pl.score),
                format_number(pl.score),
                format_cards(e.cards) or "(empty)",
                e.normalised,
                award,
                pl.reason,
            ]
        )
    if draws:
        rows.append([])
        rows += [[line] for line in draws]
    return rows


def history(play: Play, rule: DivisionByZero) -> list[str]:
    lines = [f"{play.deal.player}'s deck is dealt by {play.deal.dealer.value} (shuffle {play.deal.draw})."]
    for number, (card, decision) in enumerate(zip(play.deal.dealt, play.decisions), start=1):
        lines.append(f"Card {number}, {card_name(card)}: {decision.value}")
    return lines + equation_lines(play, evaluate(play.equation, rule))


def equation_lines(play: Play, evaluation: Evaluation) -> list[str]:
    """The equation so far and its score, and once the play is over, how the score was reached."""
    lines = [f"Equation: {format_cards(play.equation) or '(empty)'} = {format_number(evaluation.score)}."]
    if play.is_over():
        lines.append(f"Game over. {evaluation.explain()}.")
    return lines


def play_json(play: Play | None, evaluation: Evaluation | None, waiting: str | None) -> dict[str, Any]:
    if play is None or evaluation is None:
        return {"dealt": None, "status": waiting}
    return {
        "dealer": play.deal.dealer.value,
        "draw": play.deal.draw,
        "dealt": format_cards(play.deal.dealt),
        "decisions": [d.value for d in play.decisions],
        "equation": format_cards(play.equation),
        "score": format_number(evaluation.score),
        "finished": play.is_over(),
    }


def ledger_reason(game: Game, placing: Placing) -> str:
    return _reason(game, placing.place if placing.tokens else None, placing.candidate)


def ledger_reasons(game: Game) -> frozenset[str]:
    """Every reason an award may be posted under, so that an award a correction takes away is found."""
    return frozenset(
        _reason(game, place, candidate)
        for place in (None, 1, 2, 3)
        for candidate in (False, True)
        if place or candidate
    )


def _reason(game: Game, place: int | None, candidate: bool) -> str:
    parts = []
    if place:
        parts.append(f"{nth(place)}best score")
    if candidate:
        parts.append("one of the worst scores")
    return f"{game.title}: {' and '.join(parts)}"
