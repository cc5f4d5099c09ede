"""Resolving a round in the sheet's order: (start), changes, PAHs in time order, shifts summed, moves."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from hostkit.core.cards import Card, is_pah
from hostkit.core.players import player_key
from hostkit.core.times import format_time
from hostkit.core.words import plural, spans
from hostkit.games.paths_and_pahs.actions import (
    Action,
    ActionKind,
    Change,
    Judged,
    Move,
    Pah,
    ShiftLine,
    Start,
    Submission,
    Verdict,
    format_action,
    parse_action,
)
from hostkit.games.paths_and_pahs.board import Board, Direction, Line, Tile, describe_net, net_shifts, path
from hostkit.games.paths_and_pahs.cards import NAMES, CardNames
from hostkit.games.paths_and_pahs.match import ENDGAME, RULES, Match, PlayerState, Rules, is_endgame, shift_axis

GAME = "paths-and-pahs"
UTC = dt.timezone.utc


@dataclass(frozen=True)
class RoundResult:
    """A resolved round: the match after it, every submission judged (in time order) and what changed."""

    round: int
    match: Match
    actions: tuple[Judged, ...]
    shifts: Mapping[Line, int]
    reports: tuple[str, ...]
    spent: Mapping[str, int]
    collected: Mapping[str, frozenset[Card]]

    @property
    def board(self) -> Board:
        return self.match.board

    def as_json(self, names: CardNames = NAMES) -> dict[str, object]:
        return {
            "game": GAME,
            "round": self.round,
            "board": self.board.as_json(names),
            "shifts": {str(line): net for line, net in self.shifts.items()},
            "players": {name: p.as_json(names) for name, p in self.match.players.items()},
            "actions": [judged.as_json() for judged in self.actions],
        }


Outcome = tuple[Verdict, str]


def _name(number: int) -> str:
    return "the endgame" if is_endgame(number) else f"round {number}"


def _applied(reason: str) -> Outcome:
    return Verdict.APPLIED, reason


def _rejected(reason: str) -> Outcome:
    return Verdict.REJECTED, reason


@dataclass
class _Player:
    """A player's state while the round resolves."""

    before: PlayerState
    starting: list[Card]
    inventory: set[Card]
    tile: Tile | None
    balance: int
    direction: Direction | None = None
    points: int = 0
    pahs: int = 0
    with_starting: int = 0
    spent: int = 0
    collected: set[Card] = field(default_factory=set)

    @property
    def name(self) -> str:
        return self.before.name

    def spend(self, garnets: int, what: str) -> str | None:
        """Spends the garnets, or says why not."""
        if self.balance < garnets:
            return f"{self.name} has {plural(self.balance, 'garnet')} and cannot spend {garnets} on {what}"
        self.balance -= garnets
        self.spent += garnets
        return None

    def frozen(self) -> PlayerState:
        b = self.before
        return replace(
            b,
            starting=(self.starting[0], self.starting[1]),
            inventory=frozenset(self.inventory),
            tile=self.tile,
            direction=self.direction,
            points=b.points + self.points,
            pahs=b.pahs + self.pahs,
            pahs_with_starting=b.pahs_with_starting + self.with_starting,
            garnets_spent=b.garnets_spent + self.spent,
        )


