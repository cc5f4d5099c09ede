"""A sample of the robustness sweep (tests/sweep.py): every verb of every game once, each on a bad row of another
of the game's tabs, and every odd package under one verb of one game, as the match workbook and as the public or
season workbook beside it. No run may end in a traceback."""

from __future__ import annotations

import functools
import itertools

import pytest

from hostkit.games import GAMES
from tests import sweep


def _sample() -> list[tuple[sweep.Case, str]]:
    cases = list(sweep.corpus_cases())
    sample = []
    for game in sorted(GAMES):
        ours = [c for c in cases if c.game == game and c.label != "the good match"]
        tabs = list(dict.fromkeys(c.tab for c in ours))
        last = {tab: [c for c in ours if c.tab == tab][-1] for tab in tabs}  # an error cell, where the tab has one
        rotation = itertools.cycle(last[tab] for tab in tabs)
        sample += [(next(rotation), verb) for verb in sweep.verbs(game)]
    goods = {c.game: c for c in cases if c.label == "the good match"}
    games = itertools.cycle(sorted(goods))
    verbs = itertools.cycle(sweep.VERBS)
    asides = itertools.cycle(sweep.ASIDE.items())
    for number, (label, damage) in enumerate(sweep.ODD.items()):
        good = goods[next(games)]
        odd = sweep.Case(
            "odd", good.game, label, sweep._damaged(sweep._match(good), damage), good.round, player=good.player
        )
        kind, (holds, only) = next(asides)
        aside = functools.partial(sweep._aside, sweep._match(good), holds, damage)
        beside = sweep.Case(f"odd {kind}", good.game, label, aside, good.round, player=good.player, only=only)
        sample += [(odd, next(verbs)), (beside, only[number // len(sweep.ASIDE) % len(only)])]
    return sample


SAMPLE = _sample()


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    with sweep.offline(), sweep.pinned_now():
        return [sweep.run_verb(case, verb, tmp_path_factory.mktemp("run")) for case, verb in SAMPLE]


def test_the_sample_covers_every_verb_of_every_game_and_every_odd_package():
    assert {(c.game, v) for c, v in SAMPLE} >= {(g, v) for g in GAMES for v in sweep.verbs(g)}
    assert {c.label for c, _ in SAMPLE if c.source == "odd"} == set(sweep.ODD)
    assert {(c.source, v) for c, v in SAMPLE if c.only} == {
        (f"odd {k}", v) for k in sweep.ASIDE for v in sweep.ASIDE[k][1]
    }
    assert {(c.game, c.tab) for c, _ in SAMPLE if c.source == "corpus"} == {
        (c.game, c.tab) for c in sweep.corpus_cases() if c.label != "the good match"
    }


def test_no_verb_of_any_game_ends_in_a_traceback_on_bad_input_or_an_odd_package(runs):
    failed = [f"{r.case.game} [{r.case.label}] {r.verb}: {r.failure}" for r in runs if r.failure is not None]
    assert not failed, "\n".join(failed)
    assert {r.exit_code for r in runs} <= {0, 1, 2} and {1, 2} <= {r.exit_code for r in runs}
