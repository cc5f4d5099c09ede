"""Guesses: the board (numbers and colours, Threshold 3, at most 4 points a game), the heat rule
(one guess, judged by the host), and the top scorers of rounds 1 and 2 (with round 3's consolation)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from hostkit.core.players import player_key
from hostkit.core.threshold import threshold
from hostkit.core.words import plural

from .cards import Board, Colour
from .cells import Cell
from .points import Points

BOARD_GUESS_THRESHOLD = 3
BOARD_GUESS_CAP = 4
HEAT_GUESS_POINT = 1
TOP_GUESS_POINT = 1
CONSOLATION_POINT = 1
TOP_GUESS_ROUNDS = (1, 2)


@dataclass(frozen=True)
class BoardGuess:
    """A guess of one card of a round's board; number or colour may be left out."""

    round: int
    player: str
    cell: Cell
    number: int | None = None
    colour: Colour | None = None


@dataclass(frozen=True)
class GuessCount:
    numbers: int = 0
    colours: int = 0


def count_board_guesses(board: Board, guesses: Iterable[BoardGuess]) -> dict[str, GuessCount]:
    """Numbers and colours guessed right per player; a later guess of the same cell replaces the earlier."""
    latest: dict[tuple[str, Cell], BoardGuess] = {}
    for guess in guesses:
        latest[(guess.player, guess.cell)] = guess
    counts: dict[str, GuessCount] = {}
    for (player, cell), guess in latest.items():
        card = board[cell]
        before = counts.get(player, GuessCount())
        counts[player] = GuessCount(
            before.numbers + (guess.number == card.number), before.colours + (guess.colour == card.colour)
        )
    return counts


def award_board_guesses(
    round_number: int, counts: Mapping[str, GuessCount], players: Sequence[str], earned_before: Mapping[str, int]
) -> dict[str, Points]:
    """A point each for numbers and for colours by Threshold 3 among all players (0 right never wins),
    cut so that nobody passes 4 points from board guesses over the game."""
    won: dict[str, list[str]] = {p: [] for p in players}
    figures_of: dict[str, str] = {}
    for what in ("numbers", "colours"):
        figures = {p: getattr(counts.get(p, GuessCount()), what) for p in players}
        award = threshold(figures, BOARD_GUESS_THRESHOLD, what=f"a point for {what}")
        winners = [p for p in award.winners if figures[p] > 0]
        figures_of[what] = ", ".join(str(figures[p]) for p in winners) or "none"
        for p in winners:
            won[p].append(what)
    out = {}
    for p in players:
        if p not in counts:
            out[p] = Points(0, "")
            continue
        count = counts[p]
        room = max(0, BOARD_GUESS_CAP - earned_before.get(p, 0))
        points = min(len(won[p]), room)
        reason = (
            f"Round {round_number} board guesses: you got {plural(count.numbers, 'number')} and "
            f"{plural(count.colours, 'colour')} right. Under Threshold {BOARD_GUESS_THRESHOLD} the point "
            f"for numbers goes to {figures_of['numbers']} right and the point for colours to "
            f"{figures_of['colours']} right"
        )
        if won[p] and points < len(won[p]):
            reason += (
                f"; you earn {' and '.join(won[p])}, but board guesses give at most "
                f"{BOARD_GUESS_CAP} points a game and you had {earned_before.get(p, 0)}"
            )
        out[p] = Points(points, f"{reason}: +{points}." if points else f"{reason}: no point.")
    return out


@dataclass(frozen=True)
class HeatGuess:
    """A guess of the heat rule, made in a round; correct is the host's yes/no, None until judged.
    row is where the guess was typed (its Heat Guesses row), when known."""

    round: int
    player: str
    correct: bool | None
    row: int | None = None


@dataclass(frozen=True)
class HeatGuessResult:
    """Points by (player, round); the guesses refused (a second guess) and those not judged yet."""

    points: dict[tuple[str, int], Points]
    refused: tuple[tuple[HeatGuess, HeatGuess], ...]
    unjudged: tuple[HeatGuess, ...]

    def refusal(self, guess: HeatGuess, standing: HeatGuess) -> str:
        return (
            f"{guess.player}'s heat guess in round {guess.round} is refused: the heat rule may be guessed only "
            f"once, and the guess of round {standing.round} stands."
        )

    def waiting(self, guess: HeatGuess) -> str:
        return (
            f"{guess.player}'s heat guess in round {guess.round} is not judged yet: type yes or no in its Correct cell."
        )

    @property
    def problems(self) -> tuple[str, ...]:
        return tuple(self.refusal(guess, standing) for guess, standing in self.refused) + tuple(
            self.waiting(guess) for guess in self.unjudged
        )


