"""Part 1 of Hap and Grab: boards of hap cards, reading answers, verdicts and the turn order they earn."""

from __future__ import annotations

import datetime as dt
import functools
import itertools
import operator
import random
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NamedTuple

from hostkit.core.cards import FULL_DECK, Card, Faces, pahs
from hostkit.core.times import format_time, time_text
from hostkit.core.words import plural

FACES = Faces(
    attributes=("background", "shape", "colour"),
    values=(("white", "gray", "black"), ("square", "triangle", "circle"), ("red", "blue", "yellow")),
    aliases={"grey": "gray"},
)


class Verdict(str, Enum):
    CORRECT = "correct"
    INCORRECT = "incorrect"
    REPEAT_OWN = "repeat-own"
    REPEAT_OPPONENT = "repeat-opponent"
    NOT_AN_ANSWER = "not-an-answer"
    LATE = "late"


PENALTIES = {Verdict.INCORRECT: 1, Verdict.REPEAT_OWN: 1}


def label(index: int) -> str:
    return chr(ord("A") + index)


@dataclass(frozen=True)
class Board:
    """Cards by label; labels run A, B, C, … in reading order."""

    cards: Mapping[str, Card]

    @classmethod
    def of(cls, cards: Sequence[Card]) -> Board:
        return cls({label(i): card for i, card in enumerate(cards)})

    def anti_haps(self) -> frozenset[str]:
        return self._anti_haps

    @functools.cached_property
    def _anti_haps(self) -> frozenset[str]:
        labels = sorted(self.cards)
        cards = [self.cards[x] for x in labels]
        return frozenset("".join(labels[i] for i in t) for t in pahs(cards))

    def why_not(self, cards: str) -> str:
        """Why three cards of the board (their labels in order) are not an anti-hap, in words."""
        return self._why_not[cards]

    @functools.cached_property
    def _why_not(self) -> dict[str, str]:
        """Every three cards' reason, worked out once: a round's wrong answers name the same few."""
        return {
            "".join(three): FACES.why_not_pah([self.cards[x] for x in three])
            for three in itertools.combinations(sorted(self.cards), 3)
        }

    def labels(self) -> str:
        return "".join(sorted(self.cards))

    def as_json(self) -> dict[str, Any]:
        return {
            "cards": [
                {"label": name, **dict(zip(FACES.attributes, FACES.format(self.cards[name])))}
                for name in sorted(self.cards)
            ],
            "anti_haps": sorted(self.anti_haps()),
        }


def generate_board(rand: random.Random, low: int = 8, high: int = 11, tries: int = 10_000) -> Board:
    """8 to 11 distinct cards whose number of anti-haps is a positive multiple of 3; ValueError when none is found."""
    if low > high:
        raise ValueError(f"a board cannot have at least {low} and at most {high} cards")
    for _ in range(tries):
        cards = rand.sample(FULL_DECK, rand.randint(low, high))
        count = len(pahs(cards))
        if count > 0 and count % 3 == 0:
            return Board.of(cards)
    raise ValueError(
        f"no board of {low} to {high} cards with a positive multiple of 3 anti-haps turned up in {tries:,} draws"
    )


def board_warnings(board: Board, low: int = 8, high: int = 11) -> list[str]:
    """What is wrong with a board the host typed in; the board itself is never changed."""
    warnings = []
    if not low <= len(board.cards) <= high:
        warnings.append(f"the board has {len(board.cards)} cards; the rules want {low} to {high}")
    expected = "".join(label(i) for i in range(len(board.cards)))
    if board.labels() != expected:
        warnings.append(f"the labels are {board.labels()}; the rules want {expected} in reading order")
    seen: dict[Card, str] = {}
    for name in sorted(board.cards):
        card = board.cards[name]
        if card in seen:
            warnings.append(f"card {name} ({FACES.describe(card)}) is the same card as {seen[card]}")
        seen.setdefault(card, name)
    count = len(board.anti_haps())
    if count == 0 or count % 3:
        warnings.append(f"the board has {count} anti-haps; the rules promise a positive multiple of 3")
    return warnings


