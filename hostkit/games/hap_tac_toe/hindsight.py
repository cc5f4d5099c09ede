"""Hap-Tac-Toe and When Stars Align in hindsight: after each placement, every claim the board allowed and
what it was worth, who claimed it (or that nobody did), and the turn that decided each game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from hostkit.core.hindsight import Explained, Hindsight
from hostkit.core.words import plural, spans
from hostkit.games.hap_tac_toe.blocks import BlockFaces
from hostkit.games.hap_tac_toe.board import Board, Square, format_squares, line_triples
from hostkit.games.hap_tac_toe.judge import Claimed
from hostkit.games.hap_tac_toe.replay import Game, PlayedTurn
from hostkit.games.hap_tac_toe.scoring import as_number, format_points

Set = frozenset[Square]


def claimable(board: Board, faces: BlockFaces) -> list[Set]:
    """Every three squares on one line whose blocks form a hap (a star alignment), in board order."""
    found = []
    for triple in line_triples():
        blocks = [board.block_at(s) for s in triple]
        if all(b is not None for b in blocks) and faces.is_hap(blocks):  # type: ignore[arg-type]
            found.append(frozenset(triple))
    return found


def board_after(game: Game, turn: int) -> Board:
    return Board({sq: p for sq, p in game.board.placements.items() if p.turn <= turn})


def named(squares: Set) -> str:
    return format_squares(sorted(squares, key=lambda s: (s.row, s.column)))


def deciding_turn(game: Game) -> tuple[PlayedTurn | None, str]:
    """The turn after which the game's winner led for good (or the turn lost on time), in words."""
    if game.lost:
        turn = game.turns[-1]
        return turn, f"turn {turn.number} decided it: {turn.lost}"
    points = dict.fromkeys(game.players, Fraction(0))
    leaders: list[str | None] = []
    for turn in game.turns:
        points[turn.player] += turn.points
        first, second = game.players
        leaders.append(first if points[first] > points[second] else second if points[second] > points[first] else None)
    if not leaders or leaders[-1] is None:
        return None, "the game ended level, so no turn decided it"
    winner = leaders[-1]
    at = len(leaders) - 1
    while at > 0 and leaders[at - 1] == winner:
        at -= 1
    turn = game.turns[at]
    return turn, f"turn {turn.number} ({turn.player}) decided it: from then on {winner} led to the end"


def explain_turn(game: Game, turn: PlayedTurn, claimed: Mapping[Set, Claimed]) -> tuple[list[str], dict[str, Any]]:
    if turn.square is None:
        return [f"  Turn {turn.number} ({turn.player}): no block placed; {turn.lost}."], {"turn": turn.number}
    open_sets = [
        s
        for s in claimable(board_after(game, turn.number), game.rules.faces)
        if s not in claimed or claimed[s].turn >= turn.number
    ]
    worth = game.rules.settings.policy().score(True, 0).points
    claims = []
    for squares in open_sets:
        by = claimed.get(squares)
        claims.append(
            {
                "squares": named(squares),
                "new": turn.square in squares,
                "points": as_number(worth),
                "claimed_by": by.player if by else None,
                "claimed_on_turn": by.turn if by else None,
            }
        )
    missed = [named(s) for s in open_sets if s not in claimed]
    now = [named(s) for s in open_sets if s in claimed and claimed[s].turn == turn.number]
    failed = [f"{c.claim.text} ({c.verdict.value}, {c.note})" for c in turn.claims if not c.verdict.is_valid]
    data = {"turn": turn.number, "player": turn.player, "square": turn.square.name, "claims": claims}
    if not claims and not failed:
        return [], data
    block = game.rules.faces.format(turn.block) if turn.block else "no block"
    allowed = "no claim" if not claims else f"{plural(len(claims), 'claim')} worth {format_points(worth)}"
    text = (
        f"  Turn {turn.number} ({turn.player}, {block} on {turn.square.name}): the board allowed {allowed}"
        + (" each" if len(claims) > 1 else "")
        + (f"; claimed now: {', '.join(now)}" if now else "")
        + (f"; never claimed: {', '.join(missed)}" if missed else "")
        + (f"; claims that failed: {', '.join(failed)}" if failed else "")
        + "."
    )
    return [text], data


def explain_game(game: Game) -> Explained:
    claimed = dict(game.claimed)
    lines = [f"Game {game.number}: {game.players[0]} v {game.players[1]}, {game.first_player} first."]
    turns = []
    quiet: list[int] = []
    for turn in game.turns:
        more, data = explain_turn(game, turn, claimed)
        lines += more
        turns.append(data)
        if not more:
            quiet.append(turn.number)
    if quiet:
        lines.insert(1, f"  No claim was possible or made after turns {spans(quiet)}.")
    missed = missed_sets(game)
    decided, why = deciding_turn(game)
    points = {p: format_points(game.points[p]) for p in game.players}
    lines.append(
        f"  Points: {', '.join(f'{p} {v}' for p, v in points.items())}; {why}."
        + (f" Never claimed at the end: {', '.join(named(s) for s in missed)}." if missed else "")
    )
    data = {
        "turns": turns,
        "points": {p: as_number(game.points[p]) for p in game.players},
        "never_claimed": [named(s) for s in missed],
        "deciding_turn": None if decided is None else decided.number,
        "decided": why,
    }
    return Explained(game.number, lines, data)


def missed_sets(game: Game) -> list[Set]:
    return [s for s in claimable(game.board, game.rules.faces) if s not in game.claimed]


def hindsight(name: str, games: Sequence[Game]) -> Hindsight:
    from hostkit.games.hap_tac_toe.pictures import board_png

    by_number = {g.number: g for g in games}

    def image(number: int | None) -> bytes:
        game = by_number[max(by_number) if number is None else number]
        marked = {**game.claimed, **{s: Claimed("missed", 0) for s in missed_sets(game)}}
        return board_png(game.rules, game.board, f"{game.rules.title}, game {game.number}: claims and misses", marked)

    return Hindsight(name, [explain_game(g) for g in games], image=image if games else None, unit="Game")