def judge_heat_guesses(guesses: Iterable[HeatGuess]) -> HeatGuessResult:
    """One guess per player counts, the first (by round, then as listed); a right one is worth 1 point."""
    points: dict[tuple[str, int], Points] = {}
    refused: list[tuple[HeatGuess, HeatGuess]] = []
    unjudged: list[HeatGuess] = []
    first: dict[str, HeatGuess] = {}
    for guess in sorted(guesses, key=lambda g: g.round):
        key = player_key(guess.player)
        if key in first:
            refused.append((guess, first[key]))
            continue
        first[key] = guess
        if guess.correct is None:
            unjudged.append(guess)
        elif guess.correct:
            points[(guess.player, guess.round)] = Points(
                HEAT_GUESS_POINT, f"Your guess of how the heat indicator works is correct: +{HEAT_GUESS_POINT}."
            )
        else:
            points[(guess.player, guess.round)] = Points(
                0, "Your guess of how the heat indicator works is not correct, and you cannot guess it again."
            )
    return HeatGuessResult(points, tuple(refused), tuple(unjudged))


_NAME_SEPARATORS = re.compile(r"\s*(?:,|;|/|\||\+|\n|\band\b|&)\s*", re.IGNORECASE)


@dataclass(frozen=True)
class TopGuess:
    """A guess of who has the top score of a round's primary list (round 1 or 2), by name."""

    round: int
    player: str
    names: tuple[str, ...]

    @classmethod
    def parse(cls, round_number: int, player: str, text: str) -> TopGuess:
        """Names separated by commas, semicolons, slashes, bars, '+', '&' or 'and' (or spaces: see
        `judge_top_guesses`)."""
        return cls(round_number, player, tuple(n for n in _NAME_SEPARATORS.split(str(text).strip()) if n))


def top_scorers(round_points: Mapping[str, int]) -> tuple[str, ...]:
    """The players with the round's top score (all of them when tied)."""
    if not round_points:
        return ()
    best = max(round_points.values())
    return tuple(p for p, points in round_points.items() if points == best)


@dataclass(frozen=True)
class TopGuessResult:
    """Points per guesser, notes for the host only (never to be pasted), and whether anyone earned a point."""

    points: dict[str, Points]
    host_notes: tuple[str, ...]

    @property
    def anyone_earned(self) -> bool:
        return any(p.points > 0 for p in self.points.values())


def _spaced_names(typed: Sequence[str], names: Mapping[str, str]) -> list[str]:
    """Each typed name, a name that is no player's but whose words all are ('Ann Bo') read as those players."""
    read: list[str] = []
    for name in typed:
        words = name.split()
        spaced = player_key(name) not in names and len(words) > 1 and all(player_key(w) in names for w in words)
        read.extend(words if spaced else [name])
    return read


def judge_top_guesses(
    round_number: int, round_points: Mapping[str, int], guesses: Iterable[TopGuess]
) -> TopGuessResult:
    """Guesses of a round's top scorers: right when they name exactly those players (the last guess of
    a player counts). A top scorer learns they are right but gains nothing; the reason does not say why."""
    names = {player_key(p): p for p in round_points}
    top = set(top_scorers(round_points))
    latest: dict[str, TopGuess] = {}
    for guess in guesses:
        if guess.round == round_number and player_key(guess.player) in names:
            latest[names[player_key(guess.player)]] = guess
    points: dict[str, Points] = {}
    notes: list[str] = []
    for player, guess in latest.items():
        named = {names.get(player_key(n), n) for n in _spaced_names(guess.names, names)}
        strangers = sorted(n for n in named if n not in round_points)
        head = f"Your guess of round {round_number}'s top scorers ({', '.join(sorted(named)) or 'nobody'})"
        if named != top:
            extra = (
                f"; {', '.join(strangers)} {'is' if len(strangers) == 1 else 'are'} not playing" if strangers else ""
            )
            points[player] = Points(0, f"{head} is not correct{extra}.")
        elif player in top:
            points[player] = Points(0, f"{head} is correct.")
            notes.append(
                f"{player}'s top-scorer guess for round {round_number} is correct but earns nothing: "
                f"{player} is one of the top scorers (the sheet says not to tell them so)."
            )
        else:
            points[player] = Points(TOP_GUESS_POINT, f"{head} is correct: +{TOP_GUESS_POINT}.")
    return TopGuessResult(points, tuple(notes))


def consolation_points(
    top_one: Sequence[str], top_two: Sequence[str], guessed_one: TopGuessResult, guessed_two: TopGuessResult
) -> dict[str, Points]:
    """Round 3's point for each player on top of both rounds 1 and 2, when in round 1 or round 2
    (at least one of them) nobody earned a point by guessing the top scorers."""
    if guessed_one.anyone_earned and guessed_two.anyone_earned:
        return {}
    missed = [n for n, r in ((1, guessed_one), (2, guessed_two)) if not r.anyone_earned]
    rounds = "rounds 1 and 2" if len(missed) == 2 else f"round {missed[0]}"
    why = (
        f"you had a top score in both rounds 1 and 2, and nobody earned a point by guessing the top scorers of {rounds}"
    )
    return {p: Points(CONSOLATION_POINT, f"Round 3: {why}: +{CONSOLATION_POINT}.") for p in top_one if p in top_two}
