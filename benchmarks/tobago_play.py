"""How long live play and standings take on a busy match: prints milliseconds per step.

Run: .venv/bin/python benchmarks/tobago_play.py
"""

from __future__ import annotations

import datetime as dt
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hostkit.core.tables import Tables  # noqa: E402
from hostkit.games import load_game  # noqa: E402
from tests.games.hap_and_grab.tobago_helpers import LATER, apply, match_tabs, opens  # noqa: E402

GAME = load_game("hap-and-grab")


def busy_match() -> dict:
    """Four rounds of 15 correct answers each, padded with 200 messages that are not answers per round."""
    tabs = match_tabs({n: ("RCRCCCRCCRCCRCR", "") for n in range(1, 5)})
    noise = [
        [opens(n) + dt.timedelta(seconds=200 + i), "Reds" if i % 2 else "Craw", n, f"ABZ XYZ {i}"]
        for n in range(1, 5)
        for i in range(200)
    ]
    tabs["Submissions"] += noise
    return tabs


def main() -> None:
    tabs = busy_match()
    start = time.perf_counter()
    for n in range(1, 5):
        tabs = apply(tabs, GAME.score(Tables(tabs), n, LATER).writes)
    print(
        f"score, 4 rounds of {len(tabs['Submissions']) // 4} submissions: "
        f"{(time.perf_counter() - start) * 1000 / 4:.1f} ms per round"
    )
    decisions = 0
    start = time.perf_counter()
    for n in range(1, 5):
        tabs = apply(tabs, GAME.deal(Tables(tabs), n, LATER).writes)
        while GAME.next_prompt(Tables(tabs), n, None, LATER)[0] is not None:
            tabs = apply(tabs, GAME.decide(Tables(tabs), n, None, "take", LATER).writes)
            decisions += 1
    print(
        f"deal + play: {decisions} decisions, {(time.perf_counter() - start) * 1000 / decisions:.1f} ms per "
        f"prompt-and-decide (the workbook write not included)"
    )
    start = time.perf_counter()
    outcome = GAME.standings(Tables(tabs))
    print(
        f"standings of the finished match: {(time.perf_counter() - start) * 1000:.1f} ms "
        f"(winner {outcome.data['winner']}, {len(outcome.payout.due) if outcome.payout else 0} payout)"
    )


if __name__ == "__main__":
    main()
