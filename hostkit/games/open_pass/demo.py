"""A sample Open, Pass match: thirteen players bid on three rounds of packs and trade, build their decks,
then open or pass card by card, to the Tokens of Life and elimination candidates."""

from __future__ import annotations

import datetime as dt

from hostkit.core.game import Demo, DemoStep, Game
from hostkit.core.rng import rng
from hostkit.core.tables import Rows, Tables

PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gil", "Hal", "Ivy", "Jo", "Kit", "Lu", "Mo")
SEED = 2026
PACKS = (
    ("Heaven Basic", "Heaven", "Basic", "4 5 x"),
    ("Heaven Mega", "Heaven", "Mega", "6 6 7 x +"),
    ("Heaven Special", "Heaven", "Special", "9 x"),
    ("Hell Basic", "Hell", "Basic", "0 ÷ -"),
    ("Hell Mega", "Hell", "Mega", "8 8 - - 0"),
    ("Hell Special", "Hell", "Special", "9 9"),
)
DEADLINES = {n: dt.datetime(2026, 11, 20 + n, 12, 0) for n in (1, 2, 3)}
PLAYED_AT = dt.datetime(2026, 11, 24, 20, 0, tzinfo=dt.timezone.utc)


def demo_book(game: Game) -> Demo:
    """Packs, bids and trades of the three deck-building rounds; each player's deck and every open-or-pass
    decision of the play round; and the commands that score it through to the standings."""
    tabs = game.new_book(list(PLAYERS), SEED)
    rand = rng(SEED, "demo")
    tabs["Rounds"] = [tabs["Rounds"][0]] + [[n, DEADLINES.get(n)] for n in range(1, len(tabs["Rounds"]))]
    tabs["Packs"] = tabs["Packs"][:1] + [[n, *pack] for n in DEADLINES for pack in PACKS]
    bids: Rows = tabs["Bids"][:1]
    for n, deadline in DEADLINES.items():
        for i, player in enumerate(rand.sample(PLAYERS, 9)):
            chosen = rand.sample([p[0] for p in PACKS], rand.choice((1, 2, 2)))
            bids.append([deadline - dt.timedelta(hours=3, minutes=-7 * i), player, n, ", ".join(chosen)])
    bids.append([DEADLINES[1] + dt.timedelta(minutes=5), "Bo", 1, "Hell Basic"])  # after the deadline
    tabs["Bids"] = bids
    tabs["Trades"] = tabs["Trades"][:1] + [[1, "Ann", "9", "Bo", "1"], [2, "Cy", "x", "Di", "+"]]
    from hostkit.games.open_pass.equation import format_cards

    tables = Tables(tabs)
    held = game.building(tables, game.context(tables), 3)[-1].inventories  # type: ignore[attr-defined]
    tabs["Decks"] = tabs["Decks"][:1] + [
        [p, "YellOw" if i % 2 else "Impact", format_cards(held[p][:20])] for i, p in enumerate(PLAYERS)
    ]
    tabs["Decisions"] = tabs["Decisions"][:1] + [
        [p, None, None, "open" if rand.random() < 0.6 else "pass"] for p in PLAYERS for _ in range(20)
    ]
    after = game.score(Tables(tabs), 4, PLAYED_AT)  # as many decisions as each player's cards take
    spare = {p.row for p in after.problems if p.tab == "Decisions" and p.row is not None}
    tabs["Decisions"] = [row for number, row in enumerate(tabs["Decisions"], start=1) if number not in spare]
    return Demo(
        tabs,
        (),
        f"Open, Pass for {len(PLAYERS)} players: three rounds of bids (one after its deadline) and trades, "
        f"then each player's deck and their open-or-pass decisions.",
        steps=(*(DemoStep("score", n) for n in (1, 2, 3, 4)), DemoStep("standings"), DemoStep("ledger")),
        now=PLAYED_AT,
    )