@dataclass
class _Round:
    """The rules of each step, applied to one player's action at a time."""

    number: int
    board: Board
    rules: Rules
    names: CardNames

    def card(self, card: Card) -> str:
        return self.names.format(card)

    def start(self, p: _Player, start: Start) -> Outcome:
        if p.tile is not None:
            return _rejected(f"start is sent in round 1; {p.name} already stands on {p.tile}")
        held = self.board[start.tile]
        if held is not None:
            empties = ", ".join(map(str, self.board.empty_tiles()))
            return _rejected(f"{start.tile} holds {self.card(held)}; start on an empty tile ({empties})")
        p.tile = start.tile
        late = "" if self.number == 1 else f" (off the board until round {self.number})"
        return _applied(f"starts on {start.tile}{late}")

    def change(self, p: _Player, change: Change) -> Outcome:
        i = change.slot - 1
        if p.starting[i] == change.card:
            return _rejected(f"{self.card(change.card)} is already starting card {change.slot}; nothing to change")
        if p.starting[1 - i] == change.card:
            return _rejected(
                f"{self.card(change.card)} is already starting card {2 - i}; the two starting cards are different cards"
            )
        refused = p.spend(self.rules.change_cost, f"changing starting card {change.slot}")
        if refused:
            return _rejected(refused)
        old = p.starting[i]
        p.starting[i] = change.card
        gone = "leaves the inventory" if old in p.inventory else "was no longer held"
        p.inventory.discard(old)
        p.inventory.add(change.card)
        return _applied(
            f"starting card {change.slot} is now {self.card(change.card)} for "
            f"{plural(self.rules.change_cost, 'garnet')}; {self.card(old)} {gone}"
        )

    def pah(self, p: _Player, pah: Pah) -> Outcome:
        value = self.rules.pah_value(self.number)
        if value is None:
            rounds = sorted(r for r in self.rules.pah_points if r != ENDGAME)
            parts = ([f"rounds {spans(rounds)}"] if rounds else []) + (
                ["the endgame"] if ENDGAME in self.rules.pah_points else []
            )
            scored = " and ".join(parts) or "no round"
            return _rejected(
                f"PAHs made in round {self.number} score nothing (they score in {scored}); no card is discarded"
            )
        missing = [c for c in pah.cards if c not in p.inventory]
        if missing:
            return _rejected(f"{p.name} does not hold {self.names.format_all(missing)}")
        if not is_pah(*pah.cards):
            return _rejected(f"not a PAH: {self.names.why_not_pah(pah.cards)}")
        p.points += value
        p.pahs += 1
        starting = [c for c in pah.cards if c in p.starting]
        p.with_starting += bool(starting)
        p.inventory.discard(pah.discard)
        cards = "starting card" if len(starting) == 1 else "starting cards"
        made_with = f" (made with {cards} {self.names.format_all(starting)})" if starting else ""
        return _applied(
            f"a PAH of {self.names.format_all(pah.cards)} worth {value}{made_with}; {self.card(pah.discard)} is discarded"
        )

    def shift_refusal(self, shift: ShiftLine) -> Outcome | None:
        axis = shift_axis(self.number)
        if shift.shift.line.axis is not axis:
            return _rejected(f"round {self.number} shifts {axis.value}s, not {shift.shift.line.axis.value}s")
        return None

    def move(self, p: _Player, move: Move, board: Board) -> Outcome:
        """A walk on the shifted board `board`."""
        if p.tile is None:
            return _rejected(f"{p.name} is not on the board; send start with an empty tile first")
        previous, way = p.before.direction, move.direction
        if way is not None and previous is not None and way is previous.opposite:
            return _rejected(
                f"{p.name} moved {previous.value} in round {self.number - 1} and cannot move "
                f"{way.value}, the opposite way, in round {self.number}"
            )
        walked = path(p.tile, way, move.tiles)
        if walked is None:
            room = p.tile.room(way)  # type: ignore[arg-type]
            return _rejected(
                f"{format_action(move)} from {p.tile} would leave the board; there "
                f"{'is' if room == 1 else 'are'} {plural(room, 'tile')} that way, and moves do "
                f"not wrap"
            )
        if move.tiles == 4:
            refused = p.spend(self.rules.fourth_tile_cost, "a fourth tile")
            if refused:
                return _rejected(refused)
        on_path = [c for c in (board[t] for t in walked) if c is not None]
        new = [c for c in on_path if c not in p.inventory]
        p.inventory.update(on_path)
        p.collected.update(new)
        p.tile, p.direction = walked[-1], way
        where = f"stays on {p.tile}" if way is None else f"walks {way.value} from {walked[0]} to {p.tile}"
        held = len(on_path) - len(new)
        gained = f"collects {self.names.format_all(new)}" if new else "collects nothing new"
        return _applied(f"{where}; {gained}" + (f" ({held} already held)" if held else ""))


@dataclass
class _Triage:
    """Rows sorted by time; the verdicts known before resolving (late, unreadable, superseded), and the
    actions read from every readable row."""

    rows: list[Submission]
    verdicts: dict[int, Outcome]
    actions: dict[int, Action]
    owners: dict[int, str]
    sent: dict[tuple[str, ActionKind], list[int]] = field(default_factory=dict)
    """Each player's readable rows of each kind but PAH, in time order: the last legal one stands."""

    def pending(self, *kinds: type) -> list[int]:
        return [i for i, a in self.actions.items() if i not in self.verdicts and isinstance(a, kinds)]

    def standing(self, kind: type, rule: Callable[[int], Outcome]) -> None:
        """Judge each player's rows of `kind` from the last back: the first that `rule` applies stands, the
        earlier ones are superseded by it, and the later ones keep the reason they were refused."""
        groups: dict[str, list[int]] = {}
        for i in self.pending(kind):
            groups.setdefault(self.owners[i], []).append(i)
        for name, indexes in sorted(groups.items(), key=lambda group: group[1][-1]):
            for at, i in reversed(list(enumerate(indexes))):
                self.verdicts[i] = rule(i)
                if self.verdicts[i][0] is Verdict.APPLIED:
                    what = self.actions[i].kind.value
                    for earlier in indexes[:at]:
                        self.verdicts[earlier] = (
                            Verdict.SUPERSEDED,
                            f"superseded by {name}'s later {what} (row {self.rows[i].row}): the last legal "
                            f"{what} sent before the close stands",
                        )
                    break