class Piece(NamedTuple):
    """One answer of a message, or text that is none: as typed and, when it names three characters, those."""

    typed: str
    letters: str | None

    def read_as(self) -> str:
        """`A B D read as ABD: ` when the answer was typed otherwise than as its three capitals, else nothing."""
        if self.letters is None or self.typed == self.letters:
            return ""
        return f"{self.typed} read as {self.letters}: "


_WORD = re.compile(r"[^\W_]+")
"""A run of letters and digits (str.isalnum's): what a message is cut into."""


def _runs(message: str) -> list[list[re.Match[str]]]:
    """The message's pieces, with neighbouring pieces shorter than three characters kept together (`A B D`)."""
    runs: list[list[re.Match[str]]] = []
    for word in _WORD.finditer(message):
        if len(word.group()) < 3 and runs and len(runs[-1][-1].group()) < 3:
            runs[-1].append(word)
        else:
            runs.append([word])
    return runs


def read_message(message: str) -> list[Piece]:
    """The host ruling's reading: cut at every character that is neither a letter nor a digit; a piece, or a run
    of neighbouring pieces each shorter than three characters joined, whose length is a multiple of three is
    read as answers of three (`ABCDEF`, `AB CD EF`: ABC, DEF); any other piece or run is not an answer."""
    message = str(message)
    if len(message) >= 3 and message.isalnum():  # the commonest message: one word
        return _pieces(message)
    words = message.split()
    if "".join(words).isalnum() and min(map(len, words)) >= 3:  # the common message: words, no run to join
        if len(words) * 3 == sum(map(len, words)):  # each word one answer
            return [Piece(word, word.upper()) for word in words]
        return [piece for word in words for piece in _pieces(word)]
    return _read_runs(message)


def _read_runs(message: str) -> list[Piece]:
    """read_message's reading of any message, run by run (the others are quicker ways to its result)."""
    pieces: list[Piece] = []
    for run in _runs(message):
        at = [i for word in run for i in range(word.start(), word.end())]
        if len(at) % 3:
            pieces.append(Piece(message[run[0].start() : run[-1].end()], None))
            continue
        for k in range(0, len(at), 3):
            letters = "".join(message[i] for i in at[k : k + 3]).upper()
            pieces.append(Piece(message[at[k] : at[k + 2] + 1], letters))
    return pieces


def _pieces(word: str) -> list[Piece]:
    """A piece of three characters or more: its answers of three, or a piece that is not one."""
    if len(word) == 3:  # the common piece, one answer
        return [Piece(word, word.upper())]
    if len(word) % 3:
        return [Piece(word, None)]
    return [Piece(word[k : k + 3], word[k : k + 3].upper()) for k in range(0, len(word), 3)]


class Submission(NamedTuple):
    """A message a player sent: its Submissions row and time."""

    row: int
    at: dt.datetime
    player: str
    message: str


class Answer(NamedTuple):
    """One piece of a message judged. A NamedTuple, not a frozen dataclass: as immutable, and made in a third of
    the time (a round makes one per piece of every message)."""

    row: int
    at: dt.datetime
    player: str
    typed: str
    cards: str | None
    verdict: Verdict
    reason: str

    @property
    def penalty(self) -> int:
        return PENALTIES.get(self.verdict, 0)

    @property
    def shown(self) -> str:
        """The cards sorted when the piece names board cards, else the piece as typed."""
        return self.cards if self.cards is not None and self.verdict is not Verdict.NOT_AN_ANSWER else self.typed


def _not_an_answer(piece: Piece, board: Board) -> str | None:
    if piece.letters is None:
        typed = "".join(_WORD.findall(piece.typed))
        count = plural(len(typed), "letter" if typed.isalpha() else "character")
        return f"{piece.typed} is {count}, not three{' or a multiple of three' if len(typed) > 3 else ''}"
    if any(ch.isdigit() for ch in piece.letters):
        return f"{piece.typed} has a digit; cards are letters {board.labels()[0]}–{board.labels()[-1]}"
    unknown = sorted({ch for ch in piece.letters if ch not in board.cards})
    if unknown:
        which = "which is" if len(unknown) == 1 else "which are"
        return f"{piece.typed} names {', '.join(unknown)}, {which} not on the board ({board.labels()[0]}–{board.labels()[-1]})"
    twice = sorted({ch for ch in piece.letters if piece.letters.count(ch) > 1})
    if twice:
        return f"{piece.typed} names {', '.join(twice)} twice"
    return None


