"""The match result over both games: exact points, the final score, the winner and why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hostkit.core.players import player_key
from hostkit.games.hap_tac_toe.replay import Game
from hostkit.games.hap_tac_toe.scoring import Scoring, as_number, format_points

GAMES_PER_MATCH = 2


@dataclass(frozen=True)
class PlayerStanding:
    points: Fraction
    """The games' exact sum."""
    score: Fraction | int
    """The final score: rounded up under half-point, unchanged under strikes."""
    lost: str | None = None


@dataclass(frozen=True)
class Standings:
    players: Mapping[str, PlayerStanding]
    winner: str | None
    reason: str
    final: bool

    def as_json(self) -> dict[str, Any]:
        return {
            "players": {
                p: {
                    "points": as_number(s.points),
                    "score": as_number(s.score),
                    "lost": s.lost is not None,
                    "lost_reason": s.lost,
                }
                for p, s in self.players.items()
            },
            "winner": self.winner,
            "reason": self.reason,
            "final": self.final,
        }


def settle(games: Sequence[Game], advantage: str | None) -> Standings:
    """Standings from the games replayed so far (game 1, then game 2). A loss on time decides at once;
    otherwise the higher final score wins after two games, and a tie goes to the advantage holder
    (Config advantage); with advantage blank a tie names no winner."""
    if not games:
        raise ValueError("no game to settle; replay game 1 first")
    rules = games[0].rules
    players = games[0].players
    advantage_name = _named(players, advantage, "advantage") if advantage else None
    policy = rules.settings.policy()
    points = {p: sum((g.points[p] for g in games), Fraction(0)) for p in players}
    lost = {p: reason for g in games for p, reason in g.lost.items()}
    table = {p: PlayerStanding(points[p], policy.final_score(points[p]), lost.get(p)) for p in players}
    if lost:
        loser = next(iter(lost))
        winner = next(p for p in players if p != loser)
        return Standings(table, winner, f"{lost[loser]}. {winner} wins the match whatever the score.", True)
    pending = _pending(games)
    if pending:
        return Standings(table, None, f"The match is on: {pending}.", False)
    scores = {p: table[p].score for p in players}
    words = ", ".join(f"{p} {_score_words(table[p], policy.scoring)}" for p in players)
    best = max(scores.values())
    leaders = [p for p in players if scores[p] == best]
    if len(leaders) == 1:
        return Standings(
            table,
            leaders[0],
            f"After {GAMES_PER_MATCH} games: {words}. {leaders[0]} has the most points and wins the match.",
            True,
        )
    tied = f"After {GAMES_PER_MATCH} games: {words}. The scores are tied at {format_points(best)}"
    if advantage_name is None:
        return Standings(
            table,
            None,
            f"{tied}; a tie goes to {rules.advantage_title}, but Config advantage is "
            f"blank: name {players[0]} or {players[1]} there.",
            True,
        )
    return Standings(
        table,
        advantage_name,
        f"{tied}; a tie goes to {advantage_name} ({rules.advantage_title}, Config advantage).",
        True,
    )


def _score_words(standing: PlayerStanding, scoring: Scoring) -> str:
    if scoring is Scoring.HALF_POINT and Fraction(standing.score) != standing.points:
        return f"{plural_points(standing.points)}, rounded up to {format_points(standing.score)}"
    return plural_points(standing.score)


def plural_points(value: Fraction | int) -> str:
    return f"{format_points(value)} {'point' if abs(value) == 1 else 'points'}"


def _pending(games: Sequence[Game]) -> str | None:
    for game in games:
        if game.rejected is not None:
            return f"game {game.number} is stopped: {game.rejected.describe()}"
        waiting = game.waiting_for()
        if waiting is not None:
            return f"game {game.number} is waiting for {waiting.player} on turn {waiting.turn}"
    if len(games) < GAMES_PER_MATCH:
        return f"game {len(games) + 1} is not played yet"
    return None


def _named(players: Sequence[str], typed: str | None, setting: str) -> str:
    name = next((p for p in players if player_key(p) == player_key(typed)), None)
    if name is None:
        raise ValueError(f"Config {setting} {typed!r} is not {players[0]} or {players[1]}; name one of them")
    return name
