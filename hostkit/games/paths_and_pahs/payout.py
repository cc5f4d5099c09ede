"""What the final standings of Paths and PAHs pay into the ledger: the top player's garnets and a Token of
Life, and each elimination candidacy."""

from __future__ import annotations

from hostkit.core.ledger import Entry, Payout
from hostkit.games.paths_and_pahs.standings import Standings, ordinal

TOP_REASON = "the top player: a ToL"


def ec_reason(rank: int, count: int) -> str:
    return f"{ordinal(rank)} of {count}: EC"


def final_payout(match: str, match_id: str, standing: Standings) -> Payout:
    """The entries the final standings pay, and every reason they may be posted under."""
    count, top = len(standing.places), standing.top
    due = [Entry(match, None, top.player, garnets=top.garnets, tokens=1, reason=TOP_REASON, match_id=match_id)]
    due += [
        Entry(match, None, p.player, candidate=1, reason=ec_reason(p.rank, count), match_id=match_id)
        for p in standing.places
        if p.ec
    ]
    reasons = {TOP_REASON} | {ec_reason(rank, count) for rank in range(1, count + 1)}
    return Payout(match_id, match, tuple(due), frozenset(reasons))