def _first_by_another(said: Mapping[str, Mapping[str, Answer]], player: str, cards: str) -> Answer | None:
    """The earliest answer of these cards by a player other than `player`, right or wrong."""
    earlier = [by[cards] for who, by in said.items() if who != player and cards in by]
    return min(earlier, key=lambda a: (a.at, a.row), default=None)


def judge(submissions: Iterable[Submission], board: Board, closes: dt.datetime, tz: dt.tzinfo) -> list[Answer]:
    """Every piece of every message, in chronological order (time, then row), with its verdict."""
    solutions = board.anti_haps()
    found: set[str] = set()
    said: dict[str, dict[str, Answer]] = {}
    answers: list[Answer] = []
    correct, not_an_answer = Verdict.CORRECT, Verdict.NOT_AN_ANSWER  # a member looked up on Verdict takes long
    ordered = sorted(submissions, key=operator.attrgetter("at", "row"))
    for index, sub in enumerate(ordered):
        if sub.at > closes:  # so is every later message
            return answers + _late(_read(ordered[index:]), f"after Part 1 closed at {format_time(closes, tz)}", tz)
        pieces = read_message(sub.message)
        for count, piece in enumerate(pieces, start=1):
            cards = "".join(sorted(piece.letters)) if piece.letters else None
            verdict, reason = _verdict(sub, piece, cards, board, solutions, said, tz)
            a = Answer(sub.row, sub.at, sub.player, piece.typed, cards, verdict, reason)
            answers.append(a)
            if verdict is not not_an_answer:
                said.setdefault(sub.player, {}).setdefault(cards, a)  # type: ignore[arg-type]
            if verdict is correct:
                found.add(cards)  # type: ignore[arg-type]
                if len(found) == len(solutions):  # every later piece, of this message or another, is late
                    why = f"after the last anti-hap was found ({cards} by {sub.player} at {format_time(sub.at, tz)})"
                    rest = itertools.chain([(sub, pieces[count:])], _read(ordered[index + 1 :]))
                    return answers + _late(rest, why, tz)
    return answers


def _read(submissions: Sequence[Submission]) -> Iterable[tuple[Submission, list[Piece]]]:
    """Each message with its pieces."""
    return zip(submissions, map(read_message, map(operator.attrgetter("message"), submissions)))


def _late(messages: Iterable[tuple[Submission, Sequence[Piece]]], why: str, tz: dt.tzinfo) -> list[Answer]:
    """The pieces of messages sent too late, `why` saying after what; a message's time is formatted once, and
    the same three letters are sorted once."""
    late, tail = Verdict.LATE, f"{why}; ignored, no penalty."
    answers: list[Answer] = []
    sorted_forms: dict[str, str] = {}
    for (row, at, player, _), pieces in messages:
        when = time_text(at, tz)
        for typed, letters in pieces:
            cards = sorted_forms.get(letters) if letters else None
            if letters and cards is None:
                cards = sorted_forms[letters] = "".join(sorted(letters))
            answers.append(Answer(row, at, player, typed, cards, late, f"{typed} came at {when}, {tail}"))
    return answers


