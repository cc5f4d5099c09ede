"""Hap and Grab's match result: treasure summed over the rounds, automatic losses, and the tie.

Rules: docs/games/hap-and-grab.md; rulings: that page, Hap and Grab.
"""

from __future__ import annotations

from dataclasses import dataclass

from hostkit.games.hap_and_grab.anti_hap import TurnOrder
from hostkit.games.hap_and_grab.tobago import Tobago


@dataclass(frozen=True)
class RoundTally:
    """What one round adds to the match: treasure, automatic losses, and whether it is finished."""

    number: int
    treasure: dict[str, int]
    losers: dict[str, str]
    done: bool
    status: str


def tally_round(number: int, turns: TurnOrder, game: Tobago | None) -> RoundTally:
    """A round's tally from its Part 1 turn order and its Part 2 (None until the host records a decision)."""
    losers = {p: turns.loss_reason(p) for p in turns.losers()}
    if game is None:
        done = not turns.order
        status = "finished (nobody earned a turn)" if done else "waiting for its Part 2 decisions"
        return RoundTally(number, {}, losers, done, status)
    waiting = game.waiting()
    status = "finished" if waiting is None else f"in Part 2, waiting for {waiting.player} on card {waiting.number}"
    return RoundTally(number, dict(game.treasure), losers, game.is_over(), status)


@dataclass(frozen=True)
class MatchResult:
    treasure: dict[str, int]
    lost: dict[str, str]
    final: bool
    winner: str | None
    reason: str


def settle_match(
    players: tuple[str, ...], tallies: list[RoundTally], rounds: int, tie_winner: str | None
) -> MatchResult:
    """Four rounds, most treasure wins, a tie goes to tie_winner; an automatic loss ends the match at once."""
    treasure = {p: 0 for p in players}
    for tally in sorted(tallies, key=lambda t: t.number):
        for p in players:
            treasure[p] += tally.treasure.get(p, 0)
        if tally.losers:
            lost = dict(tally.losers)
            survivors = [p for p in players if p not in lost]
            why = "; ".join(f"{p} {text}" for p, text in lost.items())
            if len(survivors) == 1:
                return MatchResult(
                    treasure, lost, True, survivors[0], f"Round {tally.number}: {why}. {survivors[0]} wins the match."
                )
            unfinished = [t.number for t in tallies if t.number < tally.number and not t.done]
            if unfinished:
                return MatchResult(
                    treasure,
                    lost,
                    False,
                    None,
                    f"Round {tally.number}: {why}. Both lost at once, so treasure decides, once "
                    f"round {unfinished[0]} is finished.",
                )
            winner, tie = _most_treasure(treasure, tie_winner)
            return MatchResult(
                treasure,
                lost,
                True,
                winner,
                f"Round {tally.number}: {why}. Both lost at once, so treasure decides: {tie}",
            )
    done = {t.number for t in tallies if t.done}
    missing = [n for n in range(1, rounds + 1) if n not in done]
    if missing:
        status = next((t.status for t in tallies if t.number == missing[0]), "not played yet")
        return MatchResult(treasure, {}, False, None, f"The match is on: round {missing[0]} of {rounds} is {status}.")
    winner, tie = _most_treasure(treasure, tie_winner)
    return MatchResult(treasure, {}, True, winner, f"After {rounds} rounds: {tie}")


def _most_treasure(treasure: dict[str, int], tie_winner: str | None) -> tuple[str | None, str]:
    best = max(treasure.values())
    leaders = [p for p, t in treasure.items() if t == best]
    if len(leaders) == 1:
        return leaders[0], f"{leaders[0]} has the most treasure ({best}) and wins the match."
    tied = " and ".join(leaders)
    if tie_winner in leaders:
        return tie_winner, f"{tied} are tied at {best} treasure; a tie goes to {tie_winner} (Config tie_winner)."
    return None, (
        f"{tied} are tied at {best} treasure and Config tie_winner is blank; set it to the player who "
        f"wins a tie (the rule sheet's Joker)."
    )
