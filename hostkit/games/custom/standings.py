"""A custom match's final standings, pure: ranks by total points, and what they pay (garnets by rank, Tokens of
Life by Threshold, the lowest totals as elimination candidates)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hostkit.core.ledger import Entry, Payout
from hostkit.core.threshold import Award, threshold

CANDIDATE_REASON = "elimination candidate"


@dataclass(frozen=True)
class Final:
    """Each player's rank (1 best; tied players share one), the winner when one player alone is first, and
    what the standings pay."""

    ranks: Mapping[str, int]
    winner: str | None
    garnets: Mapping[str, int]
    tokens: Award | None
    candidates: tuple[str, ...]


def rank(totals: Mapping[str, int], tie_winner: str, lowest_first: bool = False) -> dict[str, int]:
    """Competition ranks (1, 1, 3): equal totals share a rank, except that tie_winner ranks alone ahead of the
    players it ties with."""
    sign = 1 if lowest_first else -1
    ordered = sorted(totals, key=lambda p: (sign * totals[p], (p != tie_winner) != lowest_first))
    ranks: dict[str, int] = {}
    for place, player in enumerate(ordered, start=1):
        before = ordered[place - 2] if place > 1 else None
        same = before is not None and totals[before] == totals[player] and tie_winner not in (before, player)
        ranks[player] = ranks[before] if same and before is not None else place
    return ranks


def final_result(
    totals: Mapping[str, int], garnets: Sequence[int], tol: int, candidates: int, tie_winner: str
) -> Final:
    ranks = rank(totals, tie_winner)
    firsts = [p for p, r in ranks.items() if r == 1]
    paid = {p: garnets[r - 1] for p, r in ranks.items() if r <= len(garnets) and garnets[r - 1]}
    tokens = threshold(totals, tol, what="a Token of Life") if tol else None
    from_bottom = rank(totals, tie_winner, lowest_first=True)
    lowest = tuple(p for p in totals if candidates and from_bottom[p] <= candidates)
    return Final(ranks, firsts[0] if len(firsts) == 1 else None, paid, tokens, lowest)


def garnet_reason(place: int) -> str:
    return f"rank {place} of the final standings"


def token_reason(n: int) -> str:
    return f"a Token of Life (Threshold {n})"


def match_payout(match: str, match_id: str, players: Sequence[str], final: Final, tol: int) -> Payout:
    """The entries the final standings pay, and every reason they may be posted under."""
    entries = [
        Entry(match, None, p, garnets=n, reason=garnet_reason(final.ranks[p]), match_id=match_id)
        for p, n in final.garnets.items()
    ]
    if final.tokens is not None:
        entries += [
            Entry(match, None, p, tokens=1, reason=token_reason(tol), match_id=match_id) for p in final.tokens.winners
        ]
    entries += [
        Entry(match, None, p, candidate=1, reason=CANDIDATE_REASON, match_id=match_id) for p in final.candidates
    ]
    reasons = {garnet_reason(r) for r in range(1, len(players) + 1)} | {CANDIDATE_REASON}
    reasons |= {token_reason(n) for n in range(1, 101)}
    return Payout(match_id, match, tuple(entries), frozenset(reasons))
