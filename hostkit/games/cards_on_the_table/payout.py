"""What a finished match of Cards on the Table pays into the ledger: a garnet for each of 9, 15 and 20 points
reached, a Token of Life to each Threshold 5 winner, and the elimination candidacy once it is decided."""

from __future__ import annotations

from collections.abc import Sequence

from hostkit.core.ledger import Entry, Payout

from .standings import GARNET_STEPS, Standings

EC_REASON = "elimination candidate"


def garnet_reason(player: str, step: int) -> str:
    return f"{player} reached {step} points"


def token_reason(player: str) -> str:
    return f"{player}: a Token of Life (Threshold 5)"


def match_payout(match: str, match_id: str, players: Sequence[str], result: Standings) -> Payout:
    """The entries the final standings pay, and every reason they may be posted under."""
    entries = [
        Entry(match, None, p, garnets=1, reason=garnet_reason(p, step), match_id=match_id)
        for p, score in result.scores.items()
        for step in GARNET_STEPS
        if score.total >= step
    ]
    entries += [
        Entry(match, None, p, tokens=1, reason=token_reason(p), match_id=match_id)
        for p in result.tokens_of_life.winners
    ]
    if result.ec is not None:
        entries.append(Entry(match, None, result.ec, candidate=1, reason=EC_REASON, match_id=match_id))
    reasons = {garnet_reason(p, step) for p in players for step in GARNET_STEPS}
    reasons |= {token_reason(p) for p in players} | {EC_REASON}
    return Payout(match_id, match, tuple(entries), frozenset(reasons))