def _each(t: _Triage, players: Mapping[str, _Player], kind: type, rule: Callable[[_Player, Any], Outcome]) -> None:
    """Every PAH is judged; of every other kind, each player's last legal row stands."""
    if kind is Pah:
        for i in t.pending(kind):
            t.verdicts[i] = rule(players[t.owners[i]], t.actions[i])
    else:
        t.standing(kind, lambda i: rule(players[t.owners[i]], t.actions[i]))


def _shifts(t: _Triage, step: _Round) -> dict[Line, int]:
    """The round's standing shifts, each worded with the net shift of its line once all are known; the nets."""
    standing: list[int] = []

    def shift_rule(i: int) -> Outcome:
        refusal = step.shift_refusal(t.actions[i])  # type: ignore[arg-type]
        if refusal:
            return refusal
        standing.append(i)
        return _applied("stands")  # worded below, once every shift of the round is known

    t.standing(ShiftLine, shift_rule)
    applied = sorted(standing)
    nets = net_shifts(t.actions[i].shift for i in applied)  # type: ignore[union-attr]
    for i in applied:
        shift = t.actions[i].shift  # type: ignore[union-attr]
        moved = describe_net(shift.line, nets[shift.line])
        t.verdicts[i] = _applied(f"{shift}: with every shift of the round, {moved}")
    return nets


def _triage(
    match: Match,
    number: int,
    submissions: Iterable[Submission],
    opens: dt.datetime | None,
    closes: dt.datetime,
    tz: dt.tzinfo,
    names: CardNames,
) -> _Triage:
    rows = sorted(submissions, key=lambda s: (s.at, s.row))
    t = _Triage(rows, {}, {}, {})
    for i, sub in enumerate(rows):
        player = match.player(sub.player)
        if player is None:
            t.verdicts[i] = _rejected(
                f"{sub.player!r} is not a player of this match ({', '.join(match.players)}); fix the name"
            )
            continue
        if sub.at > closes:
            t.verdicts[i] = (
                Verdict.LATE,
                f"sent at {format_time(sub.at, tz)}, after {_name(number)} closed at "
                f"{format_time(closes, tz)}; not counted",
            )
            continue
        if opens is not None and sub.at < opens:
            t.verdicts[i] = _rejected(
                f"sent at {format_time(sub.at, tz)}, before {_name(number)} opened at "
                f"{format_time(opens, tz)}; not counted"
            )
            continue
        t.owners[i] = player.name
        try:
            t.actions[i] = parse_action(ActionKind.parse(sub.action), sub.value, names)
        except ValueError as error:
            t.verdicts[i] = _rejected(f"{error}; not counted")
    return t


def resolve_round(
    match: Match,
    number: int,
    submissions: Iterable[Submission],
    closes: dt.datetime,
    garnets: Mapping[str, int],
    *,
    rules: Rules = RULES,
    names: CardNames = NAMES,
    tz: dt.tzinfo = UTC,
    opens: dt.datetime | None = None,
) -> RoundResult:
    """Round `number` (1–4, or 5 for the endgame) resolved from its submissions. `garnets` is each player's
    balance before this round's purchases. Every row is judged; an illegal one leaves the rest to resolve.
    Rows sent before `opens` (when given) are rejected, like rows after `closes` are late."""
    if not 1 <= number <= ENDGAME:
        raise ValueError(f"round {number} does not exist; rounds run 1–{ENDGAME - 1}, then {ENDGAME}, the endgame")
    if number != match.round + 1:
        raise ValueError(
            f"round {number} cannot be resolved after round {match.round}; resolve round {match.round + 1} next"
        )
    t = _triage(match, number, submissions, opens, closes, tz, names)
    step = _Round(number, match.board, rules, names)
    balances = {player_key(name): value for name, value in garnets.items()}
    players = {
        name: _Player(p, list(p.starting), set(p.inventory), p.tile, balances.get(player_key(name), 0))
        for name, p in match.players.items()
    }
    reports: list[str] = []
    board, nets = match.board, {}
    if is_endgame(number):
        for i in t.pending(Start, Change, ShiftLine, Move):
            t.verdicts[i] = _rejected(
                f"round {ENDGAME} is the endgame: players only make PAHs, so no {t.actions[i].kind.value}"
            )
        _each(t, players, Pah, step.pah)
    else:
        _each(t, players, Start, step.start)
        reports += [
            f"{name} sent no start and stays off the board until they send one (an empty tile)"
            for name, p in players.items()
            if p.tile is None
        ]
        _each(t, players, Change, step.change)
        _each(t, players, Pah, step.pah)
        nets = _shifts(t, step)
        board = match.board.shifted(nets)
        _each(t, players, Move, lambda p, move: step.move(p, move, board))
    judged = tuple(Judged(sub, *t.verdicts[i], t.actions.get(i)) for i, sub in enumerate(t.rows))
    after = match.with_players([p.frozen() for p in players.values()], board, number)
    return RoundResult(
        number,
        after,
        judged,
        nets,
        tuple(reports),
        {name: p.spent for name, p in players.items()},
        {name: frozenset(p.collected) for name, p in players.items()},
    )
