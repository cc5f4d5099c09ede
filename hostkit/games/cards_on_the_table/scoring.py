"""Round scoring: scoring cards with crowding and Nullify, Nullify credit, guesses and penalties.

A round's score depends on the rounds before it (actions already used, the 4-point cap on board
guesses, the top-scorer guesses of the previous round), so rounds are always scored from round 1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from hostkit.core.players import player_key
from hostkit.core.words import plural

from .cards import Board, BoardSet
from .cells import Cell
from .guesses import (
    TOP_GUESS_ROUNDS,
    BoardGuess,
    HeatGuess,
    HeatGuessResult,
    TopGuess,
    TopGuessResult,
    award_board_guesses,
    consolation_points,
    count_board_guesses,
    judge_heat_guesses,
    judge_top_guesses,
    top_scorers,
)
from .plays import NO_PLAY, Action, RoundPlay, read_round
from .points import NOTHING, Points, signed, total

GAME = "cards-on-the-table"
CROWD = 3
NULLIFY_CAP = 3
NULLIFY_POINTS_PER_CREDIT = 3


@dataclass(frozen=True)
class Match:
    """Everything the rules need: the boards, the players, their messages by round and player (in time
    order), the guesses, and the winners' choice of EC for a tie that nothing else breaks."""

    boards: BoardSet
    players: tuple[str, ...]
    messages: Mapping[int, Mapping[str, Sequence[str]]] = field(default_factory=dict)
    board_guesses: tuple[BoardGuess, ...] = ()
    heat_guesses: tuple[HeatGuess, ...] = ()
    top_guesses: tuple[TopGuess, ...] = ()
    ec_choice: str | None = None

    def player(self, name: str) -> str | None:
        """The player a typed name means (case, spaces and a leading @ ignored), or None."""
        key = player_key(name)
        return next((p for p in self.players if player_key(p) == key), None)


@dataclass(frozen=True)
class PlayerRound:
    """One player's round, every part of the score with its reason; penalties are negative points."""

    player: str
    round: int
    play: RoundPlay
    scoring_value: Points
    nullify_credit: Points
    board_guesses: Points
    heat_guess: Points
    top_guess: Points
    consolation: Points
    penalties: tuple[Points, ...]
    total_before: int

    @property
    def guess_points(self) -> int:
        return total((self.board_guesses, self.heat_guess, self.top_guess, self.consolation))

    @property
    def penalty_points(self) -> int:
        return total(self.penalties)

    @property
    def round_points(self) -> int:
        return self.scoring_value.points + self.nullify_credit.points + self.guess_points + self.penalty_points

    @property
    def total(self) -> int:
        return self.total_before + self.round_points

    def reasons(self) -> list[str]:
        parts = (
            self.scoring_value,
            self.nullify_credit,
            self.board_guesses,
            self.heat_guess,
            self.top_guess,
            self.consolation,
            *self.penalties,
        )
        return [part.reason for part in parts if part.reason]

    def as_json(self) -> dict[str, Any]:
        """The issue's keys exactly: cells as 'R2C4', penalties as the (negative) points they take away.
        The reasons are for the host's results tab, not the JSON."""
        play = self.play
        return {
            "starting": _cell(play.starting),
            "action": None if play.action is None else play.action.value,
            "target": _cell(play.target),
            "scoring_card": _cell(play.scoring_cell),
            "scoring_value": self.scoring_value.points,
            "nullify_credit": self.nullify_credit.points,
            "guess_points": self.guess_points,
            "penalties": self.penalty_points,
            "round_points": self.round_points,
            "total": self.total,
        }


def _cell(cell: Cell | None) -> str | None:
    return None if cell is None else cell.format()


@dataclass(frozen=True)
class RoundResult:
    """A scored round; board is host-only and never goes into as_json()."""

    round: int
    board: Board
    players: dict[str, PlayerRound]
    top_guesses: TopGuessResult | None
    heat_guesses: HeatGuessResult
    problems: tuple[str, ...]

    def round_points(self) -> dict[str, int]:
        return {p: score.round_points for p, score in self.players.items()}

    def top_scorers(self) -> tuple[str, ...]:
        return top_scorers(self.round_points())

    def primary_list(self) -> list[int]:
        """Every player's points this round, best first, without names."""
        return sorted(self.round_points().values(), reverse=True)

    def secondary_list(self) -> list[int]:
        """Every player's total so far, best first, without names (the sheet publishes it after round 2)."""
        return sorted((score.total for score in self.players.values()), reverse=True)

    def as_json(self) -> dict[str, Any]:
        return {
            "game": GAME,
            "round": self.round,
            "players": {p: s.as_json() for p, s in self.players.items()},
            "primary_list": self.primary_list(),
            "problems": list(self.problems),
        }


def score_round(match: Match, round_number: int) -> RoundResult:
    return score_rounds(match, round_number)[-1]


def score_rounds(match: Match, up_to: int = 3) -> tuple[RoundResult, ...]:
    """Rounds 1 to up_to, in order."""
    if up_to not in (1, 2, 3):
        raise ValueError(f"round {up_to!r} cannot be scored; rounds are 1, 2 and 3")
    results: list[RoundResult] = []
    for round_number in range(1, up_to + 1):
        results.append(_score_round(match, round_number, results))
    return tuple(results)


