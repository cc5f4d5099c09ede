"""The end of Open, Pass's play phase: every player ranked, and what the ranking pays."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hostkit.core.game import Context, Game, Outcome
from hostkit.core.ledger import Entry, Payout
from hostkit.core.words import plural
from hostkit.games.open_pass.equation import (
    Evaluation,
    format_number,
)
from hostkit.games.open_pass.play import (
    Placing,
    rank,
)
from hostkit.games.open_pass.render import (
    final_message,
    final_rows,
    ledger_reason,
    ledger_reasons,
)
from hostkit.games.open_pass.tabs import (
    DEALS_TAB,
    FINAL_TAB,
)


def rank_players(ctx: Context, scores: dict[str, Fraction]) -> tuple[list[Placing], list[str]]:
    """Best score first; equal scores in the order of one seeded draw of all players, shown."""
    c = ctx.config
    return rank(ctx.roster.names, scores, c["seed"], c["first_tokens"], c["second_third_tokens"], c["candidates"])


def award(
    game: Game, ctx: Context, evaluations: dict[str, Evaluation], outcome: Outcome, data: dict[str, Any]
) -> Outcome:
    """Once every player has finished: the ranking, the Final tab, the chat message, and the Tokens of Life
    and elimination candidacies it pays."""
    placings, draw_lines = rank_players(ctx, {p: e.score for p, e in evaluations.items()})
    outcome.writes[FINAL_TAB] = final_rows(placings, evaluations, draw_lines)
    outcome.message = final_message(placings)
    match, match_id = game.match_name(ctx), game.match_id(ctx)
    due = tuple(
        Entry(
            match,
            None,
            pl.player,
            tokens=pl.tokens,
            candidate=int(pl.candidate),
            reason=ledger_reason(game, pl),
            match_id=match_id,
        )
        for pl in placings
        if pl.has_award()
    )
    outcome.payout = Payout(match_id, match, due, ledger_reasons(game))
    outcome.summary.append(f"Play phase over: {plural(len(placings), 'player')} ranked.")
    for pl in placings:
        outcome.summary.append(
            f"  {pl.place}. {pl.player} {format_number(pl.score)}" + (f" - {pl.reason}" if pl.has_award() else "")
        )
    outcome.summary += draw_lines
    outcome.summary.append(f"Written: {FINAL_TAB}, {DEALS_TAB}.")
    data["ranking"] = [
        {
            "place": pl.place,
            "player": pl.player,
            "score": format_number(pl.score),
            "tokens": pl.tokens,
            "candidate": pl.candidate,
            "reason": pl.reason,
        }
        for pl in placings
    ]
    data["draws"] = draw_lines
    return outcome
