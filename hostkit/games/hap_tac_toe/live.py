"""Live refereeing: what the host types at the `play` prompt, read into a turn, a clock check or a start."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from hostkit.core.cards import FULL_DECK
from hostkit.core.players import player_key
from hostkit.core.tables import BookError, Cell, Rows, Tables, is_blank_row
from hostkit.games.hap_tac_toe.claims import parse_clock_time, parse_message
from hostkit.games.hap_tac_toe.replay import Game, TurnRecord
from hostkit.games.hap_tac_toe.state import MatchState
from hostkit.games.hap_tac_toe.tabs import GAMES_TAB, HEADERS, local, moves_row, moves_rows, read_done

CLOCK = "clock"
START = "start"
_START = re.compile(r"start\b\s*(?:@?\s*(\S+))?\s*$", re.IGNORECASE)


def stamp(now: dt.datetime) -> dt.datetime:
    """The moment the host pressed enter, to the second (a Done is stamped as a whole second)."""
    return now.replace(microsecond=0)


def example(game: Game) -> str:
    return f"{game.rules.faces.format(FULL_DECK[0])} C3 set A1 A2 A4 done"


def instructions(game: Game) -> str:
    waiting = game.waiting_for()
    assert waiting is not None
    return (
        f"Paste {waiting.player}'s message, like '{example(game)}' (add @20:01:15 for a time already past), "
        f"or type {CLOCK} or undo"
    )


def overdue(game: Game) -> str:
    """The prompt once the mover's reserve has run out by the wall clock. Whether it ran out is the host's to say:
    a message replayed with its @time (or sent before then) is a turn in time."""
    then = game.clock_at(game.ended_at)
    assert then is not None
    ran_out = game.ended_at + game.rules.settings.move + game.reserves[then.player]
    return (
        f"{then.describe()} (as of {game.ended_at:%H:%M:%S}, the last time recorded). {instructions(game)}. "
        f"If {then.player} did not say done by {ran_out:%H:%M:%S}, their reserve ran out then: type {CLOCK} "
        f"to record the loss on time"
    )


def start_time(text: str, state: MatchState, now: dt.datetime) -> dt.datetime | None:
    """`start` is now; `start @20:00:00` is that time today (in Config timezone). None: not a start."""
    found = _START.fullmatch(text.strip())
    if found is None:
        return None
    if not found.group(1):
        return now
    try:
        clock = parse_clock_time(found.group(1))
    except ValueError as error:
        raise BookError(f"{error}.") from None
    day = now.astimezone(state.ctx.config.tz).date()
    return read_done(clock, dt.datetime.combine(day, dt.time(), tzinfo=state.ctx.config.tz), state.ctx)


def starts_rows(tables: Tables, number: int, at: dt.datetime, state: MatchState) -> Rows:
    """The Games tab with game `number`'s Starts set (its row added when missing)."""
    table = tables.require(GAMES_TAB)
    header = table.header or list(HEADERS[GAMES_TAB])
    keys = [h.casefold() for h in header]
    rows = [list(r) + [None] * (len(header) - len(r)) for r in table.rows]
    row = state.starts[number].row
    if row is None:
        rows.append([None] * len(header))
        rows[-1][keys.index("game")] = number
    target = rows[-1] if row is None else rows[row - 2]
    target[keys.index("starts")] = local(at, state.ctx)
    return [header] + [r for r in rows if not is_blank_row(r)]


@dataclass(frozen=True)
class Turn:
    """A pasted message as the next turn's record, and the Moves row that records it."""

    record: TurnRecord
    cells: dict[str, Cell]


def read_turn(text: str, state: MatchState, game: Game, now: dt.datetime) -> Turn:
    """The turn a pasted message makes: `[Player:] block square [claims] [done] [@time]`. A message that
    cannot be read raises BookError; a turn that breaks a rule is left for Game.check to refuse."""
    waiting = game.waiting_for()
    assert waiting is not None
    player, rest = _speaker(text, game.players)
    try:
        message = parse_message(rest, game.rules.faces.format(FULL_DECK[0]))
    except ValueError as error:
        raise BookError(f"{error}.") from None
    done = now
    if message.time is not None:
        done = read_done(message.time, game.starts, state.ctx)
    record = TurnRecord(waiting.turn, player or waiting.player, message.block, message.square, message.claims, done)
    try:
        block = game.rules.faces.format(game.rules.faces.parse(message.block))
    except ValueError:
        block = message.block
    cells: dict[str, Cell] = {
        "game": game.number,
        "turn": record.turn,
        "player": record.player,
        "block": block,
        "square": message.square.upper(),
        "claims": message.claims,
        "done": local(done, state.ctx),
    }
    return Turn(record, cells)


def timeout_turn(state: MatchState, game: Game, now: dt.datetime) -> Turn:
    """The row that records a mover who never said done before their reserve ran out."""
    waiting = game.waiting_for()
    assert waiting is not None
    record = TurnRecord(waiting.turn, waiting.player, "", "", "", now)
    return Turn(
        record, {"game": game.number, "turn": waiting.turn, "player": waiting.player, "done": local(now, state.ctx)}
    )


def with_turn(tables: Tables, turn: Turn) -> tuple[Rows, int]:
    """The Moves tab with the turn's row appended, and that row's number."""
    header, rows = moves_rows(tables)
    rows = rows + [moves_row(header, turn.cells)]
    return [header] + rows, len(rows) + 1


def _speaker(text: str, players: tuple[str, ...]) -> tuple[str | None, str]:
    """A leading `Name:` or `@Name` as chat shows it, and the rest of the message."""
    stripped = text.strip()
    bare = stripped.lstrip("@").strip()
    for name in sorted(players, key=len, reverse=True):
        head = bare[: len(name)]
        after = bare[len(name) :]
        if player_key(head) == player_key(name) and (not after or after[0] in ": ,\t"):
            if stripped.startswith("@") or after.startswith(":"):
                return name, after.lstrip(": ,\t")
    return None, stripped