def _by_player(match: Match, rows: Mapping[str, Sequence[str]], problems: list[str], what: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name, messages in rows.items():
        player = match.player(name)
        if player is None:
            problems.append(f"{what} from {name!r} are not scored: {name!r} is not a player.")
        else:
            out.setdefault(player, []).extend(messages)
    return out


def _known(match: Match, guesses: Sequence[Any], problems: list[str] | None = None, what: str = "") -> list[Any]:
    """The guesses of players, under their roster names; the others are reported when problems is given."""
    out = []
    for guess in guesses:
        player = match.player(guess.player)
        if player is not None:
            out.append(replace(guess, player=player))
        elif problems is not None:
            problems.append(f"A {what} from {guess.player!r} is not scored: {guess.player!r} is not a player.")
    return out


def _of_round(guesses: Sequence[Any], round_number: int) -> list[Any]:
    return [guess for guess in guesses if guess.round == round_number]


def _score_round(match: Match, r: int, before: list[RoundResult]) -> RoundResult:
    board = match.boards.board(r)
    players = match.players
    problems: list[str] = []
    messages = _by_player(match, match.messages.get(r, {}), problems, f"Round {r} messages")
    plays: dict[str, RoundPlay] = {}
    for p in players:
        used = {action for res in before if (action := res.players[p].play.action) is not None}
        plays[p] = read_round(board, messages.get(p, ()), used) if p in messages else NO_PLAY

    scorers = Counter(play.scoring_cell for play in plays.values() if play.scoring_cell is not None)
    nullified = {play.target for play in plays.values() if play.action is Action.NULLIFY}

    guesses = _known(match, _of_round(match.board_guesses, r), problems, "board guess")
    earned = {p: sum(res.players[p].board_guesses.points for res in before) for p in players}
    board_points = award_board_guesses(r, count_board_guesses(board, guesses), players, earned)

    heat_guesses = _known(match, [g for g in match.heat_guesses if g.round < r])
    heat_guesses += _known(match, _of_round(match.heat_guesses, r), problems, "heat guess")
    heat = judge_heat_guesses(heat_guesses)
    problems += heat.problems

    top = None
    consolation: dict[str, Points] = {}
    if r == 1:
        problems += [
            f"{g.player}'s top-scorer guess for round {g.round} is not scored: only the top scorers of "
            f"rounds {' and '.join(map(str, TOP_GUESS_ROUNDS))} are guessed."
            for g in match.top_guesses
            if g.round not in TOP_GUESS_ROUNDS
        ]
    if r >= 2:
        top_guesses = _known(match, _of_round(match.top_guesses, r - 1), problems, "top-scorer guess")
        top = judge_top_guesses(r - 1, before[-1].round_points(), top_guesses)
    if r == 3 and before[1].top_guesses is not None and top is not None:
        consolation = consolation_points(before[0].top_scorers(), before[1].top_scorers(), before[1].top_guesses, top)

    scores = {}
    for p in players:
        play = plays[p]
        scores[p] = PlayerRound(
            p,
            r,
            play,
            scoring_value=_scoring_value(match, r, play, scorers, nullified),
            nullify_credit=_nullify_credit(match, r, p, play, plays),
            board_guesses=board_points[p],
            heat_guess=heat.points.get((p, r), NOTHING),
            top_guess=top.points.get(p, NOTHING) if top else NOTHING,
            consolation=consolation.get(p, NOTHING),
            penalties=play.penalties(),
            total_before=before[-1].players[p].total if before else 0,
        )
    return RoundResult(r, board, scores, top, heat, tuple(problems))


def _scoring_value(match: Match, r: int, play: RoundPlay, scorers: Counter, nullified: set) -> Points:
    cell = play.scoring_cell
    if cell is None:
        return Points(0, f"Round {r}: you turned over no card, so you have no scoring card: 0 points.")
    number = match.boards.card(r, cell).number
    which = "the card you replaced your starting card with" if play.action is Action.REPLACE else "your starting card"
    reason = f"Round {r}: your scoring card is {cell}, {which}, a {number}"
    crowd = scorers[cell] // CROWD
    value = number - crowd
    if crowd:
        reason += (
            f"; {scorers[cell]} players scored with it, so it is worth 1 less for every full {CROWD}: "
            f"{number} − {crowd} = {signed(value) if value < 0 else value}"
        )
    if cell in nullified:
        return Points(0, f"{reason}; someone nullified it, so it scores 0 (Nullify is applied last).")
    return Points(value, f"{reason}." if crowd else f"{reason}: {plural(value, 'point')}.")


def _nullify_credit(match: Match, r: int, player: str, play: RoundPlay, plays: Mapping[str, RoundPlay]) -> Points:
    """Points denied count the card's number for each player denied, before crowding: the sheet's
    example of 3 players denied a 1 gives 4, "reduced" to 3."""
    if play.action is not Action.NULLIFY or play.target is None:
        return NOTHING
    target = play.target
    number = match.boards.card(r, target).number
    denied = [p for p, other in plays.items() if p != player and other.scoring_cell == target]
    if not denied:
        return Points(0, f"Round {r}: you nullified {target}, but nobody scored with it: no Nullify points.")
    points_denied = number * len(denied)
    earned = len(denied) + points_denied // NULLIFY_POINTS_PER_CREDIT
    credit = min(earned, NULLIFY_CAP)
    reason = (
        f"Round {r}: you nullified {target}, a {number}, and denied {plural(len(denied), 'player')} "
        f"{plural(points_denied, 'point')}: +{len(denied)} for the players and "
        f"+{points_denied // NULLIFY_POINTS_PER_CREDIT} for every full {NULLIFY_POINTS_PER_CREDIT} points"
    )
    if earned > NULLIFY_CAP:
        reason += f", {earned}, reduced to the most Nullify gives, {NULLIFY_CAP}"
    return Points(credit, f"{reason}: +{credit}.")
