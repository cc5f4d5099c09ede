"""Hap-Tac-Toe and When Stars Align in hindsight: first the match (what nobody claimed, the turn that decided
each game), then each game: what nobody claimed and the deciding turn, then after each placement every claim
the board allowed, claimed then, later or never, and the claims that failed with their reasons."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from hostkit.core.hindsight import Explained, Hindsight, with_legend
from hostkit.core.words import plural, spans
from hostkit.games.hap_tac_toe.blocks import BlockFaces
from hostkit.games.hap_tac_toe.board import Board, Square, format_squares, line_triples
from hostkit.games.hap_tac_toe.judge import Claimed
from hostkit.games.hap_tac_toe.replay import Game, PlayedTurn
from hostkit.games.hap_tac_toe.scoring import as_number, format_points
from hostkit.games.hap_tac_toe.turns import JudgedClaim

Set = frozenset[Square]
NEVER = "never"
"""The mark on the picture of a set nobody claimed (a claimer's mark is the first three letters of a name)."""


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


def fate(squares: Set, turn: int, claimed: Mapping[Set, Claimed]) -> str:
    """When an allowed claim was made, in words: then (this turn), later (on which turn) or never."""
    by = claimed.get(squares)
    if by is None:
        return "never claimed"
    return f"claimed then by {by.player}" if by.turn == turn else f"claimed later, on turn {by.turn}, by {by.player}"


def explain_turn(game: Game, turn: PlayedTurn, claimed: Mapping[Set, Claimed]) -> tuple[list[str], dict[str, Any]]:
    if turn.square is None:
        return [f"  Turn {turn.number} ({turn.player}): no block placed; {turn.lost}."], {"turn": turn.number}
    open_sets = [
        s
        for s in claimable(board_after(game, turn.number), game.rules.faces)
        if s not in claimed or claimed[s].turn >= turn.number
    ]
    worth = game.rules.settings.policy().score(True, 0).points
    claims = [
        {
            "squares": named(s),
            "new": turn.square in s,
            "points": as_number(worth),
            "claimed_by": claimed[s].player if s in claimed else None,
            "claimed_on_turn": claimed[s].turn if s in claimed else None,
            "when": "never" if s not in claimed else "then" if claimed[s].turn == turn.number else "later",
        }
        for s in open_sets
    ]
    failed = [c for c in turn.claims if not c.verdict.is_valid]
    data = {
        "turn": turn.number,
        "player": turn.player,
        "square": turn.square.name,
        "claims": claims,
        "failed": [
            {"claim": c.claim.text, "verdict": c.verdict.value, "reason": c.reason, "score": c.note} for c in failed
        ],
    }
    if not claims and not failed:
        return [], data
    block = game.rules.faces.format(turn.block) if turn.block else "no block"
    allowed = (
        "no claim"
        if not claims
        else f"{plural(len(claims), 'claim')} worth {format_points(worth)}{' each' if len(claims) > 1 else ''}: "
        + "; ".join(f"{named(s)}, {fate(s, turn.number, claimed)}" for s in open_sets)
    )
    text = f"  Turn {turn.number} ({turn.player}, {block} on {turn.square.name}): the board allowed {allowed}."
    text += "".join(f" Failed: {failure(c)} ({c.note})." for c in failed)
    return [text], data


def failure(judged: JudgedClaim) -> str:
    """Why a claim failed, naming the claim first."""
    squares = judged.claim.squares
    if squares and judged.reason.startswith(format_squares(squares)):
        return judged.reason
    return f"{judged.claim.text}: {judged.reason}"


def quiet_line(quiet: Sequence[int]) -> str:
    turns = f"Turn {quiet[0]}" if len(quiet) == 1 else f"Turns {spans(list(quiet))}"
    return f"  {turns}: the board allowed no claim, and none was tried."


def explain_game(game: Game) -> Explained:
    claimed = dict(game.claimed)
    turns, told, quiet = [], [], []
    for turn in game.turns:
        more, data = explain_turn(game, turn, claimed)
        told += more
        turns.append(data)
        if not more:
            quiet.append(turn.number)
    missed = missed_sets(game)
    decided, why = deciding_turn(game)
    points = {p: format_points(game.points[p]) for p in game.players}
    lines = [
        f"Game {game.number}: {game.players[0]} v {game.players[1]}, {game.first_player} first. "
        + (f"Never claimed: {', '.join(named(s) for s in missed)}." if missed else "Every claim it allowed was made."),
        f"  Points: {', '.join(f'{p} {v}' for p, v in points.items())}; {why}.",
        *([quiet_line(quiet)] if quiet else []),
        *told,
    ]
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


def explain_match(games: Sequence[Explained]) -> tuple[list[str], dict[str, Any]]:
    """What nobody claimed in each game, and the turn that decided it, before the games in detail."""
    never = [f"game {g.number}: {', '.join(g.data['never_claimed'])}" for g in games if g.data["never_claimed"]]
    lines = [f"Never claimed: {'; '.join(never)}." if never else "Every claim the boards allowed was made."]
    lines += [f"Game {g.number}: {g.data['decided']}." for g in games]
    data = {
        "never_claimed": {str(g.number): g.data["never_claimed"] for g in games},
        "deciding_turns": {str(g.number): g.data["deciding_turn"] for g in games},
    }
    return lines, data


def picture(game: Game) -> bytes:
    """Game's board, each claimed set marked by its claimer and each set never claimed marked NEVER."""
    from hostkit.games.hap_tac_toe.pictures import board_png

    missed = missed_sets(game)
    marked = {**game.claimed, **{s: Claimed(NEVER, 0) for s in missed}}
    png = board_png(game.rules, game.board, f"{game.rules.title}, game {game.number}: claims and misses", marked)
    legend = [f"{p[:3]}: a square of a set {p} claimed (once per set)." for p in game.players]
    legend.append(f"{NEVER[:3]}: a square of a set the board allowed that nobody claimed." if missed else "")
    return with_legend(png, [line for line in legend if line])


def hindsight(name: str, games: Sequence[Game]) -> Hindsight:
    by_number = {g.number: g for g in games}

    def image(number: int | None) -> bytes:
        return picture(by_number[max(by_number) if number is None else number])

    explained = [explain_game(g) for g in games]
    match_lines, match_data = explain_match(explained) if explained else ([], {})
    return Hindsight(
        name,
        explained,
        match_lines,
        match_data,
        image if games else None,
        unit="Game",
        title=games[0].rules.title if games else name,
    )
