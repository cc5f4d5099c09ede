"""Hap and Grab hindsight on the longest match the rules allow: four rounds on 11-card boards holding the most
anti-haps a board can (72), every one found, so each Part 2 has 25 turns and the whole deck's skulls."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from hostkit.core.tables import Tables
from hostkit.games import load_game
from hostkit.games.hap_and_grab.anti_hap import FACES, Board
from hostkit.games.hap_and_grab.deck_size import most_anti_haps, most_turns
from hostkit.games.hap_and_grab.parts import judge_part1, replay_part2
from hostkit.games.hap_and_grab.tabs import DECISIONS_HEADER, DECISIONS_TAB
from hostkit.games.hap_and_grab.tobago import Choice

BOARD = (  # two backgrounds, three shapes, two colours, less one card: 72 anti-haps, the most 11 cards hold
    "white square yellow",
    "black triangle yellow",
    "black circle red",
    "black square yellow",
    "white triangle yellow",
    "black circle yellow",
    "white circle red",
    "white triangle red",
    "black square red",
    "white square red",
    "white circle yellow",
)
OPENS = dt.datetime(2026, 11, 21, 20, 0)
LATER = dt.datetime(2026, 11, 23, tzinfo=dt.timezone.utc)


def longest_match(seed: int) -> tuple[object, dict]:
    """Every anti-hap found each round, 39 by Reds and 33 by Craw in a shuffled race; every Part 2 played out."""
    game = load_game("hap-and-grab")
    tabs = game.new_book(["Reds", "Craw"], seed)
    opens = {n: OPENS + dt.timedelta(hours=n) for n in range(1, 5)}
    tabs["Rounds"] = [["Round", "Opens"]] + [[n, opens[n]] for n in range(1, 5)]
    tabs["Board"] = [["Round", "Label", "Background", "Shape", "Colour"]] + [
        [n, chr(65 + i), *words.split()] for n in range(1, 5) for i, words in enumerate(BOARD)
    ]
    answers = sorted(Board.of([FACES.parse(w.split()) for w in BOARD]).anti_haps())
    rand = random.Random(seed)
    tabs["Submissions"] = [["Timestamp", "Player", "Round", "Answer"]]
    for n in range(1, 5):
        race = rand.sample(answers, len(answers))
        players = rand.sample(["Reds"] * 39 + ["Craw"] * 33, 72)
        tabs["Submissions"] += [
            [opens[n] + dt.timedelta(seconds=5 * i), p, n, a] for i, (a, p) in enumerate(zip(race, players))
        ]
    tabs[DECISIONS_TAB] = [list(DECISIONS_HEADER)]
    for n in range(1, 5):
        tabs.update(game.score(Tables(tabs), n, LATER).writes)
        tabs.update(game.deal(Tables(tabs), n, LATER).writes)
        tabs[DECISIONS_TAB] += decisions(game, tabs, n, rand)
    return game, tabs


def decisions(game, tabs: dict, number: int, rand: random.Random) -> list[list]:
    """Round N's Part 2 played to its end, each card taken two times in three."""
    ctx = game.context(Tables(tabs))
    part, _ = judge_part1(Tables(tabs), ctx, number)
    tobago = replay_part2(Tables(tabs), ctx, part).game
    rows = []
    while (waiting := tobago.waiting()) is not None:
        choice = Choice.TAKE if rand.random() < 2 / 3 else Choice.PASS
        tobago.push(waiting.player, choice, waiting.number)
        rows.append([number, waiting.number, waiting.player, choice.value])
    return rows


@pytest.mark.parametrize("seed", [3, 11])
def test_the_longest_match_is_searched_in_full_and_every_best_is_proven(seed):
    game, tabs = longest_match(seed)
    explained = game.hindsight(Tables(tabs))
    assert [len(r.data["turn_order"]) for r in explained.rounds] == [most_turns(most_anti_haps(11))] * 4
    searched = {r.number: r.data["part2"]["searched"] for r in explained.rounds}
    skulls = {r.number: r.data["part2"]["pile"][:25].count("skull") for r in explained.rounds}
    budget = {n: (2 ** (skulls[n] + 1) - 1) * 26 * 26 * 2 for n in searched}
    assert all(searched[n] <= budget[n] for n in searched), (searched, budget)
    for r in explained.rounds:
        for figures in r.data["part2"]["players"].values():
            assert figures["exact"] and figures["best"] >= figures["took"]
    text = "\n".join(explained.lines())
    assert explained.exact and explained.to_dict()["exact"] and "not proven" not in text
