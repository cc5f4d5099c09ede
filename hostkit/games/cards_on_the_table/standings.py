"""The end of the match: colour and unique-card bonuses, the unused-actions forfeit, garnets,
winners, Tokens of Life (Threshold 5) and the elimination candidate (EC)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hostkit.core.players import player_key
from hostkit.core.threshold import Award, threshold

from .cards import ROUNDS
from .plays import ACTIONS
from .points import NOTHING, Points
from .scoring import GAME, Match, RoundResult, score_rounds

GARNET_STEPS = (9, 15, 20)
TOL_THRESHOLD = 5
FORFEIT_TOTAL = 3
ALL_DIFFERENT_COLOURS, ALL_SAME_COLOUR = 1, 2
UNIQUE_SCORING_CARDS, NO_SHARED_CARDS = 1, 2


@dataclass(frozen=True)
class FinalScore:
    player: str
    round_points: tuple[int, ...]
    colour_bonus: Points
    unique_bonus: Points
    forfeit: Points
    total: int
    garnets: int
    turned_sum: int

    def reasons(self) -> list[str]:
        return [p.reason for p in (self.colour_bonus, self.unique_bonus, self.forfeit) if p.reason]

    def as_json(self) -> dict[str, Any]:
        return {
            "rounds": list(self.round_points),
            "colour_bonus": self.colour_bonus.points,
            "unique_bonus": self.unique_bonus.points,
            "forfeit": bool(self.forfeit.reason),
            "total": self.total,
            "garnets": self.garnets,
            "turned_sum": self.turned_sum,
            "reasons": self.reasons(),
        }


@dataclass(frozen=True)
class Standings:
    scores: dict[str, FinalScore]
    winners: tuple[str, ...]
    tokens_of_life: Award
    ec: str | None
    ec_reason: str
    problems: tuple[str, ...]

    def is_ec_decided(self) -> bool:
        return self.ec is not None

    def as_json(self) -> dict[str, Any]:
        return {
            "game": GAME,
            "players": {p: s.as_json() for p, s in self.scores.items()},
            "winners": list(self.winners),
            "tokens_of_life": list(self.tokens_of_life.winners),
            "ec": self.ec,
            "ec_reason": self.ec_reason,
            "garnets": {p: s.garnets for p, s in self.scores.items()},
            "problems": list(self.problems),
        }


def final_standings(match: Match) -> Standings:
    """Score all three rounds, then the end of the match."""
    rounds = score_rounds(match, ROUNDS[-1])
    problems = [text for result in rounds for text in result.problems]
    scores = {p: _final_score(p, rounds) for p in match.players}
    totals = {p: s.total for p, s in scores.items()}
    best = max(totals.values())
    winners = tuple(p for p in match.players if totals[p] == best)
    tokens = threshold(totals, TOL_THRESHOLD, what="a Token of Life")
    ec, ec_reason = _elimination_candidate(match, scores, problems)
    return Standings(scores, winners, tokens, ec, ec_reason, tuple(problems))


def _final_score(player: str, rounds: tuple[RoundResult, ...]) -> FinalScore:
    mine = [result.players[player] for result in rounds]
    colour = _colour_bonus(player, rounds)
    unique = _unique_bonus(player, rounds)
    total = mine[-1].total + colour.points + unique.points
    used = {score.play.action for score in mine} - {None}
    unused = [str(a) for a in ACTIONS if a not in used]
    forfeit = NOTHING
    if unused:
        forfeit = Points(
            FORFEIT_TOTAL - total,
            (
                f"{player} did not use every action over the three rounds ({', '.join(unused)} unused), so "
                f"their total is set to {FORFEIT_TOTAL}, as the sheet says (it would have been {total})."
            ),
        )
        total = FORFEIT_TOTAL
    turned_sum = sum(_turned_sum(result, player) for result in rounds)
    garnets = garnets_for(total)
    return FinalScore(
        player, tuple(score.round_points for score in mine), colour, unique, forfeit, total, garnets, turned_sum
    )


def garnets_for(total: int) -> int:
    """One garnet for reaching each of 9, 15 and 20 points."""
    return sum(1 for step in GARNET_STEPS if total >= step)


def _turned_sum(result: RoundResult, player: str) -> int:
    """The numbers of every card the player turned over in the round, extra cards included."""
    return sum(result.board[cell].number for cell in result.players[player].play.turned)


def _colour_bonus(player: str, rounds: tuple[RoundResult, ...]) -> Points:
    colours = []
    for result in rounds:
        cell = result.players[player].play.scoring_cell
        if cell is None:
            return Points(0, f"No colour bonus: {player} had no scoring card in round {result.round}.")
        colours.append(result.board[cell].colour)
    spelled = ", ".join(str(c) for c in colours)
    if len(set(colours)) == 3:
        return Points(
            ALL_DIFFERENT_COLOURS,
            f"{player}'s scoring cards were all different colours ({spelled}): +{ALL_DIFFERENT_COLOURS}.",
        )
    if len(set(colours)) == 1:
        return Points(
            ALL_SAME_COLOUR, f"{player}'s scoring cards were all the same colour ({spelled}): +{ALL_SAME_COLOUR}."
        )
    return NOTHING


def _unique_bonus(player: str, rounds: tuple[RoundResult, ...]) -> Points:
    for result in rounds:
        cell = result.players[player].play.scoring_cell
        if cell is None:
            return NOTHING
        others = [p for p, s in result.players.items() if p != player and s.play.scoring_cell == cell]
        if others:
            return NOTHING
    shared = [
        f"{cell} in round {result.round}"
        for result in rounds
        for cell in result.players[player].play.turned
        if any(cell in s.play.turned for p, s in result.players.items() if p != player)
    ]
    reason = f"Nobody else scored with any of {player}'s three scoring cards: +{UNIQUE_SCORING_CARDS}"
    if shared:
        return Points(UNIQUE_SCORING_CARDS, f"{reason} (another player also turned over {', '.join(shared)}).")
    points = UNIQUE_SCORING_CARDS + NO_SHARED_CARDS
    return Points(
        points, f"{reason}, and nobody else turned over any card {player} turned over: +{NO_SHARED_CARDS} more."
    )


def _elimination_candidate(match: Match, scores: dict[str, FinalScore], problems: list[str]) -> tuple[str | None, str]:
    fewest = min(s.total for s in scores.values())
    tied = [p for p in match.players if scores[p].total == fewest]
    if len(tied) == 1:
        return tied[0], f"{tied[0]} has the fewest points ({fewest}) and is the elimination candidate."
    sums = {p: scores[p].turned_sum for p in tied}
    low = min(sums.values())
    lowest = [p for p in tied if sums[p] == low]
    spelled = ", ".join(f"{p} {sums[p]}" for p in tied)
    reason = (
        f"{', '.join(tied)} tie on the fewest points ({fewest}); the sums of the cards they turned over "
        f"are {spelled}, and the lower sum is ranked lower"
    )
    if len(lowest) == 1:
        return lowest[0], f"{reason}, so {lowest[0]} is the elimination candidate."
    reason += f"; {', '.join(lowest)} also tie on {low}, so the winners choose among them"
    if not match.ec_choice:
        return None, f"{reason}: undecided until the host types the winners' choice in Config ec_choice."
    chosen = next((p for p in lowest if player_key(p) == player_key(match.ec_choice)), None)
    if chosen is None:
        problems.append(
            f"Config ec_choice names {match.ec_choice!r}, who is not one of the tied players "
            f"{', '.join(lowest)}; type one of them."
        )
        return None, f"{reason}: undecided, since ec_choice {match.ec_choice!r} is not one of them."
    return chosen, f"{reason}, and they chose {chosen}: {chosen} is the elimination candidate."
