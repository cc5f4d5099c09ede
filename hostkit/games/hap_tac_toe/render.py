"""The board update a host pastes in chat: a 5x5 text grid with short block codes and a legend."""

from __future__ import annotations

from hostkit.core.times import format_span
from hostkit.games.hap_tac_toe.blocks import BlockFaces
from hostkit.games.hap_tac_toe.board import COLUMNS, SIZE, Board, Square, format_squares
from hostkit.games.hap_tac_toe.clock import ZERO
from hostkit.games.hap_tac_toe.replay import Game

EMPTY = "·"


def render_board(board: Board, faces: BlockFaces) -> str:
    """Row 1 at the top, like a spreadsheet; every cell as wide as the longest code."""
    width = sum(len(codes[0]) for codes in faces.codes())
    lines = ["   " + " ".join(c.ljust(width) for c in COLUMNS).rstrip()]
    for row in range(SIZE):
        cells = []
        for column in range(SIZE):
            block = board.block_at(Square(column, row))
            cells.append((faces.code(block) if block else EMPTY).ljust(width))
        lines.append(f"{row + 1:>2} " + " ".join(cells).rstrip())
    return "\n".join(lines)


def render_update(game: Game) -> str:
    """The grid, its legend, the last turn's claims, the points, the claimed sets and who plays next."""
    faces = game.rules.faces
    parts = [f"{game.rules.title}, game {game.number}\n{render_board(game.board, faces)}", faces.legend()]
    if game.turns:
        turn = game.turns[-1]
        if turn.lost:
            parts.append(f"Turn {turn.number}: {turn.lost}.")
        elif turn.block is not None:
            head = (
                f"Turn {turn.number}: {turn.player} put {faces.format(turn.block)} on {turn.square} "
                f"in {format_span(turn.clock.seconds)}"
            )
            claims = [f"  {c.claim.text}: {c.verdict.value} ({c.note}). {c.reason}" for c in turn.claims]
            parts.append("\n".join([head + ("." if not claims else ":")] + claims))
    footer = []
    if game.claimed:
        listed = sorted(game.claimed.items(), key=lambda kv: (kv[1].turn, sorted(kv[0])))
        footer.append(
            f"Claimed {game.rules.claim_noun}s: "
            + ", ".join(f"{format_squares(sorted(squares))} ({who.player})" for squares, who in listed)
        )
    footer.append(f"Points: {game.summary()}")
    footer.append("Reserves: " + ", ".join(f"{p} {format_span(max(ZERO, game.reserves[p]))}" for p in game.players))
    waiting = game.waiting_for()
    if waiting is not None:
        footer.append(f"Next: {waiting.player}, turn {waiting.turn}.")
    else:
        footer.append(f"Game {game.number} is over: {game.end_reason()}.")
    return "\n\n".join(parts + ["\n".join(footer)])
