"""Hap-Tac-Toe / When Stars Align: judging a full game, and one live turn on an .xlsx workbook.

Run: .venv/bin/python benchmarks/hap_tac_toe.py
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hostkit.core.tables import Table, Tables  # noqa: E402
from hostkit.games import load_game  # noqa: E402
from hostkit.games.hap_tac_toe import WhenStarsAlign  # noqa: E402
from hostkit.games.hap_tac_toe.pictures import board_png  # noqa: E402
from hostkit.storage.xlsx import XlsxBook  # noqa: E402
from tests.games.hap_tac_toe.support import PLAYERS, STARTS, at, random_moves, turns  # noqa: E402
from tests.games.hap_tac_toe.workbook import make_book  # noqa: E402

RULES = WhenStarsAlign()
GAME = load_game("when-stars-align")


def judging(repeats: int = 20) -> None:
    records = turns(RULES, random_moves(RULES, random.Random(11), claims_per_turn=10), seconds=20)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        game = RULES.replay(PLAYERS, "Alice", STARTS, records)
        times.append(time.perf_counter() - start)
    claims = sum(len(t.claims) for t in game.turns)
    print(
        f"judging a full game: {len(game.turns)} turns, {claims} claims: "
        f"{statistics.median(times) * 1000:.1f} ms (median of {repeats})"
    )


def live_turn(moves_before: int = 24) -> None:
    """The live turn: read the workbook, replay, judge the pasted message, write the Moves row, draw the PNG."""
    records = turns(RULES, random_moves(RULES, random.Random(12), claims_per_turn=10), seconds=20)
    with tempfile.TemporaryDirectory() as folder:
        path = make_book(Path(folder) / "dm.xlsx", games=[records[:moves_before]])
        last = records[moves_before]
        message = f"{last.block} {last.square} {last.claims} done"
        book = XlsxBook(path)
        start = time.perf_counter()
        tables = Tables(book.read())
        read = time.perf_counter()
        outcome = GAME.decide(tables, 1, None, message, at(20 * (moves_before + 1)))
        judged = time.perf_counter()
        book.write(outcome.writes)
        written = time.perf_counter()
        for name, rows in outcome.writes.items():
            tables = tables.replaced(name, Table(name, rows))
        prompt, _ = GAME.next_prompt(tables, 1, None, at(20 * (moves_before + 1)))
        prompted = time.perf_counter()
        assert prompt is None, "the 25th turn ends the game"
        start_draw = time.perf_counter()
        board_png(RULES, RULES.replay(PLAYERS, "Alice", STARTS, records).board, "benchmark")
        drawing = time.perf_counter() - start_draw
    print(
        f"live turn 25 on .xlsx (24 rows before it, 10 claims): read {(read - start) * 1000:.0f} ms, "
        f"judge + draw {(judged - read) * 1000:.0f} ms (of which drawing the PNG {drawing * 1000:.0f} ms), "
        f"write {(written - judged) * 1000:.0f} ms, "
        f"next prompt (replay) {(prompted - written) * 1000:.0f} ms; "
        f"total {(prompted - start) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    judging()
    live_turn()