def _verdict(
    sub: Submission,
    piece: Piece,
    cards: str | None,
    board: Board,
    solutions: Collection[str],
    said: Mapping[str, Mapping[str, Answer]],
    tz: dt.tzinfo,
) -> tuple[Verdict, str]:
    """A piece sent in time: not an answer, a repeat (own or the opponent's), incorrect or correct; its reason."""
    if (why := _not_an_answer(piece, board)) is not None:
        return Verdict.NOT_AN_ANSWER, f"{piece.read_as()}{why}: not an answer, no penalty."
    if cards in said.get(sub.player, {}):
        before = said[sub.player][cards]  # type: ignore[index]
        return (
            Verdict.REPEAT_OWN,
            f"{piece.read_as()}{cards} repeats {sub.player}'s own answer of {format_time(before.at, tz)}: one turn penalty.",
        )
    if (first := _first_by_another(said, sub.player, cards)) is not None:  # type: ignore[arg-type]
        return (
            Verdict.REPEAT_OPPONENT,
            f"{piece.read_as()}{cards} was already submitted by {first.player} at "
            f"{format_time(first.at, tz)} ({first.verdict.value}): no penalty, no credit.",
        )
    if cards not in solutions:
        return (
            Verdict.INCORRECT,
            f"{piece.read_as()}{cards} is not an anti-hap: {board.why_not(cards)}. One turn penalty.",  # type: ignore[arg-type]
        )
    return (
        Verdict.CORRECT,
        f"{piece.read_as()}{cards} is an anti-hap, found first by {sub.player}: one correct answer.",
    )


def closing_time(answers: Sequence[Answer], solutions: int, closes: dt.datetime) -> dt.datetime:
    """When Part 1 closed: the time limit, or the moment the last anti-hap was found."""
    right = Verdict.CORRECT  # looked up once: a member looked up on Verdict takes long
    correct = [a for a in answers if a.verdict is right]
    if solutions and len(correct) == solutions:
        return min(correct[-1].at, closes)
    return closes


@dataclass(frozen=True)
class TurnOrder:
    """The turn order Part 1 earns, with every step explained."""

    order: tuple[str, ...]
    correct: Mapping[str, int]
    penalties: Mapping[str, int]
    earned: Mapping[str, int]
    steps: tuple[str, ...] = field(default=())

    def turns(self, player: str) -> int:
        return self.order.count(player)

    def has_lost(self, player: str) -> bool:
        """Penalties outnumbering the turns earned this round lose the Death Match at once."""
        return self.penalties.get(player, 0) > self.earned.get(player, 0)

    def losers(self) -> list[str]:
        return [p for p in self.correct if self.has_lost(p)]

    def loss_reason(self, player: str) -> str:
        """Why the player lost the match this round, in words; blank when they did not."""
        if not self.has_lost(player):
            return ""
        return (
            f"loses the match: {plural(self.penalties[player], 'penalty', 'penalties')} against "
            f"{plural(self.earned[player], 'turn')} earned this round"
        )


def build_turn_order(correct_by: Sequence[str], penalties: Mapping[str, int], players: Sequence[str]) -> TurnOrder:
    """Milestones (each 3rd correct answer) go to the front; then the bonus turn; then penalties remove last turns."""
    order: list[str] = []
    count = {p: 0 for p in players}
    steps: list[str] = []
    for player in correct_by:
        count[player] += 1
        if count[player] % 3 == 0:
            order.insert(0, player)
            steps.append(f"{player}'s correct answer number {count[player]} puts a turn at the front.")
    most = max(count.values(), default=0)
    leaders = [p for p in players if count[p] == most]
    if most and len(leaders) == 1:
        order.insert(0, leaders[0])
        steps.append(f"{leaders[0]} gave the most correct answers ({most}) and gets one more turn at the front.")
    earned = {p: order.count(p) for p in players}
    for player in players:
        for _ in range(penalties.get(player, 0)):
            if player in order:
                del order[len(order) - 1 - order[::-1].index(player)]
                steps.append(f"A penalty removes {player}'s last remaining turn.")
            else:
                steps.append(f"A penalty for {player} finds no turn left to remove.")
    return TurnOrder(tuple(order), count, {p: penalties.get(p, 0) for p in players}, earned, tuple(steps))


def earned_turns(answers: Sequence[Answer], players: Sequence[str]) -> TurnOrder:
    """The turn order a round's judged answers earn: their correct answers in order, and their penalties."""
    right = Verdict.CORRECT  # looked up once: a member looked up on Verdict takes long
    correct_by = [a.player for a in answers if a.verdict is right]
    penalties = dict.fromkeys(players, 0)
    for a in answers:
        if a.verdict in PENALTIES and a.player in penalties:
            penalties[a.player] += PENALTIES[a.verdict]
    return build_turn_order(correct_by, penalties, players)
