"""One game of the Death Match, replayed turn by turn: placement checks, claims judged at the end of
the turn, scoring and the clock. Pure: records in, an immutable Game out."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hostkit.core.cards import Card
from hostkit.core.players import player_key
from hostkit.core.times import format_span
from hostkit.core.words import plural
from hostkit.games.hap_tac_toe.board import SIZE, Board, Square, parse_square
from hostkit.games.hap_tac_toe.claims import parse_claims
from hostkit.games.hap_tac_toe.clock import ClockReading, TurnClock, charge, read_clock
from hostkit.games.hap_tac_toe.judge import Claimed, judge_claim
from hostkit.games.hap_tac_toe.scoring import as_number, format_points
from hostkit.games.hap_tac_toe.turns import Carry, JudgedClaim, PlayedTurn, RejectedTurn, Rejection, TurnRecord, Waiting

if TYPE_CHECKING:
    from hostkit.games.hap_tac_toe.variants import HapTacToe


@dataclass(frozen=True)
class Game:
    """A game after some turns. Build it with `Game.new` or `replay`; `play` returns the next state."""

    rules: HapTacToe
    number: int
    players: tuple[str, str]
    first_player: str
    starts: dt.datetime
    board: Board
    points: Mapping[str, Fraction]
    strikes: Mapping[str, int]
    reserves: Mapping[str, dt.timedelta]
    turns: tuple[PlayedTurn, ...] = ()
    lost: Mapping[str, str] = field(default_factory=dict)
    claimed: Mapping[frozenset[Square], Claimed] = field(default_factory=dict)
    rejected: RejectedTurn | None = None

    @classmethod
    def new(
        cls,
        rules: HapTacToe,
        players: Iterable[str],
        first_player: str,
        starts: dt.datetime,
        number: int = 1,
        carry: Carry | None = None,
    ) -> Game:
        names = tuple(players)
        if len(names) != 2 or player_key(names[0]) == player_key(names[1]):
            raise ValueError(f"players {list(names)!r}: a Death Match has two different players")
        first = _match(names, first_player)
        if first is None:
            raise ValueError(f"first_player {first_player!r} is not {names[0]} or {names[1]}; name one of them")
        reserves = {p: (carry.reserves[p] if carry else rules.settings.reserve) for p in names}
        strikes = {p: (carry.strikes[p] if carry else 0) for p in names}
        return cls(
            rules, number, names, first, starts, Board.empty(), {p: Fraction(0) for p in names}, strikes, reserves
        )  # type: ignore[arg-type]

    @property
    def ended_at(self) -> dt.datetime:
        """When the last turn ended: the next turn's clock runs from here."""
        return self.turns[-1].clock.ended if self.turns else self.starts

    def to_move(self) -> str:
        second = self.players[1] if self.first_player == self.players[0] else self.players[0]
        return self.first_player if len(self.turns) % 2 == 0 else second

    def is_over(self) -> bool:
        return self.board.is_full() or bool(self.lost)

    def is_stopped(self) -> bool:
        """A rejected turn halts the replay until the host fixes the row."""
        return self.rejected is not None

    def end_reason(self) -> str | None:
        if self.lost:
            return "; ".join(self.lost.values())
        if self.board.is_full():
            return f"the grid is full after {SIZE * SIZE} turns"
        return None

    def waiting_for(self) -> Waiting | None:
        return None if self.is_over() else Waiting(self.to_move(), len(self.turns) + 1)

    def clock_at(self, now: dt.datetime) -> ClockReading | None:
        """The running clocks at `now`, or None once the game is over."""
        waiting = self.waiting_for()
        if waiting is None:
            return None
        return read_clock(waiting.player, waiting.turn, self.ended_at, now, self.reserves, self.rules.settings.move)

    def carry(self) -> Carry:
        return Carry(dict(self.reserves), dict(self.strikes))

    def check(self, record: TurnRecord) -> RejectedTurn | None:
        """Why this turn cannot be played next, or None when it can."""
        try:
            self._legal(record)
        except _Refused as refused:
            return RejectedTurn(record, refused.kind, refused.reason)
        return None

    def play(self, record: TurnRecord) -> Game:
        """The game after this turn; a turn that breaks a rule gives this game with `rejected` set."""
        if self.rejected is not None:
            raise ValueError(f"game {self.number} is stopped at {self.rejected.describe()}; fix that row first")
        try:
            player, block, square, clock = self._legal(record)
        except _Refused as refused:
            return replace(self, rejected=RejectedTurn(record, refused.kind, refused.reason))
        reserves = {**self.reserves, player: clock.reserve_left}
        if block is None or square is None:
            reason = (
                f"{player}'s reserve ran out at {clock.ran_out_at():%H:%M:%S} on turn {record.turn} of "
                f"game {self.number} (the turn took {format_span(clock.seconds)}, "
                f"{format_span(clock.reserve_before)} of reserve was left): {player} loses the match on time"
            )
            turn = PlayedTurn(record.turn, player, None, None, clock, (), reason)
            return replace(self, turns=self.turns + (turn,), reserves=reserves, lost={**self.lost, player: reason})
        board = self.board.place(square, block, record.turn, player)
        claimed = dict(self.claimed)
        policy = self.rules.settings.policy()
        points, strikes = self.points[player], self.strikes[player]
        judged = []
        for claim in parse_claims(record.claims):
            judgement = judge_claim(board, claim, claimed, self.rules.faces, self.rules.claim_noun)
            scored = policy.score(judgement.verdict.is_valid, strikes)
            points, strikes = points + scored.points, scored.strikes
            if judgement.verdict.is_valid:
                claimed[claim.key()] = Claimed(player, record.turn)
            judged.append(JudgedClaim(claim, judgement.verdict, judgement.reason, scored.points, strikes, scored.note))
        turn = PlayedTurn(record.turn, player, block, square, clock, tuple(judged))
        return replace(
            self,
            board=board,
            turns=self.turns + (turn,),
            claimed=claimed,
            reserves=reserves,
            points={**self.points, player: points},
            strikes={**self.strikes, player: strikes},
        )

    def _legal(self, record: TurnRecord) -> tuple[str, Card | None, Square | None, TurnClock]:
        """The turn's player, block, square and clock; no block or square when the reserve ran out
        before Done, since the match was lost then, whatever the row says was played."""
        if self.is_over():
            raise _Refused(
                Rejection.GAME_OVER, f"game {self.number} is already over ({self.end_reason()}); delete this row"
            )
        player = self._whose(record)
        clock = self._clock(record, player)
        if clock.is_out_of_time():
            return player, None, None, clock
        block, square = self._placement(record)
        return player, block, square, clock

    def _whose(self, record: TurnRecord) -> str:
        """The player of the turn the row records: the next turn, by the player to move."""
        expected = len(self.turns) + 1
        if record.turn != expected:
            if record.turn < expected:
                raise _Refused(
                    Rejection.TURN_NUMBER,
                    f"turn {record.turn} is written twice; renumber the rows so turns run 1, 2, 3, …",
                )
            raise _Refused(
                Rejection.TURN_NUMBER,
                f"turn {expected} is missing before turn {record.turn}; add it or renumber the rows",
            )
        player = _match(self.players, record.player)
        if player is None:
            raise _Refused(
                Rejection.WRONG_PLAYER, f"{record.player!r} is not a player of this match ({' or '.join(self.players)})"
            )
        if player != self.to_move():
            raise _Refused(
                Rejection.WRONG_PLAYER,
                f"turn {expected} is {self.to_move()}'s, not {player}'s: "
                f"turns alternate and {self.first_player} moved first "
                f"in game {self.number}",
            )
        return player

    def _clock(self, record: TurnRecord, player: str) -> TurnClock:
        """The turn's time charged to the player's minute and reserve, from its Done time."""
        if record.done is None:
            raise _Refused(
                Rejection.BAD_TIME, f"turn {len(self.turns) + 1} has no Done time; type when {player} said done"
            )
        try:
            return charge(self.ended_at, record.done, self.reserves[player], self.rules.settings.move)
        except TypeError:
            raise _Refused(
                Rejection.BAD_TIME,
                "its Done time mixes a time zone with none; type times the same way as the game's Starts",
            ) from None
        except ValueError as error:
            raise _Refused(Rejection.BAD_TIME, str(error)) from None

    def _placement(self, record: TurnRecord) -> tuple[Card, Square]:
        """The block the row plays, not placed yet, and the empty square it goes on."""
        try:
            block = self.rules.faces.parse(record.block)
        except ValueError as error:
            raise _Refused(Rejection.NOT_A_BLOCK, str(error)) from None
        where = self.board.square_of(block)
        if where is not None:
            placed = self.board.placements[where]
            raise _Refused(
                Rejection.BLOCK_PLACED,
                f"{self.rules.faces.format(block)} is already on {where} "
                f"(turn {placed.turn}); pick a {self.rules.faces.piece} "
                f"that is not placed yet",
            )
        try:
            square = parse_square(record.square)
        except ValueError as error:
            raise _Refused(Rejection.OFF_BOARD, str(error)) from None
        if self.board.is_occupied(square):
            placed = self.board.placements[square]
            raise _Refused(
                Rejection.SQUARE_TAKEN,
                f"{square} is taken by {self.rules.faces.format(placed.block)} "
                f"(turn {placed.turn}); pick an empty square",
            )
        return block, square

    def as_json(self) -> dict[str, Any]:
        faces = self.rules.faces
        waiting = self.waiting_for()
        return {
            "game": self.rules.name,
            "round": self.number,
            "board": {sq.name: faces.format(card) for sq, card in self.board.blocks().items()},
            "turns": [t.as_json(faces) for t in self.turns],
            "players": {
                p: {
                    "points": as_number(self.points[p]),
                    "strikes": self.strikes[p],
                    "reserve_left": as_number(self.reserves[p]),
                    "lost": p in self.lost,
                    "lost_reason": self.lost.get(p),
                }
                for p in self.players
            },
            "waiting_for": {"player": waiting.player, "turn": waiting.turn} if waiting else None,
            "ended": self.is_over(),
            "end_reason": self.end_reason(),
            "rejected": self.rejected.as_json() if self.rejected else None,
        }

    def summary(self) -> str:
        """Points (and strikes) in words: `Alice 2.5, Bob 1 (1 strike)`."""
        parts = []
        for p in self.players:
            text = f"{p} {format_points(self.points[p])}"
            if self.strikes[p]:
                text += f" ({plural(self.strikes[p], 'strike')})"
            parts.append(text)
        return ", ".join(parts)


class _Refused(Exception):
    def __init__(self, kind: Rejection, reason: str) -> None:
        super().__init__(reason)
        self.kind, self.reason = kind, reason


def _match(players: tuple[str, ...], typed: str) -> str | None:
    key = player_key(typed)
    return next((p for p in players if player_key(p) == key), None)


def replay(
    rules: HapTacToe,
    players: Iterable[str],
    first_player: str,
    starts: dt.datetime,
    records: Iterable[TurnRecord],
    number: int = 1,
    carry: Carry | None = None,
) -> Game:
    """Replay the records in Turn order; stop at the first turn that breaks a rule."""
    game = Game.new(rules, players, first_player, starts, number, carry)
    for record in sorted(records, key=lambda r: r.turn):
        game = game.play(record)
        if game.rejected is not None:
            break
    return game


def replay_match(
    rules: HapTacToe,
    players: Sequence[str],
    first_player: str,
    games: Sequence[tuple[dt.datetime, Iterable[TurnRecord]]],
) -> list[Game]:
    """Game 1, then game 2 started by the other player with game 1's reserves and strikes.
    Game 2 is replayed only once game 1 is over and nobody lost on time."""
    played: list[Game] = []
    first = first_player
    carry = None
    for number, (starts, records) in enumerate(games[:2], start=1):
        if played:
            previous = played[-1]
            if not previous.is_over() or previous.lost or previous.is_stopped():
                break
            first = next(p for p in previous.players if p != previous.first_player)
            carry = previous.carry()
        played.append(replay(rules, players, first, starts, records, number, carry))
    return played
